#include "models/om_prom_searchers.h"

#include "engine/error.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/om.h"
#include "search/opponent_types.h"
#include "search/prom.h"
#include "search/prom_min_rules.h"
#include "search/registry.h"
#include "search/spec.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;
using BaoOm = search::OmSearch<BaoGame>;
using BaoProm = search::PromSearch<BaoGame>;

enum class OmKind { Plain, Beta, Probe, Bounded, Prom1p, PromPlain, PromBeta, SpProm };

bool is_prom(OmKind k) {
  return k == OmKind::Prom1p || k == OmKind::PromPlain || k == OmKind::PromBeta || k == OmKind::SpProm;
}

// The full-depth searchers, which take tt_mb: om-beta and every PrOM searcher.
bool has_table(OmKind k) { return k == OmKind::Beta || is_prom(k); }

// OM and PrOM searchers: evals[0] is V0, evals[1..] the model (OM) or the types (PrOM).
class OmSearcher final : public ModelSearcher {
 public:
  OmSearcher(OmKind kind, std::string description, const Rules& rules,
             std::vector<std::shared_ptr<const Evaluator>> evals, std::vector<double> probs, int horizon, int bound,
             int tt_mb = 0, search::ModelView view = search::ModelView::Max, search::PromMinRules min_rules = {})
      : ModelSearcher(rules, std::move(description), std::move(evals),
                      has_table(kind) && tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0),
        kind_(kind),
        probs_(std::move(probs)),
        horizon_(horizon),
        bound_(bound) {
    if (is_prom(kind_)) {
      prom_ = std::make_unique<BaoProm>(BaoGame{rules}, functions());
      if (tt_mb > 0) prom_->set_table(static_cast<std::size_t>(tt_mb));
      prom_->set_min_rules(min_rules);
    } else {
      om_ = std::make_unique<BaoOm>(BaoGame{rules}, functions());
      if (kind_ == OmKind::Beta && tt_mb > 0) om_->set_table(static_cast<std::size_t>(tt_mb));
      om_->set_model_view(view);
    }
    // Ordered probes (search/model_search.h): the same values and moves, fewer nodes.
    model_search().set_ordering(true);
  }

 private:
  search::ModelSearch<BaoGame>& model_search() override {
    return om_ ? static_cast<search::ModelSearch<BaoGame>&>(*om_) : *prom_;
  }
  // PrOM: the most probable opponent type predicts (the first of equals); OM: the model.
  int prediction_model() const override {
    if (!is_prom(kind_)) return 1;
    int m = 1;
    for (int i = 2; i < static_cast<int>(probs_.size()); ++i)
      if (probs_[static_cast<std::size_t>(i)] > probs_[static_cast<std::size_t>(m)]) m = i;
    return m;
  }
  search::ModelResult<bao::Move> iteration(const Position& p, int d) override {
    switch (kind_) {
      case OmKind::Plain:
        return om_->om_plain(p, d, 1, horizon_);
      case OmKind::Beta:
        return om_->om_beta(p, d, 1, horizon_);
      case OmKind::Probe:
        return om_->om_probe(p, d, 1);
      case OmKind::Bounded:
        return om_->om_bounded(p, d, 1, bound_);
      case OmKind::Prom1p:
        return prom_->prom_1p(p, d, probs_);
      case OmKind::PromPlain:
        return prom_->prom_plain(p, d, probs_);
      case OmKind::SpProm:
        return prom_->sp_prom(p, d, probs_, bound_);
      case OmKind::PromBeta:
        return prom_->prom_beta(p, d, probs_);
    }
    return {};
  }

  OmKind kind_;
  std::vector<double> probs_;
  int horizon_, bound_;
  std::unique_ptr<BaoOm> om_;      // OM kinds
  std::unique_ptr<BaoProm> prom_;  // PrOM kinds
};

// prom-1p / prom-plain / prom-beta(types=E1:p1+...[,own=p0][,tt_mb=16]),
// sp-prom(...,bound=B); prom-beta also ties=, decisive= and probe_fail= (search/prom_min_rules.h).
std::unique_ptr<search::Searcher> make_prom(OmKind kind, search::Args& a, const Rules& rules,
                                            std::shared_ptr<const Evaluator> eval) {
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
  std::vector<double> probs;
  read_types(a, evals, probs);
  const int bound = kind == OmKind::SpProm ? static_cast<int>(a.get_int("bound")) : 0;
  const int tt_mb = static_cast<int>(a.get_int("tt_mb"));
  const search::PromMinRules min_rules =
      kind == OmKind::PromBeta ? search::read_prom_min_rules(a) : search::PromMinRules{};
  return std::make_unique<OmSearcher>(kind, a.spec().text, rules, std::move(evals), std::move(probs), 0, bound, tt_mb,
                                      search::ModelView::Max, min_rules);
}

// model_view=max|opponent (om-beta): whose side the model is scored for (search/om.h).
search::ModelView take_model_view(search::Args& a) {
  const std::string text = a.get_text("model_view");
  if (text.empty() || text == "max") return search::ModelView::Max;
  if (text == "opponent") return search::ModelView::Opponent;
  throw InputError(a.name() + ": parameter model_view expects max or opponent, found '" + text + "'");
}

// om-plain / om-beta / om-probe / om-bounded(model=E[,...]).
std::unique_ptr<search::Searcher> make_om(OmKind kind, search::Args& a, const Rules& rules,
                                          std::shared_ptr<const Evaluator> eval) {
  const auto model = make_evaluator(a.get_text("model"));
  const int tt_mb = kind == OmKind::Beta ? static_cast<int>(a.get_int("tt_mb")) : 0;
  const int horizon = kind == OmKind::Plain || kind == OmKind::Beta ? static_cast<int>(a.get_int("horizon")) : 0;
  const int bound = kind == OmKind::Bounded ? static_cast<int>(a.get_int("bound")) : 0;
  const search::ModelView view = kind == OmKind::Beta ? take_model_view(a) : search::ModelView::Max;
  return std::make_unique<OmSearcher>(kind, a.spec().text, rules,
                                      std::vector<std::shared_ptr<const Evaluator>>{std::move(eval), model},
                                      std::vector<double>{}, horizon, bound, tt_mb, view);
}

using T = search::Param::Type;

search::BaoFactory om_factory(OmKind k) {
  return [k](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
    return make_om(k, a, rules, std::move(eval));
  };
}
search::BaoFactory prom_factory(OmKind k) {
  return [k](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
    return make_prom(k, a, rules, std::move(eval));
  };
}

}  // namespace

void register_om(search::SearcherRegistry& r) {
  const search::Param model = model_param();
  const search::Param horizon{"horizon", T::Int,          "0",
                              0,         search::kMaxPly, "from that ply on, alpha-beta on V0 (0: off)"};
  const search::Param table = search::table_param();
  // No default text, so that descriptions written without it (Args::canonical) stay as they are.
  const search::Param view{"model_view",
                           T::Text,
                           "",
                           0,
                           0,
                           "the side the model is scored for: max (unset: the thesis, MAX's scale, MIN minimises "
                           "it) or opponent (Donkers 2002: the opponent's, which it maximises; differs where the "
                           "model is not zero-sum); Bao only"};
  const search::Param bound{
      "bound", T::Int,           "",
      0,       search::kMaxEval, "B: the search stops with an error at a leaf where the evaluations differ by more",
      true};
  r.add({.name = "om-plain",
         .summary = "OM search, the recursion as written",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model, horizon},
         .make = om_factory(OmKind::Plain),
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material"});
  r.add({.name = "om-beta",
         .summary = "OM search with beta-pruning",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model, table, horizon, view},
         .make = om_factory(OmKind::Beta),
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material"});
  r.add({.name = "om-probe",
         .summary = "OM search with alpha-beta probes (beta-passing)",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model},
         .make = om_factory(OmKind::Probe),
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material"});
  r.add({.name = "om-bounded",
         .summary = "OM search with bounded-difference pruning",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model, bound},
         .make = om_factory(OmKind::Bounded),
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material,bound=1000"});
}

void register_prom(search::SearcherRegistry& r) {
  const std::vector<search::Param> tp = search::types_params();
  const search::Param& types = tp[0];
  const search::Param& own = tp[1];
  const search::Param table = search::table_param();
  const search::Param bound{
      "bound", T::Int, "", 0, search::kMaxEval, "B: every type assumed within B of V0 (not checked)", true};
  const std::vector<search::Param> min_rules = search::prom_min_rule_params();
  r.add({.name = "prom-1p",
         .summary = "PrOM search in one pass, every function at every leaf",
         .kind = search::SearcherKind::OpponentModel,
         .params = {types, own, table},
         .make = prom_factory(OmKind::Prom1p),
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5"});
  r.add({.name = "prom-plain",
         .summary = "PrOM search with a full-window probe per type",
         .kind = search::SearcherKind::OpponentModel,
         .params = {types, own, table},
         .make = prom_factory(OmKind::PromPlain),
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5"});
  r.add({.name = "prom-beta",
         .summary = "PrOM search with beta-passing",
         .kind = search::SearcherKind::OpponentModel,
         .params = {types, own, table, min_rules[0], min_rules[1], min_rules[2]},
         .make = prom_factory(OmKind::PromBeta),
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5"});
  r.add({.name = "sp-prom",
         .summary = "PrOM search with similarity pruning: exact where every type is within B of V0",
         .kind = search::SearcherKind::OpponentModel,
         .params = {types, own, bound, table},
         .make = prom_factory(OmKind::SpProm),
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5,bound=1000"});
}

}  // namespace bao::models
