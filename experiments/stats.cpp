#include "experiments/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace bao::experiments {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double score_to_elo(double s) {
  if (s <= 0) return -kInf;
  if (s >= 1) return kInf;
  return -400.0 * std::log10(1.0 / s - 1.0);
}

double los(std::int64_t wins, std::int64_t losses) {
  if (wins + losses == 0) return kNaN;
  return normal_cdf(static_cast<double>(wins - losses) / std::sqrt(static_cast<double>(wins + losses)));
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

PairingStats pairing_stats(const std::vector<GameScore>& games) {
  PairingStats st;
  std::map<std::int64_t, std::vector<double>> by_pair;
  double sum_sq = 0;
  for (const GameScore& g : games) {
    ++st.games;
    if (g.points >= 1)
      ++st.wins;
    else if (g.points <= 0)
      ++st.losses;
    else
      ++st.capped;
    st.points += g.points;
    sum_sq += g.points * g.points;
    by_pair[g.pair].push_back(g.points);
  }
  if (st.games == 0) {
    st.score = st.score_ci95 = st.elo = st.elo_ci95 = st.los = kNaN;
    return st;
  }
  const double n = static_cast<double>(st.games);
  st.score = st.points / n;

  // Pairs: the pentanomial class is the pair's points times two (0..4).
  std::vector<double> pair_means;
  bool all_paired = true;
  for (const auto& [id, pts] : by_pair) {
    if (pts.size() != 2) {
      all_paired = false;
      continue;
    }
    const double sum = pts[0] + pts[1];
    ++st.penta[static_cast<int>(std::lround(sum * 2))];
    pair_means.push_back(sum / 2);
  }
  st.pairs = static_cast<std::int64_t>(pair_means.size());

  double var_of_mean;
  if (all_paired && st.pairs > 0) {
    st.ci_pentanomial = true;
    // The pairs are the independent units: the variance of their mean score.
    const double m = static_cast<double>(pair_means.size());
    double v = 0;
    for (double x : pair_means) v += (x - st.score) * (x - st.score);
    var_of_mean = v / m / m;
  } else {
    var_of_mean = std::max(0.0, sum_sq / n - st.score * st.score) / n;
  }
  const std::int64_t units = st.ci_pentanomial ? st.pairs : st.games;
  st.score_ci95 = units < 2 ? kNaN : kZ95 * std::sqrt(var_of_mean);
  st.elo = score_to_elo(st.score);
  if (std::isnan(st.score_ci95)) {
    st.elo_ci95 = kNaN;
  } else {
    // An end of the score interval at 0 or 1 maps to an unbounded Elo, so the interval's
    // half-width is infinite (stats.h, docs/experiments.md). At a 100% or 0% score the
    // interval is [1, 1] or [0, 0] and the plain difference would be inf - inf = NaN.
    const double hi = score_to_elo(st.score + st.score_ci95), lo = score_to_elo(st.score - st.score_ci95);
    st.elo_ci95 = std::isinf(hi) || std::isinf(lo) ? kInf : (hi - lo) / 2;
  }
  st.los = los(st.wins, st.losses);
  return st;
}

namespace {

// The multinomial distribution closest to the observed frequencies `p` (by likelihood)
// among those with mean score `s`: p_i / (1 + lambda (x_i - s)), with lambda the root of
// sum p_i (x_i - s) / (1 + lambda (x_i - s)) = 0, which decreases in lambda on the
// interval where every denominator is positive. Needs min x < s < max x.
std::vector<double> mle_with_mean(const std::vector<double>& p, const std::vector<double>& x, double s) {
  double lo = -1e300, hi = 1e300;
  for (double xi : x) {
    if (xi > s) lo = std::max(lo, -1 / (xi - s));
    if (xi < s) hi = std::min(hi, 1 / (s - xi));
  }
  auto f = [&](double lambda) {
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) sum += p[i] * (x[i] - s) / (1 + lambda * (x[i] - s));
    return sum;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double lambda = lo + (hi - lo) / 2;
  std::vector<double> q(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) q[i] = p[i] / (1 + lambda * (x[i] - s));
  return q;
}

}  // namespace

double sprt_llr(const PairingStats& st, const Sprt& sprt) {
  std::vector<double> counts, x;
  if (sprt.pentanomial) {
    if (st.pairs < 2) return 0;
    for (int k = 0; k < 5; ++k) {
      counts.push_back(static_cast<double>(st.penta[k]));
      x.push_back(k / 4.0);
    }
  } else {
    if (st.games < 2) return 0;
    counts = {static_cast<double>(st.losses), static_cast<double>(st.capped), static_cast<double>(st.wins)};
    x = {0, 0.5, 1};
  }
  // Outcomes not seen yet get a small weight (as fishtest does), so that the constrained
  // fits exist while every result so far is the same.
  double n = 0;
  for (double& c : counts) c = std::max(c, 1e-3), n += c;
  std::vector<double> p(counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) p[i] = counts[i] / n;
  const auto q0 = mle_with_mean(p, x, elo_to_score(sprt.elo0));
  const auto q1 = mle_with_mean(p, x, elo_to_score(sprt.elo1));
  double llr = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) llr += counts[i] * std::log(q1[i] / q0[i]);
  return llr;
}

std::string sprt_decision(double llr, const Sprt& sprt) {
  if (llr >= sprt.upper()) return "H1";
  if (llr <= sprt.lower()) return "H0";
  return "";
}

void SprtTracker::add(int opening, int game, double points) {
  if (opening < 0 || game < 0 || game > 1) return;
  if (points_.size() <= static_cast<std::size_t>(opening)) points_.resize(opening + 1, {-1.0, -1.0});
  points_[opening][game] = points;
  while (decision_.empty() && prefix_ < points_.size() && points_[prefix_][0] >= 0 && points_[prefix_][1] >= 0) {
    for (double p : points_[prefix_]) {
      ++acc_.games;
      acc_.points += p;
      if (p >= 1)
        ++acc_.wins;
      else if (p <= 0)
        ++acc_.losses;
      else
        ++acc_.capped;
    }
    ++acc_.penta[static_cast<int>(std::lround((points_[prefix_][0] + points_[prefix_][1]) * 2))];
    ++acc_.pairs;
    acc_.score = acc_.points / static_cast<double>(acc_.games);
    ++prefix_;
    llr_ = sprt_llr(acc_, sprt_);
    decision_ = sprt_decision(llr_, sprt_);
  }
}

CrossTable::CrossTable(std::vector<std::string> names)
    : players(std::move(names)),
      points(players.size(), std::vector<double>(players.size(), 0.0)),
      games(players.size(), std::vector<std::int64_t>(players.size(), 0)) {}

void CrossTable::add(int i, int j, double points_of_i) {
  points[i][j] += points_of_i;
  points[j][i] += 1 - points_of_i;
  ++games[i][j];
  ++games[j][i];
}

std::vector<double> fit_ratings(const CrossTable& t, double prior_draws) {
  const std::size_t n = t.players.size();
  std::vector<std::vector<double>> g(n, std::vector<double>(n, 0.0));
  std::vector<double> w(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j || t.games[i][j] == 0) continue;
      g[i][j] = static_cast<double>(t.games[i][j]) + prior_draws;
      w[i] += t.points[i][j] + prior_draws / 2;
    }
  // Hunter's MM update for Bradley-Terry: gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j).
  // It increases the likelihood at every step and converges to the maximum when every
  // player has won and lost some (fractional) points within a connected schedule.
  std::vector<double> gamma(n, 1.0), next(n);
  for (int iter = 0; iter < 100000; ++iter) {
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double denom = 0;
      for (std::size_t j = 0; j < n; ++j)
        if (g[i][j] > 0) denom += g[i][j] / (gamma[i] + gamma[j]);
      next[i] = denom > 0 ? w[i] / denom : gamma[i];
    }
    // Normalise to a geometric mean of 1 (the model fixes ratings up to a shift).
    double log_sum = 0;
    std::size_t positive = 0;
    for (double x : next)
      if (x > 0 && std::isfinite(x)) log_sum += std::log(x), ++positive;
    const double scale = positive ? std::exp(log_sum / static_cast<double>(positive)) : 1.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double x = next[i] / scale;
      change = std::max(change, std::abs(std::log(std::max(x, 1e-300)) - std::log(std::max(gamma[i], 1e-300))));
      gamma[i] = x;
    }
    if (change < 1e-13) break;
  }
  std::vector<double> elo(n);
  double mean = 0;
  std::size_t finite = 0;
  for (std::size_t i = 0; i < n; ++i) {
    elo[i] = gamma[i] > 0 ? 400.0 * std::log10(gamma[i]) : -kInf;
    if (std::isfinite(elo[i])) mean += elo[i], ++finite;
  }
  if (finite) mean /= static_cast<double>(finite);
  for (double& e : elo)
    if (std::isfinite(e)) e -= mean;
  return elo;
}

}  // namespace bao::experiments
