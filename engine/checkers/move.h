// Move: one checkers move (a step or a whole capture sequence) in 12 bytes, the child a
// move leads to, and the fixed-capacity lists moves are generated into.
//
// A capture names its route, not only its ends: two sequences that take the same pieces
// by different paths (a king going round a ring of four pieces either way) are two moves,
// written with every landing square (`15x22x31x24x15` and `15x24x31x22x15`), and perft
// counts both (docs/checkers.md, "Notation").
#pragma once

#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <type_traits>

#include "engine/checkers/board.h"

namespace bao::checkers {

struct Move {
  std::uint32_t captured = 0;  // squares of the pieces taken (empty for a step)
  std::uint8_t from = 0;       // square index 0..31
  std::uint8_t to = 0;         // square index 0..31
  std::uint8_t jumps = 0;      // 0 for a step; kByIndex: a move named by its index alone
  std::uint8_t index = 0;      // the move's place in its position's list (generation order)
  std::uint32_t dirs = 0;      // the direction (Dir) of jump k in bits 2k, 2k+1; a step's in bits 0-1

  static constexpr std::uint8_t kByIndex = 0xfe;
  bool capture() const { return jumps > 0; }
  int dir(int k) const { return (dirs >> (2 * k)) & 3; }
  // The same move: the same squares and route, wherever it was listed (a killer move from
  // a sibling position matches its equal here).
  bool operator==(const Move& o) const {
    return captured == o.captured && from == o.from && to == o.to && jumps == o.jumps && dirs == o.dirs;
  }
};
static_assert(sizeof(Move) == 12 && std::is_trivially_copyable_v<Move>);

// The longest capture takes every opposing piece: at most kMaxPieces jumps, 2 bits each.
static_assert(2 * kMaxPieces <= 32);

// The most legal moves of any position (docs/checkers.md, "Move-list capacity"):
//  * steps: a side has at most 12 pieces and a piece at most 4 steps (a king): 48;
//  * captures: a piece has at most 16 capture sequences. Of one king's sequences only
//    the squares of its jump lattice matter (the 16 squares it can land on, and the 16
//    midpoints, where it can take a piece); the count of complete sequences only grows
//    when a landing square is emptied or a midpoint gets an opposing piece (every
//    sequence of the smaller position extends to one of the larger, and different ones
//    to different ones), so the maximum is over an empty lattice with 12 opposing pieces
//    on midpoints: 16, found by enumerating all 2 x 16 x C(16,12) cases
//    (tests/checkers_test.cpp repeats the enumeration). A man's sequences are a subset
//    of a king's on the same square, extended the same way. So 12 x 16 = 192.
// Steps and captures never mix (captures are compulsory), so 192 bounds every list; it
// stays below 255, as searchers index children in a byte.
inline constexpr int kMaxCapturesPerPiece = 16;
inline constexpr int kMaxMoves = kMaxPieces * kMaxCapturesPerPiece;
static_assert(kMaxMoves >= kMaxPieces * 4 && kMaxMoves < 0xff);

using MoveList = boost::container::static_vector<Move, kMaxMoves>;

struct Child {
  Move move;
  State pos;
};
using Children = boost::container::static_vector<Child, kMaxMoves>;

}  // namespace bao::checkers
