// Position: a Bao position as a small, trivially copyable value (48 bytes).
//
// Each player's 16 pits form a ring (rules.md 1): front pit k has ring index k-1,
// back pit k has ring index 16-k; clockwise (cw) is index+1 mod 16. Front index r faces
// the opponent's front index 7-r. The house (nyumba) is front pit 5, index 4.
//
// Searchers copy the position per move (copy-make). `key` is a 64-bit hash of all
// other fields; every function that changes a position leaves it up to date
// (see refresh_key), so transposition tables read it for free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/bao/rules.h"

namespace bao {

enum Side : std::uint8_t { South = 0, North = 1 };

inline constexpr int kRing = 16;     // pits per player
inline constexpr int kFront = 8;     // front pits are ring indices 0..7
inline constexpr int kHouse = 4;     // ring index of the house (front pit 5)
inline constexpr int kSeeds = 64;    // seeds in the game
inline constexpr int kMaxHand = 22;  // seeds in hand at the start of kiswahili
inline constexpr std::int8_t kNoPit = -1;

struct Position {
  std::uint8_t pits[2][kRing];  // [side][ring index]
  std::uint8_t hand[2];         // seeds in hand, [side]
  std::uint8_t side;            // side to move
  std::uint8_t houses;          // bit s set: side s owns its house
  std::int8_t takasia;          // ring index (front) of the side to move's takasia-ed pit, or -1
  std::uint8_t pad[3];          // always zero, so the first 40 bytes define the position
  std::uint64_t key;            // hash of the first 40 bytes

  bool owns_house(int s) const { return (houses >> s) & 1; }
  // Seeds in the eight front pits of side s, as one word: zero iff the row is empty.
  std::uint64_t front_word(int s) const {
    std::uint64_t w;
    std::memcpy(&w, pits[s], 8);
    return w;
  }
  bool front_empty(int s) const { return front_word(s) == 0; }

  // The hash of the first 40 bytes, computed from scratch.
  std::uint64_t compute_key() const;
  void refresh_key() { key = compute_key(); }

  bool operator==(const Position& o) const { return std::memcmp(this, &o, 40) == 0; }
};

static_assert(std::is_trivially_copyable_v<Position>);
static_assert(sizeof(Position) <= 48, "the position must stay within 48 bytes");
static_assert(offsetof(Position, key) == 40);

// The start position of a variant (rules.md 2).
Position start_position(Variant v);

// An empty board (no seeds anywhere), South to move, no houses, no takasia: a base
// for building test positions. The seed total is not checked here.
Position empty_position();

// Game end as the position shows it (rules.md 3.1, 8): a player whose front row is
// empty has lost. Returns true and sets winner if a front row is empty; a position with
// both rows empty counts as lost for the side to move. No legal move is decided by
// move generation, not here.
bool front_row_decided(const Position& p, Side& winner);

// Seeds in the 16 pits of side s (SWAR: byte pairs summed into 16-bit lanes).
inline int ring_seeds(const Position& p, int s) {
  std::uint64_t w[2];
  std::memcpy(w, p.pits[s], 16);
  constexpr std::uint64_t kLanes = 0x00ff00ff00ff00ffull;
  const std::uint64_t pairs = (w[0] & kLanes) + ((w[0] >> 8) & kLanes) + (w[1] & kLanes) + ((w[1] >> 8) & kLanes);
  return static_cast<int>((pairs * 0x0001000100010001ull) >> 48);
}

// Whether side s has a pit of 2 or more seeds (a mtaji move needs one, 3.3).
inline bool has_pit_of_two(const Position& p, int s) {
  std::uint64_t w[2];
  std::memcpy(w, p.pits[s], 16);
  return ((w[0] | w[1]) & 0xfefefefefefefefeull) != 0;
}

inline int seed_total(const Position& p) {
  int t = p.hand[0] + p.hand[1];
  for (int s = 0; s < 2; ++s)
    for (int r = 0; r < kRing; ++r) t += p.pits[s][r];
  return t;
}

}  // namespace bao
