#include "models/safe_om_searcher.h"

#include <memory>
#include <string>
#include <vector>

#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/bao_game.h"
#include "search/safe_om.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;

std::unique_ptr<search::Searcher> make_safe_om(search::Args& a, const Rules& rules,
                                               std::shared_ptr<const Evaluator> eval) {
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval), make_evaluator(a.get_text("model"))};
  const int eps = static_cast<int>(a.get_int("eps"));
  auto iterate = [eps](search::SafeOmSearch<BaoGame>& s, const Position& p, int d) { return s.safe_om(p, d, 1, eps); };
  return std::make_unique<OneSearchSearcher<search::SafeOmSearch<BaoGame>, decltype(iterate)>>(
      a.spec().text, rules, std::move(evals), static_cast<int>(a.get_int("tt_mb")), iterate);
}

}  // namespace

void register_safe_om(search::SearcherRegistry& r) {
  using T = search::Param::Type;
  r.add({.name = "safe-om",
         .summary = "OM search among the root moves within eps of the best minimax value (bounded risk)",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model_param(),
                    {"eps", T::Int, "", 0, search::kInfinity,
                     "the minimax value MAX may give up at the root (0: alpha-beta's value, OM's choice among equals)",
                     true},
                    search::table_param()},
         .make = make_safe_om,
         .tree_grid_default = false,
         .family = "",
         .bench_params = "model=material,eps=50"});
}

}  // namespace bao::models
