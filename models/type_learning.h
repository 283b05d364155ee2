// Opponent models and learning of opponent-type probabilities
// (docs/opponent-models.md, "Learning opponent-type probabilities").
//
// A PlayerModel (models/player_model.h) describes a player: its evaluator, search depth
// and searcher. A type mixture is a list of models with probabilities, which PrOM search
// takes (prom_spec).
//
// Off-line: on sampled positions, the real opponent's move is compared with each type's
// move, and one of two estimators turns the agreements into probabilities:
// * em (the default): a position's unit of credit goes to the types that predict the
//   opponent's move: to a type alone if it alone predicts it, shared otherwise in
//   proportion to the current probabilities (equally at first); positions no type
//   predicts are left out. Normalised, the counts are the new probabilities, and the step
//   is repeated (`iterations` times): this is EM for the mixture (Dempster, Laird and
//   Rubin 1977), whose first step is the plain shared count. A type that predicts every
//   move of the real opponent draws all the mass as positions that tell the types apart
//   accumulate; identical types share it equally.
// * count (as published, docs/opponent-models.md): a position counts for a type only
//   when exactly that one type predicts the opponent's move; ambiguous positions and
//   positions no type predicts are skipped; the estimate is the normalised counts, in one
//   step. A type that agrees only where others agree too gets nothing, and identical
//   types get nothing at all (no position tells them apart).
// The estimate is made on `repeats` independent samples and reported with its spread.
//
// On-line: TypeBelief is updated by Bayes' rule after each observed opponent move, the
// likelihood of the move under a type being 1 - epsilon if the type predicts it and
// epsilon / (legal moves - 1) otherwise; afterwards each probability is lifted to at
// least `floor` (p = floor + (1 - K floor) p), so no type ever reaches zero and a type
// can recover when the opponent changes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/rules.h"
#include "models/player_model.h"
#include "play/openings.h"

namespace bao::models {

// ---- off-line ----

// The estimate from predictions: hits[i][k] is whether type k predicted the opponent's
// move at position i. Returns probabilities summing to 1 (uniform if no type predicted
// any move).
std::vector<double> estimate_type_probabilities(const std::vector<std::vector<char>>& hits, int iterations = 100);

// The published count from the same predictions: each position where exactly one type
// predicted the opponent's move counts for that type; the counts, normalised, are the
// probabilities. Throws InputError (naming --estimator count) when no position is
// unambiguous, hits empty included: there is nothing to normalise.
std::vector<double> count_type_probabilities(const std::vector<std::vector<char>>& hits);

enum class TypeEstimator { Em, Count };

// "em" or "count"; throws InputError naming --estimator and both values for anything else.
TypeEstimator parse_type_estimator(std::string_view text);

struct OfflineOptions {
  int positions = 100;  // sampled positions per repeat
  int repeats = 5;
  int min_plies = 4, max_plies = 40;                                      // positions: random walks of this many plies
  play::OpeningStream opening_stream = play::OpeningStream::kTournament;  // the walks' stream
  TypeEstimator estimator = TypeEstimator::Em;
  int iterations = 100;  // em's steps (count has none)
  std::uint64_t seed = 1;
  int threads = 0;
};

struct OfflineResult {
  std::vector<std::vector<double>> per_repeat;  // [repeat][type]
  std::vector<double> mean, stddev;             // over repeats (sample standard deviation)
  std::vector<double> hit_rate;                 // fraction of all positions each type predicted
  double unexplained = 0;                       // fraction of positions no type predicted
  double ambiguous = 0;                         // fraction of positions two or more types predicted
};

// Samples positions, plays the real opponent and each type on them (in parallel) and
// estimates the probabilities per repeat with o.estimator. Deterministic for a seed, any
// thread count. With the count estimator, a repeat without an unambiguous position is an
// InputError naming the repeat.
OfflineResult learn_types_offline(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                  const Rules& rules, const OfflineOptions& o);

// ---- on-line ----

class TypeBelief {
 public:
  // prior: one probability per type (normalised here); epsilon in (0, 1); floor in
  // [0, 1/K). Throws InputError for bad values.
  TypeBelief(std::vector<double> prior, double epsilon = 0.05, double floor = 0.001);
  // One observed opponent move: predicted[k] says whether type k predicted it;
  // legal_moves is the number of legal moves there (a single legal move tells nothing).
  void observe(const std::vector<char>& predicted, int legal_moves);
  const std::vector<double>& probs() const { return p_; }

 private:
  std::vector<double> p_;
  double epsilon_, floor_;
};

struct OnlineOptions {
  int games = 4;                     // games of `player` against the opponent, colours alternating
  int min_plies = 2, max_plies = 8;  // seeded openings
  play::OpeningStream opening_stream = play::OpeningStream::kTournament;  // the openings' stream
  int ply_cap = 200;
  double epsilon = 0.05, floor = 0.001;
  std::uint64_t seed = 1;
};

struct OnlineStep {
  int game = 0, ply = 0;      // game (0-based) and the ply of the opponent's move in it
  std::vector<double> probs;  // after the update
};

// Plays `player` against the real opponent and updates a uniform belief after every
// opponent move; the belief carries over from game to game. Returns every step;
// `step` (if given) is called after each.
std::vector<OnlineStep> learn_types_online(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                           const PlayerModel& player, const Rules& rules, const OnlineOptions& o,
                                           const std::function<void(const OnlineStep&)>& step = {});

// A PrOM searcher spec for the mixture: type k gets (1 - own) * probs[k], MAX's own type
// the rest, e.g. "prom-beta(types=material:0.3+ga-short:0.2)". PrOM's types are
// evaluators searched to PrOM's own depth, so only each model's evaluator is used.
std::string prom_spec(const std::string& searcher, const std::vector<PlayerModel>& types,
                      const std::vector<double>& probs, double own);

}  // namespace bao::models
