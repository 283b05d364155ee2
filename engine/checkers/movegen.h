// Move generation and execution for English draughts (WCDF rules, docs/checkers.md):
// men step and capture diagonally forward, kings both ways; a capture, when any exists,
// must be played (any capture sequence, not necessarily the longest) and completed; a
// man that reaches the far row is crowned and the move ends there.
//
// Nothing here allocates: moves go into the fixed-capacity lists of move.h. The draw rule
// is the game's (game.h): these functions list the moves the board allows.
#pragma once

#include <cstdint>

#include "engine/checkers/board.h"
#include "engine/checkers/move.h"

namespace bao::checkers {

// Every legal move of s with the state it leads to: captures if any exist, else steps;
// ordered by the square moved from, then by route (jump directions up-left, up-right,
// down-left, down-right at each landing), so steps come out with destinations ascending.
void generate_children(const State& s, Children& out);
// The same moves without their states.
void generate_moves(const State& s, MoveList& out);
// The number of legal moves of s, counted without listing them (perft's last ply).
std::uint64_t count_moves(const State& s);
// The pieces of the side to move that can capture (empty: no capture is compulsory).
std::uint32_t capturers(const State& s);
// perft (perft.h) without move lists: every path of `depth` moves, the last counted.
std::uint64_t perft_walk(const State& s, int depth);
// The state after move m, which must be legal at s (as generate_moves gives it).
State apply(const State& s, const Move& m);
// The square a move lands on after its k-th jump (k < m.jumps), from its route.
int landing(const Move& m, int k);

}  // namespace bao::checkers
