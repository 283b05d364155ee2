// Features of a Bao position for learned evaluators, as a fixed-size Eigen vector
// (no heap allocation: every vector here has its size fixed at compile time).
//
// A "half" is one side's features (kHalfFeatures numbers, named by feature_name):
//   hand              seeds in the side's hand
//   front1..front8    seeds in its front pits 1..8 (ring index k-1)
//   back1..back8      seeds in its back pits 1..8 (ring index 16-k)
//   threat_now        seeds in the opponent's front pits this side's capture moves reach
//                     (capture_targets), counted only if this side is to move
//   threat_next       the same, counted only if the other side is to move (a threat
//                     that must wait a ply is worth less: the opponent may parry it)
//   house             1 if the side owns its house
//   house_seeds       seeds in the owned house (0 without a house)
//   house_functional  1 if the house is owned, holds 6+ and seeds remain in hand (2.5)
//   moves             number of legal moves the side would have if it were to move
//   captures          number of opponent front pits it can capture (popcount of targets)
//   pits_of_two       number of its pits with 2 or more seeds (mtaji moves start there)
//
// The features of p for `side` are its half followed by the opponent's half, so the
// vector holds both hands and all 32 pits from the point of view of the side scored.
// A linear evaluator scores w . (own half - opponent's half): zero-sum by construction.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/bao/position.h"
#include "engine/bao/rules.h"

namespace bao::models {

enum Feature : int {
  kFHand = 0,
  kFFront1 = 1,  // .. kFFront1 + 7
  kFBack1 = 9,   // .. kFBack1 + 7
  kFThreatNow = 17,
  kFThreatNext,
  kFHouse,
  kFHouseSeeds,
  kFHouseFunctional,
  kFMoves,
  kFCaptures,
  kFPitsOfTwo,
  kHalfFeatures
};

using HalfFeatures = Eigen::Matrix<double, kHalfFeatures, 1>;
using Features = Eigen::Matrix<double, 2 * kHalfFeatures, 1>;
using Weights = HalfFeatures;  // a linear evaluator's weights, one per half feature

// The feature's name as weight files write it ("hand", "front3", "threat_now", ...).
const char* feature_name(int f);
// The index of a feature name, or -1 if unknown.
int feature_index(std::string_view name);

// Side s's half of the features of p. Mobility (moves) is counted with the rules given;
// for the side not to move it is counted on a copy of p with s to move and no takasia
// mark (the mark belongs to the side to move). moves = false leaves that feature 0 and
// skips counting it (for weights whose `moves` weight is 0: the score is the same).
HalfFeatures half_features(const Position& p, int s, const Rules& rules = Rules{}, bool moves = true);

// The `moves` feature of side s in p: count_legal_moves of p with s to move (the takasia
// mark dropped when s is not to move), exactly. targets must be capture_targets(p, s).
// Where s has no capture, no takasia mark and both front rows hold seeds, the moves are
// takasa moves, whose number depends only on s's ring, hand and house: it is memoised
// per thread (models/features.cpp says why that is exact), which spares the search's
// leaves most of the candidate moves played to their end.
int mobility(const Position& p, int s, std::uint32_t targets, const Rules& rules = Rules{});

// An upper bound on mobility(p, s, ...) that plays no move: max_legal_moves of p as if s
// were to move (its candidates). mobility is at least 0.
int mobility_bound(const Position& p, int s, const Rules& rules = Rules{});

// The features of p from `side`'s point of view: its half, then the opponent's half.
Features features(const Position& p, int side, const Rules& rules = Rules{});

}  // namespace bao::models
