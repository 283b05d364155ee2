#include "models/safe_om.h"

#include <memory>
#include <string>
#include <vector>

#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/safe_om.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;

// evals: V0, then the model.
class SafeOmSearcher final : public ModelSearcher {
 public:
  SafeOmSearcher(std::string description, const Rules& rules, std::vector<std::shared_ptr<const Evaluator>> evals,
                 int eps, int tt_mb)
      : ModelSearcher(rules, std::move(description), std::move(evals),
                      tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0),
        eps_(eps),
        search_(std::make_unique<search::SafeOmSearch<BaoGame>>(BaoGame{rules}, functions())) {
    if (tt_mb > 0) search_->set_table(static_cast<std::size_t>(tt_mb));
    // Ordered probes (search/model_search.h): the same values and moves, fewer nodes.
    search_->set_ordering(true);
  }

 private:
  search::ModelSearch<BaoGame>& model_search() override { return *search_; }
  search::ModelResult<bao::Move> iteration(const Position& p, int d) override {
    return search_->safe_om(p, d, 1, eps_);
  }

  int eps_;
  std::unique_ptr<search::SafeOmSearch<BaoGame>> search_;
};

}  // namespace

void register_safe_om(search::SearcherRegistry& r) {
  using T = search::Param::Type;
  r.add({.name = "safe-om",
         .summary = "OM search among the root moves within eps of the best minimax value (bounded risk)",
         .params = {{"model", T::Text, "", 0, 0, "an evaluator: the opponent model Vop", true},
                    {"eps", T::Int, "", 0, search::kInfinity,
                     "the minimax value MAX may give up at the root (0: alpha-beta's value, OM's choice among equals)",
                     true},
                    search::table_param()},
         .make = [](search::Args& a, const Rules& rules,
                    std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<search::Searcher> {
           std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval), make_evaluator(a.get_text("model"))};
           return std::make_unique<SafeOmSearcher>(a.spec().text, rules, std::move(evals),
                                                   static_cast<int>(a.get_int("eps")),
                                                   static_cast<int>(a.get_int("tt_mb")));
         },
         .tree =
             [](const search::RandomTreeGame& g, const search::TreeFns& fns, const search::TreeSearchArgs& a) {
               return search::SafeOmSearch<search::RandomTreeGame>(g, fns).safe_om(g.root(), a.depth, a.model, a.eps);
             },
         .not_on_trees = {},
         .tree_grid_default = false,
         .family = "",
         .bench_params = "model=material,eps=50"});
}

}  // namespace bao::models
