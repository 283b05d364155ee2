// An evaluation curve: every position of a game searched by one searcher, its value from
// the first side's view (side 0: South) and its best move, a finished position with its
// winner instead. The searcher keeps its tables from position to position, as in a game.
// `bao serve` draws these curves for recorded and played games.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "search/any_game.h"
#include "search/result.h"
#include "search/searcher.h"

namespace bao::experiments {

template <class Move>
struct CurvePoint {
  std::size_t ply = 0;  // 0: the start
  bool over = false;    // a finished position: winner set, no value or move
  int winner = -1;      // the side that won (0 or 1), -1 for a draw
  int value = 0;        // the search's value from side 0's view
  int to_move = 0;
  Move best{};
  int depth = 0;  // the depth the search finished
};

using BaoCurvePoint = CurvePoint<Move>;
using AnyCurvePoint = CurvePoint<std::string>;

// Each search runs under `limits` (its halt flag included); the curve has the first
// position's point at least and stops after the position that ends past `deadline`, or
// once the halt flag is set: a searcher may ignore
// time limits (minimax) or read the clock between iterations only (the model searches).
// Adds the time searched to `seconds`.
std::vector<BaoCurvePoint> bao_curve(search::Searcher& searcher, const std::vector<Position>& positions,
                                     const Rules& rules, const search::Limits& limits,
                                     std::chrono::steady_clock::time_point deadline, double& seconds);

std::vector<AnyCurvePoint> any_curve(search::AnySearcher& searcher, const search::AnyGame& game,
                                     const std::vector<search::AnyState>& states, const search::Limits& limits,
                                     std::chrono::steady_clock::time_point deadline, double& seconds);

}  // namespace bao::experiments
