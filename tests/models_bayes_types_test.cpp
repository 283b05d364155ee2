// The bayes estimator of opponent types: the Dirichlet update against hand-computed
// posteriors, the types' move distributions against their searches, an on-line learner
// that sees one type's replies converging to it, the held-out prediction scores, and bad
// input refused by name.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/dirichlet_belief.h"
#include "models/evaluators.h"
#include "models/reply_model.h"
#include "models/type_learning.h"
#include "models/type_prediction.h"
#include "play/openings.h"
#include "search/score.h"

namespace bao::models {
namespace {

using test::input_error_of;

const Rules kRules{};
const std::string kAb = "alphabeta(tt_mb=1)";

std::vector<double> logs(std::vector<double> l) {
  for (double& x : l) x = std::log(x);
  return l;
}

// Two types, prior Dirichlet(1, 1) (pi_1 uniform on [0, 1]), likelihoods chosen so every
// step is a fraction. The exact posterior after replies with likelihoods (L_1, L_2) has
// the density prod (L_2 + (L_1 - L_2) pi_1) on [0, 1], whose mean is a ratio of integrals
// of polynomials.
TEST(BayesTypes, DirichletUpdateMatchesHandComputedPosteriors) {
  DirichletBelief b({1, 1});
  EXPECT_EQ(b.mean(), (std::vector<double>{0.5, 0.5}));
  // Reply 1, L = (0.6, 0.2): w = (0.5 0.6, 0.5 0.2) / 0.4 = (3/4, 1/4); mean
  // ((1 + 3/4) / 3, (1 + 1/4) / 3) = (7/12, 5/12); sum E[pi^2] = (2 (1 + 3/2) + 2 (1 + 1/2))
  // / (3 4) = 2/3, sum mean^2 = 74/144, so s = (1 - 2/3) / (2/3 - 74/144) = 24/11 and
  // alpha = s mean = (14/11, 10/11). Exact: density 0.2 + 0.4 pi_1, mean
  // (0.1 + 0.4/3) / (0.2 + 0.2) = 7/12 and variance 5/12 - 49/144 = 11/144, which
  // Beta(14/11, 10/11) has too: (35/144) / (24/11 + 1).
  b.observe(logs({0.6, 0.2}));
  EXPECT_NEAR(b.alpha()[0], 14.0 / 11, 1e-12);
  EXPECT_NEAR(b.alpha()[1], 10.0 / 11, 1e-12);
  EXPECT_NEAR(b.mean()[0], 7.0 / 12, 1e-12);
  // Reply 2, equally likely under both (0.5, 0.5): the mixture is the Dirichlet itself.
  b.observe(logs({0.5, 0.5}));
  EXPECT_NEAR(b.alpha()[0], 14.0 / 11, 1e-12);
  EXPECT_NEAR(b.alpha()[1], 10.0 / 11, 1e-12);
  // Reply 3, L = (0.9, 0.1): w proportional to (14/11 0.9, 10/11 0.1), so (63/68, 5/68);
  // mean ((14/11 + 63/68) / (35/11), (10/11 + 5/68) / (35/11)) = (47/68, 21/68); sum
  // E[pi^2] = 268/391, s = 5576/1991 = 2.80060, alpha = (1.93571, 0.86489). Exact: the
  // density (0.2 + 0.4 pi)(0.1 + 0.8 pi) = 0.02 + 0.2 pi + 0.32 pi^2 has mean
  // (0.01 + 0.2/3 + 0.08) / (0.02 + 0.1 + 0.32/3) = 47/68 too: with two types the
  // matched mean and variance are all a linear likelihood's next step needs.
  b.observe(logs({0.9, 0.1}));
  EXPECT_NEAR(b.mean()[0], 47.0 / 68, 1e-12);
  EXPECT_NEAR(b.concentration(), 5576.0 / 1991, 1e-12);
  EXPECT_NEAR(b.alpha()[0], 3854.0 / 1991, 1e-12);
  // Reply 4, L = (0.1, 0.7): w = (47/194, 147/194), mean_1 = (1.93571 + 0.24227) / 3.80060
  // = 0.57306. Exact: the density times 0.7 - 0.6 pi has mean 559/970 = 0.57629; the
  // third moment, which the Dirichlet does not match, makes the 0.003 between them.
  b.observe(logs({0.1, 0.7}));
  EXPECT_NEAR(b.mean()[0], 0.57306, 1e-5);
  EXPECT_NEAR(b.mean()[0], 559.0 / 970, 0.004);
  // The likelihoods count only in ratio: all four times 1e-300 give the same posterior.
  DirichletBelief small({1, 1});
  for (auto l : {logs({0.6, 0.2}), logs({0.5, 0.5}), logs({0.9, 0.1}), logs({0.1, 0.7})}) {
    for (double& x : l) x += std::log(1e-300);
    small.observe(l);
  }
  EXPECT_NEAR(small.mean()[0], b.mean()[0], 1e-12);
}

TEST(BayesTypes, AReplyOnlyOneTypeCanPlayAddsOneToItsCount) {
  // The mixture is then the one Dirichlet(alpha + e_k): exact, as the conjugate count.
  DirichletBelief b({2, 1, 1});
  const double never = -std::numeric_limits<double>::infinity();
  b.observe({never, std::log(0.3), never});
  EXPECT_NEAR(b.alpha()[0], 2, 1e-12);
  EXPECT_NEAR(b.alpha()[1], 2, 1e-12);
  EXPECT_NEAR(b.alpha()[2], 1, 1e-12);
  // One type: nothing to learn, the mean stays 1.
  DirichletBelief one({3});
  one.observe({std::log(0.2)});
  EXPECT_EQ(one.mean(), std::vector<double>{1.0});
  EXPECT_EQ(one.concentration(), 3.0);
}

TEST(BayesTypes, SoftmaxOfScores) {
  // Scores 0, -4, -8 at tau 4: probabilities proportional to 1, e^-1, e^-2.
  const auto lp = softmax_log_probs({0, -4, -8}, 4);
  const double z = 1 + std::exp(-1.0) + std::exp(-2.0);
  EXPECT_NEAR(lp[0], -std::log(z), 1e-12);
  EXPECT_NEAR(lp[1], -1 - std::log(z), 1e-12);
  EXPECT_NEAR(lp[2], -2 - std::log(z), 1e-12);
  // A win beside ordinary values: the others' log-probabilities are finite.
  const auto win = softmax_log_probs({search::kWin - 1, 10, -10}, kDefaultTau);
  EXPECT_NEAR(win[0], 0, 1e-12);
  EXPECT_TRUE(std::isfinite(win[1]));
  EXPECT_LT(win[1], -200000);
}

// Random-walk positions with at least two legal moves.
std::vector<Position> positions_with_a_choice(int n) {
  std::vector<Position> out;
  for (std::uint64_t i = 0; static_cast<int>(out.size()) < n; ++i) {
    const Position p = play::random_opening(kRules, 7, i, 4, 40);
    if (count_legal_moves(p, kRules) > 1) out.push_back(p);
  }
  return out;
}

TEST(BayesTypes, ATypesScoresAreItsSearchValuesAndItsMoveTheMode) {
  const PlayerModel d3 = parse_player_model("default@3", 2, kAb), m1 = parse_player_model("material@1", 2, kAb);
  ReplyModel deep(d3, kRules, kDefaultTau), shallow(m1, kRules, kDefaultTau);
  MovePredictor predict(d3, kRules);
  auto search = models::make_searcher(kAb, kRules, make_evaluator("default"));
  search::Limits lim;
  lim.depth = 3;
  const auto material = make_evaluator("material");
  for (const Position& p : positions_with_a_choice(30)) {
    const std::vector<int> v = deep.scores(p);
    const search::BaoResult r = search->search(p, lim);
    // The best child's value is the root's, and the first best child the move played.
    const int best = static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
    EXPECT_EQ(v[best], r.value);
    EXPECT_EQ(best, move_index(p, predict.predict(p), kRules));
    // At depth 1 a move's value is its child's evaluation for the mover.
    ChildList children;
    generate_children(p, kRules, children);
    const std::vector<int> s = shallow.scores(p);
    for (std::size_t i = 0; i < children.size(); ++i)
      if (outcome(children[i].pos, kRules) == Outcome::Ongoing) {
        EXPECT_EQ(s[i], material->evaluate(children[i].pos, p.side));
      }
    double total = 0;
    for (double l : deep.log_probs(p)) total += std::exp(l);
    EXPECT_NEAR(total, 1, 1e-12);
  }
}

// The real opponent is default@1, one of the two types; the learner (material@2) plays
// it. Its four games have 32, 12, 22 and 29 replies (forced ones included).
TEST(BayesTypes, OnlineLearnerSeeingOneTypeConvergesToIt) {
  const auto types = parse_player_models("material@1,default@1", 2, kAb);
  OnlineOptions o;
  o.estimator = TypeEstimator::Bayes;
  o.games = 4;
  o.ply_cap = 80;
  const auto steps = learn_types_online(parse_player_model("default@1", 2, kAb), types,
                                        parse_player_model("material@2", 2, kAb), kRules, o);
  ASSERT_GT(steps.size(), 90u);
  // Measured: 0.917 after the first game, above 0.95 from the 52nd reply on (the third
  // game's eighth), 0.978 after 95. The mixture's weights are learned from the replies
  // that tell the types apart, about one in four here (docs/learning.md).
  EXPECT_LT(steps[50].probs[1], 0.95);
  for (std::size_t i = 51; i < steps.size(); ++i) EXPECT_GT(steps[i].probs[1], 0.95) << "reply " << i + 1;
  EXPECT_GT(steps.back().probs[1], 0.975);
  EXPECT_NEAR(steps.back().probs[0] + steps.back().probs[1], 1, 1e-12);
  // The posterior mean as a PrOM searcher.
  const std::string spec = prom_spec("prom-beta", types, steps.back().probs, 0.5);
  auto s = models::make_searcher(spec, kRules, make_evaluator("default"));
  search::Limits lim;
  lim.depth = 2;
  EXPECT_TRUE(s->search(start_position(Variant::Kiswahili), lim).has_move) << spec;
}

TEST(BayesTypes, OfflineBayesFavoursTheRealOpponentAndScoresPredictions) {
  const PlayerModel real = parse_player_model("default@1", 2, kAb);
  const auto types = parse_player_models("material@1,default@1", 2, kAb);
  OfflineOptions o;
  o.estimator = TypeEstimator::Bayes;
  o.positions = 60;
  o.repeats = 2;
  o.held_out = 40;
  o.threads = 2;
  const OfflineResult r = learn_types_offline(real, types, kRules, o);
  EXPECT_GT(r.mean[1], 0.9);  // measured 0.921 (0.908 and 0.934)
  ASSERT_EQ(r.prediction.size(), 4u);
  const char* names[] = {"count", "em", "bayes", "uniform"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(r.prediction[i].estimator, names[i]);
    EXPECT_EQ(r.prediction[i].repeats, 2);
    // Learned probabilities on the real opponent's side predict better than 1/2 each.
    if (i < 3) {
      EXPECT_LT(r.prediction[i].log_loss, r.prediction[3].log_loss) << names[i];
    }
  }
  // A strong prior on the wrong type holds against 60 replies (measured 0.242).
  o.prior = {20, 1};
  EXPECT_LT(learn_types_offline(real, types, kRules, o).mean[1], 0.5);
  // Same numbers with one thread.
  o.prior.clear();
  o.threads = 1;
  const OfflineResult one = learn_types_offline(real, types, kRules, o);
  EXPECT_EQ(one.mean, r.mean);
  EXPECT_EQ(one.prediction[2].log_loss, r.prediction[2].log_loss);
}

TEST(BayesTypes, HeldOutGamesScoreTheOpponentsOwnGames) {
  const PlayerModel real = parse_player_model("default@1", 2, kAb);
  const auto types = parse_player_models("material@1,default@1", 2, kAb);
  OfflineOptions o;
  o.estimator = TypeEstimator::Bayes;
  o.positions = 40;
  o.repeats = 2;
  o.held_out = 10;
  o.held_out_games = 3;
  o.threads = 2;
  const OfflineResult r = learn_types_offline(real, types, kRules, o);
  // The games, played again here: the openings after the samples' and held-out walks',
  // the opponent's own move at every ply, a prediction at every unforced position.
  int unforced = 0;
  MovePredictor me(real, kRules);
  for (int g = 0; g < o.held_out_games; ++g) {
    Position p = play::random_opening(
        kRules, o.seed, static_cast<std::uint64_t>(o.positions * o.repeats + o.held_out + g), 4, 8, o.opening_stream);
    for (int ply = 0; ply < o.games_ply_cap && outcome(p, kRules) == Outcome::Ongoing; ++ply) {
      unforced += count_legal_moves(p, kRules) > 1;
      p = apply_move(p, me.predict(p), kRules);
    }
  }
  EXPECT_EQ(r.game_positions, unforced);
  EXPECT_GT(unforced, 30);
  ASSERT_EQ(r.prediction_games.size(), 4u);
  EXPECT_EQ(r.prediction_games[3].estimator, "uniform");
  // The real opponent is a type: the estimates, on its side, predict its games better
  // than the uniform mixture.
  for (int i = 1; i < 3; ++i)
    EXPECT_LT(r.prediction_games[i].log_loss, r.prediction_games[3].log_loss) << r.prediction_games[i].estimator;
  // The walks' scores are those of a run without games, and one thread gives the same.
  OfflineOptions walks_only = o;
  walks_only.held_out_games = 0;
  const OfflineResult w = learn_types_offline(real, types, kRules, walks_only);
  EXPECT_EQ(w.prediction[2].log_loss, r.prediction[2].log_loss);
  EXPECT_TRUE(w.prediction_games.empty());
  o.threads = 1;
  const OfflineResult one = learn_types_offline(real, types, kRules, o);
  EXPECT_EQ(one.prediction_games[2].log_loss, r.prediction_games[2].log_loss);
  EXPECT_EQ(one.game_positions, r.game_positions);
  o.held_out_games = -1;
  const std::string m = input_error_of([&] { learn_types_offline(real, types, kRules, o); });
  EXPECT_NE(m.find("--held-out-games must be 0 to 100000, found -1"), std::string::npos) << m;
}

TEST(BayesTypes, HeldOutScoresOfAMixture) {
  // Position 1: type A gives moves (0.8, 0.2), B (0.3, 0.7); the move played is 1. With
  // probabilities (0.5, 0.5) the mixture is (0.55, 0.45): loss -ln 0.45, top-1 wrong.
  // Position 2: A (0.5, 0.5), B (0.1, 0.9), move 1: mixture (0.3, 0.7), loss -ln 0.7, right.
  std::vector<HeldOutReply> held = {{{logs({0.8, 0.2}), logs({0.3, 0.7})}, 1},
                                    {{logs({0.5, 0.5}), logs({0.1, 0.9})}, 1}};
  const PredictionScore s = score_predictions(held, {0.5, 0.5});
  EXPECT_NEAR(s.log_loss, -(std::log(0.45) + std::log(0.7)) / 2, 1e-12);
  EXPECT_DOUBLE_EQ(s.top1, 0.5);
  // All on B: losses -ln 0.7 and -ln 0.9, both right.
  const PredictionScore b = score_predictions(held, {0, 1});
  EXPECT_NEAR(b.log_loss, -(std::log(0.7) + std::log(0.9)) / 2, 1e-12);
  EXPECT_DOUBLE_EQ(b.top1, 1);
  EXPECT_THROW(score_predictions({}, {1}), InputError);
  held[0].reply = 2;
  EXPECT_THROW(score_predictions(held, {0.5, 0.5}), InputError);
}

TEST(BayesTypes, BadInputsAreRefusedByName) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  for (double tau : {0.0, -1.0, inf, nan}) {
    const std::string m = input_error_of([&] { check_tau(tau); });
    EXPECT_NE(m.find("--tau must be a finite number > 0"), std::string::npos) << m;
    EXPECT_THROW(ReplyModel(parse_player_model("material@1", 2, kAb), kRules, tau), InputError);
  }
  std::string m = input_error_of([] { DirichletBelief({1, -1}); });
  EXPECT_NE(m.find("the prior concentration of type 2 must be 1e-06 to 1e+09, found -1 (--prior)"), std::string::npos)
      << m;
  // Each bounded, and their sum: 1e308 twice made the mean inf / inf, a NaN spec.
  EXPECT_THROW(DirichletBelief({1e308, 1}), InputError);
  m = input_error_of([] { DirichletBelief({6e8, 6e8}); });
  EXPECT_NE(m.find("the prior concentrations sum to 1.2e+09, more than 1e+09 (--prior)"), std::string::npos) << m;
  m = input_error_of([] { parse_dirichlet_prior("1e308", 2); });
  EXPECT_NE(m.find("--prior: each concentration must be a number from 1e-06 to 1e+09, found '1e308'"),
            std::string::npos)
      << m;
  m = input_error_of([] { parse_dirichlet_prior("6e8", 2); });
  EXPECT_NE(m.find("--prior: the concentrations of the 2 types sum to 1.2e+09, more than 1e+09"), std::string::npos)
      << m;
  EXPECT_THROW(DirichletBelief({0, 1}), InputError);
  EXPECT_THROW(DirichletBelief({}), InputError);
  m = input_error_of([] { parse_dirichlet_prior("1,-2", 2); });
  EXPECT_NE(m.find("--prior: each concentration must be a number from 1e-06 to 1e+09, found '-2' in '1,-2'"),
            std::string::npos)
      << m;
  m = input_error_of([] { parse_dirichlet_prior("1,2,3", 2); });
  EXPECT_NE(m.find("one concentration for every type or one per type (2), found 3"), std::string::npos) << m;
  EXPECT_THROW(parse_dirichlet_prior("x", 2), InputError);
  EXPECT_THROW(parse_dirichlet_prior("", 2), InputError);
  EXPECT_EQ(parse_dirichlet_prior("2", 3), (std::vector<double>{2, 2, 2}));
  EXPECT_EQ(parse_dirichlet_prior("2,0.5", 2), (std::vector<double>{2, 0.5}));
  // Observations: one per type, none NaN, some type able to play the reply.
  DirichletBelief b({1, 1});
  EXPECT_THROW(b.observe({0.0}), InputError);
  EXPECT_THROW(b.observe({nan, 0.0}), InputError);
  m = input_error_of([&] { b.observe({-inf, -inf}); });
  EXPECT_NE(m.find("no type can play"), std::string::npos) << m;
  // The learners: a prior of the wrong size, an estimator of the other mode, a bad tau.
  const PlayerModel real = parse_player_model("material@1", 2, kAb);
  const auto types = parse_player_models("material@1,default@1", 2, kAb);
  OfflineOptions off;
  off.estimator = TypeEstimator::Bayes;
  off.positions = 2;
  off.repeats = 1;
  off.prior = {1, 1, 1};
  m = input_error_of([&] { learn_types_offline(real, types, kRules, off); });
  EXPECT_NE(m.find("3 prior concentrations (--prior) for 2 types"), std::string::npos) << m;
  off.prior = {1, -3};
  m = input_error_of([&] { learn_types_offline(real, types, kRules, off); });
  EXPECT_NE(m.find("type 2 must be 1e-06 to 1e+09, found -3"), std::string::npos) << m;
  off.prior.clear();
  off.tau = -2;
  m = input_error_of([&] { learn_types_offline(real, types, kRules, off); });
  EXPECT_NE(m.find("--tau must be a finite number > 0"), std::string::npos) << m;
  off.tau = kDefaultTau;
  off.estimator = TypeEstimator::Epsilon;
  m = input_error_of([&] { learn_types_offline(real, types, kRules, off); });
  EXPECT_NE(m.find("--estimator epsilon is an on-line belief"), std::string::npos) << m;
  off.estimator = TypeEstimator::Bayes;
  off.held_out = -1;
  EXPECT_THROW(learn_types_offline(real, types, kRules, off), InputError);
  OnlineOptions on;
  on.games = 1;
  on.estimator = TypeEstimator::Em;
  m = input_error_of([&] { learn_types_online(real, types, real, kRules, on); });
  EXPECT_NE(m.find("--estimator em is an off-line estimator"), std::string::npos) << m;
  on.estimator = TypeEstimator::Bayes;
  on.tau = 0;
  EXPECT_THROW(learn_types_online(real, types, real, kRules, on), InputError);
  EXPECT_EQ(parse_type_estimator("bayes"), TypeEstimator::Bayes);
  EXPECT_EQ(parse_type_estimator("epsilon"), TypeEstimator::Epsilon);
}

}  // namespace
}  // namespace bao::models
