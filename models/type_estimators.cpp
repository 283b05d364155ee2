#include "models/type_estimators.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/error.h"
#include "models/dirichlet_belief.h"

namespace bao::models {

std::vector<double> estimate_type_probabilities(const std::vector<std::vector<char>>& hits, int iterations) {
  if (hits.empty()) return {};
  const std::size_t k = hits[0].size();
  std::vector<double> p(k, 1.0 / k), count(k);
  for (int it = 0; it < std::max(1, iterations); ++it) {
    std::fill(count.begin(), count.end(), 0.0);
    double total = 0;
    for (const auto& h : hits) {
      double z = 0;
      for (std::size_t t = 0; t < k; ++t)
        if (h[t]) z += p[t];
      if (z <= 0) continue;  // no type predicted it (or only types already at zero)
      for (std::size_t t = 0; t < k; ++t)
        if (h[t]) count[t] += p[t] / z;
      total += 1;
    }
    if (total == 0) return std::vector<double>(k, 1.0 / k);
    for (std::size_t t = 0; t < k; ++t) p[t] = count[t] / total;
  }
  return p;
}

std::vector<double> count_type_probabilities(const std::vector<std::vector<char>>& hits) {
  const std::size_t k = hits.empty() ? 0 : hits[0].size();
  std::vector<double> count(k, 0.0);
  int counted = 0, ambiguous = 0, none = 0;
  for (const auto& h : hits) {
    int agreeing = 0;
    std::size_t only = 0;
    for (std::size_t t = 0; t < k; ++t)
      if (h[t]) {
        ++agreeing;
        only = t;
      }
    if (agreeing == 1) {
      count[only] += 1;
      ++counted;
    }
    ambiguous += agreeing > 1;
    none += agreeing == 0;
  }
  // Normalising nothing would divide by zero; falling back on a uniform estimate would
  // pass off an absence of evidence as an estimate.
  if (counted == 0)
    throw InputError("--estimator count: no position where exactly one type predicts the opponent's move (" +
                     std::to_string(hits.size()) + " positions: " + std::to_string(ambiguous) +
                     " predicted by several types, " + std::to_string(none) +
                     " by none); sample more positions (--positions) or use --estimator em");
  for (double& c : count) c /= counted;
  return count;
}

std::vector<double> bayes_type_probabilities(const std::vector<std::vector<double>>& log_lik,
                                             const std::vector<double>& prior) {
  DirichletBelief belief(prior);
  for (const auto& l : log_lik) belief.observe(l);
  return belief.mean();
}

TypeEstimator parse_type_estimator(std::string_view text) {
  for (TypeEstimator e : {TypeEstimator::Count, TypeEstimator::Em, TypeEstimator::Bayes, TypeEstimator::Epsilon})
    if (text == estimator_name(e)) return e;
  throw InputError("--estimator must be count, em, bayes (off-line) or epsilon, bayes (on-line), found '" +
                   std::string(text) + "'");
}

const char* estimator_name(TypeEstimator e) {
  switch (e) {
    case TypeEstimator::Em:
      return "em";
    case TypeEstimator::Count:
      return "count";
    case TypeEstimator::Bayes:
      return "bayes";
    case TypeEstimator::Epsilon:
      return "epsilon";
  }
  return "?";
}

TypeBelief::TypeBelief(std::vector<double> prior, double epsilon, double floor)
    : p_(std::move(prior)), epsilon_(epsilon), floor_(floor) {
  if (p_.empty()) throw InputError("type belief: no types");
  if (!(epsilon > 0 && epsilon < 1)) throw InputError("type belief: epsilon must be in (0, 1)");
  if (!(floor >= 0 && floor * p_.size() < 1)) throw InputError("type belief: floor must be in [0, 1/types)");
  double s = 0;
  for (double x : p_) {
    if (!(x >= 0)) throw InputError("type belief: a prior probability is negative");
    s += x;
  }
  if (s <= 0) throw InputError("type belief: the prior probabilities sum to 0");
  for (double& x : p_) x /= s;
}

void TypeBelief::observe(const std::vector<char>& predicted, int legal_moves) {
  if (predicted.size() != p_.size()) throw std::invalid_argument("TypeBelief::observe: one flag per type");
  if (legal_moves <= 1) return;  // a forced move says nothing about the type
  const double miss = epsilon_ / (legal_moves - 1);
  double s = 0;
  for (std::size_t t = 0; t < p_.size(); ++t) s += p_[t] *= predicted[t] ? 1 - epsilon_ : miss;
  const double k = static_cast<double>(p_.size());
  for (double& x : p_) x = floor_ + (1 - k * floor_) * (x / s);
}

}  // namespace bao::models
