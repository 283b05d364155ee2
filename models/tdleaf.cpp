#include "models/tdleaf.h"

#include <omp.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/linear_evaluator.h"
#include "models/option_check.h"
#include "play/game_loop.h"
#include "play/openings.h"
#include "search/result.h"
#include "search/score.h"

namespace bao::models {

namespace {

// Searches without a table, so a PV is never cut short by a table hit and always ends at
// the leaf whose evaluation is the search's value.
constexpr const char* kLearnerSearcher = "alphabeta(tt_mb=0)";
constexpr const char* kOpponentSearcher = "alphabeta(tt_mb=1)";

// The learner's searcher: kLearnerSearcher, or with `v1` the alpha-beta the committed
// models/weights/td-*.txt were learned with, deepening through every depth (id_step=1)
// without principal-variation search (pvs=false). Both keep the values exact, but
// without a table the killers and history an iteration leaves, and PVS's null windows,
// decide which of equal-valued moves a search plays and follows to its PV leaf, so they
// change the games and the updates.
std::string learner_searcher(bool v1) {
  std::string spec = kLearnerSearcher;
  if (v1) spec.insert(spec.size() - 1, ",id_step=1,pvs=false");
  return spec;
}

}  // namespace

void check_tdleaf_options(const TdLeafOptions& o) {
  using O = TdLeafOptions;
  const OptionCheck check("TD-Leaf");
  check.whole("--games", o.games, 1, O::kMaxGames);
  check.whole("--batch", o.batch, 1, O::kMaxBatch);
  check.whole("--depth", o.depth, 1, O::kMaxDepth);
  // Finite bounds on the reals: --beta inf would pass `> 0`, and tanh(inf * 0) makes nan
  // weights.
  check.real("--alpha", o.alpha, 0, O::kMaxAlpha);
  check.real("--lambda", o.lambda, 0, 1);
  check.real("--beta", o.beta, 0, O::kMaxBeta, /*open_low=*/true);
  check.whole("--ply-cap", o.ply_cap, 1, O::kMaxPlyCap);
  check.opening_plies(o.opening_min_plies, o.opening_max_plies, O::kMaxOpeningPlies);
  check.whole("--test-every", o.test_every, 0, O::kMaxTestEvery);
  check.whole("--test-openings", o.test_openings, 1, O::kMaxTestOpenings);
  check.whole("--threads", o.threads, 0, search::kMaxThreads);
  check.weights(o.initial, o.mask);
}

namespace {

int threads_of(int t) { return t > 0 ? t : omp_get_max_threads(); }

struct GameUpdate {
  Weights dw = Weights::Zero();  // sum_t grad v_t * z_t
  double score = 0;              // the learner's score
  double abs_td = 0;             // sum |d_t|
  int steps = 0;
};

// One training game: play it, then compute its TD-Leaf(lambda) update.
GameUpdate train_game(const Weights& w, const TdLeafOptions& o, const Rules& rules,
                      const std::shared_ptr<const search::Evaluator>& opponent, std::uint64_t game) {
  const Position start =
      play::random_opening(rules, o.seed, game, o.opening_min_plies, o.opening_max_plies, o.opening_stream);
  auto learner = models::make_searcher(learner_searcher(o.learner_search_v1), rules,
                                       std::make_shared<LinearEvaluator>("td", w, rules));
  std::unique_ptr<search::Searcher> other;
  const int me = o.self_play ? 0 : static_cast<int>(game % 2);
  search::Searcher* players[2] = {learner.get(), learner.get()};
  if (!o.self_play) {
    other = models::make_searcher(kOpponentSearcher, rules, opponent);
    players[me ^ 1] = other.get();
  }
  search::Limits limits;
  limits.depth = o.depth;
  const search::Limits both_limits[2] = {limits, limits};
  const play::PlayedGame g = play::play_game(start, rules, players, both_limits, o.ply_cap, true);

  // Predictions v_t at the PV leaves of the learner's searches, from `me`'s view.
  std::vector<double> v;
  std::vector<Weights> grad;
  for (std::size_t i = 0; i < g.positions.size(); ++i) {
    const Position& x = g.positions[i];
    if (!o.self_play && x.side != me) continue;
    const search::BaoResult& r = g.results[i];
    const double sign = x.side == me ? 1.0 : -1.0;
    if (search::is_decisive(r.value)) {  // a proven result: exact, no gradient
      v.push_back(sign * (r.value > 0 ? 1.0 : -1.0));
      grad.push_back(Weights::Zero());
      continue;
    }
    Position leaf = x;
    for (const Move& m : r.pv) leaf = apply_move(leaf, m, rules);
    const HalfFeatures d = half_features(leaf, me, rules) - half_features(leaf, me ^ 1, rules);
    const double vt = std::tanh(o.beta * w.dot(d));
    v.push_back(vt);
    grad.push_back(o.beta * (1.0 - vt * vt) * d);
  }
  GameUpdate u;
  u.score = g.score(me);
  const double result = g.winner() < 0 ? 0.0 : g.winner() == me ? 1.0 : -1.0;
  // z_t = d_t + lambda z_{t+1}, from the end backwards.
  double z = 0;
  for (int t = static_cast<int>(v.size()) - 1; t >= 0; --t) {
    const double next = t + 1 < static_cast<int>(v.size()) ? v[t + 1] : result;
    const double dt = next - v[t];
    z = dt + o.lambda * z;
    u.dw += grad[t] * z;
    u.abs_td += std::abs(dt);
    ++u.steps;
  }
  return u;
}

}  // namespace

double match_score(const Weights& w, const std::string& opponent, int depth, int openings, std::uint64_t seed,
                   const Rules& rules, int ply_cap, int threads, int min_plies, int max_plies,
                   play::OpeningStream which) {
  const auto opp = make_evaluator(opponent);
  const auto mine = std::make_shared<LinearEvaluator>("test", w, rules);
  std::vector<double> scores(2 * openings);
  search::Limits limits;
  limits.depth = depth;
  std::string error;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_of(threads))
  for (int j = 0; j < 2 * openings; ++j) {
    try {
      const Position start =
          play::random_opening(rules, seed, static_cast<std::uint64_t>(j / 2), min_plies, max_plies, which);
      auto a = models::make_searcher(kOpponentSearcher, rules, mine);
      auto b = models::make_searcher(kOpponentSearcher, rules, opp);
      scores[j] = play::match_game(start, rules, *a, *b, j % 2, limits, ply_cap);
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
  }
  if (!error.empty()) throw InputError(error);
  double s = 0;
  for (double x : scores) s += x;
  return s / scores.size();
}

std::vector<TdLeafPoint> run_tdleaf(const TdLeafOptions& o, const Rules& rules,
                                    const std::function<void(const TdLeafPoint&)>& progress) {
  check_tdleaf_options(o);
  const auto opponent = make_evaluator(o.opponent);
  const auto start = std::chrono::steady_clock::now();
  Weights w = o.initial;
  std::vector<TdLeafPoint> curve;
  double last_test = -1;
  const int batches = (o.games + o.batch - 1) / o.batch;
  for (int b = 0; b < batches; ++b) {
    const int first = b * o.batch, count = std::min(o.batch, o.games - first);
    std::vector<GameUpdate> ups(count);
    std::string error;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_of(o.threads))
    for (int i = 0; i < count; ++i) {
      try {
        ups[i] = train_game(w, o, rules, opponent, static_cast<std::uint64_t>(first + i));
      } catch (const std::exception& e) {
#pragma omp critical
        error = e.what();
      }
    }
    if (!error.empty()) throw InputError("TD-Leaf: " + error);
    Weights dw = Weights::Zero();
    TdLeafPoint pt;
    double td = 0;
    int steps = 0;
    for (const GameUpdate& u : ups) {  // in game order: the same sums for any thread count
      dw += u.dw;
      pt.batch_score += u.score;
      td += u.abs_td;
      steps += u.steps;
    }
    w += (o.alpha / count) * dw.cwiseProduct(o.mask);
    // Options in range still let an update overflow: weights near the largest double
    // give evaluations of inf - inf = nan, and their gradients with them. A non-finite
    // weight stops the run before it plays or is returned, so no nan weight is written.
    if (const int f = first_non_finite(w); f >= 0)
      throw InputError(
          "TD-Leaf: the update after game " + std::to_string(first + count) + " made the weight of '" +
          feature_name(f) + "' " + number_text(w[f]) +
          ", not finite; stopped (smaller --alpha or --beta, or smaller --init weights, keep them finite)");
    pt.games = first + count;
    pt.batch_score /= count;
    pt.td_error = steps ? td / steps : 0;
    if (o.test_every > 0 && ((b + 1) % o.test_every == 0 || b + 1 == batches))
      last_test = match_score(w, o.opponent, o.depth, o.test_openings, o.seed ^ 0x7465737473ull, rules, o.ply_cap,
                              o.threads, o.opening_min_plies, o.opening_max_plies, o.opening_stream);
    pt.test_score = last_test;
    pt.weights = w;
    pt.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    curve.push_back(pt);
    if (progress) progress(pt);
  }
  return curve;
}

std::string tdleaf_curve_csv(const std::vector<TdLeafPoint>& curve) {
  std::string s = "games,batch_score,td_error,test_score,seconds\n";
  char buf[160];
  for (const auto& p : curve) {
    if (p.test_score >= 0)
      std::snprintf(buf, sizeof buf, "%d,%.6f,%.6f,%.6f,%.3f\n", p.games, p.batch_score, p.td_error, p.test_score,
                    p.seconds);
    else
      std::snprintf(buf, sizeof buf, "%d,%.6f,%.6f,,%.3f\n", p.games, p.batch_score, p.td_error, p.seconds);
    s += buf;
  }
  return s;
}

}  // namespace bao::models
