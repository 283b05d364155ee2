// Iterative deepening over fixed-depth searches that start afresh (no table shared
// between iterations): the opponent-model searchers of models/ (ModelSearcher,
// models/model_searcher.h, and root-om, models/root_om.cpp). Internal to models/.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

#include "search/deepening.h"
#include "search/model_search.h"
#include "search/result.h"
#include "search/searcher.h"

namespace bao::models {

using Clock = std::chrono::steady_clock;

// What is left of a search's node and time limits when an iteration starts.
struct Budget {
  std::uint64_t nodes = 0;                                // nodes left; 0: no node limit
  Clock::time_point deadline = Clock::time_point::max();  // max: no time limit
  const std::atomic<bool>* halt = nullptr;                // Limits::halt
  // The first iteration must end with a move, so it is not interrupted (its inner
  // searches may be shortened); a later one is thrown away (search::SearchStopped) once
  // the budget runs out.
  bool strict = false;
};

// An inner fixed-depth search of an opponent-model searcher (root OM, safe OM) to `depth`
// within what is left of the budget once `used` nodes are spent: a strict iteration stops
// (search::SearchStopped) when the budget runs out or cuts the search short; the first
// iteration's inner searches stand shortened.
template <class Search, class State>
search::BaoResult inner_search(Search& ab, const State& s, int depth, std::uint64_t used, const Budget& b) {
  search::Limits l{depth, 0, 0};
  l.halt = b.halt;
  if (b.strict && b.halt && b.halt->load()) throw search::SearchStopped{used};
  if (b.nodes) {
    if (b.strict && used >= b.nodes) throw search::SearchStopped{used};
    l.nodes = b.nodes > used ? b.nodes - used : 1;
  }
  if (b.deadline != Clock::time_point::max()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(b.deadline - Clock::now()).count();
    if (b.strict && left <= 0) throw search::SearchStopped{used};
    l.time_ms = std::max<std::int64_t>(1, left);
  }
  search::BaoResult r = ab.search(s, l);
  if (b.strict && r.has_move && r.depth < depth) throw search::SearchStopped{used + r.nodes};
  return r;
}

// Runs `iteration(depth, budget)` on the depths of search::deepen (a depth limit alone:
// that depth alone; node and time limits: 1, 2, ...), each with what is left of the
// limits; an iteration that a forecast of its growth says would not fit is not begun
// (search::GrowthForecast), one that runs out of them is stopped by SearchStopped and
// thrown away (its nodes still count). Returns the last finished iteration, its nodes,
// evaluations and time those of the whole search.
template <class Iteration>
search::BaoResult deepen_afresh(const search::Limits& limits, const search::InfoFn& info, Iteration&& iteration) {
  const auto t0 = Clock::now();
  const auto elapsed_ms = [&] { return std::chrono::duration<double>(Clock::now() - t0).count() * 1000.0; };
  search::BaoResult best;
  std::uint64_t total_nodes = 0, total_evals = 0;
  search::GrowthForecast forecast;
  search::deepen(search::DepthPlan::of(limits, search::kSearchDepthAlone), [&](int d, bool may_stop) {
    Budget budget;
    if (limits.nodes) budget.nodes = limits.nodes > total_nodes ? limits.nodes - total_nodes : 1;
    if (limits.time_ms) budget.deadline = t0 + std::chrono::milliseconds(limits.time_ms);
    budget.halt = limits.halt;
    budget.strict = may_stop;
    search::BaoResult r;
    try {
      r = iteration(d, budget);
    } catch (const search::SearchStopped& stopped) {
      // The unfinished iteration's nodes were visited: they count (nodes per second).
      best.nodes = total_nodes + stopped.nodes;
      best.seconds = elapsed_ms() / 1000.0;
      return false;
    }
    forecast.finished(r.nodes);
    total_nodes += r.nodes;
    total_evals += r.leaf_evals;
    r.nodes = total_nodes;
    r.leaf_evals = total_evals;
    r.seconds = elapsed_ms() / 1000.0;
    best = r;
    if (info && r.has_move) info(best);
    return r.has_move && !(limits.halt && limits.halt->load()) && forecast.next_fits(limits, total_nodes, elapsed_ms());
  });
  return best;
}

}  // namespace bao::models
