// CheckersGame: English draughts in the shape the search templates take (the Game and
// StagedGame concepts of search/game_concepts.h, met structurally; tests/checkers_test.cpp checks
// them, since the engine may not include search/).
//
// The draw rule (docs/checkers.md): a game is drawn when `draw_moves` moves of each side
// (2 x draw_moves plies) have passed without a capture or a man move; children() is then
// empty and winner() says -1. Repetition is left to the game loop: a repeated position
// needs a run of king steps alone, which this count ends anyway.
#pragma once

#include <cstdint>

#include "engine/checkers/board.h"
#include "engine/checkers/checkers_evaluators.h"
#include "engine/checkers/move.h"
#include "engine/checkers/movegen.h"

namespace bao::checkers {

struct CheckersGame {
  using State = checkers::State;
  using Move = checkers::Move;
  using Child = checkers::Child;
  using Children = checkers::Children;
  using MoveList = checkers::MoveList;
  using Eval = CheckersEval;
  // Nothing is worth carrying from a node to child() and children_except(): move
  // generation is cheap enough to run again.
  struct Candidates {};

  static constexpr int kMaxDrawMoves = 127;                 // 2 x 127 plies fit the state's count
  static constexpr int kMoveIndexes = kSquares * kSquares;  // from x to

  int draw_moves = 40;  // 1..kMaxDrawMoves

  bool drawn(const State& s) const { return s.quiet >= 2 * draw_moves; }

  void children(const State& s, Children& out) const {
    if (drawn(s))
      out.clear();
    else
      generate_children(s, out);
  }
  int side_to_move(const State& s) const { return s.side; }
  std::uint64_t hash(const State& s) const { return s.key; }
  // Over without generating moves: the side to move has no piece left.
  int quick_winner(const State& s) const { return s.pieces[s.side] ? -1 : s.side ^ 1; }
  // children(s) is empty: a draw by the count, unless the side to move has no move (a
  // loss, which the rules decide before any draw).
  int winner(const State& s) const { return drawn(s) && count_moves(s) > 0 ? -1 : s.side ^ 1; }
  int move_index(const Move& m) const { return m.from * kSquares + m.to; }
  // Captures first, more pieces taken first; a crowning step before other steps.
  int order_hint(const State& s, const Child& c) const {
    const bool crowned =
        !(s.kings & (std::uint32_t{1} << c.move.from)) && (c.pos.kings & (std::uint32_t{1} << c.move.to));
    return 2 * popcount(c.move.captured) + (crowned ? 1 : 0);
  }
  // A move does not fit a byte (a capture's route takes up to 24 bits), so its code is
  // its index in the position's list (< kMaxMoves < 0xff), and the move a code stands for
  // is "the index-th child" of the position it is tried in.
  static std::uint8_t move_code(const Move& m) { return m.index; }
  static Move code_move(std::uint8_t c) {
    Move m;
    m.jumps = Move::kByIndex;
    m.index = c;
    return m;
  }
  Candidates candidates(const State&) const { return {}; }
  bool child(const State& s, const Candidates&, const Move& m, Child& out) const {
    Children ch;
    children(s, ch);
    if (m.jumps == Move::kByIndex) {
      if (m.index >= ch.size()) return false;
      out = ch[m.index];
      return true;
    }
    for (const Child& c : ch)
      if (c.move == m) {
        out = c;
        return true;
      }
    return false;
  }
  void children_except(const State& s, const Candidates&, const Move* skip, int n, Children& out) const {
    children(s, out);
    auto keep = out.begin();
    for (const Child& c : out) {
      bool skipped = false;
      for (int i = 0; i < n && !skipped; ++i) skipped = c.move == skip[i];
      if (!skipped) *keep++ = c;
    }
    out.erase(keep, out.end());
  }
};

}  // namespace bao::checkers
