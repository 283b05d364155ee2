// bao solve --children: the exact value of every legal move of a position, the ground
// truth of experiment E10 (docs/results.md). Each child is solved on its own budget (the
// limits of --limit-nodes / --limit-s apply per child), and its value is written from the
// view of the side to move in the given position (the mover), whoever moves in the child:
//
//   child <TAB> MOVE <TAB> VALUE <TAB> NODES <TAB> POSITION     one line per legal move
//   value <TAB> V                                               the position's value
//
// Bao: VALUE is win (the mover wins after the move under perfect play), loss, or open (no
// proof within the budget: df-pn ran out, or neither side's win was proven). V is win if
// some child is a win, loss if every child is a loss, else open.
// Kalah: VALUE is the final margin, the mover's seeds minus the opponent's under perfect
// play after the move (signed, e.g. +4), or open. V is the largest child's value, or
// open if any child is open. A position with no legal move prints no child and its own
// value (Bao: loss; Kalah: the final margin).
#pragma once

#include <cstddef>
#include <string>

#include "engine/kalah/kalah_game.h"
#include "search/bao_game.h"
#include "search/solver/budget.h"
#include "search/solver/kalah_margin.h"
#include "search/solver/margin.h"

namespace bao::cli {

// Bao by df-pn (search/solver/solve.h), one table of table_mb MiB cleared before each
// child, so a child's value and nodes are those of `bao solve` on the child alone.
void print_bao_children(const search::BaoGame& g, const Position& p, const search::solver::SolveLimits& limits,
                        std::size_t table_mb, int max_path);

// Kalah by the margin solver (search/solver/margin.h). The children share one table: its
// bounds are exact on every path (Kalah never repeats a position), so sharing changes the
// nodes, never a value.
void print_kalah_children(const kalah::KalahGame& g, const kalah::KalahState& s,
                          const search::solver::KalahMarginHook& hook, const search::solver::SolveLimits& limits,
                          std::size_t table_mb, const search::solver::MarginOptions& options);

}  // namespace bao::cli
