// Move: one Bao move in 4 bytes, and the fixed-capacity list moves are generated into.
//
// A move names what the canonical notation prints (notation.md): the pit (ring index
// of the side to move: in the namua stage the front pit that receives the hand seed,
// in the mtaji stage the pit whose seeds are lifted), the letter L or R, whether it is
// a takasa move (`*`) and whether the player plays the house (safari, `>`).
// The letter means a kichwa for a namua capture move and a sowing side otherwise.
#pragma once

#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <type_traits>

namespace bao {

struct Move {
  enum : std::uint8_t { kTakasa = 1, kSafari = 2 };
  std::uint8_t pit = 0;     // ring index 0..15 of the side to move
  std::uint8_t right = 0;   // 0 = L, 1 = R
  std::uint8_t flags = 0;   // kTakasa | kSafari
  std::uint8_t unused = 0;  // always zero, so moves compare as words

  bool takasa() const { return flags & kTakasa; }
  bool safari() const { return flags & kSafari; }
  bool operator==(const Move&) const = default;
};
static_assert(sizeof(Move) <= 4 && std::is_trivially_copyable_v<Move>);

// The maximum number of legal moves, derived from the shape of a move (rules.md 5, 6):
//  * mtaji stage: a move is a start pit (16) and a direction (2): at most 32;
//  * namua capture: a front pit and a kichwa: pits 1, 2, 7, 8 have one kichwa, pits
//    3..6 two, so 12; each may split into stop and safari at the house: at most 24;
//  * namua takasa: a front pit (8) and a direction (2): at most 16.
// Captures and takasa moves never mix (1.7a), so no list exceeds 32.
inline constexpr int kMaxMoves = 32;
static_assert(kMaxMoves >= 16 * 2 && kMaxMoves >= (4 * 1 + 4 * 2) * 2 && kMaxMoves >= 8 * 2);

using MoveList = boost::container::static_vector<Move, kMaxMoves>;

}  // namespace bao
