#include "models/opponent_searchers.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine/error.h"
#include "engine/text_input.h"
#include "models/deepen.h"
#include "models/evaluators.h"
#include "models/multi_model.h"
#include "models/root_om.h"
#include "search/alphabeta.h"
#include "search/om.h"
#include "search/prom.h"
#include "search/spec.h"

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
void parse_types(const search::Spec& s, const std::string& text, std::vector<std::shared_ptr<const Evaluator>>& evals,
                 std::vector<double>& probs) {
  for (const std::string& item : plus_items(text)) {
    const auto colon = item.find(':');
    if (colon == std::string::npos)
      throw InputError(s.name + ": type '" + item + "' is not evaluator:probability (e.g. material:0.5)");
    probs.push_back(parse_probability(item.substr(colon + 1), s.name + ": type '" + item + "'"));
    evals.push_back(make_evaluator(item.substr(0, colon)));
  }
  if (evals.size() < 2) throw InputError(s.name + ": give at least one opponent type in types=");
  if (evals.size() > static_cast<std::size_t>(search::kMaxTypes))
    throw InputError(s.name + ": at most " + std::to_string(search::kMaxTypes - 1) + " opponent types");
}

// prom-1p / prom-plain / prom-beta(types=E1:p1+...[,own=p0][,tt_mb=16]),
// sp-prom(...,bound=B).
std::unique_ptr<search::Searcher> make_prom(OmKind kind, search::Spec& spec, const Rules& rules,
                                            std::shared_ptr<const Evaluator> eval) {
  const std::string& name = spec.name;
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
  std::vector<double> probs{0.0};
  parse_types(spec, take_string(spec, "types", true), evals, probs);
  double others = 0;
  for (std::size_t i = 1; i < probs.size(); ++i) others += probs[i];
  const std::string own = take_string(spec, "own", false);
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
  int bound = 0;
  if (kind == OmKind::SpProm) {
    if (!spec.params.count("bound")) throw InputError(name + ": parameter bound is required");
    bound = static_cast<int>(spec.take_int("bound", 0, 0, search::kMaxEval));
  }
  const int tt_mb = static_cast<int>(spec.take_int("tt_mb", 16, 0, 65536));
  spec.finish(kind == OmKind::SpProm ? "types, own, bound, tt_mb" : "types, own, tt_mb");
  return std::make_unique<OmSearcher>(kind, spec.text, rules, std::move(evals), std::move(probs), 0, bound, tt_mb);
}

// om-plain / om-beta / om-probe / om-bounded(model=E[,...]).
std::unique_ptr<search::Searcher> make_om(OmKind kind, search::Spec& spec, const Rules& rules,
                                          std::shared_ptr<const Evaluator> eval) {
  const auto model = make_evaluator(take_string(spec, "model", true));
  int horizon = 0, bound = 0, tt_mb = 0;
  std::string known = "model";
  if (kind == OmKind::Beta) {
    tt_mb = static_cast<int>(spec.take_int("tt_mb", 16, 0, 65536));
    known += ", tt_mb";
  }
  if (kind == OmKind::Plain || kind == OmKind::Beta) {
    horizon = static_cast<int>(spec.take_int("horizon", 0, 0, search::kMaxPly));
    known += ", horizon";
  }
  if (kind == OmKind::Bounded) {
    if (!spec.params.count("bound")) throw InputError(spec.name + ": parameter bound is required");
    bound = static_cast<int>(spec.take_int("bound", 0, 0, search::kMaxEval));
    known += ", bound";
  }
  spec.finish(known);
  return std::make_unique<OmSearcher>(kind, spec.text, rules,
                                      std::vector<std::shared_ptr<const Evaluator>>{std::move(eval), model},
                                      std::vector<double>{}, horizon, bound, tt_mb);
}

}  // namespace

std::string searcher_names() {
  return search::searcher_names() +
         ", om-plain, om-beta, om-probe, om-bounded, root-om, prom-1p, prom-plain, prom-beta, sp-prom, " +
         multi_model_names();
}

std::unique_ptr<search::Searcher> make_searcher(std::string_view text, const Rules& rules,
                                                std::shared_ptr<const Evaluator> eval) {
  if (!eval) throw InputError("searcher '" + std::string(text) + "': no evaluator given");
  search::Spec spec = search::parse_spec(text);
  static const std::pair<const char*, OmKind> kKinds[] = {
      {"om-plain", OmKind::Plain},     {"om-beta", OmKind::Beta},   {"om-probe", OmKind::Probe},
      {"om-bounded", OmKind::Bounded}, {"prom-1p", OmKind::Prom1p}, {"prom-plain", OmKind::PromPlain},
      {"prom-beta", OmKind::PromBeta}, {"sp-prom", OmKind::SpProm}};
  for (const auto& [n, k] : kKinds)
    if (spec.name == n)
      return is_prom(k) ? make_prom(k, spec, rules, std::move(eval)) : make_om(k, spec, rules, std::move(eval));
  if (spec.name == "root-om") return make_root_om(spec, rules, std::move(eval));
  if (auto s = make_multi_model(spec, rules, eval)) return s;
  try {
    return search::make_searcher(text, rules, std::move(eval));
  } catch (const InputError& e) {
    const std::string what = e.what();
    if (what.rfind("unknown searcher", 0) == 0)
      throw InputError("unknown searcher '" + spec.name + "' (known: " + searcher_names() + ")");
    throw;
  }
}

}  // namespace bao::models
