// ModelSearcher: what the searchers over one fixed-depth model search
// (search/model_search.h: OM, PrOM, M*, (D,d)-OM) share: iterative deepening under the
// limits, the budget set on the search around each iteration, description, evaluators,
// table size and the model's predicted reply; and to_result, such a search's result as a
// searcher's. Internal to models/ (models/om_prom_searchers.cpp, models/multi_model.cpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/rules.h"
#include "engine/error.h"
#include "models/deepen_afresh.h"
#include "models/evaluators.h"
#include "search/alphabeta_searcher.h"
#include "search/bao_game.h"
#include "search/model_search.h"
#include "search/opponent_types.h"
#include "search/registry.h"
#include "search/result.h"
#include "search/score.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::models {

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
// M*, (D,d)-OM): search() deepens under the limits (deepen_afresh), each iteration running with
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
    return deepen_afresh(limits, info, [&](int d, const Budget& b) {
      search::ModelSearch<search::BaoGame>& ms = model_search();
      if (b.strict) ms.set_budget(search::StopRule(b.nodes, b.deadline, b.halt));
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
  // outside r's nodes and time, within kPredictionNodes or 8 times r's nodes, whichever
  // is more: a searcher under a node limit can reach a great depth in an endgame (few
  // nodes an iteration), where alpha-beta on the model to that depth would run for hours;
  // cut short, the prediction is that of the deepest iteration finished. None when the
  // game ends after r.best.
  static constexpr std::uint64_t kPredictionNodes = 200'000;
  // alphabeta(tt_mb=1): alpha-beta's defaults with a table of 1 MiB.
  static constexpr search::AlphaBetaOptions kPredictorOptions{.tt_mb = 1};
  std::optional<bao::Move> predicted_reply(const Position& p, const search::BaoResult& r) override {
    const int m = prediction_model();
    if (!r.has_move || m < 1 || m > models()) return std::nullopt;
    const Position after = apply_move(p, r.best, rules_);
    // The predicting model is fixed at construction (prediction_model() reads only it).
    if (!predictor_)
      predictor_ = search::make_alphabeta_searcher(rules_, evals_[static_cast<std::size_t>(m)], kPredictorOptions, 1,
                                                   "alphabeta(tt_mb=1)");
    search::Limits l;
    l.depth = std::max(1, prediction_depth(std::max(1, r.depth)));
    l.nodes = std::max(kPredictionNodes, 8 * r.nodes);
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

// A ModelSearcher over one search object of type S (a ModelSearch, built on the
// searcher's functions, with ordered probes and, where S has one and tt_mb > 0, a table);
// iterate(search, position, depth) runs one iteration. For searchers whose only own state
// is the search and its parameters (safe-om, robust-om).
template <class S, class Iterate>
class OneSearchSearcher final : public ModelSearcher {
 public:
  OneSearchSearcher(std::string description, const Rules& rules,
                    std::vector<std::shared_ptr<const search::Evaluator>> evals, int tt_mb, Iterate iterate)
      : ModelSearcher(rules, std::move(description), std::move(evals),
                      tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0),
        iterate_(std::move(iterate)),
        search_(std::make_unique<S>(search::BaoGame{rules}, functions())) {
    if constexpr (requires(S & s) { s.set_table(std::size_t{1}); })
      if (tt_mb > 0) search_->set_table(static_cast<std::size_t>(tt_mb));
    // Ordered probes (search/model_search.h): the same values and moves, fewer nodes.
    search_->set_ordering(true);
  }

 private:
  search::ModelSearch<search::BaoGame>& model_search() override { return *search_; }
  search::ModelResult<bao::Move> iteration(const Position& p, int d) override { return iterate_(*search_, p, d); }

  Iterate iterate_;
  std::unique_ptr<S> search_;
};

// The parameter `model` of the searchers with one opponent model.
// types=E1:p1+...[,own=p0] as the PrOM searchers declare them (search::types_params),
// read by search::read_opponent_types: evals, holding MAX's own evaluator, gets the
// types' after it, made by name (models/evaluators.h), and probs one probability per
// evaluator (type 0's first: own=, or 1 minus the others). Throws InputError naming the
// fault.
inline void read_types(search::Args& a, std::vector<std::shared_ptr<const search::Evaluator>>& evals,
                       std::vector<double>& probs) {
  probs = search::read_opponent_types(a, [&](const std::string& e) { evals.push_back(make_evaluator(e)); });
}

inline search::Param model_param() {
  return {"model", search::Param::Type::Text, "", 0, 0, "an evaluator: the opponent model Vop", true};
}

}  // namespace bao::models
