#include "models/dirichlet_belief.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/error.h"
#include "engine/text_input.h"
#include "models/option_check.h"

namespace bao::models {

namespace {

void check_concentration(double a, std::size_t type) {
  if (!std::isfinite(a) || a < kMinConcentration || a > kMaxConcentration)
    throw InputError("bayes estimator: the prior concentration of type " + std::to_string(type + 1) + " must be " +
                     number_text(kMinConcentration) + " to " + number_text(kMaxConcentration) + ", found " +
                     number_text(a) + " (--prior)");
}

}  // namespace

DirichletBelief::DirichletBelief(std::vector<double> alpha) : alpha_(std::move(alpha)) {
  if (alpha_.empty()) throw InputError("bayes estimator: no types");
  for (std::size_t k = 0; k < alpha_.size(); ++k) check_concentration(alpha_[k], k);
  if (concentration() > kMaxConcentration)
    throw InputError("bayes estimator: the prior concentrations sum to " + number_text(concentration()) +
                     ", more than " + number_text(kMaxConcentration) + " (--prior)");
}

double DirichletBelief::concentration() const {
  double a = 0;
  for (double x : alpha_) a += x;
  return a;
}

std::vector<double> DirichletBelief::mean() const {
  const double a = concentration();
  std::vector<double> m(alpha_);
  for (double& x : m) x /= a;
  return m;
}

void DirichletBelief::observe(const std::vector<double>& log_lik) {
  const std::size_t k = alpha_.size();
  if (log_lik.size() != k)
    throw InputError("bayes estimator: " + std::to_string(log_lik.size()) + " likelihoods for " + std::to_string(k) +
                     " types");
  double top = -std::numeric_limits<double>::infinity();
  for (double l : log_lik) {
    if (std::isnan(l) || l == std::numeric_limits<double>::infinity())
      throw InputError("bayes estimator: a log-likelihood is " + number_text(l));
    top = std::max(top, l);
  }
  if (top == -std::numeric_limits<double>::infinity())
    throw InputError("bayes estimator: a reply that no type can play (every likelihood 0)");
  // w_k: the weight of Dirichlet(alpha + e_k) in the exact posterior, proportional to
  // alpha_k L_k; the likelihoods are scaled by the largest, so a reply every type finds
  // very unlikely (a search value of a lost game, e^-250000) does not underflow to 0/0.
  std::vector<double> w(k);
  double z = 0;
  for (std::size_t t = 0; t < k; ++t) z += w[t] = alpha_[t] * std::exp(log_lik[t] - top);
  const double a = concentration();
  // The mixture's moments: E[pi_t] = (alpha_t + w_t) / (a + 1) and
  // E[pi_t^2] = (alpha_t + 1) (alpha_t + 2 w_t) / ((a + 1) (a + 2)), from the moments of
  // each Dirichlet(alpha + e_j) weighted by w_j.
  std::vector<double> mean(k);
  double second = 0, mean_sq = 0;
  for (std::size_t t = 0; t < k; ++t) {
    w[t] /= z;
    mean[t] = (alpha_[t] + w[t]) / (a + 1);
    second += (alpha_[t] + 1) * (alpha_[t] + 2 * w[t]) / ((a + 1) * (a + 2));
    mean_sq += mean[t] * mean[t];
  }
  // A Dirichlet of mean m and total s has sum_t E[pi_t^2] = (s sum_t m_t^2 + 1) / (s + 1);
  // solved for s. One type has no variance (pi = 1): nothing to learn. Where rounding
  // leaves no variance to match (a total of millions), the fractional count's total.
  double s = a;
  if (k > 1) {
    s = second - mean_sq > 0 ? (1 - second) / (second - mean_sq) : 0;
    if (!std::isfinite(s) || s <= 0) s = a + 1;
  }
  for (std::size_t t = 0; t < k; ++t) alpha_[t] = s * mean[t];
}

std::vector<double> parse_dirichlet_prior(const std::string& text, int types) {
  std::vector<double> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(at, comma - at);
    double x = 0;
    if (!to_double(item, x) || !(x >= kMinConcentration && x <= kMaxConcentration))
      throw InputError("--prior: each concentration must be a number from " + number_text(kMinConcentration) + " to " +
                       number_text(kMaxConcentration) + ", found '" + item + "' in '" + text + "'");
    out.push_back(x);
    at = comma + 1;
  }
  if (out.size() == 1) {
    out.assign(static_cast<std::size_t>(std::max(types, 1)), out[0]);
  } else if (static_cast<int>(out.size()) != types) {
    throw InputError("--prior: give one concentration for every type or one per type (" + std::to_string(types) +
                     "), found " + std::to_string(out.size()) + " in '" + text + "'");
  }
  double sum = 0;
  for (const double x : out) sum += x;
  if (sum > kMaxConcentration)
    throw InputError("--prior: the concentrations of the " + std::to_string(out.size()) + " types sum to " +
                     number_text(sum) + ", more than " + number_text(kMaxConcentration) + ", in '" + text + "'");
  return out;
}

}  // namespace bao::models
