// Helpers the opponent-model searchers share (models/opponent_searchers.cpp and
// models/root_om.cpp), internal to models/:
//   Budget, deepen   iterative deepening over fixed-depth iterations under a searcher's
//                    depth, node and time limits;
//   plus_items       the items of a list written E1+E2+...;
//   to_result        a fixed-depth model search's result as a searcher's;
//   ModelSearcher    what the searchers over one model search share (search, limits,
//                    budget, description, evaluators, table size).
// Not part of the public interface: nothing outside models/ includes this header.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/rules.h"
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

// The items of "A+B+C", every one, an empty one before or after a stray '+' too (the
// callers name such an item in their error).
inline std::vector<std::string> plus_items(const std::string& text) {
  std::vector<std::string> items;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t plus = std::min(text.find('+', at), text.size());
    items.push_back(text.substr(at, plus - at));
    at = plus + 1;
  }
  return items;
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

// A searcher whose iterations are fixed-depth searches of one ModelSearch (OM, PrOM,
// M*, (D,d)-OM): search() deepens under the limits (deepen), each iteration running with
// what is left of the budget set on that search. A subclass says which search it uses
// and runs one iteration.
class ModelSearcher : public search::Searcher {
 public:
  // evals: MAX's own evaluator first, then the models; table_bytes: its table's size.
  ModelSearcher(const Rules& rules, std::string description,
                std::vector<std::shared_ptr<const search::Evaluator>> evals, std::size_t table_bytes)
      : rules_(rules), description_(std::move(description)), evals_(std::move(evals)), table_bytes_(table_bytes) {}

  search::BaoResult search(const Position& p, const search::Limits& limits, const search::InfoFn& info) override {
    check(limits);
    return deepen(limits, info, [&](int d, const Budget& b) {
      search::ModelSearch<search::BaoGame>& ms = model_search();
      if (b.strict) ms.set_budget(search::StopRule(b.nodes, b.deadline));
      struct Clear {
        search::ModelSearch<search::BaoGame>& m;
        ~Clear() { m.clear_budget(); }
      } clear{ms};
      return to_result(iteration(p, d), d);
    });
  }
  void check(const search::Limits& limits) const override { search::check_limits(limits, description_); }
  std::string describe() const override { return description_; }
  std::size_t table_bytes() const override { return table_bytes_; }
  std::vector<const search::Evaluator*> evaluators() const override {
    std::vector<const search::Evaluator*> out;
    for (const auto& e : evals_) out.push_back(e.get());
    return out;
  }
  // The model's reply at the MIN node after r.best: alpha-beta with the predicting
  // model (prediction_model()) to prediction_depth(r.depth) plies from there, which is
  // how the search predicted MIN at that node; ties may go another way than the
  // search's pessimistic rule (alpha-beta keeps its first best). Costs one such search,
  // outside r's nodes and time. None when the game ends after r.best.
  std::optional<bao::Move> predicted_reply(const Position& p, const search::BaoResult& r) override {
    const int m = prediction_model();
    if (!r.has_move || m < 1 || m > models()) return std::nullopt;
    const Position after = apply_move(p, r.best, rules_);
    // The predicting model is fixed at construction (prediction_model() reads only it).
    if (!predictor_)
      predictor_ = search::make_searcher("alphabeta(tt_mb=1)", rules_, evals_[static_cast<std::size_t>(m)]);
    search::Limits l;
    l.depth = std::max(1, prediction_depth(std::max(1, r.depth)));
    const search::BaoResult reply = predictor_->search(after, l);
    if (!reply.has_move) return std::nullopt;
    return reply.best;
  }

 protected:
  // The search the iterations run on (its budget is set around each iteration).
  virtual search::ModelSearch<search::BaoGame>& model_search() = 0;
  // One search of p to depth d.
  virtual search::ModelResult<bao::Move> iteration(const Position& p, int d) = 0;
  // The functions of the model search, one per evaluator.
  std::vector<search::ModelSearch<search::BaoGame>::Fn> functions() const {
    std::vector<search::ModelSearch<search::BaoGame>::Fn> fns;
    for (const auto& e : evals_) fns.push_back(search::EvalFn{e.get()});
    return fns;
  }
  int models() const { return static_cast<int>(evals_.size()) - 1; }
  // Which evaluator predicts MIN's reply (1..models(); 0: none) and to what depth below
  // the MIN node, for an iteration of depth d (OM search: d - 1, the rest of the tree).
  virtual int prediction_model() const { return 1; }
  virtual int prediction_depth(int d) const { return d - 1; }

 private:
  Rules rules_;
  std::unique_ptr<search::Searcher> predictor_;  // made on the first prediction
  std::string description_;
  std::vector<std::shared_ptr<const search::Evaluator>> evals_;
  std::size_t table_bytes_;
};

}  // namespace bao::models
