// Checkers' registration: what search/game_runtime.h needs to carry English draughts as
// the game "checkers(draw_moves=40)".
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/checkers_evaluators.h"
#include "engine/checkers/game.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"
#include "engine/param.h"

namespace bao::checkers {

struct CheckersTraits {
  using Game = CheckersGame;
  struct EvalDecl {
    std::string name, summary;
    CheckersEval eval;
  };

  static const char* name() { return "checkers"; }
  static const char* summary() {
    return "English draughts (American checkers) by the WCDF rules, with a draw after draw_moves moves of each "
           "side without a capture or a man move (docs/checkers.md)";
  }
  static std::vector<Param> params() {
    return {{"draw_moves", Param::Type::Int, "40", 1, CheckersGame::kMaxDrawMoves,
             "moves of each side without a capture or a man move that draw the game"}};
  }
  static Game make(const std::map<std::string, std::string>& v) {
    Game g;
    g.draw_moves = std::stoi(v.at("draw_moves"));
    return g;
  }
  static State start(const Game&) { return start_state(); }
  static State parse_state(const Game&, std::string_view text) { return parse_fen(text); }
  static std::string format_state(const Game&, const State& s) { return fen(s); }
  static std::string format_move(const Game&, const State&, const Move& m) { return move_text(m); }
  static std::string draw(const Game&, const State& s) { return board_text(s); }
  static std::uint64_t perft(const Game&, const State& s, int depth) { return checkers::perft(s, depth); }
  // Pieces are captured: nothing is conserved.
  static std::int64_t conserved(const Game&, const State&) { return 0; }
  // At most 23 captures and 7 steps of each of 24 men, fewer than 2 draw_moves plies
  // apart (docs/checkers.md).
  static long max_moves(const Game& g) { return (23L + 7L * 24L + 1L) * 2L * g.draw_moves; }
  static std::string side_name(int side) { return side == Black ? "Black" : "White"; }
  static std::string outcome(const Game& g, const State& s) {
    CheckersGame::Children ch;
    g.children(s, ch);
    if (!ch.empty()) return "the game goes on";
    const int w = g.winner(s);
    if (w < 0)
      return "a draw (" + std::to_string(g.draw_moves) + " moves of each side without a capture or a man move)";
    return std::string(w == Black ? "Black" : "White") + " wins (the side to move has no legal move)";
  }
  static std::vector<EvalDecl> evaluators(const Game&) {
    return {{"material", "men 100, kings 150, own minus the opponent's", {CheckersEval::Kind::Material}},
            {"f", "Carmel and Markovitch's f = Mat - Tot/25 (not zero-sum)", {CheckersEval::Kind::F}},
            {"op", "OP's exchange-loving f on the scored side's scale, Mat + Tot/25", {CheckersEval::Kind::Op}}};
  }
};

}  // namespace bao::checkers
