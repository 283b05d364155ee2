// Opponent models and learning of opponent-type probabilities
// (docs/opponent-models.md, "Learning opponent-type probabilities").
//
// A PlayerModel (models/player_model.h) describes a player: its evaluator, search depth
// and searcher. A type mixture is a list of models with probabilities, which PrOM search
// takes (prom_spec).
//
// Off-line, the real opponent's and each type's moves on sampled positions, turned into
// probabilities by one of the estimators of models/type_estimators.h (em, count, bayes),
// repeated on independent samples and reported with its spread; on-line, a belief
// updated after every opponent move of played games (epsilon: TypeBelief; bayes: the
// DirichletBelief of models/dirichlet_belief.h).
//
// With held-out positions, the off-line learner also scores each estimator's probabilities
// as a predictor of the opponent's next move (models/type_prediction.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "models/player_model.h"
#include "models/reply_model.h"
#include "models/type_estimators.h"
#include "play/openings.h"

namespace bao::models {

// ---- off-line ----

struct OfflineOptions {
  int positions = 100;  // sampled positions per repeat
  int repeats = 5;
  int min_plies = 4, max_plies = 40;                                      // positions: random walks of this many plies
  play::OpeningStream opening_stream = play::OpeningStream::kTournament;  // the walks' stream
  TypeEstimator estimator = TypeEstimator::Em;
  int iterations = 100;       // em's steps (count has none)
  double tau = kDefaultTau;   // bayes and the held-out scores: the move distributions' temperature, in seeds
  std::vector<double> prior;  // bayes: Dirichlet concentrations, one per type (empty: 1 each)
  int held_out = 0;           // positions after the samples' on which every estimator predicts (0: none)
  int held_out_games = 0;     // self-play games of the opponent on whose unforced positions every estimator predicts
  int games_ply_cap = 300;    // plies per held-out game at most
  std::uint64_t seed = 1;
  int threads = 0;
};

// One estimator's prediction of the opponent's moves on the held-out positions, averaged
// over the repeats it could estimate on (count fails on a sample without an unambiguous
// position).
struct PredictionRow {
  std::string estimator;  // count, em, bayes, or uniform (every type 1/K)
  double log_loss = 0, top1 = 0;
  int repeats = 0;
};

struct OfflineResult {
  std::vector<std::vector<double>> per_repeat;  // [repeat][type]
  std::vector<double> mean, stddev;             // over repeats (sample standard deviation)
  std::vector<double> hit_rate;                 // fraction of all positions each type predicted
  double unexplained = 0;                       // fraction of positions no type predicted
  double ambiguous = 0;                         // fraction of positions two or more types predicted
  std::vector<PredictionRow> prediction;        // with held_out: count, em, bayes, uniform
  std::vector<PredictionRow> prediction_games;  // with held_out_games: the same on the games' positions
  int game_positions = 0;                       // the held-out games' unforced positions (each a prediction)
};

// Samples positions, plays the real opponent and each type on them (in parallel) and
// estimates the probabilities per repeat with o.estimator. Deterministic for a seed, any
// thread count. With the count estimator, a repeat without an unambiguous position is an
// InputError naming the repeat; so is o.estimator Epsilon (an on-line one). With
// o.held_out, every estimator's probabilities of every repeat also predict the opponent's
// moves on o.held_out further positions (the walks after the samples'), scored with the
// move distributions at o.tau (models/type_prediction.h). With o.held_out_games, they
// also predict the opponent's moves in that many games it plays against itself from
// seeded openings of 4-8 plies (the walks' stream, indices after the held-out walks'),
// at every position with more than one legal move (a forced move tells nothing): the
// positions an opponent meets in play rather than on random walks.
OfflineResult learn_types_offline(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                  const Rules& rules, const OfflineOptions& o);

// Throws InputError for options the off-line learner cannot run with (no types, bad
// counts, an on-line estimator, a bad tau or prior).
void check_offline_options(const std::vector<PlayerModel>& types, const OfflineOptions& o);

// The estimates of o.estimator on each of o.repeats samples of o.positions observations,
// their mean, spread and agreement rates, from the observations alone: hits[i][k] whether
// type k predicted the opponent's move at observation i, log_lik[i][k] that move's
// log-likelihood under type k (read by bayes only). learn_types_offline and the learner on
// other games (models/game_type_learning.h) both end here. Throws InputError naming the
// sample an estimator fails on.
OfflineResult offline_estimates(const std::vector<std::vector<char>>& hits,
                                const std::vector<std::vector<double>>& log_lik, const OfflineOptions& o,
                                std::size_t types);

// ---- on-line ----

struct OnlineOptions {
  int games = 4;                     // games of `player` against the opponent, colours alternating
  int min_plies = 2, max_plies = 8;  // seeded openings
  play::OpeningStream opening_stream = play::OpeningStream::kTournament;  // the openings' stream
  int ply_cap = 200;
  TypeEstimator estimator = TypeEstimator::Epsilon;  // or Bayes
  double epsilon = 0.05, floor = 0.001;              // epsilon's
  double tau = kDefaultTau;                          // bayes': the move distributions' temperature, in seeds
  std::vector<double> prior;                         // bayes': Dirichlet concentrations (empty: 1 each)
  std::uint64_t seed = 1;
};

struct OnlineStep {
  int game = 0, ply = 0;      // game (0-based) and the ply of the opponent's move in it
  std::vector<double> probs;  // after the update
};

// Throws InputError for options the on-line learner cannot run with (no types, no games
// or plies, an off-line estimator, a bad tau).
void check_online_options(const std::vector<PlayerModel>& types, const OnlineOptions& o);

// Plays `player` against the real opponent and updates a belief (o.estimator's: a uniform
// TypeBelief, or a DirichletBelief with o.prior, whose mean it reports) after every
// opponent move; the belief carries over from game to game. Returns every step; `step`
// (if given) is called after each. Throws InputError for an off-line estimator.
std::vector<OnlineStep> learn_types_online(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                           const PlayerModel& player, const Rules& rules, const OnlineOptions& o,
                                           const std::function<void(const OnlineStep&)>& step = {});

// A PrOM searcher spec for the mixture: type k gets (1 - own) * probs[k], MAX's own type
// the rest, e.g. "prom-beta(types=material:0.3+ga-short:0.2)". PrOM's types are
// evaluators searched to PrOM's own depth, so only each model's evaluator is used.
std::string prom_spec(const std::string& searcher, const std::vector<PlayerModel>& types,
                      const std::vector<double>& probs, double own);

}  // namespace bao::models
