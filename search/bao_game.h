// Bao under a set of rules, as the search concepts (search/game_concepts.h) see it.
#pragma once

#include <cstdint>

#include "engine/bao/movegen.h"
#include "search/evaluator.h"
#include "search/game_concepts.h"

namespace bao::search {

// Bao under a set of rules.
struct BaoGame {
  using State = Position;
  using Move = bao::Move;
  using Child = bao::Child;
  using Children = ChildList;
  using MoveList = bao::MoveList;
  using Eval = EvalFn;                                // the evaluation functions searches take by default
  static constexpr int kMoveIndexes = 2 * kRing * 2;  // side x pit x letter
  static constexpr bool kAlternates = true;           // every Bao move passes the turn

  Rules rules;

  void children(const State& s, Children& out) const { generate_children(s, rules, out); }
  int side_to_move(const State& s) const { return s.side; }
  std::uint64_t hash(const State& s) const { return s.key; }
  int quick_winner(const State& s) const {
    Side w;
    if (front_row_decided(s, w)) return w;
    // Mtaji stage without a pit of 2 or more: no move (3.3), the side to move loses.
    if (s.hand[s.side] == 0 && !has_pit_of_two(s, s.side)) return s.side ^ 1;
    return -1;
  }
  int winner(const State& s) const {
    Side w;
    if (front_row_decided(s, w)) return w;
    return s.side ^ 1;  // no legal move: the side to move loses (8)
  }
  int move_index(const Move& m) const { return (m.pit * 2 + m.right) * 2; }
  // Seeds the mover has after the move: captures first, bigger ones first (the seeds it
  // gains, up to the same constant for every child of s, so not worked out).
  int order_hint(const State& s, const Child& c) const { return ring_seeds(c.pos, s.side); }
  // Pit (4 bits), letter (1), flags (2): at most 127.
  static std::uint8_t move_code(const Move& m) {
    return static_cast<std::uint8_t>(m.pit | m.right << 4 | m.flags << 5);
  }
  static Move code_move(std::uint8_t c) {
    return Move{static_cast<std::uint8_t>(c & 15), static_cast<std::uint8_t>((c >> 4) & 1),
                static_cast<std::uint8_t>(c >> 5), 0};
  }
  using Candidates = bao::Candidates;
  Candidates candidates(const State& s) const { return bao::candidates(s, rules); }
  bool child(const State& s, const Candidates& c, const Move& m, Child& out) const {
    return child_if_legal(s, m, rules, c, out);
  }
  void children_except(const State& s, const Candidates& c, const Move* skip, int n, Children& out) const {
    generate_children_except(s, rules, c, skip, n, out);
  }
  // Lazy legality (DeferringGame): a candidate still going after 64 laps is set aside.
  void children_deferring(const State& s, const Candidates& c, const Move* skip, int n, Children& out,
                          MoveList* deferred) const {
    generate_children_except(s, rules, c, skip, n, out, deferred);
  }
  int deferred_children(const State& s, const Move& m, const Move* skip, int n, Child* out) const {
    return bao::deferred_children(s, m, rules, skip, n, out);
  }
  static bool quiet(const Move& m) { return m.takasa(); }
  // Where a shuffled search (AlphaBetaOptions::shuffle) rotates the move order: the namua
  // stage (the side to move has seeds in hand), as Donkers' 2002 program does
  // (docs/reference-program.md).
  static bool shuffles(const State& s) { return s.hand[s.side] > 0; }
  // A takasa move changes neither the opponent's ring nor his hand, and cannot empty his
  // front row: its child is a quick win for the mover only when the opponent, in the mtaji
  // stage, has no pit of 2 or more (3.3), as he has not now.
  bool quiet_child_may_win(const State& s) const {
    const int o = s.side ^ 1;
    return s.hand[o] == 0 && !has_pit_of_two(s, o);
  }
  // Forward pruning (search/forward_pruning.h): a node's moves are all takasa moves or all
  // captures (rules.md 5); the null move hands the turn over with no takasia (the other
  // side's moves are then those of its turn after any move that set none).
  static bool quiet_moves(const Candidates& c) { return c.flags & bao::Move::kTakasa; }
  State pass(const State& s) const {
    State p = s;
    p.side ^= 1;
    p.takasia = kNoPit;
    p.refresh_key();
    return p;
  }
};
static_assert(DeferringGame<BaoGame>);

}  // namespace bao::search
