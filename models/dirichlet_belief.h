// A Dirichlet posterior over the probabilities of opponent types, updated by each observed
// reply (the `bayes` estimator of bao learn-types; docs/learning.md, "The Bayesian
// estimator").
//
// The model is PrOM's (docs/opponent-models.md): at each of its moves the opponent plays
// as type k with probability pi_k, so a reply r has the mixture likelihood
// sum_k pi_k L_k(r), where L_k(r) is r's probability under type k's move distribution
// (models/reply_model.h). The prior over pi is Dirichlet(alpha). After one reply the exact
// posterior is the mixture sum_k w_k Dirichlet(alpha + e_k), w_k proportional to
// alpha_k L_k(r): not a Dirichlet, and after t replies a mixture of up to K^t terms. Each
// update therefore replaces it by the Dirichlet with the same mean and the same sum of
// second moments E[pi_k^2] (assumed-density filtering with moment matching: Minka 2001,
// "A family of algorithms for approximate Bayesian inference"; Minka and Lafferty 2002,
// "Expectation-propagation for the generative aspect model", fit Dirichlets by moments
// to the weights of a mixture of this form).
//
// What that keeps: the posterior mean after each update is the exact one given the
// Dirichlet before it; a reply all types find equally likely changes nothing (the
// mixture is then Dirichlet(alpha) itself); a reply only one type can play adds exactly
// 1 to that type's alpha (the mixture is then one Dirichlet). The fractional count
// (quasi-Bayes, Smith and Makov 1978: alpha += w) keeps the mean too but adds 1 to the
// total for every reply, informative or not, which slows the learning of a type that
// other types often agree with (docs/learning.md has the figures).
#pragma once

#include <string>
#include <vector>

namespace bao::models {

class DirichletBelief {
 public:
  // alpha: one concentration per type, each a finite number > 0 (a Dirichlet has no
  // zero parameter). Throws InputError naming the type (1-based) and the value.
  explicit DirichletBelief(std::vector<double> alpha);

  // One observed reply: log_lik[k] = log L_k(reply), finite or -infinity (type k cannot
  // play it), one per type. Throws InputError when the sizes differ, a value is NaN or
  // +infinity, or no type can play the reply (every value -infinity).
  void observe(const std::vector<double>& log_lik);

  // The posterior mean alpha / sum(alpha): the type probabilities PrOM searches with.
  std::vector<double> mean() const;
  const std::vector<double>& alpha() const { return alpha_; }
  double concentration() const;  // sum(alpha)

 private:
  std::vector<double> alpha_;
};

// The concentrations a prior may have, each and in sum: beyond 1e9 a prior outweighs any
// number of observed moves (each adds at most 1) and their sum leaves the range where the
// posterior mean alpha / sum(alpha) is computed exactly (1e308 each made it inf / inf);
// below 1e-6 the prior is as good as 0, which no Dirichlet density has.
inline constexpr double kMinConcentration = 1e-6;
inline constexpr double kMaxConcentration = 1e9;

// Reads the --prior option: one number for every type ("1") or one per type
// ("2,1,1"), each from kMinConcentration to kMaxConcentration and their sum at most
// kMaxConcentration. Throws InputError naming --prior and what is wrong.
std::vector<double> parse_dirichlet_prior(const std::string& text, int types);

}  // namespace bao::models
