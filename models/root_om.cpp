#include "models/root_om.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/deepen_afresh.h"
#include "models/evaluators.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/score.h"

namespace bao::models {
namespace {

// The two inner searches of a root-om searcher: alpha-beta's defaults with a 4 MiB table
// each (a searcher holds two).
search::AlphaBetaOptions inner_options() {
  search::AlphaBetaOptions o;
  o.tt_mb = 4;
  return o;
}

// inner_table=shared (Donkers 2002: BaoOmMatch.pas basictest, Engine.pas ab_search): one
// table, both inner tables' memory, for the warming search and every inner search of a
// move, entries of greater depth accepted (his `ttply >= depth`).
constexpr std::size_t kSharedTableMb = 8;

// The inner searches with the shared table: deeper entries cut off, and one fixed-depth
// search each (his ab_search calls), without iterations of their own.
search::AlphaBetaOptions shared_inner_options() {
  search::AlphaBetaOptions o;
  o.tt_mb = 0;  // the shared table is given by share_table
  o.tt_deeper = true;
  o.id_step = search::kMaxPly;
  return o;
}

// The warming search: his full `search` of the same position before the OM search, MTD(f)
// with iterations by one ply, into the same table.
search::AlphaBetaOptions warming_options() {
  search::AlphaBetaOptions o = shared_inner_options();
  o.id_step = 1;
  o.mtdf = true;
  return o;
}

// The model's entries are kept apart from MAX's own by this key salt (his hashconst_opp).
constexpr std::uint64_t kModelKeySalt = 1;

using search::BaoGame;
using search::BaoResult;
using search::EvalFn;
using search::Evaluator;
using search::Limits;

// How a root move is scored when the model has equally good replies: by the one its
// alpha-beta picks (first), or by the worst of them for MAX (pessimistic).
enum class Ties { First, Pessimistic };

// Root OM: for each root move, the reply the model predicts (alpha-beta on the model to
// model_depth), then MAX's own alpha-beta on the position after it (to own_depth).
class RootOmSearcher final : public search::Searcher {
 public:
  // model_depth: > 0 a fixed depth; 0 means d - 1; -1 means d.
  // own_depth: > 0 a fixed depth; 0 means d - 2; -1 means d.
  RootOmSearcher(const Rules& rules, std::shared_ptr<const Evaluator> own, std::shared_ptr<const Evaluator> model,
                 int model_depth, int own_depth, bool manage_risk, int risk_margin, Ties ties, bool shared_table,
                 std::string description)
      : rules_(rules),
        own_eval_(std::move(own)),
        model_eval_(std::move(model)),
        model_depth_(model_depth),
        own_depth_(own_depth),
        manage_risk_(manage_risk),
        risk_margin_(risk_margin),
        ties_(ties),
        description_(std::move(description)),
        own_(std::make_unique<search::AlphaBeta<BaoGame, EvalFn>>(
            BaoGame{rules}, EvalFn{own_eval_.get()}, shared_table ? shared_inner_options() : inner_options())),
        model_(std::make_unique<search::AlphaBeta<BaoGame, EvalFn>>(
            BaoGame{rules}, EvalFn{model_eval_.get()}, shared_table ? shared_inner_options() : inner_options())) {
    if (shared_table) {
      table_ = std::make_shared<search::TranspositionTable>(kSharedTableMb);
      warm_ = std::make_unique<search::AlphaBeta<BaoGame, EvalFn>>(BaoGame{rules}, EvalFn{own_eval_.get()},
                                                                   warming_options());
      warm_->share_table(table_, 0);
      own_->share_table(table_, 0);
      model_->share_table(table_, kModelKeySalt);
    }
  }

  BaoResult search(const Position& p, const Limits& limits, const search::InfoFn& info) override {
    check(limits);
    if (table_) table_->new_search();  // shared: one table for this move's searches, empty at its start
    return deepen_afresh(limits, info, [&](int d, const Budget& b) { return iteration(p, d, b); });
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

  // The depth of MAX's own search after the model's reply in an iteration of depth d;
  // below 1 the position after the reply is evaluated statically.
  int own_depth(int d) const { return own_depth_ > 0 ? own_depth_ : (own_depth_ == 0 ? d - 2 : d); }

  // An inner alpha-beta search to `depth` within what is left of the budget once `used`
  // nodes are spent. In a strict iteration a search the budget cut short (it finished a
  // shallower depth) stops the iteration; in the first it stands, so the first iteration
  // ends within the limits too (root-om(model=E@30) under --time-ms 500 ran for minutes).
  BaoResult inner(search::AlphaBeta<BaoGame, EvalFn>& ab, const Position& s, int depth, std::uint64_t used,
                  const Budget& b) {
    return inner_search(ab, s, depth, used, b);
  }

  // Adds an inner search's counts to the iteration's.
  static void count(BaoResult& r, const BaoResult& inner) {
    r.nodes += inner.nodes;
    r.leaf_evals += inner.leaf_evals;
  }

  // Step 2: MAX's value of the position after the model's reply (two plies below the
  // root move), by MAX's own alpha-beta to od plies, or statically when od < 1.
  int own_value_after(const Position& after, int od, int max_side, BaoResult& r, const Budget& b) {
    if (od >= 1) {
      const BaoResult own = inner(*own_, after, od, r.nodes, b);
      count(r, own);
      return shift(own.value, 2);
    }
    const search::BaoGame g{rules_};
    const int w = g.quick_winner(after);
    ++r.leaf_evals;
    return w >= 0 ? search::terminal_score(w, max_side, 2) : own_eval_->evaluate(after, max_side);
  }

  // The value of the reply leading to cr for `side` (the side that plays it), as the
  // model's alpha-beta to n + 1 plies sees it: its search of cr to n plies, or its static
  // value when n is 0 (a finished game scores as one a ply down).
  int model_value_of_reply(const Position& cr, int side, int n, BaoResult& r, const Budget& b) {
    if (n < 1) {
      const search::BaoGame g{rules_};
      const int w = g.quick_winner(cr);
      ++r.leaf_evals;
      return w >= 0 ? search::terminal_score(w, side, 1) : model_eval_->evaluate(cr, side);
    }
    const BaoResult s = inner(*model_, cr, n, r.nodes, b);
    count(r, s);
    return shift(cr.side == side ? s.value : -s.value, 1);
  }

  // ties=pessimistic (Donkers 2002, Engine.pas om_searchtest; docs/reference-program.md):
  // the lowest of MAX's own values after every reply of c (`replies`, more than one) the
  // model scores as highly as its best, each reply scored by the model to md - 1 plies
  // after it.
  int pessimistic_value(const Position& c, const ChildList& replies, int md, int od, int max_side, BaoResult& r,
                        const Budget& b) {
    std::vector<int> model_values;
    model_values.reserve(replies.size());
    for (const Child& reply : replies) model_values.push_back(model_value_of_reply(reply.pos, c.side, md - 1, r, b));
    const int best = *std::max_element(model_values.begin(), model_values.end());
    int value = search::kInfinity;
    for (std::size_t k = 0; k < replies.size(); ++k)
      if (model_values[k] == best) value = std::min(value, own_value_after(replies[k].pos, od, max_side, r, b));
    return value;
  }

  // Root move c's OM value in an iteration with model depth md and own depth od; the
  // model's predicted reply, if the game goes on after c, is set in `predicted` (with
  // ties=pessimistic too: the prediction is the model's). A single reply is the predicted
  // one, so ties=pessimistic scores it as first does.
  int om_value(const Position& c, int md, int od, int max_side, std::optional<bao::Move>& predicted, BaoResult& r,
               const Budget& b) {
    const BaoResult reply = inner(*model_, c, md, r.nodes, b);
    count(r, reply);
    if (!reply.has_move) return shift(-reply.value, 1);  // the game is over after this move
    predicted = reply.best;
    if (ties_ == Ties::Pessimistic) {
      ChildList replies;
      generate_children(c, rules_, replies);
      if (replies.size() > 1) return pessimistic_value(c, replies, md, od, max_side, r, b);
    }
    return own_value_after(apply_move(c, reply.best, rules_), od, max_side, r, b);
  }

  BaoResult iteration(const Position& p, int d, const Budget& b) {
    BaoResult r;
    r.depth = d;
    ChildList children;
    generate_children(p, rules_, children);
    if (children.empty()) return r;
    const int max_side = p.side;
    if (warm_) count(r, inner(*warm_, p, d, r.nodes, b));  // shared: the full search warms the table first
    const int md = model_depth_ > 0 ? model_depth_ : (model_depth_ == 0 ? std::max(1, d - 1) : d);
    const int od = own_depth(d);
    std::vector<int> om(children.size()), mm(children.size());
    std::vector<std::optional<bao::Move>> predicted(children.size());
    int root_mm = -search::kInfinity;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Position& c = children[i].pos;
      om[i] = om_value(c, md, od, max_side, predicted[i], r, b);
      if (manage_risk_) {
        const BaoResult own = inner(*own_, c, std::max(1, d - 1), r.nodes, b);
        count(r, own);
        mm[i] = shift(-own.value, 1);
        root_mm = std::max(root_mm, mm[i]);
      }
    }
    // Risk management: a move whose OM value is above its own minimax value may be chosen
    // only if that minimax value is not more than risk_margin below the root's (64-bit:
    // the margin may exceed the scores' range).
    int best = -1;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const bool eligible =
          !manage_risk_ || om[i] <= mm[i] || std::int64_t{mm[i]} + risk_margin_ >= std::int64_t{root_mm};
      if (eligible && (best < 0 || om[i] > om[best])) best = static_cast<int>(i);
    }
    r.has_move = true;
    r.best = children[best].move;
    r.value = om[best];
    r.pv.push_back(r.best);
    if (predicted[static_cast<std::size_t>(best)]) r.pv.push_back(*predicted[static_cast<std::size_t>(best)]);
    return r;
  }

  Rules rules_;
  std::shared_ptr<const Evaluator> own_eval_, model_eval_;
  int model_depth_, own_depth_;
  bool manage_risk_;
  int risk_margin_;  // evaluation units below the root's minimax value the risk filter admits
  Ties ties_;
  std::string description_;
  std::unique_ptr<search::AlphaBeta<BaoGame, EvalFn>> own_, model_;
  // inner_table=shared: the one table and the warming search (null: fresh tables).
  std::shared_ptr<search::TranspositionTable> table_;
  std::unique_ptr<search::AlphaBeta<BaoGame, EvalFn>> warm_;
};

// own_depth=d-2|d|N as the searcher stores it: 0, -1 or N (absent: d-2).
int take_own_depth(search::Args& a) {
  const std::string text = a.get_text("own_depth");
  if (text.empty() || text == "d-2") return 0;
  if (text == "d") return -1;
  int n = 0;
  if (!to_int(text, n) || n < 1 || n > search::kMaxPly - 1)
    throw InputError(a.name() + ": parameter own_depth expects d-2, d or a whole number from 1 to " +
                     std::to_string(search::kMaxPly - 1) + ", found '" + text + "'");
  return n;
}

// risk_margin=K (0 to 100000 units), given only with manage_risk=true: without the risk
// filter it would change nothing.
int take_risk_margin(search::Args& a, bool manage_risk) {
  if (a.has("risk_margin") && !manage_risk)
    throw InputError(a.name() + ": parameter risk_margin needs manage_risk=true (it widens the risk filter)");
  return static_cast<int>(a.get_int("risk_margin"));
}

// ties=first|pessimistic.
Ties take_ties(search::Args& a) {
  const std::string text = a.get_text("ties");
  if (text.empty() || text == "first") return Ties::First;
  if (text == "pessimistic") return Ties::Pessimistic;
  throw InputError(a.name() + ": parameter ties expects first or pessimistic, found '" + text + "'");
}

// inner_table=fresh|shared: true for shared.
bool take_inner_table(search::Args& a) {
  const std::string text = a.get_text("inner_table");
  if (text.empty() || text == "fresh") return false;
  if (text == "shared") return true;
  throw InputError(a.name() + ": parameter inner_table expects fresh or shared, found '" + text + "'");
}

// model_depth=d-1|d|N as the searcher stores it: 0, -1 or N; `given` is the text, from
// model_depth= or after EVAL@.
int model_depth_of(const std::string& name, const std::optional<std::string>& given) {
  if (!given || *given == "d-1") return 0;
  if (*given == "d") return -1;
  int n = 0;
  if (!to_int(*given, n) || n < 1 || n > search::kMaxPly - 1)
    throw InputError(name + ": parameter model_depth expects a whole number from 1 to " +
                     std::to_string(search::kMaxPly - 1) + ", found '" + *given + "'");
  return n;
}

// root-om(model=E[@D][,model_depth=d-1|d|N][,own_depth=d-2|d|N][,manage_risk=false]
//   [,risk_margin=0][,ties=first|pessimistic][,inner_table=fresh|shared]).
std::unique_ptr<search::Searcher> make_root_om(search::Args& a, const Rules& rules,
                                               std::shared_ptr<const search::Evaluator> eval) {
  // The model as a player description: EVAL or EVAL@DEPTH (the depth the opponent
  // searches to, the same as model_depth; its searcher is alpha-beta).
  std::string model_text = a.get_text("model");
  std::optional<std::string> md;
  if (a.has("model_depth")) md = a.get_text("model_depth");
  if (const auto at = model_text.find('@'); at != std::string::npos) {
    if (md) throw InputError(a.name() + ": give the model's depth once, as model=EVAL@DEPTH or model_depth");
    md = model_text.substr(at + 1);  // checked below: empty is not a depth
    model_text = model_text.substr(0, at);
  }
  const auto model = make_evaluator(model_text);
  const int model_depth = model_depth_of(a.name(), md);
  const int own_depth = take_own_depth(a);
  const bool risk = a.get_bool("manage_risk");
  const int margin = take_risk_margin(a, risk);
  const Ties ties = take_ties(a);
  const bool shared = take_inner_table(a);
  return std::make_unique<RootOmSearcher>(rules, std::move(eval), model, model_depth, own_depth, risk, margin, ties,
                                          shared, a.spec().text);
}

}  // namespace

void register_root_om(search::SearcherRegistry& r) {
  using T = search::Param::Type;
  r.add({.name = "root-om",
         .summary = "root OM: each reply predicted by alpha-beta on the model, scored by MAX's own alpha-beta",
         .kind = search::SearcherKind::OpponentModel,
         .params = {{"model", T::Text, "", 0, 0, "an evaluator, or a player description EVAL@DEPTH", true},
                    {"model_depth", T::Text, "d-1", 0, 0, "the model's search depth: d-1, d or a number", false,
                     search::Param::Cost::Plies},
                    {"own_depth", T::Text, "d-2", 0, 0,
                     "MAX's own search after the reply: d-2, d (the published \"perfect\" flag) or a number", false,
                     search::Param::Cost::Plies},
                    {"manage_risk", T::Bool, "false", 0, 0,
                     "a move may beat its own minimax value only if that is the root's"},
                    {"risk_margin", T::Int, "0", 0, 100000,
                     "with manage_risk: units below the root's minimax value a move's own may be (0: none)"},
                    {"ties", T::Text, "first", 0, 0,
                     "the model's equally good replies: first (the one its alpha-beta picks) or pessimistic (the "
                     "worst for MAX, Donkers 2002)"},
                    {"inner_table", T::Text, "fresh", 0, 0,
                     "the inner searches' tables: fresh (two, each search exact) or shared (one a move, warmed by a "
                     "full search, deeper entries accepted: Donkers 2002)"}},
         .make = make_root_om,
         .tree_grid_default = false,
         .family = "",
         .bench_params = "model=material",
         // Its two inner alpha-beta searches' tables (inner_options).
         .memory = [](search::Args&) { return std::uint64_t{2} * (inner_options().tt_mb << 20); }});
}

}  // namespace bao::models
