#include "models/ga_tuner.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>

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

void check_ga_options(const GaOptions& o) {
  const OptionCheck check("genetic tuner");
  check.whole("--population", o.population, 2, GaOptions::kMaxPopulation);
  check.whole("--generations", o.generations, 1, GaOptions::kMaxGenerations);
  check.whole("--elite", o.elite, 0, o.population - 1);
  check.whole("--tournament", o.tournament, 1, GaOptions::kMaxTournament);
  check.real("--mutation-rate", o.mutation_rate, 0, 1);
  check.real("--mutation-sigma", o.mutation_sigma, 0, GaOptions::kMaxMutationSigma);
  check.whole("--openings", o.openings, 1, GaOptions::kMaxOpenings);
  check.opening_plies(o.opening_min_plies, o.opening_max_plies, GaOptions::kMaxOpeningPlies);
  check.whole("--depth", o.depth, 1, GaOptions::kMaxDepth);
  check.whole("--ply-cap", o.ply_cap, 1, GaOptions::kMaxPlyCap);
  check.whole("--threads", o.threads, 0, search::kMaxThreads);
  check.weights(o.initial, o.mask);
}

namespace {

Weights mutate(const Weights& w, const GaOptions& o, SplitMix64& rng) {
  Weights m = w;
  for (int f = 0; f < kHalfFeatures; ++f)
    if (rng.uniform() < o.mutation_rate && o.mask[f] != 0)
      m[f] += o.mutation_sigma * (std::abs(w[f]) + 1.0) * rng.normal();
  return m;
}

// Each individual's mean score over its games (both colours of every opening) against
// the opponent evaluator, played in parallel; a game's content depends only on its
// inputs, so the scores are the same for any thread count.
std::vector<double> population_fitness(const std::vector<Weights>& pop, const std::vector<Position>& openings,
                                       const GaOptions& o, const Rules& rules,
                                       const std::shared_ptr<const search::Evaluator>& opponent_eval) {
  const int n = static_cast<int>(pop.size());
  const int games_each = 2 * static_cast<int>(openings.size());
  std::vector<double> scores(static_cast<std::size_t>(n) * games_each);
  search::Limits limits;
  limits.depth = o.depth;
  const int jobs = n * games_each;
  std::string error;
#pragma omp parallel for schedule(dynamic, 1) num_threads(o.threads > 0 ? o.threads : omp_get_max_threads())
  for (int j = 0; j < jobs; ++j) {
    try {
      const int ind = j / games_each, game = j % games_each;
      auto mine = models::make_searcher(o.searcher, rules, std::make_shared<LinearEvaluator>("ga", pop[ind], rules));
      auto theirs = models::make_searcher(o.searcher, rules, opponent_eval);
      // The individual plays South in even games.
      scores[j] = play::match_game(openings[game / 2], rules, *mine, *theirs, game % 2, limits, o.ply_cap);
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
  }
  if (!error.empty()) throw InputError("genetic tuner: " + error);
  std::vector<double> fitness(n);
  for (int i = 0; i < n; ++i)
    fitness[i] =
        std::accumulate(scores.begin() + i * games_each, scores.begin() + (i + 1) * games_each, 0.0) / games_each;
  return fitness;
}

// The next population: the elite kept, the rest children of two tournament-selected
// parents (uniform crossover), mutated.
std::vector<Weights> next_population(const std::vector<Weights>& pop, const std::vector<double>& fitness,
                                     const std::vector<int>& rank, const GaOptions& o, SplitMix64& rng) {
  const int n = static_cast<int>(pop.size());
  auto pick = [&]() {
    int best = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
    for (int t = 1; t < o.tournament; ++t) {
      const int c = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      if (fitness[c] > fitness[best] || (fitness[c] == fitness[best] && c < best)) best = c;
    }
    return best;
  };
  std::vector<Weights> next(n);
  for (int i = 0; i < o.elite; ++i) next[i] = pop[rank[i]];
  for (int i = o.elite; i < n; ++i) {
    const Weights& a = pop[pick()];
    const Weights& b = pop[pick()];
    Weights child;
    for (int f = 0; f < kHalfFeatures; ++f) child[f] = (rng.next() >> 63) ? a[f] : b[f];
    next[i] = mutate(child, o, rng);
  }
  return next;
}

}  // namespace

std::vector<GaGeneration> run_ga(const GaOptions& o, const Rules& rules,
                                 const std::function<void(const GaGeneration&)>& progress) {
  check_ga_options(o);
  const auto opponent_eval = make_evaluator(o.opponent);
  models::make_searcher(o.searcher, rules, opponent_eval);  // checks the spec before any thread runs
  const auto start = std::chrono::steady_clock::now();
  SplitMix64 rng(o.seed);
  const int n = o.population;
  std::vector<Weights> pop(n);
  pop[0] = o.initial;  // the starting point itself competes
  for (int i = 1; i < n; ++i) pop[i] = mutate(o.initial, o, rng);

  std::vector<GaGeneration> curve;
  for (int gen = 1; gen <= o.generations; ++gen) {
    // Options in range still let weights grow without bound: each mutation scales a
    // weight by up to (1 + sigma |N|), and weights near the largest double overflow.
    // A non-finite weight stops the run before its games are played, so no inf or nan
    // weight is ever played or written.
    for (const Weights& w : pop)
      if (const int f = first_non_finite(w); f >= 0)
        throw InputError("genetic tuner: a mutation made the weight of '" + std::string(feature_name(f)) + "' " +
                         number_text(w[f]) + " in generation " + std::to_string(gen) +
                         ", not finite; stopped (a smaller --mutation-sigma, or smaller --init weights, keep them "
                         "finite)");
    // Openings of this generation: stream (seed, generation), the same for everyone.
    std::vector<Position> openings(o.openings);
    for (int k = 0; k < o.openings; ++k)
      openings[k] = play::random_opening(rules, o.seed ^ 0x6761u, static_cast<std::uint64_t>(gen) * 100003 + k,
                                         o.opening_min_plies, o.opening_max_plies, o.opening_stream);
    const std::vector<double> fitness = population_fitness(pop, openings, o, rules, opponent_eval);
    // Rank: higher fitness first, ties to the lower index (deterministic).
    std::vector<int> rank(n);
    std::iota(rank.begin(), rank.end(), 0);
    std::stable_sort(rank.begin(), rank.end(), [&](int a, int b) { return fitness[a] > fitness[b]; });
    GaGeneration g;
    g.generation = gen;
    g.best = fitness[rank[0]];
    g.mean = std::accumulate(fitness.begin(), fitness.end(), 0.0) / n;
    g.best_weights = pop[rank[0]];
    g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    curve.push_back(g);
    if (progress) progress(g);
    if (gen < o.generations) pop = next_population(pop, fitness, rank, o, rng);
  }
  return curve;
}

std::string ga_curve_csv(const std::vector<GaGeneration>& curve) {
  std::string s = "generation,best,mean,seconds\n";
  char buf[128];
  for (const auto& g : curve) {
    std::snprintf(buf, sizeof buf, "%d,%.6f,%.6f,%.3f\n", g.generation, g.best, g.mean, g.seconds);
    s += buf;
  }
  return s;
}

}  // namespace bao::models
