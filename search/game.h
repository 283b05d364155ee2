// The game concept searchers are written against, and its Bao instance.
//
// A game type G offers, for its State:
//   G::Move, G::Child {Move move; State pos;}
//   G::Children             a fixed-capacity list of Child whose capacity is
//                           G::Children::static_capacity (as boost's static_vector)
//   g.children(s, out)      every legal move with the state it leads to, in a fixed order;
//                           empty iff the game is over at s
//   g.side_to_move(s)       0 or 1
//   g.hash(s)               64-bit hash of s, for transposition tables
//   g.quick_winner(s)       the winner (0/1) if the game is known to be over at s without
//                           generating moves, else -1 (used at the search horizon)
//   g.winner(s)             the winner when children(s) is empty (-1: a draw)
//   g.move_index(m)         a small number < G::kMoveIndexes naming the move, for history
//   g.order_hint(s, child)  a cheap ordering score of a child (higher first)
// Random game trees (search/random_tree.h) satisfy the same concept.
//
// StagedGame (alpha-beta's staged move generation) adds:
//   g.move_code(m)          the move in one byte (< 0xff), for the transposition table
//   g.code_move(c)          and back
//   G::Candidates, g.candidates(s)   what a node's moves are made from, found once a node
//                           and handed to the two below (for Bao: the candidate moves)
//   g.child(s, cands, m, out)   true, with out the child as children(s) lists it, iff m
//                           is legal at s; any m is accepted (a remembered move from
//                           another position is just illegal)
//   g.children_except(s, cands, skip, n, out)   children(s) without the moves skip[0..n)
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "engine/movegen.h"
#include "search/evaluator.h"

namespace bao::search {

template <class G>
concept Game = requires(const G& g, const typename G::State& s, typename G::Children& out, const typename G::Child& c,
                        const typename G::Move& m) {
  g.children(s, out);
  { g.side_to_move(s) } -> std::convertible_to<int>;
  { g.hash(s) } -> std::convertible_to<std::uint64_t>;
  { g.quick_winner(s) } -> std::convertible_to<int>;
  { g.winner(s) } -> std::convertible_to<int>;
  { g.move_index(m) } -> std::convertible_to<int>;
  { g.order_hint(s, c) } -> std::convertible_to<int>;
  { c.move } -> std::convertible_to<typename G::Move>;
  { G::kMoveIndexes } -> std::convertible_to<int>;
  { G::Children::static_capacity } -> std::convertible_to<std::size_t>;
};

template <class G>
concept StagedGame = Game<G> &&
    requires(const G& g, const typename G::State& s, const typename G::Move& m, typename G::Child& out,
             typename G::Children& list, std::uint8_t code, const typename G::Candidates& cands) {
  { g.move_code(m) } -> std::convertible_to<std::uint8_t>;
  { g.code_move(code) } -> std::convertible_to<typename G::Move>;
  { g.candidates(s) } -> std::convertible_to<typename G::Candidates>;
  { g.child(s, cands, m, out) } -> std::convertible_to<bool>;
  g.children_except(s, cands, &m, 1, list);
};

// DeferringGame (alpha-beta's lazy legality) adds:
//   g.children_deferring(s, cands, skip, n, out, deferred)   children_except, but a move
//                           whose legality is costly to decide is left out of out and
//                           named in deferred (G::MoveList, cleared first), in order;
//                           with deferred null, children_except
//   g.deferred_children(s, m, skip, n, c)   the children (0..2, written to c[]) that a
//                           deferred move m stands for, decided now
//   G::quiet(m)             m moves no material between the sides (a Bao takasa move)
//   g.quiet_child_may_win(s)   whether a quiet move's child can be decided for the mover
//                           by quick_winner (so no evaluation bounds its value)
template <class G>
concept DeferringGame = StagedGame<G> &&
    requires(const G& g, const typename G::State& s, const typename G::Move& m, typename G::Children& list,
             typename G::Child* c, typename G::MoveList& deferred, const typename G::Candidates& cands) {
  g.children_deferring(s, cands, &m, 1, list, &deferred);
  { g.deferred_children(s, m, &m, 1, c) } -> std::convertible_to<int>;
  { G::quiet(m) } -> std::convertible_to<bool>;
  { g.quiet_child_may_win(s) } -> std::convertible_to<bool>;
};

// The most children a node of G can have: per-node buffers (move order, probe ties) are
// sized by it. Searchers keep child indices in bytes, 0xff meaning "none".
template <Game G>
inline constexpr int kMaxChildren = static_cast<int>(G::Children::static_capacity);

// Bao under a set of rules.
struct BaoGame {
  using State = Position;
  using Move = bao::Move;
  using Child = bao::Child;
  using Children = ChildList;
  using MoveList = bao::MoveList;
  using Eval = EvalFn;                                // the evaluation functions searches take by default
  static constexpr int kMoveIndexes = 2 * kRing * 2;  // side x pit x letter

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
