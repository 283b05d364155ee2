#include "models/features.h"

#include <bit>

#include "engine/movegen.h"

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

HalfFeatures half_features(const Position& p, int s, const Rules& rules) {
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
  if (p.side == s) {
    h[kFMoves] = count_legal_moves(p, rules);
  } else {
    // The side not to move: its moves as if it were its turn. The takasia mark belongs to
    // the side to move, so it is dropped; the key is not used by move counting.
    Position q = p;
    q.side = static_cast<std::uint8_t>(s);
    q.takasia = kNoPit;
    h[kFMoves] = count_legal_moves(q, rules);
  }
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
