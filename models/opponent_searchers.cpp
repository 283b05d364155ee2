#include "models/opponent_searchers.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "engine/error.h"
#include "engine/text_input.h"
#include "models/evaluators.h"
#include "search/alphabeta.h"
#include "search/om.h"
#include "search/prom.h"
#include "search/spec.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::BaoResult;
using search::EvalFn;
using search::Evaluator;
using search::Limits;
using BaoOm = search::OmSearch<BaoGame>;
using BaoProm = search::PromSearch<BaoGame>;

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
BaoResult deepen(const Limits& limits, const search::InfoFn& info, Iteration&& iteration) {
  const auto t0 = Clock::now();
  BaoResult best;
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
    BaoResult r;
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

BaoResult to_result(const search::ModelResult<bao::Move>& o, int depth) {
  BaoResult r;
  r.has_move = o.has_move;
  r.best = o.best;
  r.value = static_cast<int>(std::lround(o.value));
  if (o.has_move) r.pv.push_back(o.best);
  r.depth = depth;
  r.nodes = o.nodes;
  r.leaf_evals = o.leaf_evals();
  return r;
}

enum class OmKind { Plain, Beta, Probe, Bounded, PromPlain, PromBeta };

bool is_prom(OmKind k) { return k == OmKind::PromPlain || k == OmKind::PromBeta; }

// OM and PrOM searchers: evals[0] is V0, evals[1..] the model (OM) or the types (PrOM).
class OmSearcher final : public search::Searcher {
 public:
  OmSearcher(OmKind kind, std::string description, const Rules& rules,
             std::vector<std::shared_ptr<const Evaluator>> evals, std::vector<double> probs, int horizon, int bound,
             int tt_mb = 0)
      : kind_(kind),
        description_(std::move(description)),
        evals_(std::move(evals)),
        probs_(std::move(probs)),
        horizon_(horizon),
        bound_(bound),
        table_bytes_(kind == OmKind::Beta && tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0) {
    std::vector<BaoOm::Fn> fns;
    for (const auto& e : evals_) fns.push_back(EvalFn{e.get()});
    if (is_prom(kind_)) {
      prom_ = std::make_unique<BaoProm>(BaoGame{rules}, std::move(fns));
    } else {
      om_ = std::make_unique<BaoOm>(BaoGame{rules}, std::move(fns));
      if (kind_ == OmKind::Beta && tt_mb > 0) om_->set_table(static_cast<std::size_t>(tt_mb));
    }
  }

  BaoResult search(const Position& p, const Limits& limits, const search::InfoFn& info) override {
    check(limits);
    return deepen(limits, info, [&](int d, const Budget& b) { return to_result(iteration(p, d, b), d); });
  }
  void check(const Limits& limits) const override { search::check_limits(limits, description_); }
  std::string describe() const override { return description_; }
  std::size_t table_bytes() const override { return table_bytes_; }
  std::vector<const Evaluator*> evaluators() const override {
    std::vector<const Evaluator*> out;
    for (const auto& e : evals_) out.push_back(e.get());
    return out;
  }

 private:
  search::ModelResult<bao::Move> iteration(const Position& p, int d, const Budget& b) {
    search::ModelSearch<BaoGame>& ms = om_ ? static_cast<search::ModelSearch<BaoGame>&>(*om_) : *prom_;
    if (b.strict) ms.set_budget(search::StopRule(b.nodes, b.deadline));
    struct Clear {
      search::ModelSearch<BaoGame>& m;
      ~Clear() { m.clear_budget(); }
    } clear{ms};
    switch (kind_) {
      case OmKind::Plain:
        return om_->om_plain(p, d, 1, horizon_);
      case OmKind::Beta:
        return om_->om_beta(p, d, 1, horizon_);
      case OmKind::Probe:
        return om_->om_probe(p, d, 1);
      case OmKind::Bounded:
        return om_->om_bounded(p, d, 1, bound_);
      case OmKind::PromPlain:
        return prom_->prom_plain(p, d, probs_);
      case OmKind::PromBeta:
        return prom_->prom_beta(p, d, probs_);
    }
    return {};
  }

  OmKind kind_;
  std::string description_;
  std::vector<std::shared_ptr<const Evaluator>> evals_;
  std::vector<double> probs_;
  int horizon_, bound_;
  std::size_t table_bytes_;
  std::unique_ptr<BaoOm> om_;      // OM kinds
  std::unique_ptr<BaoProm> prom_;  // PrOM kinds
};

// Root OM: for each root move, the reply the model predicts (alpha-beta on the model to
// model_depth), then MAX's own alpha-beta on the position after it.
class RootOmSearcher final : public search::Searcher {
 public:
  // model_depth: > 0 a fixed depth; 0 means d - 1; -1 means d.
  RootOmSearcher(const Rules& rules, std::shared_ptr<const Evaluator> own, std::shared_ptr<const Evaluator> model,
                 int model_depth, bool manage_risk, std::string description)
      : rules_(rules),
        own_eval_(std::move(own)),
        model_eval_(std::move(model)),
        model_depth_(model_depth),
        manage_risk_(manage_risk),
        description_(std::move(description)),
        own_(std::make_unique<search::AlphaBeta<BaoGame, EvalFn>>(BaoGame{rules}, EvalFn{own_eval_.get()},
                                                                  search::AlphaBetaOptions{true, 4, false, true, 0})),
        model_(std::make_unique<search::AlphaBeta<BaoGame, EvalFn>>(
            BaoGame{rules}, EvalFn{model_eval_.get()}, search::AlphaBetaOptions{true, 4, false, true, 0})) {}

  BaoResult search(const Position& p, const Limits& limits, const search::InfoFn& info) override {
    check(limits);
    return deepen(limits, info, [&](int d, const Budget& b) { return iteration(p, d, b); });
  }
  void check(const Limits& limits) const override { search::check_limits(limits, "root-om"); }
  std::string describe() const override { return description_; }
  std::vector<const Evaluator*> evaluators() const override { return {own_eval_.get(), model_eval_.get()}; }

 private:
  // A decisive value found n plies further down, seen from n plies higher.
  static int shift(int v, int n) {
    if (!search::is_decisive(v)) return v;
    return v > 0 ? v - n : v + n;
  }

  // An inner alpha-beta search to `depth` within what is left of the budget once `used`
  // nodes are spent. In a strict iteration a search the budget cut short (it finished a
  // shallower depth) stops the iteration; in the first it stands, so the first iteration
  // ends within the limits too (root-om(model=E@30) under --time-ms 500 ran for minutes).
  BaoResult inner(search::AlphaBeta<BaoGame, EvalFn>& ab, const Position& s, int depth, std::uint64_t used,
                  const Budget& b) {
    Limits l{depth, 0, 0};
    if (b.nodes) l.nodes = b.nodes > used ? b.nodes - used : 1;
    if (b.deadline != Clock::time_point::max()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(b.deadline - Clock::now()).count();
      if (b.strict && left <= 0) throw search::SearchStopped{used};
      l.time_ms = std::max<std::int64_t>(1, left);
    }
    if (b.strict && b.nodes && used >= b.nodes) throw search::SearchStopped{used};
    BaoResult r = ab.search(s, l);
    if (b.strict && r.has_move && r.depth < depth) throw search::SearchStopped{used + r.nodes};
    return r;
  }

  BaoResult iteration(const Position& p, int d, const Budget& b) {
    BaoResult r;
    r.depth = d;
    ChildList children;
    generate_children(p, rules_, children);
    if (children.empty()) return r;
    const int max_side = p.side;
    const int md = model_depth_ > 0 ? model_depth_ : (model_depth_ == 0 ? std::max(1, d - 1) : d);
    std::vector<int> om(children.size()), mm(children.size());
    int root_mm = -search::kInfinity;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Position& c = children[i].pos;
      // The model's reply.
      const BaoResult reply = inner(*model_, c, md, r.nodes, b);
      r.nodes += reply.nodes;
      r.leaf_evals += reply.leaf_evals;
      int value;
      if (!reply.has_move) {
        value = shift(-reply.value, 1);  // the game is over after this move
      } else {
        const Position after = apply_move(c, reply.best, rules_);
        if (d - 2 >= 1) {
          const BaoResult own = inner(*own_, after, d - 2, r.nodes, b);
          r.nodes += own.nodes;
          r.leaf_evals += own.leaf_evals;
          value = shift(own.value, 2);
        } else {
          const search::BaoGame g{rules_};
          const int w = g.quick_winner(after);
          value = w >= 0 ? search::terminal_score(w, max_side, 2) : own_eval_->evaluate(after, max_side);
          ++r.leaf_evals;
        }
      }
      om[i] = value;
      if (manage_risk_) {
        const BaoResult own = inner(*own_, c, std::max(1, d - 1), r.nodes, b);
        r.nodes += own.nodes;
        r.leaf_evals += own.leaf_evals;
        mm[i] = shift(-own.value, 1);
        root_mm = std::max(root_mm, mm[i]);
      }
    }
    // Risk management: a move whose OM value is above its own minimax value may be chosen
    // only if that minimax value is not below the root's.
    int best = -1;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const bool eligible = !manage_risk_ || om[i] <= mm[i] || mm[i] >= root_mm;
      if (eligible && (best < 0 || om[i] > om[best])) best = static_cast<int>(i);
    }
    r.has_move = true;
    r.best = children[best].move;
    r.value = om[best];
    r.pv.push_back(r.best);
    return r;
  }

  Rules rules_;
  std::shared_ptr<const Evaluator> own_eval_, model_eval_;
  int model_depth_;
  bool manage_risk_;
  std::string description_;
  std::unique_ptr<search::AlphaBeta<BaoGame, EvalFn>> own_, model_;
};

std::string take_string(search::Spec& s, const std::string& key, bool required) {
  const auto it = s.params.find(key);
  if (it == s.params.end()) {
    if (required) throw InputError(s.name + ": parameter " + key + " is required");
    return "";
  }
  std::string v = it->second;
  s.params.erase(it);
  return v;
}

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
  std::size_t at = 0;
  while (at <= text.size()) {  // every item, an empty one after a trailing '+' too
    std::size_t plus = text.find('+', at);
    if (plus == std::string::npos) plus = text.size();
    const std::string item = text.substr(at, plus - at);
    at = plus + 1;
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

// prom-plain / prom-beta(types=E1:p1+...[,own=p0]).
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
  spec.finish("types, own");
  return std::make_unique<OmSearcher>(kind, spec.text, rules, std::move(evals), std::move(probs), 0, 0);
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

// root-om(model=E[@D][,model_depth=d-1|d|N][,manage_risk=false]).
std::unique_ptr<search::Searcher> make_root_om(search::Spec& spec, const Rules& rules,
                                               std::shared_ptr<const Evaluator> eval) {
  // The model as a player description: EVAL or EVAL@DEPTH (the depth the opponent
  // searches to, the same as model_depth; its searcher is alpha-beta).
  std::string model_text = take_string(spec, "model", true);
  std::optional<std::string> md;
  if (spec.params.count("model_depth")) md = take_string(spec, "model_depth", true);
  if (const auto at = model_text.find('@'); at != std::string::npos) {
    if (md) throw InputError(spec.name + ": give the model's depth once, as model=EVAL@DEPTH or model_depth");
    md = model_text.substr(at + 1);  // checked below: empty is not a depth
    model_text = model_text.substr(0, at);
  }
  const auto model = make_evaluator(model_text);
  int model_depth = 0;
  if (!md || *md == "d-1") {
    model_depth = 0;
  } else if (*md == "d") {
    model_depth = -1;
  } else {
    spec.params["model_depth"] = *md;
    model_depth = static_cast<int>(spec.take_int("model_depth", 0, 1, search::kMaxPly - 1));
  }
  const bool risk = spec.take_bool("manage_risk", false);
  spec.finish("model, model_depth (d-1, d or a number), manage_risk");
  return std::make_unique<RootOmSearcher>(rules, std::move(eval), model, model_depth, risk, spec.text);
}

}  // namespace

std::string searcher_names() {
  return search::searcher_names() + ", om-plain, om-beta, om-probe, om-bounded, root-om, prom-plain, prom-beta";
}

std::unique_ptr<search::Searcher> make_searcher(std::string_view text, const Rules& rules,
                                                std::shared_ptr<const Evaluator> eval) {
  if (!eval) throw InputError("searcher '" + std::string(text) + "': no evaluator given");
  search::Spec spec = search::parse_spec(text);
  static const std::pair<const char*, OmKind> kKinds[] = {
      {"om-plain", OmKind::Plain},     {"om-beta", OmKind::Beta},         {"om-probe", OmKind::Probe},
      {"om-bounded", OmKind::Bounded}, {"prom-plain", OmKind::PromPlain}, {"prom-beta", OmKind::PromBeta}};
  for (const auto& [n, k] : kKinds)
    if (spec.name == n)
      return is_prom(k) ? make_prom(k, spec, rules, std::move(eval)) : make_om(k, spec, rules, std::move(eval));
  if (spec.name == "root-om") return make_root_om(spec, rules, std::move(eval));
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
