// Safe OM search: opponent-model search whose loss against minimax is bounded. At the
// root MAX may play only a move whose minimax value under its own evaluation V0 (to the
// search's depth) is at least the best minimax value minus eps; among those it plays the
// one with the highest OM value (om-beta with model m, search/om.h), the first of equals
// in the game's order. So the minimax value MAX gives up at the root, as MAX's own search
// to that depth values it (not the game's value), is at most eps: eps = 0 is alpha-beta
// with OM's choice among the moves of equal value, an eps as large as the range of values
// is OM search. The idea of a risk bound on exploitation follows
// safe opponent exploitation (Ganzfried and Sandholm 2015) and the bounded-risk searches
// since Donkers' thesis; this root rule is its simplest form for perfect-information
// search with evaluators.
//
// Cost beyond one OM search of the allowed moves: one alpha-beta pass over the root's
// children on V0 (the best value exactly, the others as fail-soft upper bounds), and a
// null-window test (is the value at least best - eps?) for each child whose bound does
// not decide it. The OM values are searched for the allowed children only.
//
// The root rule and the banked-gifts account below serve safe-om's variants whose
// exploiting component is root OM (models/safe_om_searcher.h): what they guarantee is
// relative to MAX's own depth-d minimax value under V0, a heuristic value, not the game's
// value. A move is "safe" when MAX's own search to the same depth says it gives up at
// most the allowance; a deeper or better-informed opponent can still beat it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/om.h"
#include "search/score.h"

namespace bao::search {

// The safe root rule: among the moves whose minimax value minimax[i] is at least the
// largest minus `allowance` (>= 0), the one with the highest exploiting value exploit[i]
// (the first in the game's order among equals). The move of the largest minimax value is
// always allowed, so with at least one move an index is returned; -1 for none. The two
// lists have one entry per root move, in the same order.
inline int safe_choice(const std::vector<int>& minimax, const std::vector<int>& exploit, std::int64_t allowance) {
  if (minimax.empty()) return -1;
  const std::int64_t best = *std::max_element(minimax.begin(), minimax.end());
  int chosen = -1;
  for (std::size_t i = 0; i < minimax.size(); ++i) {
    if (std::int64_t{minimax[i]} + allowance < best) continue;
    if (chosen < 0 || exploit[i] > exploit[static_cast<std::size_t>(chosen)]) chosen = static_cast<int>(i);
  }
  return chosen;
}

// safe-om's exploit=root and bank=true are Bao's searcher's alone (root OM needs Bao's
// budgeted inner searches); on another game (`game`, its spec) they are an InputError
// naming them, so they are never silently dropped.
inline void refuse_root_exploit(const std::string& exploit, bool bank, const std::string& game) {
  if (exploit != "om" || bank)
    throw InputError("safe-om: exploit=" + exploit + (bank ? ",bank=true" : "") + " runs on Bao alone; on " + game +
                     " safe-om takes exploit=om without bank");
}

// The banked-gifts account of safe opponent exploitation (Ganzfried and Sandholm, "Safe
// opponent exploitation", EC 2012; ACM TEAC 2015): MAX may risk only what the opponent
// has given away so far in this game. Its balance opens at `opening` (0: nothing may be
// risked before the opponent errs). A move risks V - v(m) (V: MAX's own minimax value of
// the position, v(m): that of the move played, both from the same search), which is
// deducted; the opponent's reply then yields v(after reply) >= v(m) (the reply's value in
// MAX's search of the same depth, v(m) being the least of them), and the difference, the
// gift, is added. So the balance is never negative and rises only when a reply is not the
// minimax reply of MAX's own search. Values that are decisive (a won or lost game found)
// bank nothing: their size is a distance to the end, not a margin of the evaluation.
class GiftBank {
 public:
  // A new game: the balance is `opening` (>= 0).
  void open(std::int64_t opening) { balance_ = std::max<std::int64_t>(0, opening); }
  std::int64_t balance() const { return balance_; }
  // The opponent's reply reached `reached` where MAX's move was guaranteed `guaranteed`;
  // adds and returns the gift (0 if the reply was no worse for the opponent, or a value
  // is decisive).
  std::int64_t add_gift(int guaranteed, int reached) {
    if (is_decisive(guaranteed) || is_decisive(reached) || reached <= guaranteed) return 0;
    const std::int64_t gift = std::int64_t{reached} - guaranteed;
    balance_ = std::min<std::int64_t>(balance_ + gift, kMaxBalance);
    return gift;
  }
  // MAX plays a move risking `risk` (0 <= risk <= balance(), safe_choice with the balance
  // as the allowance guarantees it): deducts it.
  void spend(std::int64_t risk) { balance_ -= std::clamp<std::int64_t>(risk, 0, balance_); }

 private:
  // Far above any evaluation's range and far below int64's: gifts cannot overflow.
  static constexpr std::int64_t kMaxBalance = std::int64_t{1} << 40;
  std::int64_t balance_ = 0;
};

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
