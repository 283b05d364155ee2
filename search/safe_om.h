// Safe OM search: opponent-model search whose loss against minimax is bounded. At the
// root MAX may play only a move whose minimax value under its own evaluation V0 (to the
// search's depth) is at least the best minimax value minus eps; among those it plays the
// one with the highest OM value (om-beta with model m, search/om.h), the first of equals
// in the game's order. So the minimax value MAX gives up at the root is at most eps: eps
// = 0 is alpha-beta with OM's choice among the moves of equal value, an eps as large as
// the range of values is OM search. The idea of a risk bound on exploitation follows
// safe opponent exploitation (Ganzfried and Sandholm 2015) and the bounded-risk searches
// since Donkers' thesis; this root rule is its simplest form for perfect-information
// search with evaluators.
//
// Cost beyond one OM search of the allowed moves: one alpha-beta pass over the root's
// children on V0 (the best value exactly, the others as fail-soft upper bounds), and a
// null-window test (is the value at least best - eps?) for each child whose bound does
// not decide it. The OM values are searched for the allowed children only.
#pragma once

#include <array>

#include "search/om.h"

namespace bao::search {

template <Game G, class Eval = typename G::Eval>
class SafeOmSearch : public OmSearch<G, Eval> {
 public:
  using typename OmSearch<G, Eval>::Move;
  using typename OmSearch<G, Eval>::State;
  using OmSearch<G, Eval>::OmSearch;

  // Safe OM to depth with model fn[m] and risk eps >= 0. value is the chosen move's OM
  // value v0, value_op the allowed moves' largest vop.
  ModelResult<Move> safe_om(const State& root, int depth, int m, int eps) {
    this->begin_om_beta(m);
    return this->run(root, [&](ModelResult<Move>& o) {
      std::array<bool, kMaxChildren<G>> allowed{};
      allowed_moves(depth, eps, allowed);
      this->pick_om_beta(o, depth, [&](int i) { return allowed[static_cast<std::size_t>(i)]; });
    });
  }

 private:
  // Which root children (in buf_[0]) are within eps of the best minimax value under V0.
  void allowed_moves(int depth, int eps, std::array<bool, kMaxChildren<G>>& allowed) {
    const auto& ch = this->buf_[0];
    const int n = static_cast<int>(ch.size());
    std::array<int, kMaxChildren<G>> v{};  // exact, or an upper bound at most the best then
    std::array<bool, kMaxChildren<G>> exact{};
    int best = -kInfinity;
    for (int i = 0; i < n; ++i) {
      const int alpha = i == 0 ? -kInfinity : best;
      v[i] = this->template minimax_node<true>(0, ch[i].pos, depth - 1, alpha, kInfinity, 1);
      exact[i] = i == 0 || v[i] > best;
      if (exact[i]) best = v[i];
    }
    const int threshold = best - eps;  // values stay within +-kInfinity, eps within kMaxEval * 2
    for (int i = 0; i < n; ++i) {
      if (exact[i] || v[i] < threshold)
        allowed[i] = v[i] >= threshold;
      else  // an upper bound at or above the threshold: test the value itself
        allowed[i] =
            this->template minimax_node<true>(0, ch[i].pos, depth - 1, threshold - 1, threshold, 1) >= threshold;
    }
  }
};

}  // namespace bao::search
