#include "models/multi_model.h"

#include <algorithm>
#include <string>
#include <vector>

#include "engine/error.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/bao_game.h"
#include "search/ddom.h"
#include "search/mstar.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;

enum class Kind { MStar1p, MStarPlain, MStarAb, DdOmPlain, DdOmAb };

// M* or (D,d)-OM over fixed-depth iterations; evals[0] is MAX's own evaluator. tt_mb > 0:
// a table of that many MiB (only mstar-1p and ddom-plain are given one).
class MultiModelSearcher final : public ModelSearcher {
 public:
  MultiModelSearcher(Kind kind, std::string description, const Rules& rules,
                     std::vector<std::shared_ptr<const Evaluator>> evals, int bound, int model_depth, int tt_mb)
      : ModelSearcher(rules, std::move(description), std::move(evals),
                      tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0),
        kind_(kind),
        bound_(bound),
        model_depth_(model_depth) {
    if (kind_ == Kind::DdOmPlain || kind_ == Kind::DdOmAb) {
      ddom_ = std::make_unique<search::DdOmSearch<BaoGame>>(BaoGame{rules}, functions());
      if (tt_mb > 0) ddom_->set_table(static_cast<std::size_t>(tt_mb));
    } else {
      mstar_ = std::make_unique<search::MStarSearch<BaoGame>>(BaoGame{rules}, functions());
      if (tt_mb > 0) mstar_->set_table(static_cast<std::size_t>(tt_mb));
    }
    // Ordered probes (search/model_search.h): the same values and moves, fewer nodes.
    model_search().set_ordering(true);
  }

 private:
  search::ModelSearch<BaoGame>& model_search() override {
    return mstar_ ? static_cast<search::ModelSearch<BaoGame>&>(*mstar_) : *ddom_;
  }
  // (D,d)-OM predicts MIN at the root's children with the model searched
  // min(d, D - 1) plies from there (search/ddom.h); M* with its first model, OM-like.
  int prediction_depth(int d) const override {
    return kind_ == Kind::DdOmPlain || kind_ == Kind::DdOmAb ? std::min(model_depth_, d - 1) : d - 1;
  }
  search::ModelResult<bao::Move> iteration(const Position& p, int d) override {
    switch (kind_) {
      case Kind::MStar1p:
        return mstar_->mstar_1p(p, d, models());
      case Kind::MStarPlain:
        return mstar_->mstar_plain(p, d, models());
      case Kind::MStarAb:
        return mstar_->mstar_ab(p, d, models(), bound_);
      case Kind::DdOmPlain:
        return ddom_->ddom_plain(p, d, model_depth_, 1);
      case Kind::DdOmAb:
        return ddom_->ddom_ab(p, d, model_depth_, 1);
    }
    return {};
  }

  Kind kind_;
  int bound_, model_depth_;
  std::unique_ptr<search::MStarSearch<BaoGame>> mstar_;
  std::unique_ptr<search::DdOmSearch<BaoGame>> ddom_;
};

// models=E1+E2+...: the evaluators after MAX's own.
void parse_models(search::Args& a, std::vector<std::shared_ptr<const Evaluator>>& evals) {
  const std::string list = a.get_text("models");
  for (const std::string& item : search::plus_items(list)) {
    if (item.empty()) throw InputError(a.name() + ": models='" + list + "' has an empty name (write E1+E2+...)");
    evals.push_back(make_evaluator(item));
  }
  if (evals.size() > static_cast<std::size_t>(search::kMaxTypes))
    throw InputError(a.name() + ": at most " + std::to_string(search::kMaxTypes - 1) + " models");
}

std::unique_ptr<search::Searcher> make_multi(Kind kind, search::Args& a, const Rules& rules,
                                             std::shared_ptr<const Evaluator> eval) {
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
  int bound = 0, model_depth = 0;
  if (kind == Kind::DdOmPlain || kind == Kind::DdOmAb) {
    evals.push_back(make_evaluator(a.get_text("model")));
    model_depth = static_cast<int>(a.get_int("model_depth"));
  } else {
    parse_models(a, evals);
    if (kind == Kind::MStarAb) bound = static_cast<int>(a.get_int("bound"));
  }
  // The table: only the full-depth searchers without windows have one (search/mstar.h,
  // search/ddom.h say why the others cannot).
  const bool table = kind == Kind::MStar1p || kind == Kind::DdOmPlain;
  const int tt_mb = table ? static_cast<int>(a.get_int("tt_mb")) : 0;
  return std::make_unique<MultiModelSearcher>(kind, a.spec().text, rules, std::move(evals), bound, model_depth, tt_mb);
}

search::BaoFactory factory(Kind k) {
  return [k](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
    return make_multi(k, a, rules, std::move(eval));
  };
}

using T = search::Param::Type;

void register_mstar(search::SearcherRegistry& r) {
  const search::Param models{
      "models", T::Text, "", 0, 0, "E1+E2+...: MAX's model of MIN, that model's model of MAX, ...", true};
  const search::Param table = search::table_param();
  const search::Param bound{
      "bound", T::Int,           "",
      0,       search::kMaxEval, "B between adjacent levels; the search stops with an error where it is broken",
      true};
  r.add({.name = "mstar-1p",
         .summary = "M* search in one pass",
         .kind = search::SearcherKind::OpponentModel,
         .params = {models, table},
         .make = factory(Kind::MStar1p),
         .tree_grid_default = false,
         .family = "mstar",
         .bench_params = "models=material+default"});
  r.add({.name = "mstar-plain",
         .summary = "M* search, the recursion as written",
         .kind = search::SearcherKind::OpponentModel,
         .params = {models},
         .make = factory(Kind::MStarPlain),
         .tree_grid_default = false,
         .family = "mstar",
         .bench_params = "models=material+default"});
  r.add({.name = "mstar-ab",
         .summary = "M* search with bounded-difference pruning between adjacent levels",
         .kind = search::SearcherKind::OpponentModel,
         .params = {models, bound},
         .make = factory(Kind::MStarAb),
         .tree_grid_default = false,
         .family = "mstar",
         .bench_params = "models=material+default,bound=1000"});
}

void register_ddom(search::SearcherRegistry& r) {
  const search::Param model{"model", T::Text, "", 0, 0, "an evaluator: the opponent model", true};
  const search::Param model_depth{"model_depth",
                                  T::Int,
                                  "",
                                  1,
                                  search::kMaxPly - 1,
                                  "d: the plies the opponent is modelled to search at every MIN node",
                                  true,
                                  search::Param::Cost::Plies};
  const search::Param table = search::table_param();
  r.add({.name = "ddom-plain",
         .summary = "(D,d)-OM search: MIN predicted by a d-ply search on the model at every MIN node",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model, model_depth, table},
         .make = factory(Kind::DdOmPlain),
         .tree_grid_default = false,
         .family = "ddom",
         .bench_params = "model=material,model_depth=2"});
  r.add({.name = "ddom-ab",
         .summary = "(D,d)-OM search with alpha-beta at MAX's nodes",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model, model_depth},
         .make = factory(Kind::DdOmAb),
         .tree_grid_default = false,
         .family = "ddom",
         .bench_params = "model=material,model_depth=2"});
}

}  // namespace

void register_multi_model(search::SearcherRegistry& r) {
  register_mstar(r);
  register_ddom(r);
}

}  // namespace bao::models
