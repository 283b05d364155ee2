// Helpers the opponent-model searchers share (models/opponent_searchers.cpp and
// models/root_om.cpp), internal to models/:
//   Budget, deepen   iterative deepening over fixed-depth iterations under a searcher's
//                    depth, node and time limits;
//   take_string      a spec parameter's raw text, removed from the spec;
//   to_result        a fixed-depth model search's result as a searcher's.
// Not part of the public interface: nothing outside models/ includes this header.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>

#include "engine/error.h"
#include "search/model_search.h"
#include "search/result.h"
#include "search/score.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::models {

using Clock = std::chrono::steady_clock;

// What is left of a search's node and time limits when an iteration starts.
struct Budget {
  std::uint64_t nodes = 0;                                // nodes left; 0: no node limit
  Clock::time_point deadline = Clock::time_point::max();  // max: no time limit
  // The first iteration must end with a move, so it is not interrupted (its inner
  // searches may be shortened); a later one is thrown away (search::SearchStopped) once
  // the budget runs out.
  bool strict = false;
};

// Runs `iteration(depth, budget)` for depth 1, 2, ... up to the limits (iterative
// deepening over fixed-depth searches without a shared table): a depth limit runs that
// depth alone; node and time limits skip an iteration that the last one's growth says
// would not fit, and stop one that runs out of them (the last finished one is returned).
template <class Iteration>
search::BaoResult deepen(const search::Limits& limits, const search::InfoFn& info, Iteration&& iteration) {
  const auto t0 = Clock::now();
  search::BaoResult best;
  std::uint64_t total_nodes = 0, total_evals = 0, last = 0, before_last = 0;
  const int first = limits.depth > 0 && limits.nodes == 0 && limits.time_ms == 0 ? limits.depth : 1;
  const int max_depth = limits.depth > 0 ? limits.depth : search::kMaxPly - 1;
  for (int d = first; d <= max_depth; ++d) {
    if (d > first) {
      const double growth = before_last ? std::max(1.0, double(last) / double(before_last)) : 4.0;
      const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count() * 1000.0;
      if (limits.nodes && total_nodes + growth * double(last) > double(limits.nodes)) break;
      if (limits.time_ms && elapsed * (1.0 + growth) > double(limits.time_ms)) break;
    }
    Budget budget;
    if (limits.nodes) budget.nodes = limits.nodes > total_nodes ? limits.nodes - total_nodes : 1;
    if (limits.time_ms) budget.deadline = t0 + std::chrono::milliseconds(limits.time_ms);
    budget.strict = d > first;
    search::BaoResult r;
    try {
      r = iteration(d, budget);
    } catch (const search::SearchStopped& stopped) {
      // The unfinished iteration's nodes were visited: they count (nodes per second).
      best.nodes = total_nodes + stopped.nodes;
      best.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      break;
    }
    before_last = last;
    last = r.nodes;
    total_nodes += r.nodes;
    total_evals += r.leaf_evals;
    r.nodes = total_nodes;
    r.leaf_evals = total_evals;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = r;
    if (info && r.has_move) info(best);
    if (!r.has_move) break;
  }
  return best;
}

// The parameter `key`'s text, removed from the spec; "" when absent and not required.
// Throws InputError naming the spec and the parameter when a required one is missing.
inline std::string take_string(search::Spec& s, const std::string& key, bool required) {
  const auto it = s.params.find(key);
  if (it == s.params.end()) {
    if (required) throw InputError(s.name + ": parameter " + key + " is required");
    return "";
  }
  std::string v = it->second;
  s.params.erase(it);
  return v;
}

// The result of one fixed-depth iteration of a model search (search/model_search.h).
inline search::BaoResult to_result(const search::ModelResult<bao::Move>& o, int depth) {
  search::BaoResult r;
  r.has_move = o.has_move;
  r.best = o.best;
  r.value = static_cast<int>(std::lround(o.value));
  if (o.has_move) r.pv.push_back(o.best);
  r.depth = depth;
  r.nodes = o.nodes;
  r.leaf_evals = o.leaf_evals();
  return r;
}

}  // namespace bao::models
