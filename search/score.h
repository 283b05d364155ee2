// Search values: evaluations are integers within +-kMaxEval; a finished game scores as a
// win or loss with its distance, so a shorter win and a longer loss are preferred.
#pragma once

#include <cstdlib>

namespace bao::search {

inline constexpr int kMaxEval = 100'000;  // evaluators stay within this
inline constexpr int kWin = 1'000'000;    // a win at the root itself; a win in n plies: kWin - n
inline constexpr int kInfinity = 2'000'000;
inline constexpr int kMaxPly = 128;  // deepest ply a search reaches

// The value, for the side to move at ply `ply` from the root, of a finished game won
// by `winner` (-1: draw).
inline int terminal_score(int winner, int side_to_move, int ply) {
  if (winner < 0) return 0;
  return winner == side_to_move ? kWin - ply : -(kWin - ply);
}
inline bool is_decisive(int v) { return std::abs(v) > kWin - kMaxPly - 1; }

// Transposition tables store decisive values relative to the node, not the root.
inline int to_table(int v, int ply) {
  return v > kWin - kMaxPly - 1 ? v + ply : v < -(kWin - kMaxPly - 1) ? v - ply : v;
}
inline int from_table(int v, int ply) {
  return v > kWin - kMaxPly - 1 ? v - ply : v < -(kWin - kMaxPly - 1) ? v + ply : v;
}

}  // namespace bao::search
