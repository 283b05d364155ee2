#include "models/type_learning.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <stdexcept>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/all_searchers.h"
#include "models/dirichlet_belief.h"
#include "models/evaluators.h"
#include "models/reply_model.h"
#include "models/type_prediction.h"
#include "play/openings.h"
#include "search/result.h"

namespace bao::models {

namespace {

// The Dirichlet prior: o.prior, or 1 for every type (the uniform density over the
// probabilities, docs/learning.md); one concentration per type.
std::vector<double> dirichlet_prior(const std::vector<double>& prior, std::size_t types) {
  if (prior.empty()) return std::vector<double>(types, 1.0);
  if (prior.size() != types)
    throw InputError("bayes estimator: " + std::to_string(prior.size()) + " prior concentrations (--prior) for " +
                     std::to_string(types) + " types");
  DirichletBelief check(prior);  // throws for a concentration <= 0
  return prior;
}

// What the sampled positions tell: for each of the samples' positions whether each type
// predicts the opponent's move and, when asked, that move's log-likelihood under each
// type; for each held-out position every type's move distribution and the move played.
struct Observations {
  std::vector<std::vector<char>> hits;       // [position][type]
  std::vector<std::vector<double>> log_lik;  // [position][type]; empty unless asked
  std::vector<HeldOutReply> held_out;
  std::vector<HeldOutReply> held_out_games;  // the games' positions, game by game
};

// The opponent's move at p compared with each type's (MovePredictor) and, with `models`,
// scored by each type's move distribution.
struct PositionObserver {
  PositionObserver(const PlayerModel& opponent, const std::vector<PlayerModel>& types, const Rules& rules,
                   bool likelihoods, double tau)
      : rules(rules), real(opponent, rules) {
    for (const auto& t : types) preds.emplace_back(t, rules);
    if (likelihoods)
      for (const auto& t : types) models.emplace_back(t, rules, tau);
  }
  void sample(const Position& p, std::vector<char>& hit, std::vector<double>* log_lik) {
    const Move m = real.predict(p);
    for (std::size_t t = 0; t < preds.size(); ++t) hit[t] = preds[t].predict(p) == m;
    if (!log_lik) return;
    const int reply = move_index(p, m, rules);
    for (std::size_t t = 0; t < models.size(); ++t) (*log_lik)[t] = models[t].log_probs(p).at(reply);
  }
  HeldOutReply held_out(const Position& p) { return held_out(p, real.predict(p)); }
  HeldOutReply held_out(const Position& p, const Move& m) {
    HeldOutReply h;
    h.reply = move_index(p, m, rules);
    for (auto& rm : models) h.log_probs.push_back(rm.log_probs(p));
    return h;
  }
  const Rules& rules;
  MovePredictor real;
  std::vector<MovePredictor> preds;
  std::vector<ReplyModel> models;
};

// body(observer, i) for every i in [0, n), on o.threads threads (0: all), each with its
// own PositionObserver; an exception in any thread is an InputError after `what`.
template <class Body>
void observe_in_parallel(const PlayerModel& opponent, const std::vector<PlayerModel>& types, const Rules& rules,
                         bool likelihoods, const OfflineOptions& o, int n, const std::string& what, Body body) {
  std::string error;
#pragma omp parallel num_threads(o.threads > 0 ? o.threads : omp_get_max_threads())
  {
    try {
      PositionObserver observer(opponent, types, rules, likelihoods, o.tau);
#pragma omp for schedule(dynamic, 1)
      for (int i = 0; i < n; ++i) body(observer, i);
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
  }
  if (!error.empty()) throw InputError(what + error);
}

// The opponent's self-play games from the openings first, first + 1, ... of o.seed's
// stream: every unforced position with its move, game by game (so the order, and the
// scores, do not depend on the thread count).
std::vector<HeldOutReply> observe_games(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                        const Rules& rules, const OfflineOptions& o, int first) {
  std::vector<std::vector<HeldOutReply>> games(o.held_out_games);
  observe_in_parallel(opponent, types, rules, true, o, o.held_out_games,
                      "learn types, held-out games: ", [&](PositionObserver& observer, int g) {
                        Position p = play::random_opening(rules, o.seed, static_cast<std::uint64_t>(first + g), 4, 8,
                                                          o.opening_stream);
                        for (int ply = 0; ply < o.games_ply_cap && outcome(p, rules) == Outcome::Ongoing; ++ply) {
                          const Move m = observer.real.predict(p);
                          if (count_legal_moves(p, rules) > 1) games[g].push_back(observer.held_out(p, m));
                          p = apply_move(p, m, rules);
                        }
                      });
  std::vector<HeldOutReply> all;
  for (auto& g : games) std::move(g.begin(), g.end(), std::back_inserter(all));
  if (all.empty()) throw InputError("learn types: the held-out games have no position with two legal moves or more");
  return all;
}

// The samples' positions are the walks 0..n-1 of o.seed, the held-out ones the next
// o.held_out, so no held-out position is one the estimate saw (short walks may still
// meet the same position).
Observations observe_positions(const PlayerModel& opponent, const std::vector<PlayerModel>& types, const Rules& rules,
                               const OfflineOptions& o) {
  const std::size_t k = types.size();
  const int n = o.positions * o.repeats;
  const bool likelihoods = o.estimator == TypeEstimator::Bayes || o.held_out > 0 || o.held_out_games > 0;
  Observations obs;
  obs.hits.assign(n, std::vector<char>(k, 0));
  if (likelihoods) obs.log_lik.assign(n, std::vector<double>(k, 0));
  obs.held_out.resize(o.held_out);
  observe_in_parallel(opponent, types, rules, likelihoods, o, n + o.held_out,
                      "learn types: ", [&](PositionObserver& observer, int i) {
                        const Position p = play::random_opening(rules, o.seed, static_cast<std::uint64_t>(i),
                                                                o.min_plies, o.max_plies, o.opening_stream);
                        if (i < n)
                          observer.sample(p, obs.hits[i], likelihoods ? &obs.log_lik[i] : nullptr);
                        else
                          obs.held_out[i - n] = observer.held_out(p);
                      });
  if (o.held_out_games > 0) obs.held_out_games = observe_games(opponent, types, rules, o, n + o.held_out);
  return obs;
}

// One repeat's estimate by `e` from its positions [from, to).
std::vector<double> estimate_part(TypeEstimator e, const std::vector<std::vector<char>>& hits,
                                  const std::vector<std::vector<double>>& log_lik, int from, int to,
                                  const OfflineOptions& o, std::size_t types) {
  if (e == TypeEstimator::Bayes)
    return bayes_type_probabilities({log_lik.begin() + from, log_lik.begin() + to}, dirichlet_prior(o.prior, types));
  const std::vector<std::vector<char>> part(hits.begin() + from, hits.begin() + to);
  return e == TypeEstimator::Count ? count_type_probabilities(part) : estimate_type_probabilities(part, o.iterations);
}

// Every estimator's (and the uniform mixture's) scores on the held-out positions `held`
// (the walks' or the games'), averaged over the repeats; count is left out of the average where a repeat has no
// unambiguous position.
std::vector<PredictionRow> prediction_rows(const Observations& obs, const std::vector<HeldOutReply>& held,
                                           const OfflineOptions& o, std::size_t types) {
  std::vector<PredictionRow> rows;
  for (TypeEstimator e : {TypeEstimator::Count, TypeEstimator::Em, TypeEstimator::Bayes}) {
    PredictionRow row{estimator_name(e)};
    for (int rep = 0; rep < o.repeats; ++rep) {
      std::vector<double> probs;
      try {
        probs = estimate_part(e, obs.hits, obs.log_lik, rep * o.positions, (rep + 1) * o.positions, o, types);
      } catch (const InputError&) {
        continue;  // count without an unambiguous position: no estimate to score
      }
      const PredictionScore s = score_predictions(held, probs);
      row.log_loss += s.log_loss;
      row.top1 += s.top1;
      ++row.repeats;
    }
    if (row.repeats) row.log_loss /= row.repeats, row.top1 /= row.repeats;
    rows.push_back(row);
  }
  const PredictionScore u = score_predictions(held, std::vector<double>(types, 1.0 / types));
  rows.push_back({"uniform", u.log_loss, u.top1, o.repeats});
  return rows;
}

// The share of positions each type predicted, and of those no type or several did.
void agreement_rates(const std::vector<std::vector<char>>& hits, OfflineResult& r) {
  const std::size_t k = r.hit_rate.size();
  int none = 0, several = 0;
  for (const auto& h : hits) {
    int agreeing = 0;
    for (std::size_t t = 0; t < k; ++t) {
      r.hit_rate[t] += h[t];
      agreeing += h[t] != 0;
    }
    none += agreeing == 0;
    several += agreeing > 1;
  }
  const double n = static_cast<double>(hits.size());
  for (double& x : r.hit_rate) x /= n;
  r.unexplained = none / n;
  r.ambiguous = several / n;
}

}  // namespace

void check_offline_options(const std::vector<PlayerModel>& types, const OfflineOptions& o) {
  if (types.empty()) throw InputError("learn types: give at least one type");
  if (o.positions < 1 || o.repeats < 1) throw InputError("learn types: positions and repeats must be at least 1");
  if (o.min_plies < 0 || o.min_plies > o.max_plies) throw InputError("learn types: bad position plies");
  if (o.threads < 0 || o.threads > search::kMaxThreads)
    throw InputError("learn types: threads must be 0 (all cores) to " + std::to_string(search::kMaxThreads) +
                     ", found " + std::to_string(o.threads));
  if (o.estimator == TypeEstimator::Epsilon)
    throw InputError("learn types: --estimator epsilon is an on-line belief; off-line give count, em or bayes");
  if (o.held_out < 0 || o.held_out > 1'000'000)
    throw InputError("learn types: --held-out must be 0 to 1000000, found " + std::to_string(o.held_out));
  if (o.held_out_games < 0 || o.held_out_games > 100'000)
    throw InputError("learn types: --held-out-games must be 0 to 100000, found " + std::to_string(o.held_out_games));
  if (o.games_ply_cap < 1) throw InputError("learn types: the held-out games' ply cap must be at least 1");
  check_tau(o.tau);
  dirichlet_prior(o.prior, types.size());
}

OfflineResult learn_types_offline(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                  const Rules& rules, const OfflineOptions& o) {
  check_offline_options(types, o);
  const std::size_t k = types.size();
  const Observations obs = observe_positions(opponent, types, rules, o);
  OfflineResult r = offline_estimates(obs.hits, obs.log_lik, o, k);
  if (o.held_out > 0) r.prediction = prediction_rows(obs, obs.held_out, o, k);
  if (o.held_out_games > 0) {
    r.prediction_games = prediction_rows(obs, obs.held_out_games, o, k);
    r.game_positions = static_cast<int>(obs.held_out_games.size());
  }
  return r;
}

OfflineResult offline_estimates(const std::vector<std::vector<char>>& hits,
                                const std::vector<std::vector<double>>& log_lik, const OfflineOptions& o,
                                std::size_t k) {
  OfflineResult r;
  r.mean.assign(k, 0);
  r.stddev.assign(k, 0);
  r.hit_rate.assign(k, 0);
  agreement_rates(hits, r);
  for (int rep = 0; rep < o.repeats; ++rep) {
    try {
      r.per_repeat.push_back(
          estimate_part(o.estimator, hits, log_lik, rep * o.positions, (rep + 1) * o.positions, o, k));
    } catch (const InputError& e) {
      throw InputError("learn types, sample " + std::to_string(rep + 1) + " of " + std::to_string(o.repeats) + ": " +
                       e.what());
    }
  }
  for (std::size_t t = 0; t < k; ++t) {
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

namespace {

// The on-line belief of o.estimator, updated by each observed opponent move.
class OnlineBelief {
 public:
  OnlineBelief(const std::vector<PlayerModel>& types, const Rules& rules, const OnlineOptions& o)
      : rules_(rules),
        bayes_(o.estimator == TypeEstimator::Bayes),
        epsilon_(std::vector<double>(types.size(), 1.0), o.epsilon, o.floor),
        dirichlet_(dirichlet_prior(o.prior, types.size())) {
    for (const auto& t : types) {
      if (bayes_)
        models_.emplace_back(t, rules, o.tau);
      else
        preds_.emplace_back(t, rules);
    }
  }
  // The opponent played m at p; returns the probabilities after the update.
  std::vector<double> observe(const Position& p, const Move& m) {
    const int legal = count_legal_moves(p, rules_);
    if (!bayes_) {
      std::vector<char> hit(preds_.size());
      for (std::size_t t = 0; t < preds_.size(); ++t) hit[t] = preds_[t].predict(p) == m;
      epsilon_.observe(hit, legal);
      return epsilon_.probs();
    }
    if (legal > 1) {  // a forced move is equally likely under every type: it tells nothing
      const int reply = move_index(p, m, rules_);
      std::vector<double> log_lik;
      for (auto& rm : models_) log_lik.push_back(rm.log_probs(p).at(reply));
      dirichlet_.observe(log_lik);
    }
    return dirichlet_.mean();
  }

 private:
  const Rules& rules_;
  bool bayes_;
  TypeBelief epsilon_;
  DirichletBelief dirichlet_;
  std::vector<MovePredictor> preds_;
  std::vector<ReplyModel> models_;
};

}  // namespace

void check_online_options(const std::vector<PlayerModel>& types, const OnlineOptions& o) {
  if (types.empty()) throw InputError("learn types: give at least one type");
  if (o.games < 1 || o.ply_cap < 1) throw InputError("learn types: games and ply cap must be at least 1");
  if (o.estimator != TypeEstimator::Epsilon && o.estimator != TypeEstimator::Bayes)
    throw InputError(std::string("learn types: --estimator ") + estimator_name(o.estimator) +
                     " is an off-line estimator; on-line give epsilon or bayes");
  check_tau(o.tau);
}

std::vector<OnlineStep> learn_types_online(const PlayerModel& opponent, const std::vector<PlayerModel>& types,
                                           const PlayerModel& player, const Rules& rules, const OnlineOptions& o,
                                           const std::function<void(const OnlineStep&)>& step) {
  check_online_options(types, o);
  OnlineBelief belief(types, rules, o);
  MovePredictor real(opponent, rules), me(player, rules);
  std::vector<OnlineStep> out;
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
      OnlineStep s{g, ply, belief.observe(p, m)};
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
