// Long takasa moves: the relative-ring lap and the rotation-aware cycle proof of
// long_moves.h. Rule numbers are Donkers' as quoted in docs/rules.md.
#include "engine/long_moves.h"

#include <cstring>

#include "engine/cycle_detector.h"

namespace bao {
namespace {

static_assert(kRing == 16, "the ring is two 64-bit words of one byte per pit");

// The mover's ring seen from the pit the last lap ended in: byte i (lo bytes 0..7, hi bytes
// 8..15) is the pit i steps further in the sowing direction. Byte 0 is the pit whose 3.1
// decision is next. No byte exceeds kSeeds, so byte-wise adds never carry.
struct Rel {
  std::uint64_t lo, hi;
};

// kTurn[n]: what a lap of n seeds adds, after the lifted pit was emptied and the ring
// turned by n % 16 (the landing pit is then byte 0). Before turning, the lifted pit gets
// n / 16 (one seed a full round) and the n % 16 pits after it one more (1.3).
struct TurnTable {
  std::uint64_t add[kSeeds + 1][2];
};
constexpr TurnTable make_turn_table() {
  TurnTable t{};
  for (int n = 0; n <= kSeeds; ++n) {
    for (int i = 0; i < kRing; ++i) {
      const int j = (i + n) % kRing;  // the byte before turning
      const std::uint64_t seeds = n / kRing + (j >= 1 && j <= n % kRing ? 1 : 0);
      t.add[n][i / 8] |= seeds << (8 * (i % 8));
    }
  }
  return t;
}
constexpr TurnTable kTurn = make_turn_table();

// Byte i of the result is byte (i + k) % 16 of r: the ring seen from k pits further on.
// Branch-free (the shift by 64 - s is split in two so that s = 0 is defined).
inline Rel turn(Rel r, unsigned k) {
  const bool half = k & 8;
  const std::uint64_t a = half ? r.hi : r.lo, b = half ? r.lo : r.hi;
  const unsigned s = 8 * (k & 7);
  return Rel{(a >> s) | ((b << (63 - s)) << 1), (b >> s) | ((a << (63 - s)) << 1)};
}

// One lap (3.1(6), 1.3): lift the n seeds of byte 0 and sow them on.
inline Rel lap(Rel r, unsigned n) {
  r.lo &= ~std::uint64_t{0xff};
  r = turn(r, n & (kRing - 1));
  r.lo += kTurn.add[n][0];
  r.hi += kTurn.add[n][1];
  return r;
}

Rel relative(const TakasaLaps& t) {
  std::uint8_t b[kRing];
  for (int i = 0; i < kRing; ++i) b[i] = t.ring[(t.end + t.step * i) & (kRing - 1)];
  Rel r;
  std::memcpy(&r.lo, b, 8);
  std::memcpy(&r.hi, b + 8, 8);
  return r;
}
void set_absolute(const Rel& r, TakasaLaps& t) {
  std::uint8_t b[kRing];
  std::memcpy(b, &r.lo, 8);
  std::memcpy(b + 8, &r.hi, 8);
  for (int i = 0; i < kRing; ++i) t.ring[(t.end + t.step * i) & (kRing - 1)] = b[i];
}

// The state cycle detection compares: the relative ring, and the absolute end pit only
// where a pit is special (kPositional). The house flag is constant within one run().
struct Key {
  std::uint64_t lo = 0, hi = 0;
  std::uint32_t at = 0;
  bool operator==(const Key&) const = default;
};

enum class Run : std::uint8_t { Ended, Infinite, Running, HouseLost };

// Laps from t (ring r) until the move ends, a state repeats, the budget is spent, or, with
// kPositional, a relay lifts the owned house (the caller starts a new detection then: the
// house flag only ever goes from owned to lost, so a cycle lies wholly after the change).
// Without kPositional no pit is special (takasia none, and not namua with an owned house):
// the lap map commutes with turning the ring, which makes a repeated relative state a proof
// of a never-ending move (long_moves.h).
template <bool kPositional>
Run run(TakasaLaps& t, Rel& r, std::uint64_t& budget) {
  CycleDetector<Key> cycle;
  const auto key = [&] { return Key{r.lo, r.hi, kPositional ? static_cast<std::uint32_t>(t.end) : 0u}; };
  const Key first = key();
  bool past_first = false;
  while (budget != 0) {
    const auto n = static_cast<unsigned>(r.lo & 0xff);
    if (n == 1) return Run::Ended;  // 3.1(2): the lap ended in an empty pit
    if (kPositional) {
      if (t.end == t.takasia) return Run::Ended;                                    // 3.1(4)
      if (t.namua && t.owns_house && t.end == kHouse && n >= 6) return Run::Ended;  // 3.1(5)
    }
    const Key k = key();
    if ((past_first && k == first) || cycle.repeats(k)) return Run::Infinite;  // rules.md 8
    past_first = true;
    // 3.1(6): relay; lifting the own house loses it (2.5a).
    const bool lifts_house = t.end == kHouse && t.owns_house;
    r = lap(r, n);
    t.end = (t.end + t.step * static_cast<int>(n)) & (kRing - 1);
    --budget;
    ++t.laps;
    if (lifts_house) {
      t.owns_house = false;
      if (kPositional) return Run::HouseLost;
    }
  }
  return Run::Running;
}

constinit thread_local LongMoveOptions options;
constinit thread_local LongMoveStats stats;

}  // namespace

LapsResult play_takasa_laps(TakasaLaps& t, std::uint64_t max_laps) {
  Rel r = relative(t);
  Run x;
  do {
    const bool positional = t.takasia != kNoPit || (t.namua && t.owns_house);
    x = positional ? run<true>(t, r, max_laps) : run<false>(t, r, max_laps);
  } while (x == Run::HouseLost);
  set_absolute(r, t);
  return x == Run::Ended ? LapsResult::Ended : x == Run::Infinite ? LapsResult::Infinite : LapsResult::Running;
}

LongMoveOptions long_move_options() { return options; }
void set_long_move_options(const LongMoveOptions& o) { options = o; }

LongMoveStats long_move_stats() { return stats; }
void reset_long_move_stats() { stats = {}; }
void note_long_move(bool infinite, std::uint64_t laps) {
  ++stats.long_moves;
  stats.infinite += infinite;
  stats.laps += laps;
}

}  // namespace bao
