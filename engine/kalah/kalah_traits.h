// Kalah's registration: what search/game_runtime.h needs to carry it as a game named
// "kalah(houses=6,seeds=4,empty_capture=false,end=either)".
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/kalah/kalah_game.h"
#include "engine/kalah/kalah_notation.h"
#include "engine/param.h"

namespace bao::kalah {

struct KalahTraits {
  using Game = KalahGame;
  using State = KalahState;
  struct EvalDecl {
    std::string name, summary;
    KalahEval eval;
  };

  static const char* name() { return "kalah"; }
  static const char* summary() {
    return "Kalah(m,n): m houses a side with n seeds each and two stores (Irving, Donkers and Uiterwijk 2000)";
  }
  static std::vector<Param> params() {
    using T = Param::Type;
    return {{"houses", T::Int, "6", 1, kMaxHouses, "m, houses a side"},
            {"seeds", T::Int, "4", 1, kMaxSeeds, "n, seeds a house at the start"},
            {"empty_capture", T::Bool, "false", 0, 0,
             "the last seed in an own empty house captures also when the "
             "opposite house is empty (the lone seed is stored)"},
            {"end", T::Text, "either", 0, 0,
             "when the game ends: either (a side's houses empty after any move) or mover (the side to move "
             "has no seeds)"}};
  }
  static Game make(const std::map<std::string, std::string>& v) {
    KalahRules r;
    r.houses = std::stoi(v.at("houses"));
    r.seeds = std::stoi(v.at("seeds"));
    r.empty_capture = v.at("empty_capture") == "true";
    const std::string& end = v.at("end");
    if (end != "either" && end != "mover") throw InputError("kalah: end must be either or mover, found '" + end + "'");
    r.end = end == "either" ? EndRule::Either : EndRule::Mover;
    check_rules(r);
    return Game{r};
  }
  static State start(const Game& g) { return start_state(g.rules); }
  static State parse_state(const Game& g, std::string_view text) { return kalah::parse_state(text, g.rules); }
  static std::string format_state(const Game& g, const State& s) { return kalah::format_state(s, g.rules); }
  static std::string format_move(const Game&, const State&, const KalahMove& m) { return kalah::format_move(m); }
  static std::string draw(const Game& g, const State& s) { return draw_state(s, g.rules); }
  static std::uint64_t perft(const Game& g, const State& s, int depth) { return kalah::perft(s, g.rules, depth); }
  static std::int64_t conserved(const Game&, const State& s) {
    std::int64_t n = 0;
    for (int v : s.pit) n += v;
    return n;
  }
  static long max_moves(const Game& g) { return g.rules.max_moves(); }
  static std::string side_name(int side) { return side == 0 ? "South" : "North"; }
  static std::string outcome(const Game& g, const State& s) {
    if (!game_over(s, g.rules)) return "the game goes on";
    const int south = s.store(0) + row_seeds(s, 0, g.rules), north = s.store(1) + row_seeds(s, 1, g.rules);
    const std::string score = std::to_string(south) + "-" + std::to_string(north);
    const std::string why =
        g.rules.end == EndRule::Mover ? "the side to move has no seeds in its houses" : "a side's houses are empty";
    if (south == north) return "a draw " + score + " (" + why + ")";
    return std::string(south > north ? "South" : "North") + " wins " + score + " (" + why + ")";
  }
  static std::vector<EvalDecl> evaluators(const Game& g) {
    return {{"stores", "the store difference", KalahEval{KalahEvalKind::Stores, g.rules}},
            {"sides", "twice the store difference plus the difference of the seeds in each side's houses",
             KalahEval{KalahEvalKind::Sides, g.rules}}};
  }
};

}  // namespace bao::kalah
