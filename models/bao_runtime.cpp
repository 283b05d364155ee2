#include "models/bao_runtime.h"

#include <map>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "models/all_searchers.h"
#include "models/embedded_weights.h"
#include "models/evaluators.h"
#include "search/bao_game.h"
#include "search/game_runtime.h"

namespace bao::models {

namespace {

struct BaoTraits {
  using Game = search::BaoGame;
  using State = Position;
  struct EvalDecl {
    std::string name, summary;
    search::EvalFn eval;
  };
  static const char* name() { return "bao"; }
  static const char* summary() {
    return "Bao la Kiswahili (Donkers' formalisation of the Zanzibar rules) or the beginner variant Bao la "
           "Kujifunza (docs/rules.md)";
  }
  static std::vector<Param> params() {
    using T = Param::Type;
    return {{"variant", T::Text, "kiswahili", 0, 0, "kiswahili or kujifunza"},
            {"long_move_limit", T::Int, "0", 0, 1'000'000'000,
             "seeds sown above which a move counts as infinite (0: decided exactly)"},
            {"house_choice_any_count", T::Bool, "false", 0, 0, "namua stop/safari choice at any house count"},
            {"tax_any_lone_house", T::Bool, "false", 0, 0, "tax move for any lone owned house"},
            {"house_lost_when_hand_empties", T::Bool, "false", 0, 0, "the house is lost when the hand empties"},
            {"takasia_after_namua", T::Bool, "false", 0, 0, "takasia also after a namua takasa move"}};
  }
  static Game make(const std::map<std::string, std::string>& v) {
    Rules r;
    for (const auto& [key, value] : v) r.set(key, value);
    return Game{r};
  }
  static State start(const Game& g) { return start_position(g.rules.variant); }
  static State parse_state(const Game& g, std::string_view text) { return parse_position(text, g.rules.variant); }
  static std::string format_state(const Game&, const State& s) { return format_position(s); }
  static std::string format_move(const Game&, const State& s, const Move& m) { return bao::format_move(m, s.side); }
  static std::string draw(const Game& g, const State& s) { return format_board(s, g.rules); }
  static std::uint64_t perft(const Game& g, const State& s, int depth) { return bao::perft(s, g.rules, depth); }
  static std::int64_t conserved(const Game&, const State& s) { return seed_total(s); }
  // Bao has no bound: a game can go round for ever (a play loop caps it).
  static long max_moves(const Game&) { return 0; }
  static std::string side_name(int side) { return side == 0 ? "South" : "North"; }
  static std::string outcome(const Game& g, const State& s) { return outcome_reason(s, g.rules); }
  static std::vector<EvalDecl> evaluators(const Game&) { return {}; }
};

// A Bao searcher (the full registry) as an AnySearcher.
class BaoAnySearcher final : public search::AnySearcher {
 public:
  explicit BaoAnySearcher(std::unique_ptr<search::Searcher> s) : s_(std::move(s)) {}
  search::AnyResult search(const search::AnyState& a, const search::Limits& limits) override {
    const Position p = search::GameRuntime<BaoTraits>::get(a);
    const search::BaoResult r = s_->search(p, limits);
    search::AnyResult out = search::any_figures(r);
    if (r.has_move) out.best = bao::format_move(r.best, p.side);
    // Each move of the line is written for the side that plays it (Bao alternates).
    int side = p.side;
    for (const Move& m : r.pv) {
      out.pv.push_back(bao::format_move(m, side));
      side ^= 1;
    }
    return out;
  }
  std::string describe() const override { return s_->describe(); }

 private:
  std::unique_ptr<search::Searcher> s_;
};

class BaoRuntime final : public search::GameRuntime<BaoTraits> {
 public:
  using GameRuntime::GameRuntime;
  std::vector<search::EvaluatorInfo> evaluators() const override {
    std::vector<search::EvaluatorInfo> out{
        {"material", "seeds on the own side and in hand, minus the opponent's"},
        {"default", "material, capture threats and the house (models/evaluators.h)"}};
    for (const auto& weights : embedded_weights()) out.push_back({weights.first, "learned weights (models/weights/)"});
    return out;
  }
  std::unique_ptr<search::AnySearcher> make_searcher(const search::SearcherRegistry& searchers, std::string_view spec,
                                                     std::string_view eval) const override {
    return std::make_unique<BaoAnySearcher>(searchers.make(spec, rules(), make_evaluator(eval)));
  }
  const Rules& rules() const { return game().rules; }
};

}  // namespace

search::GameEntry bao_game_entry() {
  search::GameEntry e = search::game_entry<BaoTraits>();
  e.make = [inner = e.make](search::Args& a) -> std::unique_ptr<search::AnyGame> {
    auto g = inner(a);
    auto& rt = static_cast<search::GameRuntime<BaoTraits>&>(*g);
    return std::make_unique<BaoRuntime>(rt.game(), rt.spec());
  };
  return e;
}

}  // namespace bao::models
