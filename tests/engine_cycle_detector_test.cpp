// CycleDetector (engine/cycle_detector.h): Brent's algorithm on synthetic sequences of
// known pre-period and period, on an iterated function whose cycle is found by brute
// force, and on sequences that never repeat a state.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "engine/cycle_detector.h"

namespace bao {
namespace {

// The index at which the detector first reports a repeat over x(0), x(1), ..., or -1 if
// it does not within `bound` states.
std::int64_t first_report(const std::function<std::uint64_t(std::int64_t)>& x, std::int64_t bound) {
  CycleDetector<std::uint64_t> detector;
  for (std::int64_t i = 0; i < bound; ++i)
    if (detector.repeats(x(i))) return i;
  return -1;
}

// Where the header's saving schedule must report: the state saved at index 2^k - 2, for
// the first k >= 1 whose save lies on the cycle (2^k - 2 >= mu) and whose window holds a
// whole period (2^k >= lambda), comes back lambda states later.
std::int64_t expected_report(std::int64_t mu, std::int64_t lambda) {
  std::int64_t window = 2;
  while (window - 2 < mu || window < lambda) window *= 2;
  return window - 2 + lambda;
}

TEST(CycleDetector, FindsAKnownPeriodWithinTheBound) {
  for (std::int64_t mu : {0, 1, 2, 7, 100, 1000, 5000}) {
    for (std::int64_t lambda : {1, 2, 3, 74, 1023, 1024, 1025, 40000}) {
      SCOPED_TRACE("mu " + std::to_string(mu) + " lambda " + std::to_string(lambda));
      // i before the cycle, then mu, mu + 1, ..., mu + lambda - 1 over and over.
      const auto x = [&](std::int64_t i) { return static_cast<std::uint64_t>(i < mu ? i : mu + (i - mu) % lambda); };
      const std::int64_t bound = 4 * std::max(mu + 2, lambda);
      const std::int64_t at = first_report(x, bound);
      ASSERT_GE(at, 0) << "no cycle found within " << bound << " states";
      // Sound: the state reported occurred before, which first happens at mu + lambda.
      EXPECT_GE(at, mu + lambda);
      EXPECT_EQ(at, expected_report(mu, lambda));
    }
  }
}

TEST(CycleDetector, FindsTheCycleOfAnIteratedFunction) {
  // x -> x^2 + 1 mod a prime (Pollard's rho): a tail and a cycle of unknown lengths,
  // measured here by remembering every state.
  constexpr std::uint64_t kPrime = 1000003;
  const auto f = [](std::uint64_t v) { return (v * v + 1) % kPrime; };
  std::unordered_map<std::uint64_t, std::int64_t> first_seen;
  std::uint64_t v = 2;
  std::int64_t i = 0;
  while (first_seen.emplace(v, i).second) {
    v = f(v);
    ++i;
  }
  const std::int64_t mu = first_seen[v], lambda = i - mu;
  ASSERT_GT(lambda, 1);

  CycleDetector<std::uint64_t> detector;
  std::uint64_t w = 2;
  std::int64_t at = 0;
  while (!detector.repeats(w)) {
    w = f(w);
    ++at;
  }
  EXPECT_EQ(at, expected_report(mu, lambda)) << "mu " << mu << " lambda " << lambda;
  EXPECT_LT(at, 4 * std::max(mu + 2, lambda));
}

TEST(CycleDetector, NeverReportsASequenceWithoutRepeats) {
  EXPECT_EQ(first_report([](std::int64_t i) { return static_cast<std::uint64_t>(i); }, 1 << 20), -1);
  // Multiplying by an odd constant is a bijection on 64-bit words: no value comes twice.
  const auto scrambled = [](std::int64_t i) { return static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull; };
  EXPECT_EQ(first_report(scrambled, 1 << 20), -1);
}

TEST(CycleDetector, ReportsARepeatOfTheFirstState) {
  // A fixed point from the start: x1 == x0.
  EXPECT_EQ(first_report([](std::int64_t) { return std::uint64_t{7}; }, 10), 1);
}

// A view of a state (what move execution feeds: the pits in place) is compared with the
// saved state on every call but converted into one only when it is saved, at indices
// 0, 2, 6, 14, ...; the report comes where it does for the states themselves.
struct CountingView {
  std::uint64_t value;
  int* conversions;
  bool operator==(std::uint64_t saved) const { return value == saved; }
  operator std::uint64_t() const {
    ++*conversions;
    return value;
  }
};

TEST(CycleDetector, CopiesAViewOnlyWhenItSavesIt) {
  constexpr std::int64_t kMu = 100, kLambda = 74;
  const auto x = [](std::int64_t i) { return static_cast<std::uint64_t>(i < kMu ? i : kMu + (i - kMu) % kLambda); };
  CycleDetector<std::uint64_t> detector;
  int conversions = 0;
  std::int64_t at = 0;
  while (!detector.repeats(CountingView{x(at), &conversions})) ++at;
  EXPECT_EQ(at, expected_report(kMu, kLambda));
  // Saves at 0, 2, 6, 14, 30, 62, 126 (the last before the report at 200).
  EXPECT_EQ(conversions, 7);
}

}  // namespace
}  // namespace bao
