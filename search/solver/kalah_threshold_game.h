// Kalah as a win/loss game at a threshold t of South's final margin, for proofs of a
// margin (search/solver/kalah_proof_file.h): South wins when the game ends with its seeds
// minus North's at least t, North otherwise. A proof that South wins at t is a proof that
// the margin is at least t; a proof that North wins at t + 1 is a proof that it is at most
// t; both together prove the value t.
//
// The moves, states and hash are kalah::KalahGame's; a finished game (kalah::game_over,
// either end rule) has no children, so df-pn (search/solver/dfpn.h) and the proof checker
// (search/solver/proof.h) see the end where the rules put it. Only the Game concept is
// met (search/game_concepts.h), not the staged one, so every child comes from children().
#pragma once

#include <cstdint>

#include "engine/kalah/kalah_game.h"

namespace bao::search::solver {

struct KalahThresholdGame {
  using State = kalah::KalahState;
  using Move = kalah::KalahMove;
  using Child = kalah::KalahChild;
  using Children = kalah::KalahChildren;
  static constexpr int kMoveIndexes = kalah::KalahGame::kMoveIndexes;

  kalah::KalahGame base;
  int threshold = 0;  // South wins when margin(end) >= threshold

  void children(const State& s, Children& out) const {
    if (kalah::game_over(s, base.rules)) {
      out.clear();
      return;
    }
    base.children(s, out);
  }
  int side_to_move(const State& s) const { return s.side; }
  std::uint64_t hash(const State& s) const { return s.key; }
  int winner(const State& s) const { return kalah::margin(s, base.rules) >= threshold ? 0 : 1; }
  int quick_winner(const State& s) const { return kalah::game_over(s, base.rules) ? winner(s) : -1; }
  int move_index(const Move& m) const { return m.house; }
  int order_hint(const State& s, const Child& c) const { return base.order_hint(s, c); }
};

}  // namespace bao::search::solver
