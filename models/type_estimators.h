// The estimators of opponent-type probabilities (docs/opponent-models.md, "Learning
// opponent-type probabilities"); models/type_learning.h plays the games and positions
// they are fed with.
//
// Off-line: on sampled positions, the real opponent's move is compared with each type's
// move, and one of three estimators turns them into probabilities:
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
// * bayes: each position's move is an observation whose likelihood under type k is its
//   probability in type k's move distribution (models/reply_model.h: a softmax at
//   temperature tau, in seeds, over the type's alpha-beta values of the moves); a
//   Dirichlet(prior) posterior over the probabilities is updated by each in turn
//   (models/dirichlet_belief.h) and its mean is the estimate. Unlike count and em it
//   weighs how much worse a type finds the move played, not only whether the type would
//   play it.
//
// On-line, with the epsilon estimator (the default), TypeBelief is updated by Bayes' rule
// after each observed opponent move, the likelihood of the move under a type being
// 1 - epsilon if the type predicts it and epsilon / (legal moves - 1) otherwise;
// afterwards each probability is lifted to at least `floor` (p = floor + (1 - K floor) p),
// so no type ever reaches zero and a type can recover when the opponent changes. With the
// bayes estimator the DirichletBelief of the off-line one is updated after each opponent
// move, its mean the probabilities.
#pragma once

#include <string_view>
#include <vector>

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

// The bayes estimate: log_lik[i][k] is the log-likelihood of the opponent's move at
// position i under type k, observed in order by a DirichletBelief(prior); returns its
// mean. Throws InputError for a bad prior (DirichletBelief) or a size mismatch.
std::vector<double> bayes_type_probabilities(const std::vector<std::vector<double>>& log_lik,
                                             const std::vector<double>& prior);

// Em, Count and Bayes estimate off-line; Epsilon (TypeBelief) and Bayes on-line.
enum class TypeEstimator { Em, Count, Bayes, Epsilon };

// "em", "count", "bayes" or "epsilon"; throws InputError naming --estimator and the
// values for anything else.
TypeEstimator parse_type_estimator(std::string_view text);
const char* estimator_name(TypeEstimator e);

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

}  // namespace bao::models
