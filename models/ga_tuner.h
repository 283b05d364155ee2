// Genetic tuning of linear-evaluator weights (models/linear_evaluator.h).
//
// A population of weight vectors evolves for a number of generations. An individual's
// fitness is its score (win 1, ply cap 0.5, loss 0) in a short match against a fixed
// opponent: alpha-beta at `depth` with the individual's weights against the same search
// with the opponent's evaluator, from `openings` seeded random openings, each played with
// both colours. Openings are drawn afresh each generation (from the seed and the
// generation number), so the population is not tuned to a few positions. The next
// generation keeps the `elite` best unchanged and fills the rest with children: two
// parents chosen by tournament selection (the best of `tournament` drawn at random),
// uniform crossover (each weight from either parent), then Gaussian mutation of each
// weight with probability `mutation_rate` (sigma = mutation_sigma * (|w| + 1)).
//
// All random draws are made in a fixed order by one thread; the games of a generation
// are played in parallel (OpenMP) and each game depends only on its inputs (searches with
// a depth limit are deterministic), so a run is fixed by its seed whatever the thread
// count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/bao/rules.h"
#include "models/features.h"
#include "play/openings.h"
#include "search/score.h"

namespace bao::models {

// The options of `bao learn-eval --method ga`, each with its range (check_ga_options);
// the ranges keep every weight and count finite and a run's size sensible.
struct GaOptions {
  static constexpr int kMaxPopulation = 10000, kMaxGenerations = 1000000, kMaxTournament = 1000;
  static constexpr int kMaxOpenings = 10000, kMaxOpeningPlies = 200, kMaxPlyCap = 100000;
  static constexpr int kMaxDepth = search::kMaxPly - 1;  // the deepest a search goes
  static constexpr double kMaxMutationSigma = 10;

  int population = 16;                               // 2 to kMaxPopulation
  int generations = 20;                              // 1 to kMaxGenerations
  int elite = 2;                                     // 0 to population - 1
  int tournament = 3;                                // 1 to kMaxTournament
  double mutation_rate = 0.3;                        // [0, 1]
  double mutation_sigma = 0.25;                      // [0, kMaxMutationSigma]
  int openings = 8;                                  // per individual and generation; two games each; 1 to kMaxOpenings
  int opening_min_plies = 2, opening_max_plies = 8;  // 0 <= min <= max <= kMaxOpeningPlies
  play::OpeningStream opening_stream = play::OpeningStream::kTournament;  // kLearnersV1: the committed weights'
  int depth = 2;                     // alpha-beta depth for both sides; 1 to kMaxDepth
  int ply_cap = 200;                 // a game stopped here scores 0.5; 1 to kMaxPlyCap
  std::string opponent = "default";  // evaluator name (models::make_evaluator)
  std::string searcher = "alphabeta(tt_mb=1)";
  Weights initial = Weights::Zero();  // the first generation: mutations of these; finite
  Weights mask = Weights::Ones();     // 1: learned; 0: the weight keeps its initial value
  std::uint64_t seed = 1;
  int threads = 0;  // 0: OpenMP's default; 0 to 1024
};

struct GaGeneration {
  int generation = 0;         // 1-based
  double best = 0, mean = 0;  // fitness of the population (score vs the opponent)
  Weights best_weights = Weights::Zero();
  double seconds = 0;  // since the start of the run
};

// Throws InputError for an option outside its range (GaOptions), a non-finite initial
// weight or a mask entry other than 0 and 1. The message names the option as bao
// learn-eval spells it and the value found ("--mutation-sigma must be a number in
// [0, 10], found inf").
void check_ga_options(const GaOptions& o);

// Runs the tuner; `progress` is called after each generation. Returns every generation
// (the learning curve); the last element's best_weights is the result. Throws
// InputError for bad options (check_ga_options) or an unknown opponent/searcher, and
// stops with InputError when a mutation makes a weight non-finite (possible with weights
// near the largest double), so the weights it returns are always finite.
std::vector<GaGeneration> run_ga(const GaOptions& o, const Rules& rules,
                                 const std::function<void(const GaGeneration&)>& progress = {});

// The learning curve as CSV: generation,best,mean,seconds.
std::string ga_curve_csv(const std::vector<GaGeneration>& curve);

}  // namespace bao::models
