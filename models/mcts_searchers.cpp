#include "models/mcts_searchers.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/bao_game.h"
#include "search/mcts.h"
#include "search/mcts_params.h"
#include "search/opponent_types.h"
#include "search/registry.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;
using T = search::Param::Type;

std::vector<search::Param> common_params() {
  return {
      {"c", T::Text, "0.7", 0, 0, "UCB1's exploration constant (playout values in [0, 1])"},
      {"scale", T::Text, "40", 0, 0, "evaluator units per logistic unit: a leaf scores 1/(1+exp(-v/scale))"},
      {"rollout", T::Int, "0", 0, search::kMaxPly, "plies played from a leaf before it is scored", false,
       search::Param::Cost::Plies},
      {"policy", T::Text, "random", 0, 0, "the rollout's moves: random (seeded) or greedy (best under V0)"},
      {"solver", T::Bool, "true", 0, 0, "MCTS-Solver: proven values kept as bounds, forced wins not averaged"},
      {"alpha", T::Text, "0", 0, 0, "weight of the implicit minimax value in selection, in [0, 1]"},
      {"bias", T::Text, "0", 0, 0, "progressive bias weight (the child's V0 / (visits + 1))"},
      {"seed", T::Int, "1", 0, std::int64_t{1} << 62, "the rollouts' and type draws' seed"},
      {"iterations", T::Int, "0", 0, std::int64_t{1} << 40,
       "iterations per search (0: the node or time limit decides)"},
      {"pool_mb", T::Int, "256", 1, search::kMaxTableMb, "the node pool's largest size, MiB", false,
       search::Param::Cost::Memory},
  };
}

std::vector<search::Param> model_params() {
  return {{"tau", T::Text, "0", 0, 0, "softmax temperature of MIN's model, evaluator units (0: its best replies)"},
          {"model_depth", T::Int, "1", 1, 32, "plies of the model's alpha-beta from MIN's node (1: the children)",
           false, search::Param::Cost::Plies}};
}

search::MctsParams read_params(search::Args& a, bool model) { return search::read_mcts_params<BaoGame>(a, model); }

class MctsSearcher final : public search::Searcher {
 public:
  MctsSearcher(std::string description, const Rules& rules, std::vector<std::shared_ptr<const Evaluator>> evals,
               search::MctsParams p)
      : description_(std::move(description)), evals_(std::move(evals)), iterations_(p.iterations) {
    std::vector<search::EvalFn> fns;
    for (const auto& e : evals_) fns.push_back(search::EvalFn{e.get()});
    mcts_ = std::make_unique<search::Mcts<BaoGame>>(BaoGame{rules}, std::move(fns), std::move(p));
  }
  void check(const search::Limits& limits) const override {
    search::check_limits(limits, description_);
    if (!iterations_ && !limits.nodes && !limits.time_ms)
      throw InputError(
          description_ +
          " needs an iteration budget: iterations= in its spec, a node limit (iterations) or a time limit");
  }
  search::BaoResult search(const Position& p, const search::Limits& limits, const search::InfoFn& info) override {
    check(limits);
    const auto o = mcts_->search(p, limits);
    search::BaoResult r;
    r.has_move = o.has_move;
    r.best = o.best;
    r.value = static_cast<int>(std::lround(o.value));
    r.pv = o.pv;
    r.depth = o.depth;
    r.nodes = o.nodes;
    r.positions = o.positions;
    r.leaf_evals = o.leaf_evals();
    r.seconds = o.seconds;
    if (info && r.has_move) info(r);
    return r;
  }
  std::string describe() const override { return description_; }
  std::vector<const Evaluator*> evaluators() const override {
    std::vector<const Evaluator*> out;
    for (const auto& e : evals_) out.push_back(e.get());
    return out;
  }

 private:
  std::string description_;
  std::vector<std::shared_ptr<const Evaluator>> evals_;
  std::uint64_t iterations_;
  std::unique_ptr<search::Mcts<BaoGame>> mcts_;
};

// The most a searcher may hold: the pool of pool_mb, and under a model each MIN node's
// weights, one double per type and child (search/mcts.h reserves them beside the pool).
// types: the functions a MIN node may follow (om-mcts 1, prom-mcts at most its types
// and MAX's own).
std::uint64_t pool_bytes(search::Args& a, std::uint64_t types) {
  const std::uint64_t pool = static_cast<std::uint64_t>(a.get_int("pool_mb")) << 20;
  return pool + pool / search::Mcts<BaoGame>::node_bytes() * types * sizeof(double);
}

// prom-mcts's types=E1:p1+E2:p2+...: the items, and MAX's own.
std::uint64_t type_count(search::Args& a) {
  const std::string types = a.get_text("types");
  return 2 + static_cast<std::uint64_t>(std::count(types.begin(), types.end(), '+'));
}

std::vector<search::Param> joined(std::vector<search::Param> a, const std::vector<search::Param>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

void register_mcts(search::SearcherRegistry& r) {
  r.add({.name = "mcts",
         .summary = "Monte-Carlo tree search: UCT on evaluator leaves, MCTS-Solver, implicit minimax (alpha)",
         .kind = search::SearcherKind::Mcts,
         .params = common_params(),
         .make =
             [](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
               search::MctsParams p = read_params(a, false);
               return std::make_unique<MctsSearcher>(
                   a.spec().text, rules, std::vector<std::shared_ptr<const Evaluator>>{std::move(eval)}, std::move(p));
             },
         .tree_grid_default = false,
         .family = "",
         .bench_params = "iterations=20000",
         .memory = [](search::Args& a) { return pool_bytes(a, 0); }});
  r.add(
      {.name = "om-mcts",
       .summary = "MCTS whose MIN nodes follow an opponent model (softmax of its scores, tau=0: its best reply)",
       .kind = search::SearcherKind::Mcts,
       .params = joined(joined({model_param()}, model_params()), common_params()),
       .make =
           [](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
             search::MctsParams p = read_params(a, true);
             p.probs = {0.0, 1.0};
             std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval), make_evaluator(a.get_text("model"))};
             return std::make_unique<MctsSearcher>(a.spec().text, rules, std::move(evals), std::move(p));
           },
       .tree_grid_default = false,
       .family = "",
       .bench_params = "model=material,iterations=20000",
       .memory = [](search::Args& a) { return pool_bytes(a, 1); }});
  r.add({.name = "prom-mcts",
         .summary = "MCTS whose MIN nodes follow a mixture of opponent types, a type drawn per visit",
         .kind = search::SearcherKind::Mcts,
         .params = joined(joined(search::types_params(), model_params()), common_params()),
         .make =
             [](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
               search::MctsParams p = read_params(a, true);
               std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
               read_types(a, evals, p.probs);
               return std::make_unique<MctsSearcher>(a.spec().text, rules, std::move(evals), std::move(p));
             },
         .tree_grid_default = false,
         .family = "",
         .bench_params = "types=material:0.5,iterations=20000",
         .memory = [](search::Args& a) { return pool_bytes(a, type_count(a)); }});
}

}  // namespace bao::models
