#include "models/opponent_searchers.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine/error.h"
#include "engine/text_input.h"
#include "models/evaluators.h"
#include "models/mcts_searchers.h"
#include "models/model_searcher.h"
#include "models/multi_model.h"
#include "models/robust_om_searcher.h"
#include "models/root_om.h"
#include "models/safe_om_searcher.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/om.h"
#include "search/prom.h"
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
             int tt_mb = 0)
      : ModelSearcher(rules, std::move(description), std::move(evals),
                      has_table(kind) && tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0),
        kind_(kind),
        probs_(std::move(probs)),
        horizon_(horizon),
        bound_(bound) {
    if (is_prom(kind_)) {
      prom_ = std::make_unique<BaoProm>(BaoGame{rules}, functions());
      if (tt_mb > 0) prom_->set_table(static_cast<std::size_t>(tt_mb));
    } else {
      om_ = std::make_unique<BaoOm>(BaoGame{rules}, functions());
      if (kind_ == OmKind::Beta && tt_mb > 0) om_->set_table(static_cast<std::size_t>(tt_mb));
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

// A sum of probabilities as a person would write it: "1.1", "0.3333333333".
std::string format_probability(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", p);
  return buf;
}

// A probability written in full (nothing after the number) and in [0, 1], nan being
// outside; `what` starts the messages.
double parse_probability(const std::string& text, const std::string& what) {
  double p = 0;
  if (!to_double(text, p))
    throw InputError(what + ": the probability '" + text + "' is not a finite number (e.g. 0.25)");
  if (!(p >= 0 && p <= 1)) throw InputError(what + ": the probability must be in [0, 1], found '" + text + "'");
  return p;
}

// "material:0.25+default:0.5" -> evaluators and probabilities.
void parse_types(const std::string& name, const std::string& text, std::vector<std::shared_ptr<const Evaluator>>& evals,
                 std::vector<double>& probs) {
  for (const std::string& item : search::plus_items(text)) {
    const auto colon = item.find(':');
    if (colon == std::string::npos)
      throw InputError(name + ": type '" + item + "' is not evaluator:probability (e.g. material:0.5)");
    probs.push_back(parse_probability(item.substr(colon + 1), name + ": type '" + item + "'"));
    evals.push_back(make_evaluator(item.substr(0, colon)));
  }
  if (evals.size() < 2) throw InputError(name + ": give at least one opponent type in types=");
  if (evals.size() > static_cast<std::size_t>(search::kMaxTypes))
    throw InputError(name + ": at most " + std::to_string(search::kMaxTypes - 1) + " opponent types");
}

}  // namespace

void read_types(search::Args& a, std::vector<std::shared_ptr<const Evaluator>>& evals, std::vector<double>& probs) {
  const std::string& name = a.name();
  probs.assign(1, 0.0);
  parse_types(name, a.get_text("types"), evals, probs);
  double others = 0;
  for (std::size_t i = 1; i < probs.size(); ++i) others += probs[i];
  const std::string own = a.get_text("own");
  // Without own=, the own type takes what the others leave, which must not be negative;
  // with it, all must add up to 1. Each message says which case it is.
  if (own.empty() && others > 1.0 + 1e-9)
    throw InputError(name + ": the opponent types' probabilities add up to " + format_probability(others) +
                     ", more than 1 (the own type, own=, takes 1 minus their sum)");
  probs[0] = own.empty() ? 1.0 - others : parse_probability(own, name + ": parameter own ('" + own + "')");
  if (!own.empty() && std::abs(probs[0] + others - 1.0) > 1e-9)
    throw InputError(name + ": own=" + own + " and the opponent types' " + format_probability(others) + " add up to " +
                     format_probability(probs[0] + others) + ", not 1");
  probs[0] = std::max(0.0, probs[0]);
}

std::vector<search::Param> types_params() {
  using T = search::Param::Type;
  return {{"types", T::Text, "", 0, 0, "the opponent types, evaluator:probability+...", true},
          {"own", T::Text, "", 0, 0, "type 0's probability (MAX's own; default 1 minus the others)"}};
}

namespace {

// prom-1p / prom-plain / prom-beta(types=E1:p1+...[,own=p0][,tt_mb=16]),
// sp-prom(...,bound=B).
std::unique_ptr<search::Searcher> make_prom(OmKind kind, search::Args& a, const Rules& rules,
                                            std::shared_ptr<const Evaluator> eval) {
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
  std::vector<double> probs;
  read_types(a, evals, probs);
  const int bound = kind == OmKind::SpProm ? static_cast<int>(a.get_int("bound")) : 0;
  const int tt_mb = static_cast<int>(a.get_int("tt_mb"));
  return std::make_unique<OmSearcher>(kind, a.spec().text, rules, std::move(evals), std::move(probs), 0, bound, tt_mb);
}

// om-plain / om-beta / om-probe / om-bounded(model=E[,...]).
std::unique_ptr<search::Searcher> make_om(OmKind kind, search::Args& a, const Rules& rules,
                                          std::shared_ptr<const Evaluator> eval) {
  const auto model = make_evaluator(a.get_text("model"));
  const int tt_mb = kind == OmKind::Beta ? static_cast<int>(a.get_int("tt_mb")) : 0;
  const int horizon = kind == OmKind::Plain || kind == OmKind::Beta ? static_cast<int>(a.get_int("horizon")) : 0;
  const int bound = kind == OmKind::Bounded ? static_cast<int>(a.get_int("bound")) : 0;
  return std::make_unique<OmSearcher>(kind, a.spec().text, rules,
                                      std::vector<std::shared_ptr<const Evaluator>>{std::move(eval), model},
                                      std::vector<double>{}, horizon, bound, tt_mb);
}

using search::RandomTreeGame;
using TreeOm = search::OmSearch<RandomTreeGame>;
using TreeProm = search::PromSearch<RandomTreeGame>;

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

void register_om(search::SearcherRegistry& r) {
  const search::Param model = model_param();
  const search::Param horizon{"horizon", T::Int,          "0",
                              0,         search::kMaxPly, "from that ply on, alpha-beta on V0 (0: off)"};
  const search::Param table = search::table_param();
  const search::Param bound{
      "bound", T::Int,           "",
      0,       search::kMaxEval, "B: the search stops with an error at a leaf where the evaluations differ by more",
      true};
  r.add({.name = "om-plain",
         .summary = "OM search, the recursion as written",
         .params = {model, horizon},
         .make = om_factory(OmKind::Plain),
         .tree = [](const RandomTreeGame& g, const search::TreeFns& fns,
                    const search::TreeSearchArgs& a) { return TreeOm(g, fns).om_plain(g.root(), a.depth, a.model); },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material"});
  r.add({.name = "om-beta",
         .summary = "OM search with beta-pruning",
         .params = {model, table, horizon},
         .make = om_factory(OmKind::Beta),
         .tree = [](const RandomTreeGame& g, const search::TreeFns& fns,
                    const search::TreeSearchArgs& a) { return TreeOm(g, fns).om_beta(g.root(), a.depth, a.model); },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material"});
  r.add({.name = "om-probe",
         .summary = "OM search with alpha-beta probes (beta-passing)",
         .params = {model},
         .make = om_factory(OmKind::Probe),
         .tree = [](const RandomTreeGame& g, const search::TreeFns& fns,
                    const search::TreeSearchArgs& a) { return TreeOm(g, fns).om_probe(g.root(), a.depth, a.model); },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material"});
  r.add({.name = "om-bounded",
         .summary = "OM search with bounded-difference pruning",
         .params = {model, bound},
         .make = om_factory(OmKind::Bounded),
         .tree =
             [](const RandomTreeGame& g, const search::TreeFns& fns, const search::TreeSearchArgs& a) {
               return TreeOm(g, fns).om_bounded(g.root(), a.depth, a.model, a.bound);
             },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "om",
         .bench_params = "model=material,bound=1000"});
}

void register_prom(search::SearcherRegistry& r) {
  const std::vector<search::Param> tp = types_params();
  const search::Param& types = tp[0];
  const search::Param& own = tp[1];
  const search::Param table = search::table_param();
  const search::Param bound{
      "bound", T::Int, "", 0, search::kMaxEval, "B: every type assumed within B of V0 (not checked)", true};
  r.add({.name = "prom-1p",
         .summary = "PrOM search in one pass, every function at every leaf",
         .params = {types, own, table},
         .make = prom_factory(OmKind::Prom1p),
         .tree = [](const RandomTreeGame& g, const search::TreeFns& fns,
                    const search::TreeSearchArgs& a) { return TreeProm(g, fns).prom_1p(g.root(), a.depth, a.probs); },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5"});
  r.add(
      {.name = "prom-plain",
       .summary = "PrOM search with a full-window probe per type",
       .params = {types, own, table},
       .make = prom_factory(OmKind::PromPlain),
       .tree = [](const RandomTreeGame& g, const search::TreeFns& fns,
                  const search::TreeSearchArgs& a) { return TreeProm(g, fns).prom_plain(g.root(), a.depth, a.probs); },
       .not_on_trees = {},
       .tree_grid_default = true,
       .family = "prom",
       .bench_params = "types=material:0.5"});
  r.add({.name = "prom-beta",
         .summary = "PrOM search with beta-passing",
         .params = {types, own, table},
         .make = prom_factory(OmKind::PromBeta),
         .tree = [](const RandomTreeGame& g, const search::TreeFns& fns,
                    const search::TreeSearchArgs& a) { return TreeProm(g, fns).prom_beta(g.root(), a.depth, a.probs); },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5"});
  r.add({.name = "sp-prom",
         .summary = "PrOM search with similarity pruning: exact where every type is within B of V0",
         .params = {types, own, bound, table},
         .make = prom_factory(OmKind::SpProm),
         .tree =
             [](const RandomTreeGame& g, const search::TreeFns& fns, const search::TreeSearchArgs& a) {
               return TreeProm(g, fns).sp_prom(g.root(), a.depth, a.probs, a.bound);
             },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "prom",
         .bench_params = "types=material:0.5,bound=1000"});
}

}  // namespace

const search::SearcherRegistry& searchers() {
  static const search::SearcherRegistry r = [] {
    search::SearcherRegistry x;
    search::register_plain_searchers(x);
    register_om(x);
    register_root_om(x);
    register_safe_om(x);
    register_robust_om(x);
    register_mcts(x);
    register_prom(x);
    register_multi_model(x);
    return x;
  }();
  return r;
}

std::string searcher_names() { return searchers().names(); }

std::unique_ptr<search::Searcher> make_searcher(std::string_view text, const Rules& rules,
                                                std::shared_ptr<const Evaluator> eval) {
  return searchers().make(text, rules, std::move(eval));
}

std::vector<std::string> spec_evaluators(const search::Spec& spec) {
  std::vector<std::string> out;
  for (const auto& [key, value] : spec.params) {
    if (key == "model") out.push_back(spec.name == "root-om" ? value.substr(0, value.find('@')) : value);
    if (key == "models")
      for (const std::string& item : search::plus_items(value))
        if (!item.empty()) out.push_back(item);
    if (key == "types")
      for (const std::string& item : search::plus_items(value))
        if (const auto colon = item.find(':'); colon != std::string::npos) out.push_back(item.substr(0, colon));
  }
  return out;
}

}  // namespace bao::models
