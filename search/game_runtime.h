// GameRuntime<Traits>: a game's rules (a folder engine/GAME/ with a Traits struct) as an
// AnyGame (search/any_game.h), and the searchers that run on any game meeting the search
// concepts (search/generic_searchers.h). A game is added by one registration line,
// add_game<Traits>(registry) (models/games.cpp).
//
// Traits (structural; see engine/kalah/kalah_traits.h for a worked example):
//   Game                       the search adapter (search/game_concepts.h: StagedGame)
//   Game::Eval                 its evaluation callable: eval(state, side) -> int, zero-sum
//   name(), summary()          the registry's name and line
//   params()                   the parameters (engine/param.h), declared once
//   make(values)               the Game for canonical "key" -> "value" texts, every key set
//   start, parse_state, format_state, format_move(game, parent, move), draw,
//   perft(game, state, depth), conserved(game, state), max_moves(game),
//   outcome(game, state), side_name(side)
//   evaluators(game)           {name, summary, Eval} for each evaluator the game brings
//   make_searcher(args, game, eval, spec)   optional: the game's own searchers in place of
//                              the generic ones, made from the same registry entries (the
//                              random trees: search/random_tree_traits.h)
#pragma once

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/error.h"
#include "search/any_game.h"
#include "search/generic_searchers.h"
#include "search/registry.h"
#include "search/spec.h"

namespace bao::search {

template <class Traits>
class GameRuntime : public AnyGame {
 public:
  using G = typename Traits::Game;
  using State = typename G::State;
  static_assert(std::is_trivially_copyable_v<State> && sizeof(State) <= AnyState::kBytes,
                "a game's state must be trivially copyable and fit AnyState");

  GameRuntime(G game, std::string spec) : game_(std::move(game)), spec_(std::move(spec)) {}

  static State get(const AnyState& a) {
    State s;
    std::memcpy(static_cast<void*>(&s), a.bytes.data(), sizeof(State));
    return s;
  }
  static AnyState put(const State& s) {
    AnyState a;
    std::memcpy(a.bytes.data(), static_cast<const void*>(&s), sizeof(State));
    return a;
  }

  const G& game() const { return game_; }
  std::string spec() const override { return spec_; }
  AnyState start() const override { return put(Traits::start(game_)); }
  AnyState parse_state(std::string_view text) const override { return put(Traits::parse_state(game_, text)); }
  std::string format_state(const AnyState& s) const override { return Traits::format_state(game_, get(s)); }
  std::string draw(const AnyState& s) const override { return Traits::draw(game_, get(s)); }
  std::vector<std::pair<std::string, AnyState>> children(const AnyState& a) const override {
    const State s = get(a);
    typename G::Children ch;
    game_.children(s, ch);
    std::vector<std::pair<std::string, AnyState>> out;
    for (const auto& c : ch) out.emplace_back(Traits::format_move(game_, s, c.move), put(c.pos));
    return out;
  }
  int side_to_move(const AnyState& s) const override { return game_.side_to_move(get(s)); }
  bool over(const AnyState& a) const override {
    typename G::Children ch;
    game_.children(get(a), ch);
    return ch.empty();
  }
  int winner(const AnyState& s) const override { return game_.winner(get(s)); }
  std::string outcome(const AnyState& s) const override { return Traits::outcome(game_, get(s)); }
  std::uint64_t hash(const AnyState& s) const override { return game_.hash(get(s)); }
  bool equal(const AnyState& a, const AnyState& b) const override { return get(a) == get(b); }
  std::uint64_t perft(const AnyState& s, int depth) const override { return Traits::perft(game_, get(s), depth); }
  std::int64_t conserved(const AnyState& s) const override { return Traits::conserved(game_, get(s)); }
  long max_moves() const override { return Traits::max_moves(game_); }
  std::string side_name(int side) const override { return Traits::side_name(side); }
  int count_moves(const AnyState& a) const override {
    typename G::Children ch;
    game_.children(get(a), ch);
    return static_cast<int>(ch.size());
  }
  std::vector<EvaluatorInfo> evaluators() const override {
    std::vector<EvaluatorInfo> out;
    for (const auto& e : Traits::evaluators(game_)) out.push_back({e.name, e.summary});
    return out;
  }
  std::unique_ptr<AnySearcher> make_searcher(const SearcherRegistry& searchers, std::string_view text,
                                             std::string_view eval) const override {
    Spec spec = parse_spec(text);
    const SearcherEntry* e = searchers.find(spec.name);
    if (!e) throw InputError("unknown searcher '" + spec.name + "' (known: " + searchers.names() + ")");
    const std::string known = check_against_schema(spec, e->params);
    searchers.check_resources(text);
    Args args(spec, e->params);
    std::unique_ptr<AnySearcher> s;
    if constexpr (requires { Traits::make_searcher(args, game_, eval, spec_); }) {
      s = Traits::make_searcher(args, game_, eval, spec_);
    } else {
      GenericContext<G> ctx{
          game_, [this](std::string_view name) { return evaluator(name); },
          [this](const State& s, const typename G::Move& m) { return Traits::format_move(game_, s, m); }, spec_};
      s = make_generic_searcher<G>(args, ctx, evaluator(eval));
    }
    spec.finish(known);
    return s;
  }

 private:
  typename G::Eval evaluator(std::string_view name) const {
    std::string known;
    for (const auto& e : Traits::evaluators(game_)) {
      if (e.name == name) return e.eval;
      known += (known.empty() ? "" : ", ") + e.name;
    }
    throw InputError("unknown evaluator '" + std::string(name) + "' for " + spec_ + " (known: " + known + ")");
  }

  G game_;
  std::string spec_;
};

// The registry entry of the game Traits describes.
template <class Traits>
GameEntry game_entry() {
  return GameEntry{.name = Traits::name(),
                   .summary = Traits::summary(),
                   .params = Traits::params(),
                   .make = [](Args& a) -> std::unique_ptr<AnyGame> {
                     std::map<std::string, std::string> values;
                     for (const Param& p : Traits::params()) {
                       if (p.type == Param::Type::Bool)
                         values[p.name] = a.get_bool(p.name) ? "true" : "false";
                       else if (p.type == Param::Type::Int)
                         values[p.name] = std::to_string(a.get_int(p.name));
                       else
                         values[p.name] = a.get_text(p.name);
                     }
                     return std::make_unique<GameRuntime<Traits>>(Traits::make(values), a.canonical());
                   }};
}

}  // namespace bao::search
