// The tournament statistics against values worked out by hand (with the arithmetic
// written out) or against the reference formulas they implement.
#include "experiments/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "experiments/summary.h"

namespace bao::experiments {
namespace {

TEST(Stats, EloOfAScore) {
  EXPECT_DOUBLE_EQ(score_to_elo(0.5), 0.0);
  // Elo = -400 log10(1/s - 1): s = 0.75 gives 400 log10(3) = 190.8485...
  EXPECT_NEAR(score_to_elo(0.75), 190.848501887865, 1e-9);
  EXPECT_NEAR(score_to_elo(0.25), -190.848501887865, 1e-9);
  EXPECT_TRUE(std::isinf(score_to_elo(1.0)) && score_to_elo(1.0) > 0);
  EXPECT_TRUE(std::isinf(score_to_elo(0.0)) && score_to_elo(0.0) < 0);
  for (double e : {-600.0, -35.5, 0.0, 12.0, 400.0}) EXPECT_NEAR(score_to_elo(elo_to_score(e)), e, 1e-9);
  // 400 Elo is odds of 10 to 1.
  EXPECT_NEAR(elo_to_score(400), 10.0 / 11.0, 1e-12);
}

TEST(Stats, NormalDistribution) {
  EXPECT_DOUBLE_EQ(normal_cdf(0), 0.5);
  EXPECT_NEAR(normal_cdf(kZ95), 0.975, 1e-12);
  EXPECT_NEAR(normal_cdf(-1), 0.158655253931457, 1e-12);
}

TEST(Stats, LikelihoodOfSuperiority) {
  // LOS = Phi((w - l) / sqrt(w + l)).
  EXPECT_TRUE(std::isnan(los(0, 0)));  // 0 / 0: no decided game says nothing
  EXPECT_DOUBLE_EQ(los(7, 7), 0.5);
  EXPECT_NEAR(los(6, 4), 0.736455371567231, 1e-12);   // Phi(2 / sqrt(10)) = Phi(0.632456)
  EXPECT_NEAR(los(10, 0), 0.999217298870999, 1e-12);  // Phi(sqrt(10)) = Phi(3.162278)
  EXPECT_NEAR(los(4, 6), 1 - 0.736455371567231, 1e-12);
}

// Four pairs (the first player's points in the two games of each opening):
//   (1, 1)   (1, 0)   (0, 0.5)   (1, 0.5)
// wins 4, losses 2, capped 2, points 5 of 8, score 0.625; pentanomial classes (pair
// points x 2) 4, 2, 1, 3: counts [0, 1, 1, 1, 1]. Pair means 1, 0.5, 0.25, 0.75 deviate
// from 0.625 by .375, -.125, -.375, .125: variance (0.140625 + 0.015625) * 2 / 4 =
// 0.078125, variance of the mean 0.078125 / 4 = 0.01953125, so the 95% half-width is
// 1.959964 * 0.139754 = 0.273913.
std::vector<GameScore> four_pairs() { return {{0, 1}, {0, 1}, {1, 1}, {1, 0}, {2, 0}, {2, 0.5}, {3, 1}, {3, 0.5}}; }

TEST(Stats, PentanomialByHand) {
  const PairingStats st = pairing_stats(four_pairs());
  EXPECT_EQ(st.games, 8);
  EXPECT_EQ(st.wins, 4);
  EXPECT_EQ(st.losses, 2);
  EXPECT_EQ(st.capped, 2);
  EXPECT_DOUBLE_EQ(st.points, 5);
  EXPECT_DOUBLE_EQ(st.score, 0.625);
  EXPECT_EQ(st.pairs, 4);
  EXPECT_EQ(st.penta, (std::array<std::int64_t, 5>{0, 1, 1, 1, 1}));
  EXPECT_TRUE(st.ci_pentanomial);
  EXPECT_NEAR(st.score_ci95, 0.27391329393018177, 1e-12);
  EXPECT_NEAR(st.elo, 88.73949984654251, 1e-9);  // -400 log10(0.6)
  // Half the width of [elo(0.625 - ci), elo(0.625 + ci)].
  EXPECT_NEAR(st.elo_ci95, 243.1592088461157, 1e-6);
  EXPECT_NEAR(st.los, los(4, 2), 1e-15);
}

TEST(Stats, TrinomialWhenGamesAreUnpaired) {
  // Three games of three different openings: 1, 0, 0.5. Mean 0.5; mean square
  // (1 + 0 + 0.25) / 3; variance 0.416667 - 0.25 = 0.166667; of the mean / 3.
  const PairingStats st = pairing_stats({{0, 1}, {1, 0}, {2, 0.5}});
  EXPECT_FALSE(st.ci_pentanomial);
  EXPECT_EQ(st.pairs, 0);
  EXPECT_DOUBLE_EQ(st.score, 0.5);
  EXPECT_DOUBLE_EQ(st.elo, 0);
  EXPECT_NEAR(st.score_ci95, 0.4619679414498926, 1e-12);
}

TEST(Stats, ScoresAtTheEdges) {
  // No game: no score, and nothing that follows from one.
  PairingStats st = pairing_stats({});
  EXPECT_EQ(st.games, 0);
  for (double x : {st.score, st.score_ci95, st.elo, st.elo_ci95, st.los}) EXPECT_TRUE(std::isnan(x));
  // Three pairs won twice: score 1, Elo infinite; no spread, so the score interval is 0
  // wide, [1, 1], and the Elo interval unbounded (Stats.EloIntervalIsInfiniteAtAWholeScore).
  st = pairing_stats({{0, 1}, {0, 1}, {1, 1}, {1, 1}, {2, 1}, {2, 1}});
  EXPECT_DOUBLE_EQ(st.score, 1);
  EXPECT_TRUE(std::isinf(st.elo) && st.elo > 0);
  EXPECT_DOUBLE_EQ(st.score_ci95, 0);
  EXPECT_TRUE(std::isinf(st.elo_ci95));
  EXPECT_EQ(st.penta[4], 3);
  // All capped: every game half a point, no spread; LOS has no decided game.
  st = pairing_stats({{0, 0.5}, {0, 0.5}, {1, 0.5}, {1, 0.5}});
  EXPECT_EQ(st.capped, 4);
  EXPECT_DOUBLE_EQ(st.score, 0.5);
  EXPECT_DOUBLE_EQ(st.score_ci95, 0);
  EXPECT_DOUBLE_EQ(st.elo_ci95, 0);
  EXPECT_TRUE(std::isnan(st.los));
  EXPECT_EQ(st.penta[2], 2);
}

TEST(Stats, IntervalsNeedTwoUnits) {
  // One pair (won, lost): a score of 0.5 but no spread between pairs to measure.
  PairingStats st = pairing_stats({{0, 1}, {0, 0}});
  EXPECT_TRUE(st.ci_pentanomial);
  EXPECT_DOUBLE_EQ(st.score, 0.5);
  EXPECT_DOUBLE_EQ(st.elo, 0);
  EXPECT_TRUE(std::isnan(st.score_ci95));
  EXPECT_TRUE(std::isnan(st.elo_ci95));
  EXPECT_DOUBLE_EQ(st.los, 0.5);
  // One unpaired game: the same from single games.
  st = pairing_stats({{0, 1}});
  EXPECT_FALSE(st.ci_pentanomial);
  EXPECT_TRUE(std::isnan(st.score_ci95));
  // Two unpaired games (1, 0): mean 0.5, variance 0.25, of the mean 0.125;
  // 1.959964 * sqrt(0.125) = 0.692952.
  st = pairing_stats({{0, 1}, {1, 0}});
  EXPECT_NEAR(st.score_ci95, 0.6929519121748391, 1e-12);
  // Two pairs (1, 1) and (1, 0.5): score 0.875, pair means 1 and 0.75, variance of the
  // mean 0.015625 / 2 = 0.0078125, half-width 0.173238: the interval passes 1, so the Elo
  // interval is infinite.
  st = pairing_stats({{0, 1}, {0, 1}, {1, 1}, {1, 0.5}});
  EXPECT_NEAR(st.score_ci95, 0.17323797804370974, 1e-12);
  EXPECT_TRUE(std::isfinite(st.elo));
  EXPECT_TRUE(std::isinf(st.elo_ci95));
}

TEST(Stats, SprtBounds) {
  Sprt s;
  // log(0.05 / 0.95) and log(0.95 / 0.05) = -+2.944439.
  EXPECT_NEAR(s.lower(), -std::log(19.0), 1e-12);
  EXPECT_NEAR(s.upper(), std::log(19.0), 1e-12);
  s.alpha = 0.1;
  s.beta = 0.2;
  EXPECT_NEAR(s.lower(), std::log(0.2 / 0.9), 1e-12);
  EXPECT_NEAR(s.upper(), std::log(0.8 / 0.1), 1e-12);
  EXPECT_EQ(sprt_decision(0.39, s), "");
  EXPECT_EQ(sprt_decision(3.0, s), "H1");
  EXPECT_EQ(sprt_decision(-3.0, s), "H0");
}

TEST(Stats, SprtAgainstReferenceValues) {
  Sprt s;
  s.elo0 = 0;
  s.elo1 = 100;
  // Reference values from an independent implementation of the same definition (a
  // Python bisection for the constrained maximum-likelihood fits).
  const PairingStats st = pairing_stats(four_pairs());
  EXPECT_NEAR(sprt_llr(st, s), 0.4082393397781892, 1e-9);
  s.pentanomial = false;  // 2 losses, 2 capped, 4 wins
  EXPECT_NEAR(sprt_llr(st, s), 0.33445003088959346, 1e-9);
  s.pentanomial = true;
  // Ten pairs won twice: the closest distributions with means s0 and s1 put their mass
  // on "won both" and "lost both", so LLR = 10 log(s1 / s0) = 10 log(0.640065 / 0.5)
  // = 2.4696 (2.4700 with the weight of the unseen outcomes).
  PairingStats ww;
  ww.pairs = 10;
  ww.penta = {0, 0, 0, 0, 10};
  EXPECT_NEAR(sprt_llr(ww, s), 2.4700282126841584, 1e-9);
  EXPECT_NEAR(sprt_llr(ww, s), 10 * std::log(elo_to_score(100) / 0.5), 1e-3);
  // With many pairs the LLR approaches the normal approximation
  // n (s1 - s0) (2m - s0 - s1) / (2v) of fishtest's older code.
  PairingStats big;
  big.penta = {190, 610, 1400, 600, 200};
  big.pairs = 3000;
  s.elo1 = 5;
  double m = 0, v = 0;
  for (int k = 0; k < 5; ++k) m += big.penta[k] * (k / 4.0) / 3000;
  for (int k = 0; k < 5; ++k) v += big.penta[k] * (k / 4.0 - m) * (k / 4.0 - m) / 3000;
  const double s0 = 0.5, s1 = elo_to_score(5);
  const double normal = 3000 * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
  EXPECT_NEAR(sprt_llr(big, s), normal, 0.01 * std::abs(normal) + 1e-3);
  // Too little data: no evidence either way.
  EXPECT_DOUBLE_EQ(sprt_llr(PairingStats{}, s), 0);
}

TEST(Stats, SprtTrackerIsOrderIndependent) {
  Sprt s;
  s.elo0 = 0;
  s.elo1 = 200;
  // 40 openings: the first player wins both games of most pairs.
  std::vector<std::array<double, 3>> games;  // opening, game, points
  for (int o = 0; o < 40; ++o) {
    games.push_back({double(o), 0, 1});
    games.push_back({double(o), 1, o % 3 == 0 ? 0.0 : o % 5 == 0 ? 0.5 : 1.0});
  }
  SprtTracker in_order(s);
  for (const auto& g : games) in_order.add(int(g[0]), int(g[1]), g[2]);
  ASSERT_EQ(in_order.decision(), "H1");
  EXPECT_LT(in_order.pairs(), 40);
  std::mt19937 rng(7);
  for (int trial = 0; trial < 5; ++trial) {
    std::shuffle(games.begin(), games.end(), rng);
    SprtTracker t(s);
    for (const auto& g : games) t.add(int(g[0]), int(g[1]), g[2]);
    EXPECT_EQ(t.decision(), in_order.decision());
    EXPECT_EQ(t.pairs(), in_order.pairs());
    EXPECT_DOUBLE_EQ(t.llr(), in_order.llr());
  }
  // A gap stops the count: openings after a missing game do not count yet.
  SprtTracker gap(s);
  gap.add(0, 0, 1);
  gap.add(1, 0, 1);
  gap.add(1, 1, 1);
  EXPECT_EQ(gap.pairs(), 0);
  gap.add(0, 1, 1);
  EXPECT_EQ(gap.pairs(), 2);
}

TEST(Stats, RatingsOfTwoPlayersMatchTheirScore) {
  CrossTable t({"a", "b"});
  for (double p : {1.0, 1.0, 1.0, 0.0}) t.add(0, 1, p);  // a scores 3 of 4
  const auto r = fit_ratings(t, 0);
  EXPECT_NEAR(r[0] - r[1], score_to_elo(0.75), 1e-6);
  EXPECT_NEAR(r[0] + r[1], 0, 1e-9);
}

TEST(Stats, RatingsSatisfyTheLikelihoodEquations) {
  // At the maximum of the Bradley-Terry likelihood each player's expected points equal
  // his actual points (the derivative with respect to his rating is zero).
  CrossTable t({"a", "b", "c", "d"});
  const double results[][3] = {{0, 1, 1}, {0, 1, 0.5}, {0, 1, 0}, {0, 2, 1},   {0, 2, 1}, {0, 3, 0}, {1, 2, 1},
                               {1, 2, 0}, {1, 3, 0},   {1, 3, 1}, {2, 3, 0.5}, {2, 3, 0}, {0, 3, 1}, {1, 0, 0}};
  for (const auto& g : results) t.add(int(g[0]), int(g[1]), g[2]);
  const auto r = fit_ratings(t, 0);
  double mean = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    double expected = 0, actual = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      if (i == j) continue;
      expected += static_cast<double>(t.games[i][j]) * elo_to_score(r[i] - r[j]);
      actual += t.points[i][j];
    }
    EXPECT_NEAR(expected, actual, 1e-6) << "player " << i;
    mean += r[i];
  }
  EXPECT_NEAR(mean, 0, 1e-9);
}

TEST(Stats, PriorKeepsAPerfectPlayerFinite) {
  CrossTable t({"a", "b", "c"});
  for (int k = 0; k < 4; ++k) t.add(0, 1, 1), t.add(0, 2, 1), t.add(1, 2, k % 2 ? 1.0 : 0.0);
  const auto r = fit_ratings(t, 1.0);
  for (double x : r) EXPECT_TRUE(std::isfinite(x));
  EXPECT_GT(r[0], r[1]);
  EXPECT_NEAR(r[1], r[2], 1e-6);
}

// A summary of a pairing a vs b from games given as (opening, game, first player's points).
Summary small_run(const std::vector<std::array<double, 3>>& games, Config& c) {
  c.file = "small.ini";
  c.entrants = {"a", "b"};
  c.openings = 2;
  std::vector<TournamentGame> records;
  for (const auto& g : games) {
    TournamentGame r;
    r.pairing = "a vs b";
    r.first = "a";
    r.second = "b";
    r.opening_index = static_cast<int>(g[0]);
    r.game = static_cast<int>(g[1]);
    r.first_points = g[2];
    records.push_back(r);
  }
  return summarise(c, make_pairings(c), records, 4);
}

// The cells of the pairing's row of summary.md.
std::string markdown_row(const std::string& md) {
  const std::size_t at = md.find("| a vs b |");
  return md.substr(at, md.find('\n', at) - at);
}

TEST(Summary, UndefinedFiguresAreNotPrintedAsNumbers) {
  Config c;
  // One pair, both won: score 100%, no interval from one pair, Elo infinite.
  Summary s = small_run({{0, 0, 1}, {0, 1, 1}}, c);
  EXPECT_EQ(markdown_row(summary_markdown(c, s)),
            "| a vs b | 2 | 2 | 0 | 0 | 100.0% ± n/a | n/a | 92.1% | 0 0 0 0 1 |");
  EXPECT_NE(summary_markdown(c, s).find("\nn/a: not determined by these games"), std::string::npos);
  EXPECT_EQ(summary_csv(s).substr(summary_csv(s).find('\n') + 1),
            "a vs b,2,2,0,0,1.0000,,,,0.9214,a,b,2,0,0,0,0,1,,\n");
  // One pair, won and lost: a score and an Elo, no intervals.
  s = small_run({{0, 0, 1}, {0, 1, 0}}, c);
  EXPECT_EQ(markdown_row(summary_markdown(c, s)),
            "| a vs b | 2 | 1 | 1 | 0 | 50.0% ± n/a | 0.0 ± n/a | 50.0% | 0 0 1 0 0 |");
  EXPECT_EQ(summary_csv(s).substr(summary_csv(s).find('\n') + 1),
            "a vs b,2,1,1,0,0.5000,,0.0,,0.5000,a,b,1,0,0,1,0,0,,\n");
  // No game at all.
  s = small_run({}, c);
  EXPECT_EQ(markdown_row(summary_markdown(c, s)), "| a vs b | 0 | 0 | 0 | 0 | n/a | n/a | n/a | 0 0 0 0 0 |");
  EXPECT_EQ(summary_csv(s).substr(summary_csv(s).find('\n') + 1), "a vs b,0,0,0,0,,,,,,a,b,0,0,0,0,0,0,,\n");
  // Three pairs with some spread, (1, 0), (1, 1), (1, 0.5): every figure defined (score
  // 0.75 ± 0.230984, Elo 190.85 ± 335.90, as Stats.PentanomialByHand works them out), and
  // no note.
  s = small_run({{0, 0, 1}, {0, 1, 0}, {1, 0, 1}, {1, 1, 1}, {2, 0, 1}, {2, 1, 0.5}}, c);
  const std::string md = summary_markdown(c, s);
  EXPECT_EQ(markdown_row(md), "| a vs b | 6 | 4 | 1 | 1 | 75.0% ± 23.1% | +190.8 ± 335.9 | 91.0% | 0 0 1 1 1 |");
  EXPECT_EQ(md.find("n/a"), std::string::npos);
}

TEST(Stats, EloIntervalIsInfiniteAtAWholeScore) {
  // At a 100% or 0% score the Elo difference is unbounded, and so is its interval
  // (stats.h: elo_ci95 is infinite when the score interval reaches 0 or 1), not NaN,
  // which stats.h keeps for an interval the games do not determine. The score interval
  // is 0 wide there, [1, 1] or [0, 0], where elo(1) - elo(1) would be inf - inf.
  for (const double p : {1.0, 0.0}) {
    // Three pairs, every game won (p = 1) or lost (p = 0): pentanomial, no spread.
    const PairingStats st = pairing_stats({{0, p}, {0, p}, {1, p}, {1, p}, {2, p}, {2, p}});
    EXPECT_TRUE(st.ci_pentanomial);
    EXPECT_DOUBLE_EQ(st.score, p);
    EXPECT_DOUBLE_EQ(st.score_ci95, 0);
    EXPECT_TRUE(std::isinf(st.elo) && (st.elo > 0) == (p == 1));
    EXPECT_TRUE(std::isinf(st.elo_ci95) && st.elo_ci95 > 0) << "score " << p << ": elo_ci95 " << st.elo_ci95;
    // The same from single games (trinomial): four unpaired games.
    const PairingStats single = pairing_stats({{0, p}, {1, p}, {2, p}, {3, p}});
    EXPECT_FALSE(single.ci_pentanomial);
    EXPECT_TRUE(std::isinf(single.elo_ci95) && single.elo_ci95 > 0) << "score " << p;
  }
  // With fewer than two pairs the interval stays undetermined (NaN), whole score or not.
  EXPECT_TRUE(std::isnan(pairing_stats({{0, 1}, {0, 1}}).elo_ci95));
}

}  // namespace
}  // namespace bao::experiments
