// perft: the number of move paths of a given length from a state, the standard check of
// a move generator. The last ply is counted without making its moves (bulk counting).
// Every capture route counts once (move.h), and the draw rule plays no part: perft counts
// what the board allows.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/checkers/board.h"
#include "engine/checkers/move.h"

namespace bao::checkers {

std::uint64_t perft(const State& s, int depth);
// perft split by first move, in generation order (depth >= 1).
std::vector<std::pair<Move, std::uint64_t>> divide(const State& s, int depth);

}  // namespace bao::checkers
