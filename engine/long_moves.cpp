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
// A rotation of the 128-bit ring (GCC and Clang make it two double shifts and conditional
// moves): no branch on k, which is data (the seeds of a lap) and would be mispredicted about
// every other lap. `& 127` makes the left shift 0, not 128, when k is 0.
inline Rel turn(Rel r, unsigned k) {
  unsigned __int128 v = static_cast<unsigned __int128>(r.hi) << 64 | r.lo;
  const unsigned s = 8 * (k & (kRing - 1));
  v = (v >> s) | (v << ((128 - s) & 127));
  return Rel{static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(v >> 64)};
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
// of a never-ending move (long_moves.h). Every kProofCheckLaps laps the thread's proof
// limit is asked (it may throw ProofStopped). The end pit, house flag and lap count live in
// locals during the loop (one store each per lap would be most of a lap's work) and go
// back to t on every way out, the throw excepted (t is then of no use to anyone).
template <bool kPositional>
Run run(TakasaLaps& t, Rel& r, std::uint64_t& budget) {
  CycleDetector<Key> cycle;
  int end = t.end;
  bool owns = t.owns_house;
  std::uint64_t laps = t.laps;
  const auto key = [&] { return Key{r.lo, r.hi, kPositional ? static_cast<std::uint32_t>(end) : 0u}; };
  const auto out = [&](Run x) {
    t.end = end;
    t.owns_house = owns;
    t.laps = laps;
    return x;
  };
  const Key first = key();
  bool past_first = false;
  while (budget != 0) {
    const auto n = static_cast<unsigned>(r.lo & 0xff);
    if (n == 1) return out(Run::Ended);  // 3.1(2): the lap ended in an empty pit
    if (kPositional) {
      if (end == t.takasia) return out(Run::Ended);                            // 3.1(4)
      if (t.namua && owns && end == kHouse && n >= 6) return out(Run::Ended);  // 3.1(5)
    }
    const Key k = key();
    if ((past_first && k == first) || cycle.repeats(k)) return out(Run::Infinite);  // rules.md 8
    past_first = true;
    // 3.1(6): relay; lifting the own house loses it (2.5a).
    const bool lifts_house = owns & (end == kHouse);
    r = lap(r, n);
    end = (end + t.step * static_cast<int>(n)) & (kRing - 1);
    --budget;
    ++laps;
    if (kPositional && lifts_house) {
      owns = false;
      return out(Run::HouseLost);
    }
    owns = owns & !lifts_house;  // without a branch: `end` is data
    if ((laps & (kProofCheckLaps - 1)) == 0) [[unlikely]]
      proof_checkpoint();
  }
  return out(Run::Running);
}

constinit thread_local LongMoveOptions options;
constinit thread_local LongMoveStats stats;

// This thread's proof limit (ProofLimitScope): the innermost scope's, armed or not, and the
// laps counted against it since it was armed.
struct ProofLimitState {
  ProofLimit limit;
  bool armed = false;
  std::uint64_t laps_used = 0;
};
constinit thread_local ProofLimitState proof_state;

}  // namespace

bool ProofLimit::active() const { return laps != 0 || deadline != Clock::time_point::max(); }

ProofLimitScope::ProofLimitScope(const ProofLimit& limit)
    : saved_limit_(proof_state.limit), saved_armed_(proof_state.armed), saved_used_(proof_state.laps_used) {
  proof_state.limit = limit;
  proof_state.armed = false;
  proof_state.laps_used = 0;
}
ProofLimitScope::~ProofLimitScope() {
  proof_state.limit = saved_limit_;
  proof_state.armed = saved_armed_;
  proof_state.laps_used = saved_used_;
}
void ProofLimitScope::arm() {
  if (proof_state.armed || !proof_state.limit.active()) return;
  proof_state.armed = true;
  proof_state.laps_used = 0;
}

ProofLimit proof_limit() { return proof_state.limit; }

void proof_checkpoint() {
  ProofLimitState& p = proof_state;
  if (!p.armed) return;
  p.laps_used += kProofCheckLaps;
  if ((p.limit.laps != 0 && p.laps_used >= p.limit.laps) ||
      (p.limit.deadline != ProofLimit::Clock::time_point::max() && ProofLimit::Clock::now() >= p.limit.deadline))
    throw ProofStopped{};
}

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
