// Kalah as the search concepts see it (search/game_concepts.h: Game and StagedGame, met
// structurally, so this file includes nothing of search/), and its evaluators.
//
// Moves do not alternate: a sowing that ends in the mover's store leaves side_to_move
// unchanged, and searchers read side_to_move instead of assuming a change.
//
// At fixed depth a finished game is a win, a draw or a loss (winner()); the margin is
// for exact solvers (margin()).
#pragma once

#include <cstdint>

#include "engine/kalah/kalah.h"

namespace bao::kalah {

// Evaluators (docs/kalah.md), scored for `side`, zero-sum.
//   stores  the store difference: the seeds each side has made safe.
//   sides   twice the store difference plus the difference of the seeds in each side's
//           houses: at the end each side keeps the seeds left in its own houses, so they
//           count, at half a stored seed's worth since the opponent may still capture them.
enum class KalahEvalKind : std::uint8_t { Stores, Sides };

struct KalahEval {
  KalahEvalKind kind = KalahEvalKind::Stores;
  KalahRules rules;
  int operator()(const KalahState& s, int side) const {
    const int stores = s.store(side) - s.store(side ^ 1);
    if (kind == KalahEvalKind::Stores) return stores;
    return 2 * stores + row_seeds(s, side, rules) - row_seeds(s, side ^ 1, rules);
  }
};

struct KalahGame {
  using State = KalahState;
  using Move = KalahMove;
  using Child = KalahChild;
  using Children = KalahChildren;
  using Eval = KalahEval;
  struct Candidates {};
  static constexpr int kMoveIndexes = 2 * kMaxHouses;  // side x house

  KalahRules rules;

  void children(const State& s, Children& out) const { generate_children(s, rules, out); }
  int side_to_move(const State& s) const { return s.side; }
  std::uint64_t hash(const State& s) const { return s.key; }
  int quick_winner(const State& s) const { return game_over(s, rules) ? winner(s) : -1; }
  // The side with more seeds at the end; -1 for a draw.
  int winner(const State& s) const {
    const int d = margin(s, rules);
    return d > 0 ? 0 : d < 0 ? 1 : -1;
  }
  int move_index(const Move& m) const { return m.house; }
  // Stored seeds first: the mover's store after the move (an extra move counts a seed more).
  int order_hint(const State& s, const Child& c) const { return c.pos.store(s.side) + (c.pos.side == s.side ? 1 : 0); }
  static std::uint8_t move_code(const Move& m) { return m.house; }
  static Move code_move(std::uint8_t c) { return Move{c}; }
  Candidates candidates(const State&) const { return {}; }
  bool child(const State& s, const Candidates&, const Move& m, Child& out) const {
    if (!is_legal(s, m, rules)) return false;
    out = Child{m, play(s, m, rules)};
    return true;
  }
  void children_except(const State& s, const Candidates&, const Move* skip, int n, Children& out) const {
    generate_children(s, rules, out, skip, n);
  }
};

}  // namespace bao::kalah
