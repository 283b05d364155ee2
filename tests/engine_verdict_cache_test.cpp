// VerdictCache and verdict_tag (engine/bao/verdict_cache.h): what is stored comes back, tags
// never collide, a slot holds the newest verdict; a tag depends on what the move's laps
// depend on and nothing else.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "engine/bao/verdict_cache.h"

namespace bao {
namespace {

// A verdict whose every field depends on `fill`, so two of them differ everywhere.
Verdict make_verdict(std::uint64_t tag, std::uint8_t fill) {
  Verdict v;
  v.tag = tag;
  v.infinite = fill & 1;
  v.reached_choice = fill & 2;
  v.houses = fill & 3;
  for (int r = 0; r < kRing; ++r) {
    v.own[r] = static_cast<std::uint8_t>(fill + r);
    v.other[r] = static_cast<std::uint8_t>(2 * fill + r);
  }
  return v;
}

void expect_same(const Verdict* got, const Verdict& want) {
  ASSERT_NE(got, nullptr) << "tag " << want.tag << " not found";
  EXPECT_EQ(got->tag, want.tag);
  EXPECT_EQ(got->infinite, want.infinite);
  EXPECT_EQ(got->reached_choice, want.reached_choice);
  EXPECT_EQ(got->houses, want.houses);
  for (int r = 0; r < kRing; ++r) {
    EXPECT_EQ(got->own[r], want.own[r]) << "own " << r;
    EXPECT_EQ(got->other[r], want.other[r]) << "other " << r;
  }
}

TEST(VerdictCache, EmptyFindsNothing) {
  const VerdictCache<8> cache;
  for (std::uint64_t tag = 1; tag < 100; ++tag) EXPECT_EQ(cache.find(tag), nullptr) << tag;
}

TEST(VerdictCache, ReturnsWhatWasStored) {
  VerdictCache<8> cache;
  const Verdict a = make_verdict(5, 0x2e), b = make_verdict(6, 0x11);
  cache.store(a);
  cache.store(b);
  expect_same(cache.find(5), a);
  expect_same(cache.find(6), b);
  // Storing a tag again replaces its verdict.
  const Verdict a2 = make_verdict(5, 0x73);
  cache.store(a2);
  expect_same(cache.find(5), a2);
}

TEST(VerdictCache, TagsSharingASlotDoNotCollide) {
  VerdictCache<8> cache;
  const Verdict a = make_verdict(3, 1), b = make_verdict(3 + 8, 2);
  cache.store(a);
  EXPECT_EQ(cache.find(b.tag), nullptr) << "another tag of the same slot finds a's verdict";
  cache.store(b);
  EXPECT_EQ(cache.find(a.tag), nullptr) << "a was not evicted";
  expect_same(cache.find(b.tag), b);
}

TEST(VerdictCache, HoldsOneVerdictPerSlotUpToCapacity) {
  VerdictCache<8> cache;
  static_assert(VerdictCache<8>::kCapacity == 8);
  for (std::uint64_t tag = 1; tag <= 8; ++tag) cache.store(make_verdict(tag, static_cast<std::uint8_t>(tag)));
  for (std::uint64_t tag = 1; tag <= 8; ++tag)
    expect_same(cache.find(tag), make_verdict(tag, static_cast<std::uint8_t>(tag)));
  // A ninth tag evicts only the one of its slot (tag 1).
  cache.store(make_verdict(9, 9));
  EXPECT_EQ(cache.find(1), nullptr);
  expect_same(cache.find(9), make_verdict(9, 9));
  for (std::uint64_t tag = 2; tag <= 8; ++tag) EXPECT_NE(cache.find(tag), nullptr) << tag;
}

// SharedVerdictCache: the same contract through find's copy, and clear().
TEST(SharedVerdictCache, ReturnsWhatWasStoredAndClears) {
  static SharedVerdictCache<8> cache;  // static: 448 bytes of atomics, as the process's cache
  Verdict got;
  for (std::uint64_t tag = 1; tag < 40; ++tag) EXPECT_FALSE(cache.find(tag, got)) << tag;
  const Verdict a = make_verdict(5, 0x2e), b = make_verdict(6, 0x11), c = make_verdict(5 + 8, 0x35);
  cache.store(a);
  cache.store(b);
  ASSERT_TRUE(cache.find(5, got));
  expect_same(&got, a);
  ASSERT_TRUE(cache.find(6, got));
  expect_same(&got, b);
  EXPECT_FALSE(cache.find(5 + 8, got)) << "another tag of a's slot finds a's verdict";
  cache.store(c);  // evicts a
  EXPECT_FALSE(cache.find(5, got));
  ASSERT_TRUE(cache.find(5 + 8, got));
  expect_same(&got, c);
  cache.clear();
  for (std::uint64_t tag : {5, 6, 5 + 8}) EXPECT_FALSE(cache.find(tag, got)) << tag;
}

// Threads storing and reading at once, many tags per slot: every verdict found is whole,
// the one stored under its tag (each tag's verdict differs from every other's in every
// word, so a copy mixing two stores would be caught).
TEST(SharedVerdictCache, ConcurrentStoresNeverGiveATornVerdict) {
  static SharedVerdictCache<8> cache;
  cache.clear();
  constexpr int kThreads = 4;
  std::atomic<std::uint64_t> found{0}, torn{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::uint64_t x = 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(t + 1);
      Verdict got;
      for (int i = 0; i < 200'000; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const std::uint64_t tag = 1 + x % 64;  // 8 tags per slot
        const Verdict want = make_verdict(tag, static_cast<std::uint8_t>(tag * 37));
        if (x & 0x100) {
          cache.store(want);
        } else if (cache.find(tag, got)) {
          ++found;
          bool same = got.tag == want.tag && got.infinite == want.infinite &&
                      got.reached_choice == want.reached_choice && got.houses == want.houses;
          for (int r = 0; r < kRing; ++r) same = same && got.own[r] == want.own[r] && got.other[r] == want.other[r];
          if (!same) ++torn;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(torn.load(), 0u);
  EXPECT_GT(found.load(), 1000u);
}

// A namua-stage position with seeds on both sides, South to move, owning his house.
Position sample() {
  Position p = empty_position();
  for (int r = 0; r < kRing; ++r) {
    p.pits[South][r] = static_cast<std::uint8_t>(r % 3);
    p.pits[North][r] = static_cast<std::uint8_t>(r % 4);
  }
  p.hand[South] = p.hand[North] = 5;
  p.houses = 3;
  p.refresh_key();
  return p;
}

const Move kTakasa{2, 1, Move::kTakasa, 0};
const Move kCapture{2, 1, 0, 0};

TEST(VerdictTag, TakasaIgnoresTheOpponent) {
  const Rules rules;
  const Position p = sample();
  Position q = p;
  q.pits[North][3] = 9;  // opponent's ring,
  q.hand[North] = 0;     // hand
  q.houses &= ~2;        // and house
  q.refresh_key();
  EXPECT_EQ(verdict_tag(p, kTakasa, rules), verdict_tag(q, kTakasa, rules));
  EXPECT_NE(verdict_tag(p, kCapture, rules), verdict_tag(q, kCapture, rules));
}

TEST(VerdictTag, TakasaDependsOnTheMoverAndTheMove) {
  const Rules rules;
  const Position p = sample();
  const std::uint64_t tag = verdict_tag(p, kTakasa, rules);
  Position ring = p, takasia = p, stage = p, house = p;
  ring.pits[South][9] = 7;
  takasia.takasia = 2;
  stage.hand[South] = 0;
  house.houses &= ~1;
  for (const Position* q : {&ring, &takasia, &stage, &house}) EXPECT_NE(verdict_tag(*q, kTakasa, rules), tag);
  for (const Move m :
       {Move{3, 1, Move::kTakasa, 0}, Move{2, 0, Move::kTakasa, 0}, Move{2, 1, Move::kTakasa | Move::kSafari, 0}})
    EXPECT_NE(verdict_tag(p, m, rules), tag);
}

// Tags differ for positions that differ in more than one field at once: the fields are
// not folded onto one another (the takasia pit onto back pit 8, the stage and the house
// onto back pit 7, the rules options onto long_move_limit), where such a pair would share
// a tag and one move would be given the other's verdict.
TEST(VerdictTag, FieldsDoNotCancelOut) {
  const Rules rules;
  Position p = sample();  // takasia none, South in the namua stage owning his house
  p.pits[South][8] = 0;
  p.pits[South][9] = 0;
  p.takasia = 1;
  Position ring = p;  // another back pit 8 and takasia pit
  ring.pits[South][8] = 2;
  ring.takasia = 0;
  Position stage = p;  // another back pit 7, mtaji
  stage.pits[South][9] = 8;
  stage.hand[South] = 0;
  Position house = p;  // another back pit 7, no house
  house.pits[South][9] = 16;
  house.houses &= ~1;
  const std::uint64_t tag = verdict_tag(p, kTakasa, rules);
  for (const Position* q : {&ring, &stage, &house}) EXPECT_NE(verdict_tag(*q, kTakasa, rules), tag);

  Rules limit = rules, choice = rules;
  limit.long_move_limit = 1u << 26;
  choice.house_choice_any_count = true;
  for (const Move m : {kTakasa, kCapture}) EXPECT_NE(verdict_tag(p, m, limit), verdict_tag(p, m, choice));
}

TEST(VerdictTag, DependsOnEveryRulesOption) {
  const Position p = sample();
  const Rules base;
  Rules variant = base, limit = base, choice = base, tax = base, lost = base, takasia = base;
  variant.variant = Variant::Kujifunza;
  limit.long_move_limit = 100;
  choice.house_choice_any_count = true;
  tax.tax_any_lone_house = true;
  lost.house_lost_when_hand_empties = true;
  takasia.takasia_after_namua = true;
  for (const Move m : {kTakasa, kCapture}) {
    const std::uint64_t tag = verdict_tag(p, m, base);
    for (const Rules* r : {&variant, &limit, &choice, &tax, &lost, &takasia}) EXPECT_NE(verdict_tag(p, m, *r), tag);
  }
}

TEST(VerdictTag, NeverZero) {
  const Rules rules;
  Position p = empty_position();
  for (int seeds = 0; seeds < 64; ++seeds) {
    p.pits[South][seeds % kRing] = static_cast<std::uint8_t>(seeds);
    p.refresh_key();
    for (int pit = 0; pit < kRing; ++pit)
      for (std::uint8_t flags = 0; flags < 4; ++flags)
        EXPECT_NE(verdict_tag(p, Move{static_cast<std::uint8_t>(pit), 0, flags, 0}, rules), 0u);
  }
}

}  // namespace
}  // namespace bao
