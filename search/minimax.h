// Plain depth-limited minimax (negamax form): the reference the other searchers are
// tested against. No pruning, no table, children in the game's order; of equal moves the
// first in that order is chosen.
#pragma once

#include <chrono>
#include <memory>

#include "search/deepening.h"
#include "search/game_concepts.h"
#include "search/result.h"

namespace bao::search {

template <Game G, class Eval>
class Minimax {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  Minimax(G game, Eval eval)
      : game_(std::move(game)), eval_(std::move(eval)), children_(new typename G::Children[kMaxPly]) {}

  // limits.depth must be >= 1 (0 is read as 1). With only a depth, one search to that
  // depth (the reference). With a node or time limit as well, depths 1, 2, ... up to it,
  // each from scratch (search/deepening.h: an iteration a limit stops is discarded, the
  // first always finishes).
  Result<Move> search(const State& root, const Limits& limits) {
    start_ = std::chrono::steady_clock::now();
    stop_rule_ = StopRule::of(limits, start_);
    Result<Move> r;
    nodes_ = evals_ = 0;
    Limits l = limits;
    l.depth = std::max(1, limits.depth);
    deepen(DepthPlan::of(l, kSearchDepthAlone), [&](int d, bool may_stop) {
      may_stop_ = may_stop;
      stop_ = false;
      const int value = node(root, d, 0);
      if (stop_) return false;
      r.value = value;
      r.has_move = pv_len_[0] > 0;
      if (r.has_move) r.best = pv_[0][0];
      r.pv.clear();
      for (int i = 0; i < pv_len_[0]; ++i) r.pv.push_back(pv_[0][i]);
      r.depth = d;
      return true;
    });
    r.nodes = nodes_;
    r.leaf_evals = evals_;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return r;
  }

  // The minimax value of s searched to depth, s being `ply` plies below the root (for
  // the distance of decisive values); for tests of other searchers.
  int value_of(const State& s, int depth, int ply = 0) { return node(s, depth, ply); }

 private:
  int node(const State& s, int depth, int ply) {
    ++nodes_;
    pv_len_[ply] = 0;
    if (may_stop_ && (stop_ || stop_rule_.passed(nodes_))) {
      stop_ = true;
      return 0;
    }
    const int side = game_.side_to_move(s);
    if (depth == 0) {
      const int w = game_.quick_winner(s);
      if (w >= 0) return terminal_score(w, side, ply);
      ++evals_;
      return eval_(s, side);
    }
    const int w = game_.quick_winner(s);
    if (w >= 0) return terminal_score(w, side, ply);
    auto& ch = children_[ply];
    game_.children(s, ch);
    if (ch.empty()) return terminal_score(game_.winner(s), side, ply);
    int best = -kInfinity;
    for (std::size_t i = 0; i < ch.size(); ++i) {
      // A child where the same side moves again (a game that does not alternate) keeps its sign.
      const bool same = !alternates<G>() && game_.side_to_move(ch[i].pos) == side;
      const int v = same ? node(ch[i].pos, depth - 1, ply + 1) : -node(ch[i].pos, depth - 1, ply + 1);
      if (v > best) {
        best = v;
        pv_[ply][0] = ch[i].move;
        for (int k = 0; k < pv_len_[ply + 1]; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
        pv_len_[ply] = pv_len_[ply + 1] + 1;
      }
    }
    return best;
  }

  G game_;
  Eval eval_;
  std::unique_ptr<typename G::Children[]> children_;
  Move pv_[kMaxPly + 1][kMaxPly + 1];
  int pv_len_[kMaxPly + 1] = {};
  std::uint64_t nodes_ = 0, evals_ = 0;
  std::chrono::steady_clock::time_point start_{};
  StopRule stop_rule_;
  bool may_stop_ = false, stop_ = false;
};

}  // namespace bao::search
