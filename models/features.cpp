#include "models/features.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

#include "engine/bao/movegen.h"

namespace bao::models {

namespace {

constexpr const char* kNames[kHalfFeatures] = {"hand",        "front1",
                                               "front2",      "front3",
                                               "front4",      "front5",
                                               "front6",      "front7",
                                               "front8",      "back1",
                                               "back2",       "back3",
                                               "back4",       "back5",
                                               "back6",       "back7",
                                               "back8",       "threat_now",
                                               "threat_next", "house",
                                               "house_seeds", "house_functional",
                                               "moves",       "captures",
                                               "pits_of_two"};

}  // namespace

const char* feature_name(int f) { return f >= 0 && f < kHalfFeatures ? kNames[f] : "?"; }

int feature_index(std::string_view name) {
  for (int f = 0; f < kHalfFeatures; ++f)
    if (name == kNames[f]) return f;
  return -1;
}

namespace {

// A thread's memo of takasa-move counts by the mover's own state (see mobility). Entries
// hold their whole key, so a hit is never another state's count; the slot is
// always replaced. One memo a thread, for one Rules at a time (every evaluator made by
// name uses Rules{}; another set of rules empties it).
class TakasaCounts {
 public:
  // The count stored for (ring, hand, house) under rules, or -1.
  int find(const std::uint8_t* ring, std::uint8_t hand, std::uint8_t house, const Rules& rules) {
    if (!slots_ || !(rules == rules_)) {
      if (!slots_) slots_ = std::make_unique<Entry[]>(kSlots);
      std::fill(slots_.get(), slots_.get() + kSlots, Entry{});
      rules_ = rules;
      return -1;
    }
    const Entry& e = slots_[index(ring, hand, house)];
    if (!e.used || e.hand != hand || e.house != house || std::memcmp(e.ring, ring, kRing) != 0) return -1;
    return e.count;
  }
  // Called after find(ring, hand, house, rules) missed.
  void store(const std::uint8_t* ring, std::uint8_t hand, std::uint8_t house, int count) {
    Entry& e = slots_[index(ring, hand, house)];
    std::memcpy(e.ring, ring, kRing);
    e.hand = hand;
    e.house = house;
    e.count = static_cast<std::uint8_t>(count);
    e.used = 1;
  }

 private:
  struct Entry {
    std::uint8_t ring[kRing];
    std::uint8_t hand, house, count, used;
  };
  static constexpr int kBits = 14;  // 16,384 slots of 20 bytes: 320 KiB, about an L2
  static constexpr std::size_t kSlots = std::size_t{1} << kBits;

  static std::size_t index(const std::uint8_t* ring, std::uint8_t hand, std::uint8_t house) {
    std::uint64_t a, b;
    std::memcpy(&a, ring, 8);
    std::memcpy(&b, ring + 8, 8);
    std::uint64_t h = (a ^ (b * 0x9e3779b97f4a7c15ull) ^ (std::uint64_t{hand} << 8 | house)) * 0xff51afd7ed558ccdull;
    h ^= h >> 29;
    return static_cast<std::size_t>((h * 0xc4ceb9fe1a85ec53ull) >> (64 - kBits));
  }

  std::unique_ptr<Entry[]> slots_;
  Rules rules_;
};

thread_local TakasaCounts takasa_counts;

// p as if side s were to move, as mobility counts it: the takasia mark belongs to the
// side to move, so for the other side it is dropped; the key is not used by move counting.
Position as_if_to_move(const Position& p, int s) {
  Position q = p;
  q.side = static_cast<std::uint8_t>(s);
  if (p.side != s) q.takasia = kNoPit;
  return q;
}

}  // namespace

int mobility(const Position& p, int s, std::uint32_t targets, const Rules& rules) {
  const Position q = as_if_to_move(p, s);
  // Where move generation yields nothing at once (a front row empty) or where a capture
  // exists (only capture moves are then legal, 1.7a), or with a takasia mark (it removes
  // a candidate): counted by move generation itself.
  if (q.front_empty(South) || q.front_empty(North) || targets != 0 || q.takasia != kNoPit)
    return count_legal_moves(q, rules);
  // No capture (targets, capture_targets(p, s), is exactly "some capture candidate
  // exists": the namua rule 2.3 and the mtaji rule 3.4, as generation checks them): the
  // moves are takasa moves (2.4, 3.5). A takasa move never captures, so its candidates and
  // whether each ends (rules.md 3.1: a lap ending in an empty own pit 1.5, the owned
  // house's stop 2.5b, the tax 2.4b, a cycle 1.5a, all proven by generation's own
  // long-move code) depend only on s's ring, hand (the stage) and house; 3.1(1) looks at
  // the opponent's front row only after a capture lap. So the count is a function of
  // those, memoised per thread: siblings in a search share the side not moving's ring,
  // and a side's ring recurs wherever only the other side's takasa moves came between.
  const std::uint8_t hand = p.hand[s];
  const std::uint8_t house = p.owns_house(s) ? 1 : 0;
  TakasaCounts& memo = takasa_counts;
  if (const int known = memo.find(p.pits[s], hand, house, rules); known >= 0) return known;
  const int n = count_legal_moves(q, rules);
  memo.store(p.pits[s], hand, house, n);
  return n;
}

int mobility_bound(const Position& p, int s, const Rules& rules) { return max_legal_moves(as_if_to_move(p, s), rules); }

HalfFeatures half_features(const Position& p, int s, const Rules& rules, bool moves) {
  HalfFeatures h;
  h.setZero();
  const int o = s ^ 1;
  h[kFHand] = p.hand[s];
  for (int k = 1; k <= 8; ++k) {
    h[kFFront1 + k - 1] = p.pits[s][k - 1];
    h[kFBack1 + k - 1] = p.pits[s][16 - k];
  }
  const std::uint32_t targets = capture_targets(p, s);
  int threatened = 0;
  for (std::uint32_t t = targets; t; t &= t - 1) threatened += p.pits[o][std::countr_zero(t)];
  h[p.side == s ? kFThreatNow : kFThreatNext] = threatened;
  if (p.owns_house(s)) {
    h[kFHouse] = 1;
    h[kFHouseSeeds] = p.pits[s][kHouse];
    h[kFHouseFunctional] = p.hand[s] > 0 && p.pits[s][kHouse] >= 6;
  }
  if (moves) h[kFMoves] = mobility(p, s, targets, rules);
  h[kFCaptures] = std::popcount(targets);
  int two = 0;
  for (int r = 0; r < kRing; ++r) two += p.pits[s][r] >= 2;
  h[kFPitsOfTwo] = two;
  return h;
}

Features features(const Position& p, int side, const Rules& rules) {
  Features f;
  f.head<kHalfFeatures>() = half_features(p, side, rules);
  f.tail<kHalfFeatures>() = half_features(p, side ^ 1, rules);
  return f;
}

}  // namespace bao::models
