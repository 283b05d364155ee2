#include "models/type_learning.h"

#include <omp.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/text_input.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "play/openings.h"
#include "search/result.h"

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

TypeEstimator parse_type_estimator(std::string_view text) {
  if (text == "em") return TypeEstimator::Em;
  if (text == "count") return TypeEstimator::Count;
  throw InputError("--estimator must be count or em, found '" + std::string(text) + "'");
}

OfflineResult learn_types_offline(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                  const Rules& rules, const OfflineOptions& o) {
  if (types.empty()) throw InputError("learn types: give at least one type");
  if (o.positions < 1 || o.repeats < 1) throw InputError("learn types: positions and repeats must be at least 1");
  if (o.min_plies < 0 || o.min_plies > o.max_plies) throw InputError("learn types: bad position plies");
  if (o.threads < 0 || o.threads > search::kMaxThreads)
    throw InputError("learn types: threads must be 0 (all cores) to " + std::to_string(search::kMaxThreads) +
                     ", found " + std::to_string(o.threads));
  const int k = static_cast<int>(types.size());
  const int n = o.positions * o.repeats;
  std::vector<std::vector<char>> hits(n, std::vector<char>(k, 0));
  std::string error;
#pragma omp parallel num_threads(o.threads > 0 ? o.threads : omp_get_max_threads())
  {
    try {
      MovePredictor real(opponent, rules);
      std::vector<MovePredictor> preds;
      for (const auto& t : types) preds.emplace_back(t, rules);
#pragma omp for schedule(dynamic, 1)
      for (int i = 0; i < n; ++i) {
        const Position p = play::random_opening(rules, o.seed, static_cast<std::uint64_t>(i), o.min_plies, o.max_plies,
                                                o.opening_stream);
        const Move m = real.predict(p);
        for (int t = 0; t < k; ++t) hits[i][t] = preds[t].predict(p) == m;
      }
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
  }
  if (!error.empty()) throw InputError("learn types: " + error);
  OfflineResult r;
  r.mean.assign(k, 0);
  r.stddev.assign(k, 0);
  r.hit_rate.assign(k, 0);
  int none = 0, several = 0;
  for (const auto& h : hits) {
    int agreeing = 0;
    for (int t = 0; t < k; ++t) {
      r.hit_rate[t] += h[t];
      agreeing += h[t] != 0;
    }
    none += agreeing == 0;
    several += agreeing > 1;
  }
  for (double& x : r.hit_rate) x /= n;
  r.unexplained = static_cast<double>(none) / n;
  r.ambiguous = static_cast<double>(several) / n;
  for (int rep = 0; rep < o.repeats; ++rep) {
    const std::vector<std::vector<char>> part(hits.begin() + rep * o.positions, hits.begin() + (rep + 1) * o.positions);
    try {
      r.per_repeat.push_back(o.estimator == TypeEstimator::Count ? count_type_probabilities(part)
                                                                 : estimate_type_probabilities(part, o.iterations));
    } catch (const InputError& e) {
      throw InputError("learn types, sample " + std::to_string(rep + 1) + " of " + std::to_string(o.repeats) + ": " +
                       e.what());
    }
  }
  for (int t = 0; t < k; ++t) {
    for (const auto& pr : r.per_repeat) r.mean[t] += pr[t];
    r.mean[t] /= o.repeats;
    if (o.repeats > 1) {
      double ss = 0;
      for (const auto& pr : r.per_repeat) ss += (pr[t] - r.mean[t]) * (pr[t] - r.mean[t]);
      r.stddev[t] = std::sqrt(ss / (o.repeats - 1));
    }
  }
  return r;
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

std::vector<OnlineStep> learn_types_online(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                           const PlayerModel& player, const Rules& rules, const OnlineOptions& o,
                                           const std::function<void(const OnlineStep&)>& step) {
  if (types.empty()) throw InputError("learn types: give at least one type");
  if (o.games < 1 || o.ply_cap < 1) throw InputError("learn types: games and ply cap must be at least 1");
  TypeBelief belief(std::vector<double>(types.size(), 1.0), o.epsilon, o.floor);
  MovePredictor real(opponent, rules), me(player, rules);
  std::vector<MovePredictor> preds;
  for (const auto& t : types) preds.emplace_back(t, rules);
  std::vector<OnlineStep> out;
  std::vector<char> hit(types.size());
  for (int g = 0; g < o.games; ++g) {
    Position p =
        play::random_opening(rules, o.seed, static_cast<std::uint64_t>(g), o.min_plies, o.max_plies, o.opening_stream);
    const int opp_side = g % 2 == 0 ? 1 : 0;  // the player is South in even games
    for (int ply = 0; ply < o.ply_cap && outcome(p, rules) == Outcome::Ongoing; ++ply) {
      if (p.side != opp_side) {
        p = apply_move(p, me.predict(p), rules);
        continue;
      }
      const Move m = real.predict(p);
      for (std::size_t t = 0; t < types.size(); ++t) hit[t] = preds[t].predict(p) == m;
      belief.observe(hit, count_legal_moves(p, rules));
      OnlineStep s{g, ply, belief.probs()};
      if (step) step(s);
      out.push_back(std::move(s));
      p = apply_move(p, m, rules);
    }
  }
  return out;
}

std::string prom_spec(const std::string& searcher, const std::vector<PlayerModel>& types,
                      const std::vector<double>& probs, double own) {
  std::string s = searcher + "(types=";
  char buf[64];
  for (std::size_t t = 0; t < types.size(); ++t) {
    // Rounded down, so the types never sum above 1 - own and PrOM's own share
    // (1 - the others) stays non-negative.
    const double x = std::floor((1 - own) * probs[t] * 1e12) / 1e12;
    std::snprintf(buf, sizeof buf, "%.12f", std::max(0.0, x));
    s += (t ? "+" : "") + types[t].eval + ":" + buf;
  }
  return s + ")";
}

}  // namespace bao::models
