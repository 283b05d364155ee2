// Kalah(m, n): the rules. Two rows of m houses with n seeds each and a store per side, as
// in Irving, Donkers and Uiterwijk, "Solving Kalah" (ICGA Journal 23(3), 2000):
//
//   * a move takes every seed of one of the mover's non-empty houses and sows them one by
//     one counter-clockwise into the following houses and the mover's own store, skipping
//     the opponent's store;
//   * last seed in the mover's store: the same side moves again;
//   * last seed in one of the mover's own houses that was empty: that seed and the seeds
//     of the opposite house go to the mover's store (KalahRules::empty_capture: also when
//     the opposite house is empty, the lone seed going to the store);
//   * the game ends when a side's houses are empty (KalahRules::end says whose); the
//     seeds left in each side's houses belong to that side. The value of a finished game
//     is the difference of the two sides' seeds (store plus houses left).
//
// Numbering: South (side 0) moves first. Each side numbers its houses 1..m in sowing
// order, house 1 farthest from its store; South's house i faces North's house m+1-i.
// A move is one sowing (a turn with extra moves is several moves of the same side).
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <string>

namespace bao::kalah {

inline constexpr int kMaxHouses = 8;  // houses per side
inline constexpr int kMaxSeeds = 12;  // seeds per house at the start (2 * 8 * 12 < 256)

// When the game ends; the sources read it two ways, and solved values depend on it.
enum class EndRule : std::uint8_t {
  Either,  // after any move that leaves either side's houses empty (Champion's rules)
  Mover,   // when the side to move has no seeds in its houses (it cannot move)
};

struct KalahRules {
  int houses = 6;              // m, 1..kMaxHouses
  int seeds = 4;               // n, 1..kMaxSeeds
  bool empty_capture = false;  // capture with an empty opposite house too
  EndRule end = EndRule::Either;

  int total_seeds() const { return 2 * houses * seeds; }
  // The longest a game can last, in moves: every move either passes seeds over the
  // mover's store (one seed more in a store: at most total_seeds() such moves) or moves
  // seeds only towards that store within the mover's row, which lowers the sum over
  // seeds of their distance to their owner's store (at most total_seeds() * houses), so
  // between two store gains there are at most total_seeds() * houses moves.
  long max_moves() const { return static_cast<long>(total_seeds()) * (total_seeds() * houses + 1); }
  bool operator==(const KalahRules&) const = default;
};

// The state: 18 counts (South's houses 1..8, its store, North's houses 1..8, its store;
// houses past m stay empty), the side to move and a hash of both.
struct KalahState {
  static constexpr int kStore = kMaxHouses;  // a side's store index within its 9 counts
  std::array<std::uint8_t, 2 * (kMaxHouses + 1)> pit{};
  std::uint8_t side = 0;
  std::uint64_t key = 0;

  std::uint8_t& house(int s, int i) { return pit[s * (kMaxHouses + 1) + i]; }
  std::uint8_t house(int s, int i) const { return pit[s * (kMaxHouses + 1) + i]; }
  std::uint8_t& store(int s) { return pit[s * (kMaxHouses + 1) + kStore]; }
  std::uint8_t store(int s) const { return pit[s * (kMaxHouses + 1) + kStore]; }
  void refresh_key();
  bool operator==(const KalahState& o) const { return pit == o.pit && side == o.side; }
};
static_assert(sizeof(KalahState) == 32);

struct KalahMove {
  std::uint8_t house = 0;  // 0-based, in the mover's numbering
  bool operator==(const KalahMove&) const = default;
};

struct KalahChild {
  KalahMove move;
  KalahState pos;
};
using KalahChildren = boost::container::static_vector<KalahChild, kMaxHouses>;

// Throws InputError naming a parameter out of range.
void check_rules(const KalahRules& r);
KalahState start_state(const KalahRules& r);
// The seeds in side s's houses.
int row_seeds(const KalahState& s, int side, const KalahRules& r);
// Whether the game is over at s (KalahRules::end).
bool game_over(const KalahState& s, const KalahRules& r);
// South's seeds minus North's: stores plus the seeds left in each side's houses.
int margin(const KalahState& s, const KalahRules& r);
// The position after m, which must be legal at s (a non-empty house of the mover's).
KalahState play(const KalahState& s, KalahMove m, const KalahRules& r);
bool is_legal(const KalahState& s, KalahMove m, const KalahRules& r);
// Every legal move with its child, houses in ascending order, but the n moves of skip;
// empty iff game_over(s) (with no skip).
void generate_children(const KalahState& s, const KalahRules& r, KalahChildren& out, const KalahMove* skip = nullptr,
                       int n = 0);
// The number of move sequences of `depth` moves (sowings) from s; a finished game ends a
// sequence early and counts as one leaf only at depth 0.
std::uint64_t perft(const KalahState& s, const KalahRules& r, int depth);

}  // namespace bao::kalah
