#include "models/robust_om_searcher.h"

#include <memory>
#include <string>
#include <vector>

#include "engine/error.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/bao_game.h"
#include "search/robust_om.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;

std::unique_ptr<search::Searcher> make_robust_om(search::Args& a, const Rules& rules,
                                                 std::shared_ptr<const Evaluator> eval) {
  const double w = a.get_real("w", 0, 1, "the weight of the worst reply");
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval), make_evaluator(a.get_text("model"))};
  const bool pruned = a.get_bool("pruned");
  auto iterate = [w, pruned](search::RobustOmSearch<BaoGame>& s, const Position& p, int d) {
    return pruned ? s.robust_ab(p, d, 1, w) : s.robust_plain(p, d, 1, w);
  };
  return std::make_unique<OneSearchSearcher<search::RobustOmSearch<BaoGame>, decltype(iterate)>>(
      a.spec().text, rules, std::move(evals), 0, iterate);
}

}  // namespace

void register_robust_om(search::SearcherRegistry& r) {
  using T = search::Param::Type;
  r.add({.name = "robust-om",
         .summary = "OM search trusting the model with weight 1-w, MIN's worst reply with weight w",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model_param(),
                    {"w", T::Text, "", 0, 0, "in [0, 1]: 0 is OM search, 1 is minimax", true},
                    {"pruned", T::Bool, "true", 0, 0, "alpha-beta on the robust value (false: the plain recursion)"}},
         .make = make_robust_om,
         .tree_grid_default = false,
         .family = "",
         .bench_params = "model=material,w=0.5"});
}

}  // namespace bao::models
