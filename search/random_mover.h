// A uniformly random legal move: the floor every searcher should beat. The move is drawn
// from SplitMix64 (engine/random.h) seeded by the seed and the position's hash, so it
// depends on (seed, position) alone: the same in any game, thread or order of searches.
// No evaluation, no lookahead; one node a search. Written against the game concept
// (search/game.h), so it runs on Bao and on random trees.
#pragma once

#include <cstdint>

#include "engine/random.h"
#include "search/game_concepts.h"
#include "search/result.h"
#include "search/score.h"

namespace bao::search {

template <Game G>
class RandomMover {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  RandomMover(G game, std::uint64_t seed) : game_(std::move(game)), seed_(seed) {}

  // The index of the child of root played, in the game's order; -1 when the game is over
  // there (no child, or won without one).
  int choose(const State& root) {
    game_.children(root, children_);
    if (children_.empty() || game_.quick_winner(root) >= 0) return -1;
    SplitMix64 rng(seed_ ^ game_.hash(root));
    return static_cast<int>(rng.below(static_cast<std::uint32_t>(children_.size())));
  }

  // The move as a search result (depth 1, value 0; the game's score when it is over).
  Result<Move> search(const State& root, const Limits& /*limits*/) {
    Result<Move> r;
    r.nodes = 1;
    const int i = choose(root);
    if (i < 0) {
      const int w = game_.quick_winner(root);
      r.value = terminal_score(w >= 0 ? w : game_.winner(root), game_.side_to_move(root), 0);
      return r;
    }
    r.has_move = true;
    r.best = children_[static_cast<std::size_t>(i)].move;
    r.pv.push_back(r.best);
    r.depth = 1;
    return r;
  }

  const typename G::Children& children() const { return children_; }  // of the last root

 private:
  G game_;
  std::uint64_t seed_;
  typename G::Children children_;
};

}  // namespace bao::search
