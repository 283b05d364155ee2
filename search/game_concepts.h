// The game concepts searchers are written against; a game meets them structurally, so
// its rules folder (engine/GAME/) need not include this file. Bao's adapter is
// search/bao_game.h, Kalah's engine/kalah/kalah_game.h.
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
// Moves need not alternate: a child where side_to_move is the parent's again (Kalah's
// extra move) is the same player's node, and searchers compare sides, never assume a
// change. A game whose every move passes the turn may say so with
// `static constexpr bool kAlternates = true`, which lets negamax searchers skip the test.
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

// Whether every move of G passes the turn to the other side (G::kAlternates; false when
// the game does not say).
template <class G>
constexpr bool alternates() {
  if constexpr (requires { G::kAlternates; })
    return G::kAlternates;
  else
    return false;
}

}  // namespace bao::search
