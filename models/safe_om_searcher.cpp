#include "models/safe_om_searcher.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "models/deepen_afresh.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/safe_om.h"
#include "search/score.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::BaoResult;
using search::EvalFn;
using search::Evaluator;
using search::Limits;
using InnerSearch = search::AlphaBeta<BaoGame, EvalFn>;

std::unique_ptr<search::Searcher> make_safe_om_beta(search::Args& a, const Rules& rules,
                                                    std::shared_ptr<const Evaluator> eval, int eps) {
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval), make_evaluator(a.get_text("model"))};
  auto iterate = [eps](search::SafeOmSearch<BaoGame>& s, const Position& p, int d) { return s.safe_om(p, d, 1, eps); };
  return std::make_unique<OneSearchSearcher<search::SafeOmSearch<BaoGame>, decltype(iterate)>>(
      a.spec().text, rules, std::move(evals), static_cast<int>(a.get_int("tt_mb")), iterate);
}

// A decisive value found n plies further down, seen from n plies higher.
int shift(int v, int n) {
  if (!search::is_decisive(v)) return v;
  return v > 0 ? v - n : v + n;
}

// safe-om with exploit=root: the safe root rule (search::safe_choice) over root OM at d's
// values, its allowance eps or the banked-gifts balance.
class SafeRootOmSearcher final : public search::Searcher {
 public:
  SafeRootOmSearcher(const Rules& rules, std::shared_ptr<const Evaluator> own, std::shared_ptr<const Evaluator> model,
                     int eps, bool bank, int tt_mb, std::string description)
      : rules_(rules),
        own_eval_(std::move(own)),
        model_eval_(std::move(model)),
        eps_(eps),
        banking_(bank),
        description_(std::move(description)),
        own_(std::make_unique<InnerSearch>(BaoGame{rules}, EvalFn{own_eval_.get()}, options(tt_mb))),
        model_(std::make_unique<InnerSearch>(BaoGame{rules}, EvalFn{model_eval_.get()}, options(tt_mb))),
        tt_mb_(tt_mb) {}

  BaoResult search(const Position& p, const Limits& limits, const search::InfoFn& info) override {
    check(limits);
    std::uint64_t gift_nodes = 0;
    const std::int64_t allowance = banking_ ? settle(p, limits, gift_nodes) : eps_;
    chosen_.assign(search::kMaxPly + 1, Choice{});
    BaoResult r = deepen_afresh(limits, info, [&](int d, const Budget& b) { return iteration(p, d, allowance, b); });
    r.nodes += gift_nodes;
    if (banking_) {
      last_.reset();
      if (r.has_move && r.depth >= 1 && r.depth <= search::kMaxPly) {
        const Choice& c = chosen_[static_cast<std::size_t>(r.depth)];
        bank_.spend(c.risk);
        last_ = Last{apply_move(p, r.best, rules_), c.guaranteed, r.depth, p.side};
      }
    }
    return r;
  }
  void check(const Limits& limits) const override { search::check_limits(limits, "safe-om"); }
  std::string describe() const override { return description_; }
  std::vector<const Evaluator*> evaluators() const override { return {own_eval_.get(), model_eval_.get()}; }
  std::size_t table_bytes() const override { return std::size_t{2} * (static_cast<std::size_t>(tt_mb_) << 20); }

 private:
  static search::AlphaBetaOptions options(int tt_mb) {
    search::AlphaBetaOptions o;
    o.tt_mb = static_cast<std::size_t>(tt_mb);
    return o;
  }

  // What an iteration of depth d chose: the chosen move's own minimax value and its risk
  // (the root's minimax value less it).
  struct Choice {
    int guaranteed = 0;
    std::int64_t risk = 0;
  };
  // This searcher's last move in the game: the position after it, its guaranteed value,
  // the iteration's depth and MAX's side.
  struct Last {
    Position after;
    int guaranteed;
    int depth;
    int side;
  };

  // An inner alpha-beta search to `depth` within what is left of the budget once `used`
  // nodes are spent; a strict iteration stops (SearchStopped) when the budget runs out
  // or cuts the search short, the first iteration's searches stand shortened.
  BaoResult inner(InnerSearch& ab, const Position& s, int depth, std::uint64_t used, const Budget& b) {
    return inner_search(ab, s, depth, used, b);
  }

  static void count(BaoResult& r, const BaoResult& inner) {
    r.nodes += inner.nodes;
    r.leaf_evals += inner.leaf_evals;
  }

  // MAX's own value of s (MAX to move, `ply` plies below the root) by its alpha-beta to
  // depth plies, or statically when depth < 1.
  int own_value(const Position& s, int depth, int max_side, int ply, BaoResult& r, const Budget& b) {
    if (depth >= 1) {
      const BaoResult own = inner(*own_, s, depth, r.nodes, b);
      count(r, own);
      return shift(s.side == max_side ? own.value : -own.value, ply);
    }
    const BaoGame g{rules_};
    const int w = g.quick_winner(s);
    ++r.leaf_evals;
    return w >= 0 ? search::terminal_score(w, max_side, ply) : own_eval_->evaluate(s, max_side);
  }

  // Root OM at d's value of root move c: the model's reply by its alpha-beta to d plies,
  // then MAX's own value after it to d - 2 plies; the game ending after c scores as such.
  int root_om_value(const Position& c, int d, int max_side, std::optional<bao::Move>& predicted, BaoResult& r,
                    const Budget& b) {
    const BaoResult reply = inner(*model_, c, d, r.nodes, b);
    count(r, reply);
    if (!reply.has_move) return shift(-reply.value, 1);
    predicted = reply.best;
    return own_value(apply_move(c, reply.best, rules_), d - 2, max_side, 2, r, b);
  }

  BaoResult iteration(const Position& p, int d, std::int64_t allowance, const Budget& b) {
    BaoResult r;
    r.depth = d;
    ChildList children;
    generate_children(p, rules_, children);
    if (children.empty()) return r;
    const int max_side = p.side;
    std::vector<int> om(children.size()), mm(children.size());
    std::vector<std::optional<bao::Move>> predicted(children.size());
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Position& c = children[i].pos;
      om[i] = root_om_value(c, d, max_side, predicted[i], r, b);
      // The move's own minimax value: the game over after c, or MAX's alpha-beta to d-1.
      const BaoGame g{rules_};
      const int w = g.quick_winner(c);
      mm[i] = w >= 0 ? search::terminal_score(w, max_side, 1) : own_value(c, std::max(1, d - 1), max_side, 1, r, b);
    }
    const int best = search::safe_choice(mm, om, allowance);
    const auto k = static_cast<std::size_t>(best);
    chosen_[static_cast<std::size_t>(d)] = {mm[k], std::int64_t{*std::max_element(mm.begin(), mm.end())} - mm[k]};
    r.has_move = true;
    r.best = children[k].move;
    r.value = om[k];
    r.pv.push_back(r.best);
    if (predicted[k]) r.pv.push_back(*predicted[k]);
    return r;
  }

  // At the start of a search with bank=true: adds the gift of the opponent's reply that
  // led to p, or opens a new game's account when p does not follow this searcher's last
  // move by one reply. Returns the balance, the allowance of this move.
  std::int64_t settle(const Position& p, const Limits& limits, std::uint64_t& nodes) {
    if (!last_ || last_->side != p.side || !follows(last_->after, p)) {
      bank_.open(eps_);
      return bank_.balance();
    }
    const int depth = last_->depth - 2;
    int reached = 0;
    if (depth >= 1) {
      Limits l{depth, limits.nodes, limits.time_ms};
      l.halt = limits.halt;
      const BaoResult own = own_->search(p, l);
      nodes += own.nodes;
      if (!own.has_move || own.depth < depth) return bank_.balance();  // cut short: no gift
      reached = own.value;
    } else {
      const BaoGame g{rules_};
      const int w = g.quick_winner(p);
      reached = w >= 0 ? search::terminal_score(w, p.side, 0) : own_eval_->evaluate(p, p.side);
    }
    bank_.add_gift(last_->guaranteed, reached);
    return bank_.balance();
  }

  // Whether p is a child of `after` (one move of the side to move there).
  bool follows(const Position& after, const Position& p) const {
    ChildList replies;
    generate_children(after, rules_, replies);
    return std::any_of(replies.begin(), replies.end(), [&](const Child& c) { return c.pos == p; });
  }

  Rules rules_;
  std::shared_ptr<const Evaluator> own_eval_, model_eval_;
  int eps_;
  bool banking_;
  std::string description_;
  std::unique_ptr<InnerSearch> own_, model_;
  int tt_mb_;
  search::GiftBank bank_;
  std::optional<Last> last_;
  std::vector<Choice> chosen_;  // by iteration depth, of the search running
};

// exploit=om|root.
bool take_root_exploit(search::Args& a) {
  const std::string text = a.get_text("exploit");
  if (text == "om") return false;
  if (text == "root") return true;
  throw InputError(a.name() + ": parameter exploit expects om or root, found '" + text + "'");
}

std::unique_ptr<search::Searcher> make_safe_om(search::Args& a, const Rules& rules,
                                               std::shared_ptr<const Evaluator> eval) {
  const int eps = static_cast<int>(a.get_int("eps"));
  const bool root = take_root_exploit(a);
  const bool bank = a.get_bool("bank");
  if (bank && !root)
    throw InputError(a.name() +
                     ": parameter bank=true needs exploit=root (the account keeps root OM's minimax values)");
  if (!root) return make_safe_om_beta(a, rules, std::move(eval), eps);
  return std::make_unique<SafeRootOmSearcher>(rules, std::move(eval), make_evaluator(a.get_text("model")), eps, bank,
                                              static_cast<int>(a.get_int("tt_mb")), a.spec().text);
}

}  // namespace

void register_safe_om(search::SearcherRegistry& r) {
  using T = search::Param::Type;
  r.add({.name = "safe-om",
         .summary = "OM search among the root moves within eps of the best minimax value (bounded risk)",
         .kind = search::SearcherKind::OpponentModel,
         .params = {model_param(),
                    {"eps", T::Int, "", 0, search::kInfinity,
                     "the minimax value MAX may give up at the root (0: alpha-beta's value, OM's choice among equals); "
                     "with bank=true the account's opening balance",
                     true},
                    {"exploit", T::Text, "om", 0, 0,
                     "the exploiting values: om (full-depth OM search) or root (root OM at d: the model to d plies, "
                     "MAX's own search to d-2 after its reply)"},
                    {"bank", T::Bool, "false", 0, 0,
                     "with exploit=root: risk only the gifts banked in this game (Ganzfried and Sandholm), not eps a "
                     "move"},
                    search::table_param()},
         .make = make_safe_om,
         .tree_grid_default = false,
         .family = "",
         .bench_params = "model=material,eps=50",
         // exploit=root keeps two tables of tt_mb MiB (its inner alpha-beta searches).
         .memory = [](search::Args& a) {
           const std::uint64_t table = static_cast<std::uint64_t>(a.get_int("tt_mb")) << 20;
           return a.get_text("exploit") == "root" ? 2 * table : table;
         }});
}

}  // namespace bao::models
