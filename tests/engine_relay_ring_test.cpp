// The relative ring's lap, forward and backward (engine/bao/relay_ring.h), against sowing done
// one seed at a time; and the long-move proof (engine/bao/long_moves.cpp), from both ends and
// forward alone, against moves sown seed by seed.
//
// The claims checked: lap and lap_portable are the relay lap (1.3, 3.1(6)); the lap is
// one-to-one and unlap is its inverse -- every ring of at most 8 seeds (all 735,471 of
// them) and 200,000 random rings of up to 64 seeds: a ring has a predecessor iff unlap
// finds one, and it is the only one (every lap length tried, by un-sowing seed by seed);
// the SSE4.1 backward lap is unlap; and deciding a takasa move from both ends or forward
// alone gives what sowing it seed by seed gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/bao/long_moves.h"
#include "engine/bao/position.h"
#include "engine/bao/relay_ring.h"
#include "engine/random.h"

namespace bao {
namespace {

using Bytes = std::vector<int>;  // 16 pits, byte i of a RelRing

RelRing pack(const Bytes& b) {
  std::uint8_t a[16];
  for (int i = 0; i < 16; ++i) a[i] = static_cast<std::uint8_t>(b[i]);
  RelRing r;
  std::memcpy(&r.lo, a, 8);
  std::memcpy(&r.hi, a + 8, 8);
  return r;
}
Bytes unpack(RelRing r) {
  std::uint8_t a[16];
  std::memcpy(a, &r.lo, 8);
  std::memcpy(a + 8, &r.hi, 8);
  return Bytes(a, a + 16);
}

// The lap as the rules say it: lift the seeds of the pit (byte 0), sow them one at a time
// into the next pits, and look from the pit the last one fell in.
Bytes sow(Bytes b) {
  int n = b[0], at = 0;
  b[0] = 0;
  while (n-- > 0) ++b[at = (at + 1) % 16];
  Bytes out(16);
  for (int i = 0; i < 16; ++i) out[i] = b[(at + i) % 16];
  return out;
}

// Every ring x with byte 0 >= 2 whose lap is y, found by trying every lap length n and
// un-sowing seed by seed.
std::vector<Bytes> predecessors(const Bytes& y) {
  int seeds = 0;
  for (int v : y) seeds += v;
  std::vector<Bytes> out;
  for (int n = 2; n <= seeds; ++n) {
    Bytes x(16);
    for (int i = 0; i < 16; ++i) x[i] = y[(i - n % 16 + 16) % 16];  // seen from the lifted pit
    for (int s = 1; s <= n; ++s) --x[s % 16];
    bool ok = x[0] == 0;
    for (int v : x) ok = ok && v >= 0;
    if (!ok) continue;
    x[0] = n;
    if (sow(x) == y) out.push_back(x);
  }
  return out;
}

#if BAO_RELAY_RING_X86
// The SSE4.1 backward lap on keys (unlap(UnlapKeys&)) against unlap on y, twice: from keys
// made from y, then on from the keys it left (whose pit order is no longer the ring's), as
// the walk runs them.
[[gnu::target("sse4.1")]] void check_unlap_keys(RelRing y) {
  UnlapKeys k = unlap_keys(y);
  for (int step = 0; step < 2; ++step) {
    RelRing x;
    const bool found = unlap(y, x);
    ASSERT_EQ(unlap(k), found) << "backward lap " << step;
    if (!found) return;
    ASSERT_EQ(ring_of(k), x) << "backward lap " << step;
    y = x;
  }
}
#endif

// Checks lap, unlap and the SSE4.1 backward lap on y and, when y has predecessors, on the
// one there is.
void check_ring(const Bytes& y) {
  const std::vector<Bytes> before = predecessors(y);
  ASSERT_LE(before.size(), 1u) << "two rings lap to the same ring";
  RelRing x;
  const bool found = unlap(pack(y), x);
  ASSERT_EQ(found, !before.empty());
#if BAO_RELAY_RING_X86
  if (have_sse41()) check_unlap_keys(pack(y));
  ASSERT_FALSE(::testing::Test::HasFatalFailure());
#endif
  if (!found) return;
  ASSERT_EQ(unpack(x), before[0]);
  ASSERT_EQ(lap(x), pack(y));
  ASSERT_EQ(lap_portable(x), pack(y));
}

// Every ring of `seeds` seeds, pit by pit.
void each_ring(Bytes& b, int pit, int seeds, int& count) {
  if (::testing::Test::HasFatalFailure()) return;
  if (pit == 15) {
    b[15] = seeds;
    ++count;
    check_ring(b);
    if (b[0] >= 2) {  // x = b: lap then unlap comes back
      RelRing x;
      ASSERT_TRUE(unlap(lap(pack(b)), x));
      ASSERT_EQ(unpack(x), b);
    }
    return;
  }
  for (int v = 0; v <= seeds; ++v) {
    b[pit] = v;
    each_ring(b, pit + 1, seeds - v, count);
  }
}

TEST(RelayRing, EveryRingOfAtMost8SeedsHasAtMostOnePredecessorAndUnlapFindsIt) {
  int count = 0;
  Bytes b(16);
  for (int seeds = 0; seeds <= 8; ++seeds) each_ring(b, 0, seeds, count);
  EXPECT_EQ(count, 735471);  // C(24, 16): all rings of 0 to 8 seeds
}

// A random ring of `seeds` seeds in 16 pits (byte 0 at least `first`).
Bytes random_ring(SplitMix64& rng, int seeds, int first) {
  Bytes b(16, 0);
  b[0] = first;
  for (int s = first; s < seeds; ++s) ++b[rng.below(16)];
  return b;
}

TEST(RelayRing, RandomRingsOfUpTo64Seeds) {
  SplitMix64 rng{20261201};
  for (int k = 0; k < 200000 && !HasFatalFailure(); ++k) {
    const int seeds = 2 + static_cast<int>(rng.below(kSeeds - 1));
    const Bytes x = random_ring(rng, seeds, 2 + static_cast<int>(rng.below(static_cast<std::uint32_t>(seeds - 1))));
    ASSERT_EQ(unpack(lap(pack(x))), sow(x));
    ASSERT_EQ(unpack(lap_portable(pack(x))), sow(x));
    check_ring(sow(x));  // an image: its one predecessor is x
    check_ring(x);       // any ring: predecessor or none
  }
}

// A takasa move without a special pit played seed by seed on the absolute ring, as the rules
// say: `laps` relays at most from t (3.1(6); a relay from the owned house loses it, 2.5a),
// stopping at a lap that ends in an empty pit (3.1(2)). Returns whether it stopped there;
// t holds the state reached and t.laps counts the relays.
bool sow_laps(TakasaLaps& t, std::uint64_t laps) {
  for (; laps > 0; --laps) {
    int n = t.ring[t.end];
    if (n == 1) return true;
    if (t.end == kHouse) t.owns_house = false;
    t.ring[t.end] = 0;
    while (n-- > 0) {
      t.end = (t.end + t.step + kRing) % kRing;
      ++t.ring[t.end];
    }
    ++t.laps;
  }
  return t.ring[t.end] == 1;
}
// The ring of t seen from its end pit in its direction (relative: what comes back).
Bytes seen_from_end(const TakasaLaps& t) {
  Bytes b(16);
  for (int i = 0; i < 16; ++i) b[i] = t.ring[(t.end + t.step * i + 2 * kRing) % kRing];
  return b;
}

// The two ways of deciding a takasa move without a special pit -- with an unbounded budget,
// play_takasa_laps walks the period from both ends where the CPU allows (long_moves.cpp),
// with a finite one forward alone -- against the move sown seed by seed: a move that ends
// ends after as many laps with the same ring, end pit and house; for a move said never to
// end, sowing its reported period from the start comes back to the start's ring seen from
// the end pit, without a lap ending on the way. Random rings of 16 to 64 seeds, both
// directions, any end pit, with and without an owned house in the mtaji stage (the first
// relay from it loses it, 2.5a); most moves end, about one in 40 never does.
TEST(RelayRing, BothWaysAndForwardAloneMatchSowingSeedBySeed) {
  SplitMix64 rng{7};
  int infinite = 0, ended = 0, house_lost = 0;
  for (int k = 0; k < 40000 && !HasFatalFailure(); ++k) {
    const int seeds = 16 + static_cast<int>(rng.below(kSeeds - 15));
    const Bytes b = random_ring(rng, seeds, 2);
    TakasaLaps t;
    for (int i = 0; i < 16; ++i) t.ring[i] = static_cast<std::uint8_t>(b[i]);
    t.end = static_cast<int>(rng.below(16));
    t.step = rng.below(2) ? 1 : -1;
    t.owns_house = rng.below(2) == 0;
    for (const std::uint64_t budget : {~std::uint64_t{0}, ~std::uint64_t{0} - 1}) {
      TakasaLaps fast = t, slow = t;
      const LapsResult a = play_takasa_laps(fast, budget);
      ASSERT_NE(a, LapsResult::Running) << k;
      if (a == LapsResult::Ended) {
        ASSERT_TRUE(sow_laps(slow, fast.laps)) << k;  // ends after the same laps
        ASSERT_EQ(fast.laps, slow.laps) << k;
        ASSERT_EQ(std::memcmp(fast.ring, slow.ring, kRing), 0) << k;
        ASSERT_EQ(fast.end, slow.end) << k;
        ASSERT_EQ(fast.owns_house, slow.owns_house) << k;
        if (budget == ~std::uint64_t{0}) {
          ++ended;
          house_lost += t.owns_house && !slow.owns_house;
        }
      } else {
        ASSERT_GT(fast.laps, 0u) << k;
        ASSERT_FALSE(sow_laps(slow, fast.laps)) << k;  // no lap ends within the period
        ASSERT_EQ(slow.laps, fast.laps) << k;
        ASSERT_EQ(seen_from_end(slow), seen_from_end(t)) << k;  // and the ring comes back
        if (budget == ~std::uint64_t{0}) ++infinite;
      }
    }
  }
  EXPECT_GT(infinite, 100);
  EXPECT_GT(ended, 10000);
  EXPECT_GT(house_lost, 1000);  // the house is lost on the way often enough to be checked
}

}  // namespace
}  // namespace bao
