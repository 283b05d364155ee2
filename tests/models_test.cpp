// Learned models: features, linear evaluators and their weight files, the genetic tuner
// and TD-Leaf (reproducible from the seed for any thread count), and learning of
// opponent-type probabilities (off-line and on-line).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <utility>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/donkers_evaluators.h"
#include "models/evaluators.h"
#include "models/features.h"
#include "models/ga_tuner.h"
#include "models/linear_evaluator.h"
#include "models/tdleaf.h"
#include "models/type_learning.h"
#include "play/game_loop.h"
#include "play/openings.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/minimax.h"
#include "search/score.h"
#include "search/searcher.h"

namespace bao::models {
namespace {

const Rules kRules{};

// Positions from seeded random walks of 0..60 plies (games in progress).
std::vector<Position> sample_positions(int n, std::uint64_t seed) {
  std::vector<Position> out;
  for (int i = 0; i < n; ++i) out.push_back(play::random_opening(kRules, seed, i, 0, 60));
  return out;
}

Weights random_weights(std::uint64_t seed) {
  SplitMix64 rng(seed);
  Weights w;
  for (int f = 0; f < kHalfFeatures; ++f) w[f] = 10 * rng.normal();
  return w;
}

// The same position with the players' roles swapped: South's pits, hand and house go
// to North and back, and the other side is to move.
Position mirror(const Position& p) {
  Position q = p;
  for (int r = 0; r < kRing; ++r) {
    q.pits[0][r] = p.pits[1][r];
    q.pits[1][r] = p.pits[0][r];
  }
  q.hand[0] = p.hand[1];
  q.hand[1] = p.hand[0];
  q.houses = static_cast<std::uint8_t>(((p.houses & 1) << 1) | ((p.houses >> 1) & 1));
  q.side = p.side ^ 1;
  q.refresh_key();
  return q;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / ("bao_models_test_" + name)).string();
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path;
}

// ---- features ----

//           8    7    6    5    4    3    2    1
//   b       0    0    0    0    0    0    0    0   North   hand 19
//   a       0    2    2  [6]    0    3    0    0
//   A       0    0    0    0  [6]    2    2    0
//   B       0    0    0    0    0    0    0    0   South   hand 22, to move
//           1    2    3    4    5    6    7    8
// Namua stage, both houses owned with 6 seeds. A6 faces a3: South can capture a3's 3
// seeds (sowing a seed into A6: moves A6L, A6R), North could capture A6's 2 (a3L, a3R).
const char* kDrawn = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,3,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,19 Aa -";

TEST(Features, HandComputedOnADrawnPosition) {
  const Position p = parse_position(kDrawn, Variant::Kiswahili);
  const Features f = features(p, South);
  HalfFeatures s = HalfFeatures::Zero(), n = HalfFeatures::Zero();
  s[kFHand] = 22, s[kFFront1 + 4] = 6, s[kFFront1 + 5] = 2, s[kFFront1 + 6] = 2;
  s[kFThreatNow] = 3, s[kFHouse] = 1, s[kFHouseSeeds] = 6, s[kFHouseFunctional] = 1;
  s[kFMoves] = 2, s[kFCaptures] = 1, s[kFPitsOfTwo] = 3;
  n[kFHand] = 19, n[kFFront1 + 2] = 3, n[kFFront1 + 4] = 6, n[kFFront1 + 5] = 2, n[kFFront1 + 6] = 2;
  n[kFThreatNext] = 2, n[kFHouse] = 1, n[kFHouseSeeds] = 6, n[kFHouseFunctional] = 1;
  n[kFMoves] = 2, n[kFCaptures] = 1, n[kFPitsOfTwo] = 4;
  EXPECT_EQ(f.head<kHalfFeatures>(), s) << f.transpose();
  EXPECT_EQ(f.tail<kHalfFeatures>(), n) << f.transpose();
  // North's point of view: the halves swap.
  const Features g = features(p, North);
  EXPECT_EQ(g.head<kHalfFeatures>(), n);
  EXPECT_EQ(g.tail<kHalfFeatures>(), s);
}

TEST(Features, StartPosition) {
  //   a   0 2 2 [6] 0 0 0 0      (North, hand 22)
  //   A   0 0 0 0 [6] 2 2 0      (South, hand 22, to move)
  // No pit faces an occupied pit: no captures; four takasa moves each.
  const Position p = start_position(Variant::Kiswahili);
  const HalfFeatures s = half_features(p, South), n = half_features(p, North);
  EXPECT_EQ(s, n);
  EXPECT_EQ(s[kFHand], 22);
  EXPECT_EQ(s[kFFront1 + 4], 6);
  EXPECT_EQ(s[kFMoves], 4);
  EXPECT_EQ(s[kFCaptures], 0);
  EXPECT_EQ(s[kFThreatNow] + s[kFThreatNext], 0);
  EXPECT_EQ(s[kFHouseFunctional], 1);
  EXPECT_EQ(s[kFPitsOfTwo], 3);
}

// The `moves` feature by its definition, the reference for the fast count: move generation
// counting every legal move of p with s to move (the takasia mark dropped for the side not
// to move).
int moves_by_generation(const Position& p, int s, const Rules& rules) {
  Position q = p;
  q.side = static_cast<std::uint8_t>(s);
  if (p.side != s) q.takasia = kNoPit;
  return count_legal_moves(q, rules);
}

// Positions of one variant: seeded random games (namua and mtaji stages) and, from
// tests/data/long-move-set.txt, the positions with long or never-ending takasa moves and
// every child of them (where the other side's moves are the long ones).
std::vector<Position> mobility_positions(const Rules& rules) {
  std::vector<Position> out;
  for (int i = 0; i < 300; ++i) out.push_back(play::random_opening(rules, 17, i, 0, 120));
  std::ifstream in(std::string(BAO_TEST_DATA) + "/long-move-set.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    if (parse_variant(line.substr(0, space)) != rules.variant) continue;
    const Position p = parse_position(line.substr(space + 1), rules.variant);
    out.push_back(p);
    ChildList children;
    generate_children(p, rules, children);
    for (const Child& c : children) out.push_back(c.pos);
  }
  return out;
}

// The fast `moves` feature (a memo of takasa counts by the side's own ring, hand and
// house) equals counting by move generation on every position of both variants, for
// both sides, on a first visit (memo filled) and a second (memo read), and on positions
// whose own side recurs beside another opponent (what the memo's key leaves out). The
// learned evaluators score as with the counted feature.
TEST(Features, MovesMatchCountingEveryMove) {
  for (const Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    Rules rules;
    rules.variant = v;
    const std::vector<Position> positions = mobility_positions(rules);
    ASSERT_GT(positions.size(), 450u);
    int takasa_only = 0, long_set = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      // The same sides' rings beside another position's opponent: own side s of p, the
      // other side (pits, hand, house) of a position further on.
      const Position& other = positions[(i * 7 + 3) % positions.size()];
      for (int s = 0; s < 2; ++s) {
        SCOPED_TRACE(format_position(p) + " side " + std::to_string(s));
        const int expected = moves_by_generation(p, s, rules);
        for (int pass = 0; pass < 2; ++pass) {
          EXPECT_EQ(mobility(p, s, capture_targets(p, s), rules), expected);
          EXPECT_EQ(half_features(p, s, rules)[kFMoves], expected);
        }
        if (capture_targets(p, s) == 0 && !(p.side == s && p.takasia != kNoPit)) ++takasa_only;
        Position mixed = p;
        const int o = s ^ 1;
        for (int r = 0; r < kRing; ++r) mixed.pits[o][r] = other.pits[o][r];
        mixed.hand[o] = other.hand[o];
        mixed.houses = static_cast<std::uint8_t>((p.houses & (1u << s)) | (other.houses & (1u << o)));
        mixed.refresh_key();
        EXPECT_EQ(mobility(mixed, s, capture_targets(mixed, s), rules), moves_by_generation(mixed, s, rules))
            << format_position(mixed);
      }
      long_set += i >= 300;
    }
    // The memo's path is taken, and the long-move positions are there.
    EXPECT_GT(takasa_only, 100);
    EXPECT_GT(long_set, 20);
    // Evaluators: with a `moves` weight (td-long, ga-long) and without (ga-short).
    for (const char* name : {"td-long", "ga-long", "ga-short"}) {
      const Weights w = read_weights(std::string(BAO_WEIGHTS_DIR) + "/" + name + ".txt");
      const LinearEvaluator e(name, w, rules);
      for (const Position& p : positions)
        for (int side = 0; side < 2; ++side) {
          HalfFeatures h[2];
          for (int s = 0; s < 2; ++s) {
            h[s] = half_features(p, s, rules, false);
            h[s][kFMoves] = moves_by_generation(p, s, rules);
          }
          ASSERT_EQ(e.evaluate(p, side), to_eval(w.dot(h[side] - h[side ^ 1]))) << name << " " << format_position(p);
        }
    }
  }
}

// Lazy evaluation (LinearEvaluator::evaluate_within): inside the window the exact score,
// outside it the exact score or a bound on the same side of the window; mobility_bound
// bounds the count from above (strictly where a candidate never ends: the long-move set).
TEST(LinearEvaluator, EvaluateWithinIsExactInsideTheWindowAndABoundOutside) {
  for (const Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    Rules rules;
    rules.variant = v;
    const std::vector<Position> positions = mobility_positions(rules);
    int strict_bounds = 0, lazy = 0, exact_inside = 0;
    for (const Position& p : positions)
      for (int s = 0; s < 2; ++s) {
        const int n = moves_by_generation(p, s, rules), bound = mobility_bound(p, s, rules);
        ASSERT_GE(bound, n) << format_position(p) << " side " << s;
        strict_bounds += bound > n;
      }
    EXPECT_GT(strict_bounds, 0);
    std::vector<Weights> weights = {read_weights(std::string(BAO_WEIGHTS_DIR) + "/td-long.txt"),
                                    read_weights(std::string(BAO_WEIGHTS_DIR) + "/ga-long.txt")};
    for (int k = 0; k < 3; ++k) weights.push_back(random_weights(900 + k));
    for (const Weights& w : weights) {
      const LinearEvaluator e("w", w, rules);
      for (const Position& p : positions)
        for (int side = 0; side < 2; ++side) {
          const int exact = e.evaluate(p, side);
          for (const int lo : {-1000, -40, -9, -2, -1, 0, 1, 8, 39}) {
            for (const int width : {1, 2, 5, 60}) {
              const int alpha = exact + lo, beta = alpha + width;
              const int v = e.evaluate_within(p, side, alpha, beta);
              SCOPED_TRACE(format_position(p) + " side " + std::to_string(side) + " window (" + std::to_string(alpha) +
                           ", " + std::to_string(beta) + ")");
              if (alpha < exact && exact < beta) {
                ASSERT_EQ(v, exact);
                ++exact_inside;
              } else if (v != exact) {
                ASSERT_TRUE((exact <= v && v <= alpha) || (beta <= v && v <= exact)) << v << " vs " << exact;
                ++lazy;
              }
            }
          }
        }
    }
    EXPECT_GT(lazy, 1000);
    EXPECT_GT(exact_inside, 1000);
  }
}

// Alpha-beta takes bounds from the lazy evaluation at its leaves; its values must stay
// those of minimax with the exact evaluation.
TEST(LinearEvaluator, AlphaBetaWithLazyLeavesMatchesMinimax) {
  for (const Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    Rules rules;
    rules.variant = v;
    const search::BaoGame game{rules};
    const LinearEvaluator e("td-long", read_weights(std::string(BAO_WEIGHTS_DIR) + "/td-long.txt"), rules);
    search::Minimax<search::BaoGame, search::EvalFn> mm(game, search::EvalFn{&e});
    search::AlphaBetaOptions o;
    o.tt_mb = 1;
    search::AlphaBeta<search::BaoGame, search::EvalFn> ab(game, search::EvalFn{&e}, o);
    for (int i = 0; i < 120; ++i) {
      const Position p = play::random_opening(rules, 77, i, 0, 60);
      if (outcome(p, rules) != Outcome::Ongoing) continue;
      const int depth = 1 + i % 4;
      SCOPED_TRACE(format_position(p) + " depth " + std::to_string(depth));
      const auto ref = mm.search(p, search::Limits{depth, 0, 0});
      const auto r = ab.search(p, search::Limits{depth, 0, 0});
      ASSERT_EQ(r.value, ref.value);
    }
  }
}

TEST(Features, NamesRoundTrip) {
  for (int f = 0; f < kHalfFeatures; ++f) EXPECT_EQ(feature_index(feature_name(f)), f);
  EXPECT_EQ(feature_index("front9"), -1);
  EXPECT_EQ(feature_index(""), -1);
}

// ---- linear evaluators ----

TEST(LinearEvaluator, HandComputedOnTheDrawnPosition) {
  const Position p = parse_position(kDrawn, Variant::Kiswahili);
  Weights w = Weights::Zero();
  w[kFHand] = 1;
  for (int k = 0; k < 8; ++k) w[kFFront1 + k] = w[kFBack1 + k] = 1;
  w[kFThreatNow] = 3, w[kFThreatNext] = 1, w[kFHouse] = 12, w[kFHouseSeeds] = 0.5, w[kFHouseFunctional] = 8;
  w[kFMoves] = 2, w[kFCaptures] = 5, w[kFPitsOfTwo] = -1;
  // own - other: hand 22-19 = 3, pits 10-13 = -3, threat_now 3-0, threat_next 0-2,
  // houses, moves and captures equal, pits_of_two 3-4 = -1:
  // 3 - 3 + 3*3 + 1*(-2) + (-1)*(-1) = 8.
  const LinearEvaluator e("hand", w);
  EXPECT_EQ(e.evaluate(p, South), 8);
  EXPECT_EQ(e.evaluate(p, North), -8);
  // The default evaluator by hand: South 4*32 + 3*3 + 12 + 8 = 157, North 4*32 + 1*2 +
  // 12 + 8 = 150; the default-like weights give the same.
  EXPECT_EQ(DefaultEvaluator().evaluate(p, South), 7);
  EXPECT_EQ(LinearEvaluator("d", default_like_weights()).evaluate(p, South), 7);
}

TEST(LinearEvaluator, DefaultLikeWeightsReproduceDefaultAndMaterial) {
  const LinearEvaluator lin("d", default_like_weights());
  const DefaultEvaluator def;
  Weights m = Weights::Zero();
  m[kFHand] = 1;
  for (int k = 0; k < 8; ++k) m[kFFront1 + k] = m[kFBack1 + k] = 1;
  const LinearEvaluator linm("m", m);
  const MaterialEvaluator mat;
  int compared = 0;
  for (const Position& p : sample_positions(300, 7))
    for (int s = 0; s < 2; ++s) {
      ASSERT_EQ(linm.evaluate(p, s), mat.evaluate(p, s)) << format_position(p);
      ASSERT_EQ(lin.evaluate(p, s), def.evaluate(p, s)) << format_position(p);
      ++compared;
    }
  EXPECT_EQ(compared, 600);
}

TEST(LinearEvaluator, ZeroSumAndColourSymmetricForAnyWeights) {
  const auto positions = sample_positions(200, 8);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const LinearEvaluator e("r", random_weights(seed));
    for (const Position& p : positions) {
      const int v = e.evaluate(p, South);
      ASSERT_EQ(v, -e.evaluate(p, North));
      ASSERT_LE(std::abs(v), search::kMaxEval);
      ASSERT_EQ(v, e.evaluate(mirror(p), North)) << format_position(p);
    }
  }
}

TEST(LinearEvaluator, SymmetricPositionsScoreZero) {
  // Symmetric positions: North's pits, hand and house are South's. An evaluator is
  // symmetric when it does not favour the side to move: threat_now = threat_next.
  std::vector<Position> sym = {start_position(Variant::Kiswahili), start_position(Variant::Kujifunza)};
  SplitMix64 rng(99);
  for (int i = 0; i < 60; ++i) {
    Position p = empty_position();
    const int hand = i % 3 == 0 ? static_cast<int>(rng.below(12)) : 0;
    p.hand[0] = p.hand[1] = static_cast<std::uint8_t>(hand);
    for (int s = 0; s < 32 - hand; ++s) ++p.pits[0][rng.below(16)];
    if (p.front_empty(0)) ++p.pits[0][0], --p.pits[0][15 - (p.pits[0][15] == 0 ? 1 : 0)];
    for (int r = 0; r < kRing; ++r) p.pits[1][r] = p.pits[0][r];
    p.houses = hand > 0 && p.pits[0][kHouse] > 0 ? 3 : 0;
    p.side = static_cast<std::uint8_t>(i % 2);
    p.refresh_key();
    sym.push_back(p);
  }
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Weights w = random_weights(seed);
    w[kFThreatNext] = w[kFThreatNow];
    const LinearEvaluator e("sym", w);
    for (const Position& p : sym) ASSERT_EQ(e.evaluate(p, p.side), 0) << format_position(p);
  }
  for (const Position& p : sym) EXPECT_EQ(MaterialEvaluator().evaluate(p, 0), 0);
}

// ---- weight files ----

TEST(WeightFiles, RoundTripExactly) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Weights w = random_weights(seed);
    EXPECT_EQ(parse_weights(format_weights(w, "a comment\nover two lines"), "x"), w);
    const std::string path = temp_file("rt.txt", "");
    write_weights(path, w, "written by the test");
    EXPECT_EQ(read_weights(path), w);
    // A path ending in .txt names a learned evaluator.
    const auto e = make_evaluator(path);
    ASSERT_NE(dynamic_cast<const LinearEvaluator*>(e.get()), nullptr);
    EXPECT_EQ(dynamic_cast<const LinearEvaluator*>(e.get())->weights(), w);
    std::filesystem::remove(path);
  }
}

TEST(WeightFiles, CommentsBlankLinesAndAnyOrder) {
  std::string text = "# a weights file\n\n";
  for (int f = kHalfFeatures - 1; f >= 0; --f)
    text += "  " + std::string(feature_name(f)) + "\t" + std::to_string(f) + "  # w\n";
  const Weights w = parse_weights(text, "t");
  for (int f = 0; f < kHalfFeatures; ++f) EXPECT_EQ(w[f], f);
  // No final newline is fine as well.
  text.pop_back();
  EXPECT_EQ(parse_weights(text, "t"), w);
}

void expect_error(const std::string& text, const std::string& where, const std::string& what) {
  try {
    parse_weights(text, "w.txt");
    ADD_FAILURE() << "no error for:\n" << text;
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind(where, 0), 0u) << m;
    EXPECT_NE(m.find(what), std::string::npos) << m;
  }
}

TEST(WeightFiles, EveryErrorNamesFileAndLine) {
  const std::string all = format_weights(default_like_weights());  // 25 lines, no comment
  const std::string rest = all.substr(all.find('\n') + 1);         // without "hand"
  expect_error("hand 1\nhand 2\n" + rest, "w.txt:2:", "given twice (first on line 1)");
  expect_error("# c\nhand\n" + rest, "w.txt:2:", "has no weight");
  expect_error("hand 1 2\n" + rest, "w.txt:1:", "unexpected '2'");
  expect_error("hand abc\n" + rest, "w.txt:1:", "not a finite number");
  expect_error("hand 1.5x\n" + rest, "w.txt:1:", "not a finite number");
  expect_error("hand nan\n" + rest, "w.txt:1:", "not a finite number");
  expect_error("hand inf\n" + rest, "w.txt:1:", "not a finite number");
  expect_error("hand 0x10\n" + rest, "w.txt:1:", "weight '0x10' of 'hand' is not a finite number");
  expect_error("hand +1\n" + rest, "w.txt:1:", "not a finite number");
  expect_error("hand 1e400\n" + rest, "w.txt:1:", "not a finite number");
  // Beyond +-62.5 (kMaxWeight) a weight could carry the score past the evaluation range.
  for (const char* big : {"1e308", "3e9", "-62.6", "62.500001"})
    expect_error("hand " + std::string(big) + "\n" + rest, "w.txt:1:",
                 "weight '" + std::string(big) +
                     "' of 'hand' is beyond +-62.5, the largest a weight may be (25 features of at most 64 each "
                     "keep the score within +-100000)");
  std::string house_70 = all;
  house_70.replace(house_70.find("\nhouse 12\n"), 10, "\nhouse 70\n");
  expect_error(house_70, "w.txt:20:", "weight '70' of 'house' is beyond +-62.5");
  EXPECT_NO_THROW(parse_weights("hand -62.5\n" + rest, "w.txt"));
  EXPECT_EQ(kMaxWeight * int(kHalfFeatures) * kMaxFeatureValue, search::kMaxEval);
  // A subnormal weight is a number (std::stod called it out of range).
  EXPECT_NO_THROW(parse_weights("hand 1e-320\n" + rest, "w.txt"));
  expect_error("hand 1\nfront9 1\n" + rest, "w.txt:2:", "unknown feature 'front9'");
  expect_error(rest, "w.txt:24:", "missing feature 'hand'");
  expect_error("", "w.txt:1:", "missing feature 'hand'");
  try {
    read_weights("/nonexistent/dir/none.txt");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/none.txt"), std::string::npos);
  }
  // A folder is named as one (it read as empty: "missing feature 'hand'").
  const std::string folder = std::filesystem::temp_directory_path().string();
  try {
    read_weights(folder);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'" + folder + "': it is a directory"), std::string::npos) << e.what();
  }
  // Through the registry, too.
  const std::string bad = temp_file("bad.txt", "hand x\n");
  try {
    make_evaluator(bad);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(bad + ":1:"), std::string::npos) << e.what();
  }
  std::filesystem::remove(bad);
  EXPECT_THROW(make_evaluator("no-such-evaluator"), InputError);
}

TEST(WeightFiles, CommittedEvaluatorsLoadByName) {
  const std::string names = evaluator_names();
  for (const char* n : {"ga-material", "td-short", "ga-short", "td-long", "ga-long"}) {
    EXPECT_NE(names.find(n), std::string::npos) << names;
    const auto e = make_evaluator(n);
    EXPECT_EQ(e->name(), n);
    const Position p = parse_position(kDrawn, Variant::Kiswahili);
    EXPECT_EQ(e->evaluate(p, South), -e->evaluate(p, North));
  }
}

// ---- learners ----

TEST(GaTuner, SameSeedSameWeightsWithOneAndTwoThreads) {
  GaOptions o;
  o.population = 4;
  o.generations = 2;
  o.openings = 1;
  o.depth = 1;
  o.ply_cap = 60;
  o.initial = default_like_weights();
  o.seed = 5;
  o.threads = 1;
  const auto a = run_ga(o, kRules);
  o.threads = 2;
  const auto b = run_ga(o, kRules);
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].best_weights, b[i].best_weights);
    EXPECT_EQ(a[i].best, b[i].best);
    EXPECT_EQ(a[i].mean, b[i].mean);
  }
  EXPECT_NE(a.back().best_weights, o.initial);  // something was learned (mutated)
  o.seed = 6;
  EXPECT_NE(run_ga(o, kRules).back().best_weights, a.back().best_weights);
  // A masked weight keeps its initial value.
  o.mask = Weights::Ones();
  o.mask[kFHand] = 0;
  EXPECT_EQ(run_ga(o, kRules).back().best_weights[kFHand], o.initial[kFHand]);
  o.threads = 100000;  // OpenMP crashed on it
  EXPECT_THROW(run_ga(o, kRules), InputError);
  o.threads = 2;
  o.population = 1;
  EXPECT_THROW(run_ga(o, kRules), InputError);
}

TEST(TdLeaf, SameSeedSameWeightsWithOneAndTwoThreads) {
  for (bool self : {true, false}) {
    TdLeafOptions o;
    o.games = 4;
    o.batch = 2;
    o.depth = 2;
    o.ply_cap = 60;
    o.self_play = self;
    o.test_every = 2;
    o.test_openings = 1;
    o.initial = default_like_weights();
    o.seed = 3;
    o.threads = 1;
    const auto a = run_tdleaf(o, kRules);
    o.threads = 2;
    const auto b = run_tdleaf(o, kRules);
    ASSERT_EQ(a.size(), 2u);
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].weights, b[i].weights);
      EXPECT_EQ(a[i].test_score, b[i].test_score);
    }
    EXPECT_NE(a.back().weights, o.initial);
    EXPECT_GE(a.back().test_score, 0);
    o.threads = 100000;  // OpenMP crashed on it
    EXPECT_THROW(run_tdleaf(o, kRules), InputError);
  }
}

TEST(TdLeaf, PrincipalVariationLeafCarriesTheSearchValue) {
  // What TD-Leaf differentiates: the evaluation at the PV's leaf is the search value.
  const auto eval = std::make_shared<LinearEvaluator>("r", random_weights(4));
  auto s = models::make_searcher("alphabeta(tt_mb=0)", kRules, eval);
  search::Limits lim;
  lim.depth = 3;
  int checked = 0;
  for (const Position& p : sample_positions(40, 9)) {
    const auto r = s->search(p, lim);
    if (!r.has_move || search::is_decisive(r.value)) continue;
    Position leaf = p;
    for (const Move& m : r.pv) leaf = apply_move(leaf, m, kRules);
    EXPECT_EQ(static_cast<int>(r.pv.size()), 3);
    EXPECT_EQ(eval->evaluate(leaf, p.side), r.value) << format_position(p);
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(Match, PlayGameIsDeterministicAndCapped) {
  auto a = models::make_searcher("alphabeta(tt_mb=1)", kRules, make_evaluator("default"));
  auto b = models::make_searcher("alphabeta(tt_mb=1)", kRules, make_evaluator("material"));
  search::Searcher* players[2] = {a.get(), b.get()};
  search::Limits lim;
  lim.depth = 2;
  const Position start = play::random_opening(kRules, 1, 0, 2, 8);
  EXPECT_THROW(play::random_opening(kRules, 1, 0, 8, 2), InputError);
  EXPECT_THROW(play::random_opening(kRules, 1, 0, -1, 2), InputError);
  const search::Limits both[2] = {lim, lim};
  const play::PlayedGame g1 = play::play_game(start, kRules, players, both, 300);
  const play::PlayedGame g2 = play::play_game(start, kRules, players, both, 300);
  EXPECT_EQ(g1.winner(), g2.winner());
  EXPECT_EQ(g1.plies, g2.plies);
  EXPECT_TRUE(g1.moves == g2.moves);
  // A match game seats `mine` on the side given: the same game from either point of view.
  EXPECT_EQ(play::match_game(start, kRules, *a, *b, 0, lim, 300), g1.score(0));
  EXPECT_EQ(play::match_game(start, kRules, *b, *a, 1, lim, 300), g1.score(1));
  const play::PlayedGame c = play::play_game(start, kRules, players, both, 3, true);
  EXPECT_EQ(c.winner(), -1);
  EXPECT_TRUE(c.capped);
  EXPECT_EQ(c.plies, 3);
  EXPECT_EQ(c.positions.size(), 3u);
  EXPECT_EQ(c.score(0), 0.5);
}

// The learners' first opening stream (the committed weights' one, re-made end to end by
// weights_remake_test.sh): games in progress, fixed by seed and index, its own walks
// rather than the tournaments', and its range checked as theirs.
TEST(Openings, LearnersV1StreamIsFixedAndItsOwn) {
  using play::OpeningStream;
  int differ = 0;
  for (std::uint64_t i = 0; i < 20; ++i) {
    const Position a = play::random_opening(kRules, 12, i, 2, 8, OpeningStream::kLearnersV1);
    EXPECT_TRUE(a == play::random_opening(kRules, 12, i, 2, 8, OpeningStream::kLearnersV1));
    EXPECT_EQ(outcome(a, kRules), Outcome::Ongoing);
    differ += !(a == play::random_opening(kRules, 12, i, 2, 8, OpeningStream::kTournament));
  }
  EXPECT_GE(differ, 15);
  EXPECT_THROW(play::random_opening(kRules, 1, 0, 8, 2, OpeningStream::kLearnersV1), InputError);
  EXPECT_TRUE(play::parse_opening_stream("v1") == OpeningStream::kLearnersV1);
  EXPECT_TRUE(play::parse_opening_stream("tournament") == OpeningStream::kTournament);
  EXPECT_THROW(play::parse_opening_stream("v2"), InputError);
}

// ---- opponent types ----

TEST(TypeLearning, EstimateFromPredictions) {
  // Type 0 is the real opponent (predicts every move); type 1 agrees on a third of the
  // positions. With one agreeing position only, nothing tells them apart.
  std::vector<std::vector<char>> hits;
  hits.push_back({1, 1});
  auto p = estimate_type_probabilities(hits);
  EXPECT_DOUBLE_EQ(p[0], 0.5);
  double last = 0.5;
  for (int n = 1; n <= 30; ++n) {
    hits.push_back({1, static_cast<char>(n % 3 == 0)});
    p = estimate_type_probabilities(hits);
    EXPECT_GE(p[0], last - 1e-12);
    last = p[0];
  }
  EXPECT_GT(p[0], 0.999);
  // The plain count (one step): shared positions split equally.
  const auto c = estimate_type_probabilities({{1, 1}, {1, 0}}, 1);
  EXPECT_DOUBLE_EQ(c[0], 0.75);
  // Identical types share the mass.
  const auto s = estimate_type_probabilities({{1, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 1, 1}});
  EXPECT_DOUBLE_EQ(s[0], s[1]);
  EXPECT_GT(s[0], 0.2);
  EXPECT_NEAR(s[0] + s[1] + s[2], 1.0, 1e-12);
}

TEST(TypeLearning, OfflineRealOpponentApproachesOneIdenticalTypesSplit) {
  const std::string ab = "alphabeta(tt_mb=1)";
  const PlayerModel real = parse_player_model("material@1", 2, ab);
  const auto types = parse_player_models("material@1,default@1", 2, ab);
  OfflineOptions o;
  o.repeats = 3;
  o.threads = 2;
  o.positions = 2;
  const OfflineResult few = learn_types_offline(real, types, kRules, o);
  o.positions = 40;
  const OfflineResult many = learn_types_offline(real, types, kRules, o);
  EXPECT_EQ(many.hit_rate[0], 1.0);
  EXPECT_LT(many.hit_rate[1], 1.0);
  EXPECT_GT(many.mean[0], 0.99);
  EXPECT_GE(many.mean[0], few.mean[0]);
  EXPECT_EQ(many.per_repeat.size(), 3u);
  // Same numbers with one thread.
  o.threads = 1;
  EXPECT_EQ(learn_types_offline(real, types, kRules, o).mean, many.mean);
  // Two identical types split the mass.
  const auto twins = parse_player_models("material@1,material@1,default@1", 2, ab);
  const OfflineResult t = learn_types_offline(real, twins, kRules, o);
  EXPECT_DOUBLE_EQ(t.mean[0], t.mean[1]);
  EXPECT_NEAR(t.mean[0] + t.mean[1], 1.0, 0.01);
  o.threads = 100000;  // OpenMP crashed on it
  EXPECT_THROW(learn_types_offline(real, types, kRules, o), InputError);
}

TEST(TypeLearning, OnlineBeliefFloorAndSplit) {
  // Identical types split the mass; a type that keeps missing stays at the floor or above.
  TypeBelief b({1, 1, 1}, 0.05, 0.01);
  for (int i = 0; i < 40; ++i) b.observe({1, 1, 0}, 10);
  EXPECT_DOUBLE_EQ(b.probs()[0], b.probs()[1]);
  EXPECT_NEAR(b.probs()[0], 0.495, 1e-3);
  EXPECT_GE(b.probs()[2], 0.01);
  EXPECT_LT(b.probs()[2], 0.0101);
  // The real type (always right) against one right half the time: each move that tells
  // them apart raises the real type's probability, towards 1 - floor.
  TypeBelief c({0.5, 0.5}, 0.05, 0.001);
  double last = 0.5;
  for (int i = 0; i < 12; ++i) {
    c.observe({1, 0}, 8);
    EXPECT_GE(c.probs()[0], last - 1e-12);
    last = c.probs()[0];
    c.observe({1, 1}, 8);  // both right: only the floor's pull towards uniform
  }
  EXPECT_GT(last, 0.99);
  EXPECT_LE(last, 1 - 0.001 + 1e-12);
  const double before = c.probs()[0];
  c.observe({0, 1}, 1);  // a forced move tells nothing
  EXPECT_EQ(c.probs()[0], before);
  EXPECT_THROW(TypeBelief({1, 1}, 0.0), InputError);
  EXPECT_THROW(TypeBelief({1, 1}, 0.05, 0.6), InputError);
}

TEST(TypeLearning, OnlineRealOpponentApproachesOneAndFeedsPrOM) {
  const std::string ab = "alphabeta(tt_mb=1)";
  const auto types = parse_player_models("material@1,default@1", 2, ab);
  OnlineOptions o;
  o.games = 1;
  o.ply_cap = 80;
  const auto steps = learn_types_online(parse_player_model("default@1", 2, ab), types,
                                        parse_player_model("material@2", 2, ab), kRules, o);
  ASSERT_GT(steps.size(), 10u);
  EXPECT_GT(steps.back().probs[1], 0.95);
  EXPECT_GT(steps.back().probs[1], steps.front().probs[1] - 1e-12);
  EXPECT_GE(steps.back().probs[0], o.floor);
  // The belief as a PrOM searcher.
  const std::string spec = prom_spec("prom-beta", types, steps.back().probs, 0.5);
  auto s = models::make_searcher(spec, kRules, make_evaluator("default"));
  search::Limits lim;
  lim.depth = 2;
  EXPECT_TRUE(s->search(start_position(Variant::Kiswahili), lim).has_move) << spec;
}

TEST(TypeLearning, PlayerModelsParse) {
  const PlayerModel m = parse_player_model("material@3", 2, "alphabeta");
  EXPECT_EQ(m.eval, "material");
  EXPECT_EQ(m.depth, 3);
  EXPECT_EQ(m.describe(), "material@3");
  EXPECT_EQ(parse_player_model("default", 5, "alphabeta").depth, 5);
  EXPECT_THROW(parse_player_model("default@0", 2, "alphabeta"), InputError);
  EXPECT_THROW(parse_player_model("default@x", 2, "alphabeta"), InputError);
  EXPECT_THROW(parse_player_model("nope@2", 2, "alphabeta"), InputError);
  EXPECT_EQ(parse_player_models("material,default@4", 2, "alphabeta").size(), 2u);
}

// ---- options and weights that are not finite ----

using test::input_error_of;

TEST(GaTuner, RefusesOptionsOutsideTheirRangesNamingOptionAndValue) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  GaOptions base;
  base.population = 2;
  base.elite = 1;
  base.generations = 1;
  base.openings = 1;
  base.depth = 1;
  base.ply_cap = 10;
  // `bao learn-eval --mutation-sigma inf` wrote -inf and nan weights and exited 0.
  for (const auto& [sigma, shown] : {std::pair{inf, "inf"}, {nan, "nan"}, {-1.0, "-1"}, {1e6, "1e+06"}}) {
    GaOptions o = base;
    o.mutation_sigma = sigma;
    const std::string m = input_error_of([&] { run_ga(o, kRules); });
    EXPECT_NE(m.find("--mutation-sigma"), std::string::npos) << m;
    EXPECT_NE(m.find(std::string("found ") + shown), std::string::npos) << m;
    EXPECT_THROW(check_ga_options(o), InputError);
  }
  GaOptions o = base;
  o.mutation_rate = nan;
  EXPECT_NE(input_error_of([&] { check_ga_options(o); }).find("--mutation-rate"), std::string::npos);
  o = base;
  o.initial[kFHouse] = inf;
  EXPECT_NE(input_error_of([&] { check_ga_options(o); }).find("'house'"), std::string::npos);
  o = base;
  o.population = 1;
  EXPECT_NE(input_error_of([&] { check_ga_options(o); }).find("--population must be"), std::string::npos);
  EXPECT_NO_THROW(check_ga_options(base));
}

TEST(TdLeaf, RefusesOptionsOutsideTheirRangesNamingOptionAndValue) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  TdLeafOptions base;
  base.games = 1;
  base.batch = 1;
  base.depth = 1;
  base.ply_cap = 10;
  base.test_every = 0;
  // `bao learn-eval --method tdleaf --beta inf` wrote nan weights and exited 0.
  TdLeafOptions o = base;
  o.beta = inf;
  std::string m = input_error_of([&] { run_tdleaf(o, kRules); });
  EXPECT_NE(m.find("--beta"), std::string::npos) << m;
  EXPECT_NE(m.find("found inf"), std::string::npos) << m;
  for (const double a : {inf, nan, -0.5}) {
    o = base;
    o.alpha = a;
    m = input_error_of([&] { run_tdleaf(o, kRules); });
    EXPECT_NE(m.find("--alpha"), std::string::npos) << m;
  }
  o = base;
  o.lambda = nan;
  EXPECT_NE(input_error_of([&] { check_tdleaf_options(o); }).find("--lambda"), std::string::npos);
  o = base;
  o.initial[kFHand] = nan;
  EXPECT_NE(input_error_of([&] { check_tdleaf_options(o); }).find("'hand'"), std::string::npos);
  EXPECT_NO_THROW(check_tdleaf_options(base));
}

TEST(GaTuner, StopsWhenAMutationMakesAWeightNonFinite) {
  // Options in range, but weights near the largest double: sigma * (|w| + 1) * N
  // overflows. The tuner stops instead of playing (and returning) infinite weights.
  GaOptions o;
  o.population = 3;
  o.generations = 1;
  o.openings = 1;
  o.depth = 1;
  o.ply_cap = 10;
  o.mutation_rate = 1;
  o.mutation_sigma = 10;
  o.initial = Weights::Constant(1e308);
  const std::string m = input_error_of([&] { run_ga(o, kRules); });
  EXPECT_NE(m.find("not finite"), std::string::npos) << m;
}

TEST(TdLeaf, StopsWhenAnUpdateMakesAWeightNonFinite) {
  // Weights near the largest double: their evaluations overflow (inf - inf is nan), and
  // so would the update. The learner stops instead of returning nan weights.
  TdLeafOptions o;
  o.games = 2;
  o.batch = 1;
  o.depth = 1;
  o.ply_cap = 20;
  o.test_every = 0;
  o.initial = Weights::Constant(1e308);
  const std::string m = input_error_of([&] { run_tdleaf(o, kRules); });
  EXPECT_NE(m.find("not finite"), std::string::npos) << m;
}

TEST(WeightFiles, NonFiniteWeightsAreNeverWritten) {
  // A weights file holds finite numbers only (parse_weights refuses the others), so the
  // writer refuses them too, and leaves an existing file as it was.
  const std::string path = temp_file("nonfinite.txt", "old content\n");
  for (const double x : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                         std::numeric_limits<double>::quiet_NaN()}) {
    Weights w = default_like_weights();
    w[kFThreatNext] = x;
    EXPECT_THROW(format_weights(w), InputError);
    const std::string m = input_error_of([&] { write_weights(path, w); });
    EXPECT_NE(m.find("'threat_next'"), std::string::npos) << m;
    EXPECT_EQ(read_text_file(path), "old content\n");
  }
  // Nor a weight the reader would refuse as beyond kMaxWeight; one at it is written.
  Weights w = default_like_weights();
  w[kFThreatNext] = kMaxWeight * 1.001;
  const std::string m = input_error_of([&] { write_weights(path, w); });
  EXPECT_NE(m.find("'threat_next' is 62.5625, beyond +-62.5"), std::string::npos) << m;
  EXPECT_EQ(read_text_file(path), "old content\n");
  w[kFThreatNext] = -kMaxWeight;
  EXPECT_EQ(parse_weights(format_weights(w), "x"), w);
  std::filesystem::remove(path);
}

// ---- the count estimator beside EM ----

// Seven positions, three types: A alone agrees twice, B alone once, C only where another
// type agrees too (with A, with B, with both), and one position no type predicts.
const std::vector<std::vector<char>> kAmbiguousHits = {{1, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 1},
                                                       {0, 1, 1}, {0, 0, 0}, {1, 1, 1}};

TEST(TypeLearning, CountSkipsAmbiguousPositionsWhereEmSharesThem) {
  // count: the three unambiguous positions alone, A 2 and B 1, C none.
  const auto count = count_type_probabilities(kAmbiguousHits);
  ASSERT_EQ(count.size(), 3u);
  EXPECT_DOUBLE_EQ(count[0], 2.0 / 3);
  EXPECT_DOUBLE_EQ(count[1], 1.0 / 3);
  EXPECT_EQ(count[2], 0.0);
  // EM's first step shares each ambiguous position equally among its types, over the six
  // positions some type predicts: A 2 + 1/2 + 1/3, B 1 + 1/2 + 1/3, C 1/2 + 1/2 + 1/3.
  const auto shared = estimate_type_probabilities(kAmbiguousHits, 1);
  EXPECT_NEAR(shared[0], 17.0 / 36, 1e-12);
  EXPECT_NEAR(shared[1], 11.0 / 36, 1e-12);
  EXPECT_NEAR(shared[2], 8.0 / 36, 1e-12);
  // Iterated, EM moves C's share to A and B towards the maximum likelihood (3/5, 2/5, 0):
  // the likelihood 2 log a + log b + log(a + c) + log(b + c) gains nothing from c there.
  const auto em = estimate_type_probabilities(kAmbiguousHits, 2000);
  EXPECT_NEAR(em[0], 0.6, 1e-3);
  EXPECT_NEAR(em[1], 0.4, 1e-3);
  EXPECT_LT(em[2], 1e-3);
  EXPECT_GT(estimate_type_probabilities(kAmbiguousHits)[2], 0.0);  // still above 0 after 100 steps
}

TEST(TypeLearning, CountWithoutAnUnambiguousPositionIsAnError) {
  const std::string m = input_error_of([] { count_type_probabilities({{1, 1, 0}, {0, 0, 0}, {1, 1, 1}}); });
  EXPECT_NE(m.find("--estimator count: no position where exactly one type predicts"), std::string::npos) << m;
  EXPECT_NE(m.find("3 positions: 2 predicted by several types, 1 by none"), std::string::npos) << m;
  EXPECT_THROW(count_type_probabilities({}), InputError);
  EXPECT_EQ(parse_type_estimator("count"), TypeEstimator::Count);
  EXPECT_EQ(parse_type_estimator("em"), TypeEstimator::Em);
  for (const char* bad : {"EM", "counts", ""}) {
    const std::string e = input_error_of([&] { parse_type_estimator(bad); });
    EXPECT_NE(e.find("--estimator must be count, em, bayes (off-line) or epsilon, bayes (on-line), found '" +
                     std::string(bad) + "'"),
              std::string::npos)
        << e;
  }
  EXPECT_EQ(OfflineOptions{}.estimator, TypeEstimator::Em);  // the default stays EM
}

TEST(TypeLearning, OfflineCountCreditsTheRealOpponentAloneAndRefusesTwins) {
  const std::string ab = "alphabeta(tt_mb=1)";
  const PlayerModel real = parse_player_model("material@1", 2, ab);
  OfflineOptions o;
  o.repeats = 3;
  o.positions = 30;
  o.threads = 2;
  o.estimator = TypeEstimator::Count;
  // The real opponent's type agrees everywhere, so every unambiguous position is its own.
  const OfflineResult r = learn_types_offline(real, parse_player_models("material@1,default@1", 2, ab), kRules, o);
  EXPECT_EQ(r.mean, (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(r.stddev, (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(r.hit_rate[0], 1.0);
  EXPECT_DOUBLE_EQ(r.ambiguous, r.hit_rate[1]);  // where default agrees too
  EXPECT_GT(r.ambiguous, 0.0);
  // Twins agree or disagree together: no position has exactly one agreeing type.
  const std::string m = input_error_of(
      [&] { learn_types_offline(real, parse_player_models("material@1,material@1", 2, ab), kRules, o); });
  EXPECT_NE(m.find("sample 1 of 3: --estimator count: no position"), std::string::npos) << m;
}

// The learned evaluators are built into the program: each file of models/weights/ is one
// by its name, with the file's weights, and no other is built in.
TEST(LearnedWeights, TheBuiltInWeightsAreTheCheckoutsFiles) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(BAO_WEIGHTS_DIR))
    if (e.path().extension() == ".txt") files.push_back(e.path().stem().string());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  std::string listed = "material, default, ";
  listed += donkers_evaluator_names();
  for (const std::string& name : files) {
    SCOPED_TRACE(name);
    listed += ", " + name;
    const auto e = make_evaluator(name);
    const auto* linear = dynamic_cast<const LinearEvaluator*>(e.get());
    ASSERT_NE(linear, nullptr);
    EXPECT_EQ(linear->weights(), read_weights(std::string(BAO_WEIGHTS_DIR) + "/" + name + ".txt"));
  }
  EXPECT_EQ(evaluator_names(), listed + ", or a weights file PATH.txt");
}

}  // namespace
}  // namespace bao::models
