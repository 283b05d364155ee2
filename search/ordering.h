// Move ordering shared by the searchers written against the game concept (search/game.h):
// alpha-beta (search/alphabeta.h) and the alpha-beta recursion of the model searches
// (search/model_search.h).
//
// A node's children are tried in the order of a score: a first move the caller names
// (alpha-beta's hash move) above all, then the ply's two killer moves (the last moves that
// cut a node off at that ply), then the game's order_hint (for Bao the seeds the mover
// gains: captures, bigger first) scaled above history (the squared remaining depths of
// the cutoffs a move made, halved when a count passes 2^19, so history never outweighs one
// step of order_hint). The sort is stable: equal scores keep the game's order, so a search
// stays deterministic. Killers and history start empty at every search (clear()): a
// search's nodes do not depend on the searches before it.
#pragma once

#include <cstdint>
#include <cstring>

#include "search/game_concepts.h"
#include "search/result.h"

namespace bao::search {

// Sorts order[0..n) by score[order[i]], highest first, keeping equal scores in the order
// they have (an insertion sort: n is at most a few dozen).
inline void stable_sort_by_score(const int* score, int n, std::uint8_t* order) {
  for (int i = 1; i < n; ++i) {
    const std::uint8_t x = order[i];
    int j = i;
    for (; j > 0 && score[order[j - 1]] < score[x]; --j) order[j] = order[j - 1];
    order[j] = x;
  }
}

// Fills order[0..n) with 0..n-1: the game's order, or that order begun `rotate` places on
// (rotate, rotate + 1, ..., n - 1, 0, ..., rotate - 1: a shuffled search, AlphaBetaOptions::shuffle).
inline void game_order(int n, std::uint8_t* order, int rotate = 0) {
  for (int i = 0; i < n; ++i) order[i] = static_cast<std::uint8_t>(rotate > 0 ? (i + rotate) % n : i);
}

// The order of ch by the game's order_hint alone, highest first, stable.
template <Game G>
void order_by_hint(const G& game, const typename G::State& s, const typename G::Children& ch, std::uint8_t* order) {
  const int n = static_cast<int>(ch.size());
  game_order(n, order);
  if (n < 2) return;
  int score[kMaxChildren<G>];
  for (int i = 0; i < n; ++i) score[i] = game.order_hint(s, ch[i]);
  stable_sort_by_score(score, n, order);
}

// Killers per ply and history per side and move: what a search learns about its cutoffs.
template <Game G>
class MoveOrdering {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  MoveOrdering() {
    std::memset(static_cast<void*>(&none_), 0xff, sizeof none_);
    clear();
  }

  // Forgets every killer and all history (a new search).
  void clear() {
    std::memset(static_cast<void*>(killers_), 0xff, sizeof killers_);
    std::memset(history_, 0, sizeof history_);
  }

  // The ply's two killers, as they are when a node starts (a copy: the node's own cutoffs
  // must not reorder the moves it has yet to try). An empty slot holds none().
  struct Killers {
    Move move[2];
  };
  Killers killers(int ply) const { return {{killers_[ply][0], killers_[ply][1]}}; }
  // The empty killer slot: a move of all bits set, which no game here generates.
  const Move& none() const { return none_; }

  // Fills order[0..ch.size()) with the children's indices, best first: a child for which
  // first(move) is true, then the killers k, then order_hint and history; equal scores in
  // the game's order begun `rotate` places on (game_order).
  template <class First>
  void order(const G& game, const State& s, const typename G::Children& ch, const Killers& k, First&& first,
             std::uint8_t* order, int rotate = 0) const {
    const int n = static_cast<int>(ch.size());
    game_order(n, order, rotate);
    const int side = game.side_to_move(s);
    int score[kMaxChildren<G>];
    for (int i = 0; i < n; ++i) {
      const Move& m = ch[i].move;
      if (first(m))
        score[i] = 1 << 30;
      else if (k.move[0] == m)
        score[i] = 1 << 29;
      else if (k.move[1] == m)
        score[i] = 1 << 28;
      else
        score[i] = (game.order_hint(s, ch[i]) << 20) + history_[side][game.move_index(m)];
    }
    stable_sort_by_score(score, n, order);
  }

  // A cutoff by move m at ply with `depth` remaining: m becomes the ply's first killer
  // (the old first the second) and earns depth^2 of history.
  void reward_cutoff(const G& game, int side, int ply, int depth, const Move& m) {
    if (!(killers_[ply][0] == m)) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
    int& h = history_[side][game.move_index(m)];
    h += depth * depth;
    if (h > (1 << 19)) {  // keep history below one step of order_hint
      for (auto& row : history_)
        for (int& x : row) x /= 2;
    }
  }

 private:
  Move killers_[kMaxPly + 1][2];
  int history_[2][G::kMoveIndexes];
  Move none_;
};

}  // namespace bao::search
