// State: an English draughts (checkers) position as three 32-bit masks, the side to move,
// the draw-rule count and a 64-bit hash (24 bytes, trivially copyable).
//
// Squares are numbered 1-32 as in standard notation (docs/checkers.md): Black starts on
// 1-12 at the top, White on 21-32 at the bottom, square 1 is the second square of the
// top row. Bit i of a mask is square i+1, so a mask row is 4 bits and row r holds the
// squares 4r+1..4r+4. Even rows (0, 2, 4, 6) use the board columns 1, 3, 5, 7, odd rows
// the columns 0, 2, 4, 6. One diagonal step is then +-4 and, depending on the row's
// parity and the square's column, +-3 or +-5 (the step functions below); a jump is two
// steps in one direction: +-7 or +-9 whatever the row.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace bao::checkers {

enum Colour : std::uint8_t { Black = 0, White = 1 };

inline constexpr int kSquares = 32;
inline constexpr int kMaxPieces = 12;  // per side: the start; no rule adds a piece

inline constexpr std::uint32_t kEvenRows = 0x0F0F0F0Fu;  // rows 0, 2, 4, 6
inline constexpr std::uint32_t kOddRows = 0xF0F0F0F0u;   // rows 1, 3, 5, 7
inline constexpr std::uint32_t kLeftCol = 0x11111111u;   // square index % 4 == 0
inline constexpr std::uint32_t kRightCol = 0x88888888u;  // square index % 4 == 3
// Where a man of each colour is crowned: Black on row 7 (29-32), White on row 0 (1-4).
inline constexpr std::uint32_t kCrownRow[2] = {0xF0000000u, 0x0000000Fu};

// The four diagonal directions, in the order moves are generated: up (towards square 1)
// before down, left before right, so that each piece's destinations come out ascending.
enum Dir : int { UpLeft = 0, UpRight = 1, DownLeft = 2, DownRight = 3 };
// Black men move down (towards 32), White men up.
inline constexpr std::uint32_t kForwardDirs[2] = {1u << DownLeft | 1u << DownRight, 1u << UpLeft | 1u << UpRight};

// One diagonal step of every square in b, towards d; squares that would leave the board
// are dropped (the column masks keep a step from wrapping to the next row, and a shift
// past bit 31 or below bit 0 drops the rest).
constexpr std::uint32_t step(std::uint32_t b, int d) {
  switch (d) {
    case UpLeft:
      return (b & kEvenRows) >> 4 | (b & kOddRows & ~kLeftCol) >> 5;
    case UpRight:
      return (b & kEvenRows & ~kRightCol) >> 3 | (b & kOddRows) >> 4;
    case DownLeft:
      return (b & kEvenRows) << 4 | (b & kOddRows & ~kLeftCol) << 3;
    default:
      return (b & kEvenRows & ~kRightCol) << 5 | (b & kOddRows) << 4;
  }
}
constexpr int opposite(int d) { return 3 - d; }

struct State {
  std::uint32_t pieces[2] = {0, 0};  // [colour]: every piece of that colour
  std::uint32_t kings = 0;           // the kings of both colours
  std::uint8_t side = Black;         // colour to move
  // Plies in a row without a capture or a man move (the draw rule, docs/checkers.md);
  // saturates at 255.
  std::uint8_t quiet = 0;
  std::uint16_t pad = 0;  // always zero
  std::uint64_t key = 0;  // hash of pieces, kings and side (not quiet)

  std::uint32_t occupied() const { return pieces[0] | pieces[1]; }
  std::uint32_t empty() const { return ~occupied(); }

  // The hash from scratch: the board and the side to move. The draw-rule count is left
  // out, as draughts programs do, so positions one move apart in the count transpose.
  std::uint64_t compute_key() const {
    // Two independent multiplicative mixes folded together (a murmur-style finaliser).
    std::uint64_t a = (std::uint64_t{pieces[0]} << 32 | pieces[1]) * 0x9E3779B97F4A7C15ull;
    std::uint64_t b = (std::uint64_t{kings} << 1 | side) * 0xC2B2AE3D27D4EB4Full + 0x165667B19E3779F9ull;
    std::uint64_t h = a ^ (b >> 29) ^ (b << 35);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h;
  }
  void refresh_key() { key = compute_key(); }

  bool operator==(const State&) const = default;
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(sizeof(State) == 24);

// The start: Black men on 1-12, White men on 21-32, Black to move.
inline State start_state() {
  State s;
  s.pieces[Black] = 0x00000FFFu;
  s.pieces[White] = 0xFFF00000u;
  s.refresh_key();
  return s;
}

inline int popcount(std::uint32_t b) { return std::popcount(b); }

}  // namespace bao::checkers
