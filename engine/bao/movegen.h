// Move generation and execution: the rules of rules.md sections 3 to 9.
//
// A Bao move is a sequence of laps whose length is not known in advance, and whether a
// move exists at all (an infinite move is illegal; the safari variant `>` exists only
// if the move reaches the house choice) is only known by playing it. Generation therefore
// plays every candidate and yields each legal move together with the position it leads
// to; searchers use the children directly instead of replaying moves.
//
// Nothing here allocates: lists are fixed-capacity, cycle detection (Brent) keeps one
// saved in-move state. Nothing here throws, except ProofStopped out of a long move's proof
// while the thread has an armed ProofLimit (engine/bao/long_moves.h); the list being filled is
// then incomplete and nothing about the unfinished move is cached.
#pragma once

#include <boost/container/static_vector.hpp>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"

namespace bao {

struct Child {
  Move move;
  Position pos;
};
using ChildList = boost::container::static_vector<Child, kMaxMoves>;

// The candidate moves of p (rules.md 5, 6: the moves the rules offer before any is
// played; the legal ones are those that end): either all capture moves (flags 0) or all
// takasa moves (flags Move::kTakasa), as bit 2i + letter (R = 1) for the pit of canonical
// index i (notation.md's order: front pits 1..8, then back pits 1..8), so the bits in
// increasing order are the canonical order. Safari twins are not candidates: a capture
// has one only if playing it reaches the house choice.
struct Candidates {
  std::uint32_t bits = 0;
  std::uint8_t flags = 0;
};
Candidates candidates(const Position& p, const Rules& rules);

// Every legal move of p with its resulting position, in the canonical order of
// notation.md (row A B a b, pit, L before R, stop before safari). Empty when the game is
// over (a front row empty) or the side to move has no legal move.
void generate_children(const Position& p, const Rules& rules, ChildList& out);

// The number of legal moves (what perft counts at its last ply), without building the
// children's keys or lists.
int count_legal_moves(const Position& p, const Rules& rules);

// An upper bound on count_legal_moves(p, rules) without playing a move: the candidates
// (rules.md 5, 6), a namua capture counted twice while the mover owns his house (its
// safari twin may exist). Equal to it unless a candidate is infinite or a twin is missing.
int max_legal_moves(const Position& p, const Rules& rules);

// The legal moves only, same order.
void generate_moves(const Position& p, const Rules& rules, MoveList& out);

// The position after move m. m must be one of generate_moves(p, rules); otherwise
// the result is unspecified (use parse_move or is_legal to check input first).
Position apply_move(const Position& p, const Move& m, const Rules& rules);

bool is_legal(const Position& p, const Move& m, const Rules& rules);

// The opponent's front pits (bitmask over his ring indices 0..7) that `side` could
// capture with the first lap of a capture move if it were his turn: by the namua rules
// (2.3) while he has seeds in hand, else by the mtaji rules (3.4). For evaluators.
std::uint32_t capture_targets(const Position& p, int side);

enum class Outcome : std::uint8_t { Ongoing, SouthWins, NorthWins };

// The game's state at p: decided when a front row is empty (3.1, 8) or when the side to
// move has no legal move (it loses, 8); otherwise ongoing.
Outcome outcome(const Position& p, const Rules& rules);

// Why the game ended at p, in words ("North's front row is empty", "South has no legal
// move"), or "" while it goes on.
const char* outcome_reason(const Position& p, const Rules& rules);

#ifdef BAO_MOVE_STATS
// Counters of the legal moves this thread has played to their end: a profile build's
// (bench/perft_stats.cpp); the library has none. A long move (one still going after 64
// laps) counts 64 laps and the seeds its first 64 laps sowed, as `long_moves`.
struct MoveStats {
  std::uint64_t moves = 0, laps = 0, seeds = 0, long_moves = 0;
};
MoveStats& move_stats();
#endif

// perft(p, depth) as notation.md defines it.
std::uint64_t perft(const Position& p, const Rules& rules, int depth);

// Staged move generation: the child of p by move m when m is legal in p, exactly as
// generate_children would list it (same move, position, key and takasia mark), and false
// otherwise; out is unspecified then. Any m is accepted (a move remembered from another
// position is simply illegal here), so a searcher can play its hash move or a killer
// before, or instead of, generating every child. Costs one pass over the candidates
// (no move played) and one move played. Allocates nothing.
bool child_if_legal(const Position& p, const Move& m, const Rules& rules, Child& out);
// The same with p's candidates known (candidates(p, rules)): no pass over them at all.
bool child_if_legal(const Position& p, const Move& m, const Rules& rules, const Candidates& cands, Child& out);

// generate_children without the moves skip[0..n_skip) (the moves a searcher has already
// played with child_if_legal), the others in the same order; a skipped move is not played
// (unless its safari twin is wanted: then it is played once to learn whether the move
// reaches the house choice). Allocates nothing.
void generate_children_except(const Position& p, const Rules& rules, const Move* skip, int n_skip, ChildList& out);
// The same with p's candidates known (candidates(p, rules)). Lazy legality: with
// `deferred` given, a candidate still going after 64 laps (a long move, whose end may take
// millions of laps to prove: rules.md 8) is not decided but named in *deferred (cleared
// first), in order; deferred_children decides it when the searcher needs it.
void generate_children_except(const Position& p, const Rules& rules, const Candidates& cands, const Move* skip,
                              int n_skip, ChildList& out, MoveList* deferred = nullptr);

// The children a deferred candidate m of p stands for: m's if m ends, then its safari
// twin's if m reaches the house choice, the twin is not among skip[0..n_skip) and ends;
// as generate_children lists them. Writes out[0..n), n <= 2; returns n. Plays the move
// to its end or to its proof of a cycle.
int deferred_children(const Position& p, const Move& m, const Rules& rules, const Move* skip, int n_skip, Child* out);

}  // namespace bao
