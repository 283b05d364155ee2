// The strength mode's forward pruning: options of alpha-beta (search/alphabeta.h) that
// trade exactness for depth, for people who want the strongest opponent. All are off by
// default, and with all off alpha-beta is the exact searcher (same values, same nodes).
// Each one is kept in the named searcher `engine` only if an SPRT at equal time accepted
// it (docs/strength.md).
//
// Bao has no check and, since a capture is compulsory whenever one exists (rules.md 5),
// a node's moves are either all captures or all takasa moves (quiet). The techniques
// below use that split:
//   * quiescence: at the horizon, a side that must capture plays its captures on (up to
//     `qsearch` plies), with the static value as a stand-pat bound;
//   * null move: a node whose static value is at least beta lets the opponent move twice
//     (the mover passes), searched `null_reduction` plies shallower with a null window;
//     at or above beta, the node is cut off. Bao has no zugzwang in the chess sense, but
//     a forced capture can hurt the mover, so it is measured like the rest;
//   * late-move reductions: at a node of at least 3 plies to go whose moves are quiet (or
//     any node, with `lmr_captures`), moves after the first `lmr_after` generated ones
//     (the hash move and killers come before them) are searched one ply shallower with a
//     null window first, and again at full depth if they beat alpha;
//   * futility: a node with 1 ply to go whose moves are all quiet, and whose static value
//     plus `futility_margin` is at most alpha, fails low at once with that bound;
//   * partial iterations: a search stopped by its node or time limit plays the move of
//     the unfinished iteration if that move displaced the last finished iteration's (which
//     the iteration searched first): at the new depth it is the better of the two. The
//     value and depth stay the last finished iteration's.
// A game opts in by offering quiet_moves(candidates) and pass(state) (ForwardPruningGame).
#pragma once

#include <concepts>

#include "search/game_concepts.h"

namespace bao::search {

struct ForwardPruning {
  int qsearch = 0;                 // plies of captures searched past the horizon (0: none)
  bool null_move = false;          // null-move pruning
  int null_reduction = 2;          // the null move's search is this many plies shallower (R)
  bool lmr = false;                // late-move reductions of quiet moves
  bool lmr_captures = false;       // ... and of late capture moves too
  int lmr_after = 3;               // generated moves searched at full depth before reducing
  bool futility = false;           // futility pruning at 1 ply to go
  int futility_margin = 24;        // evaluation units (the default evaluator: 6 seeds)
  bool partial_iteration = false;  // a stopped iteration's move, where it displaced the last one's

  bool any() const { return qsearch > 0 || null_move || lmr || futility; }  // in the tree
};

// A game whose nodes can say whether their moves are all quiet, and that can pass.
//   g.quiet_moves(cands)   true iff the moves made from these candidates are all quiet
//   g.pass(s)              s with the other side to move and nothing else changed that the
//                          other side's moves depend on (the null move)
template <class G>
concept ForwardPruningGame = StagedGame<G> &&
    requires(const G& g, const typename G::State& s, const typename G::Candidates& cands) {
  { g.quiet_moves(cands) } -> std::convertible_to<bool>;
  { g.pass(s) } -> std::convertible_to<typename G::State>;
};

}  // namespace bao::search
