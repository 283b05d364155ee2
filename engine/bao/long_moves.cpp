// Long takasa moves: the relative-ring lap and the rotation-aware cycle proof of
// long_moves.h. Rule numbers are Donkers' as quoted in docs/rules.md.
#include "engine/bao/long_moves.h"

#include <cstring>

#include "engine/bao/relay_ring.h"
#include "engine/cycle_detector.h"

namespace bao {
namespace {

RelRing relative(const TakasaLaps& t) {
  std::uint8_t b[kRing];
  for (int i = 0; i < kRing; ++i) b[i] = t.ring[(t.end + t.step * i) & (kRing - 1)];
  RelRing r;
  std::memcpy(&r.lo, b, 8);
  std::memcpy(&r.hi, b + 8, 8);
  return r;
}
void set_absolute(const RelRing& r, TakasaLaps& t) {
  std::uint8_t b[kRing];
  std::memcpy(b, &r.lo, 8);
  std::memcpy(b + 8, &r.hi, 8);
  for (int i = 0; i < kRing; ++i) t.ring[(t.end + t.step * i) & (kRing - 1)] = b[i];
}

enum class Run : std::uint8_t { Ended, Infinite, Running, HouseLost };

// A loop's state: the ring, the seeds sown, the house flag and the lap count live in locals
// (a reference would go through memory on every lap, and one store each per lap would be
// most of a lap's work) and go back to the caller's on every way out, a throw excepted (t
// is then of no use to anyone). The end pit is not stepped lap by lap: it is the first end
// pit moved on by the seeds sown. The budget is kept as the lap count to stop at (none for
// an unbounded one), so that a lap need not count it down.
struct Laps {
  TakasaLaps& t;
  RelRing& ring;
  std::uint64_t& budget;
  RelRing r;
  bool owns;
  std::uint64_t sown = 0, laps, stop;
  Laps(TakasaLaps& tl, RelRing& rg, std::uint64_t& b)
      : t(tl),
        ring(rg),
        budget(b),
        r(rg),
        owns(tl.owns_house),
        laps(tl.laps),
        stop(b > ~std::uint64_t{0} - tl.laps ? ~std::uint64_t{0} : tl.laps + b) {}
  bool spent() const { return laps == stop; }
  int end() const { return (t.end + t.step * static_cast<int>(sown & (kRing - 1))) & (kRing - 1); }
  // 3.1(6): one relay from r, whose byte 0 holds n (>= 2); lifting the own house loses it
  // (2.5a). Returns whether this lap lifted the house.
  bool relay(unsigned n) {
    bool lifts_house = false;
    if (owns) [[unlikely]] {
      lifts_house = end() == kHouse;
      owns = !lifts_house;
    }
    r = lap(r);
    sown += n;
    ++laps;
    if ((laps & (kProofCheckLaps - 1)) == 0) [[unlikely]]
      proof_checkpoint();
    return lifts_house;
  }
  Run out(Run x) {
    ring = r;
    if (budget != ~std::uint64_t{0}) budget = stop - laps;
    t.end = end();
    t.owns_house = owns;
    t.laps = laps;
    return x;
  }
};

// Laps from ring r where a pit is special (a takasia-ed pit, 4.1b, or the owned house in the
// namua stage, 3.1(5)) until the move ends, a state repeats, the budget is spent, or a
// relay lifts the owned house (the caller starts a new detection then: the house flag only
// ever goes from owned to lost, so a cycle lies wholly after the change). The state
// compared is the relative ring and the absolute end pit (the special pit's place), by
// Brent's algorithm and against the first state.
struct Key {
  std::uint64_t lo = 0, hi = 0;
  std::uint32_t at = 0;
  bool operator==(const Key&) const = default;
};
Run run_positional(TakasaLaps& t, RelRing& ring, std::uint64_t& budget) {
  CycleDetector<Key> cycle;
  Laps l(t, ring, budget);
  const Key first{l.r.lo, l.r.hi, static_cast<std::uint32_t>(l.end())};
  bool past_first = false;
  while (!l.spent()) {
    const auto n = static_cast<unsigned>(l.r.lo & 0xff);
    if (n == 1) return l.out(Run::Ended);  // 3.1(2): an empty pit
    const int end = l.end();
    if (end == t.takasia) return l.out(Run::Ended);                              // 3.1(4)
    if (t.namua && l.owns && end == kHouse && n >= 6) return l.out(Run::Ended);  // 3.1(5)
    const Key k{l.r.lo, l.r.hi, static_cast<std::uint32_t>(end)};
    if ((past_first && k == first) || cycle.repeats(k)) return l.out(Run::Infinite);  // rules.md 8
    past_first = true;
    if (l.relay(n)) return l.out(Run::HouseLost);
  }
  return l.out(Run::Running);
}

// Laps from ring r where no pit is special, forward only, until the move ends, the ring
// comes back, or the budget is spent. No pit being special, the lap map commutes with
// turning the ring, so the relative ring's coming back proves a never-ending move
// (long_moves.h); and since the lap is one-to-one (relay_ring.h), the first ring to come
// back, if any, is the first ring: no other comparison is needed.
Run run_free(TakasaLaps& t, RelRing& ring, std::uint64_t& budget) {
  Laps l(t, ring, budget);
  const RelRing first = l.r;
  while (!l.spent()) {
    const auto n = static_cast<unsigned>(l.r.lo & 0xff);
    if (n == 1) return l.out(Run::Ended);  // 3.1(2)
    l.relay(n);
    if (l.r == first) return l.out(Run::Infinite);  // rules.md 8
  }
  return l.out(Run::Running);
}

#if BAO_RELAY_RING_X86
// run_free without a budget, walking the period from both ends (relay_ring.h): forward laps
// from the first ring x0 give F_a = lap^a(x0), backward laps (unlap) give B_b with
// lap^b(B_b) = x0, so F_a = B_b proves lap^(a+b)(x0) = x0: the move never ends (every
// state on the way continues: the F's were checked, the B's have byte 0 >= 2). Both walks
// are chains of dependent operations, so they run side by side on one core; a backward lap
// takes a little over twice a forward one, so each comes with two forward laps, each
// compared with B_(b-1) and then B_b: the sums a + b are tried in order without a gap,
// so the walks meet at a + b = the period and together walk it once (t.laps grows by
// a + b, as a forward walk's would by the period). If a B has no predecessor, x0 lies on
// no cycle (the cycles of a one-to-one map are closed under its inverse), so the move
// ends, and the forward walk goes on alone to its end. A move that ends counts its
// forward laps only; the proof limit is asked every kProofCheckLaps forward laps.
[[gnu::target("sse4.1")]] Run run_both_ways(TakasaLaps& t, RelRing& ring) {
  std::uint64_t unbounded = ~std::uint64_t{0};
  Laps l(t, ring, unbounded);
  constexpr int kForward = 2;  // forward laps per backward lap
  UnlapKeys keys = unlap_keys(l.r);
  RelRing now = l.r;  // B_b
  std::uint64_t back = 0;
  for (;;) {
    const RelRing before = now;  // B_(b-1)
    if (!unlap(keys)) {          // no predecessor: the move ends
      l.out(Run::Running);
      return run_free(t, ring, unbounded);
    }
    now = ring_of(keys);
    ++back;
    for (int k = 0; k < kForward; ++k) {
      const auto n = static_cast<unsigned>(l.r.lo & 0xff);
      if (n == 1) return l.out(Run::Ended);  // 3.1(2)
      l.relay(n);
      if (l.r == before || l.r == now) {  // rules.md 8
        l.laps += back - (l.r == before ? 1 : 0);
        return l.out(Run::Infinite);
      }
    }
  }
}
#endif

// run_free, from both ends where it can: without a budget and with SSE4.1.
Run run_free_fastest(TakasaLaps& t, RelRing& ring, std::uint64_t& budget) {
#if BAO_RELAY_RING_X86
  if (budget == ~std::uint64_t{0} && have_sse41()) return run_both_ways(t, ring);
#endif
  return run_free(t, ring, budget);
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

bool ProofLimit::active() const { return laps != 0 || deadline != Clock::time_point::max() || halt != nullptr; }

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
      (p.limit.deadline != ProofLimit::Clock::time_point::max() && ProofLimit::Clock::now() >= p.limit.deadline) ||
      (p.limit.halt && p.limit.halt->load(std::memory_order_relaxed)))
    throw ProofStopped{};
}

LapsResult play_takasa_laps(TakasaLaps& t, std::uint64_t max_laps) {
  RelRing r = relative(t);
  Run x;
  do {
    const bool positional = t.takasia != kNoPit || (t.namua && t.owns_house);
    x = positional ? run_positional(t, r, max_laps) : run_free_fastest(t, r, max_laps);
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
