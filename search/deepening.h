// Iterative deepening: the one driver of the searchers with limits (alpha-beta, minimax,
// the opponent-model searchers of models/).
//
// The depths (DepthPlan::of): with a node or time limit, every depth 1, 2, ... up to the
// depth limit (else up to kMaxPly - 1), so that each finished iteration is a result to
// fall back on. With a depth limit D alone, the depths `step` apart that end at D
// (..., D - 2 step, D - step, D): alpha-beta's earlier iterations only order the later
// ones (its id_step), and a searcher whose iterations share nothing searches D alone
// (kSearchDepthAlone).
//
// The stop rule (deepen): the first iteration is never interrupted, so a search always
// ends with a move; every later one obeys the node and time limits and, stopped, is thrown
// away (the result is the last finished iteration). A finished iteration may also end the
// deepening: a decided game, no move, or a forecast that the next one would not fit
// (GrowthForecast).
#pragma once

#include <algorithm>
#include <cstdint>

#include "search/result.h"
#include "search/score.h"

namespace bao::search {

// A step that makes a depth-only search visit its depth alone.
inline constexpr int kSearchDepthAlone = kMaxPly;

struct DepthPlan {
  int first = 1, last = 1, step = 1;

  // The depths for `limits` (see the header); depth_only_step >= 1 applies with a depth
  // limit alone. The last depth is at most kMaxPly - 1.
  static DepthPlan of(const Limits& limits, int depth_only_step) {
    DepthPlan p;
    p.last = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
    const bool depth_only = limits.depth > 0 && limits.nodes == 0 && limits.time_ms == 0;
    p.step = depth_only ? std::max(1, depth_only_step) : 1;
    p.first = (p.last - 1) % p.step + 1;
    return p;
  }
};

// Runs iterate(depth, may_stop) for the plan's depths, may_stop false for the first and
// true for the others; iterate returns whether to go deeper: false once it was stopped
// (the caller discards what it found) or its finished result ends the search.
template <class Iterate>
void deepen(const DepthPlan& plan, Iterate&& iterate) {
  for (int depth = plan.first; depth <= plan.last; depth += plan.step)
    if (!iterate(depth, depth > plan.first)) break;
}

// Whether the next iteration fits what is left of the node and time limits, forecast from
// the growth of the last two finished iterations (4 after the first): for searchers whose
// iterations start afresh (no table), so that one which cannot finish, and would be
// thrown away, is not begun.
class GrowthForecast {
 public:
  // An iteration finished after visiting `nodes` nodes.
  void finished(std::uint64_t nodes) {
    before_last_ = last_;
    last_ = nodes;
  }
  // total_nodes: the nodes of the search so far; elapsed_ms: its time so far.
  bool next_fits(const Limits& limits, std::uint64_t total_nodes, double elapsed_ms) const {
    const double growth = before_last_ ? std::max(1.0, double(last_) / double(before_last_)) : 4.0;
    if (limits.nodes && double(total_nodes) + growth * double(last_) > double(limits.nodes)) return false;
    if (limits.time_ms && elapsed_ms * (1.0 + growth) > double(limits.time_ms)) return false;
    return true;
  }

 private:
  std::uint64_t last_ = 0, before_last_ = 0;
};

}  // namespace bao::search
