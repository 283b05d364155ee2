// TD-Leaf(lambda) (Baxter, Tridgell and Weaver, "Learning to play chess using temporal
// differences", Machine Learning 40, 2000) for linear-evaluator weights.
//
// The learner plays games with alpha-beta at `depth`, in self-play (both sides use the
// current weights) or against a fixed opponent (colours alternating). For each position
// x_t where the learner moved, the search's principal variation is followed to its leaf
// l_t, and the learner's prediction there is v_t = tanh(beta * eval(l_t)), the score from
// the point of view of the learner (in self-play: of South). The game's result r (+1 win,
// -1 loss, 0 ply cap) closes the sequence. With temporal differences
// d_t = v_{t+1} - v_t (v_N = r), the weights move by
//
//   w += alpha * sum_t grad v_t * sum_{j >= t} lambda^(j-t) d_j
//
// where grad v_t = beta * (1 - v_t^2) * (half(l_t, me) - half(l_t, other)). TD-Leaf
// differs from TD(lambda) in differentiating at the PV leaf, whose evaluation is the
// search's value, rather than at the root. A leaf where the game is over has the exact
// value +-1 and no gradient. Searches run without a transposition table so that the PV
// always reaches the search depth.
//
// Games are played in batches of `batch` with the same weights, in parallel (OpenMP);
// their updates are summed in game order after the batch, so a run is fixed by its seed
// whatever the thread count. Every `test_every` batches the weights play a test match
// against the opponent (from `test_openings` fixed openings, both colours) for the
// learning curve.
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

// The options of `bao learn-eval --method tdleaf`, each with its range
// (check_tdleaf_options); the ranges keep every weight and count finite and a run's size
// sensible.
struct TdLeafOptions {
  static constexpr int kMaxGames = 100000000, kMaxBatch = 10000, kMaxTestEvery = 1000000, kMaxTestOpenings = 10000;
  static constexpr int kMaxOpeningPlies = 200, kMaxPlyCap = 100000;
  static constexpr int kMaxDepth = search::kMaxPly - 1;  // the deepest a search goes
  static constexpr double kMaxAlpha = 1000, kMaxBeta = 10;

  int games = 200;  // 1 to kMaxGames
  int batch = 4;    // 1 to kMaxBatch
  bool self_play = true;
  std::string opponent = "default";  // fixed opponent (and the test matches' opponent)
  int depth = 2;                     // 1 to kMaxDepth
  double alpha = 0.5;                // learning rate, in weight units; [0, kMaxAlpha]
  double lambda = 0.7;               // [0, 1]
  double beta = 0.01;                // tanh squashing: an evaluation of 1/beta maps to tanh(1); (0, kMaxBeta]
  int ply_cap = 200;                 // 1 to kMaxPlyCap
  int opening_min_plies = 2, opening_max_plies = 8;                       // 0 <= min <= max <= kMaxOpeningPlies
  play::OpeningStream opening_stream = play::OpeningStream::kTournament;  // kLearnersV1: the committed weights'
  int test_every = 5;      // batches between test matches; 0: no test matches; to kMaxTestEvery
  int test_openings = 10;  // two games each; 1 to kMaxTestOpenings
  // The learner's alpha-beta as the committed models/weights/td-*.txt were learned with:
  // deepening through every depth, without principal-variation search (tdleaf.cpp).
  bool learner_search_v1 = false;
  Weights initial = Weights::Zero();  // finite
  Weights mask = Weights::Ones();     // 1: learned; 0: the weight keeps its initial value
  std::uint64_t seed = 1;
  int threads = 0;  // 0: OpenMP's default; 0 to 1024
};

struct TdLeafPoint {
  int games = 0;           // games played so far
  double batch_score = 0;  // the learner's mean score in the batch (self-play: South's)
  double td_error = 0;     // mean |d_t| over the batch
  double test_score = -1;  // score in the last test match (-1: none yet)
  double seconds = 0;
  Weights weights = Weights::Zero();  // after this batch
};

// Throws InputError for an option outside its range (TdLeafOptions), a non-finite
// initial weight or a mask entry other than 0 and 1. The message names the option as bao
// learn-eval spells it and the value found ("--beta must be a number in (0, 10], found
// inf").
void check_tdleaf_options(const TdLeafOptions& o);

// Runs TD-Leaf; `progress` is called after each batch. Returns one point per batch; the
// last point's weights are the result. Throws InputError for bad options
// (check_tdleaf_options), and stops with InputError when an update makes a weight
// non-finite (possible with weights near the largest double, whose evaluations
// overflow), so the weights it returns are always finite.
std::vector<TdLeafPoint> run_tdleaf(const TdLeafOptions& o, const Rules& rules,
                                    const std::function<void(const TdLeafPoint&)>& progress = {});

// The learning curve as CSV: games,batch_score,td_error,test_score,seconds (test_score
// empty where no test was played).
std::string tdleaf_curve_csv(const std::vector<TdLeafPoint>& curve);

// The score of weights w against `opponent` at `depth`: openings 0..n-1 of `seed` drawn
// from stream `which`, both colours, in parallel; deterministic.
double match_score(const Weights& w, const std::string& opponent, int depth, int openings, std::uint64_t seed,
                   const Rules& rules, int ply_cap, int threads, int min_plies = 2, int max_plies = 8,
                   play::OpeningStream which = play::OpeningStream::kTournament);

}  // namespace bao::models
