// A type's move distribution: how likely a player of that type is to play each legal
// move, for the likelihood of an observed reply (models/dirichlet_belief.h) and for
// predicting replies (models/type_prediction.h).
//
// A type EVAL@D scores each legal move m of p by its alpha-beta value at depth D: the
// value of m's child searched to depth D - 1 by the type's searcher and evaluator, from
// the mover's view (at D = 1 the child's evaluation; a child where the game is over, a
// win or loss one ply on, as the search scores it). Pr(m) = exp(v_m / T) / sum_j exp(v_j / T),
// a softmax at the temperature T = tau x the evaluator's value of a seed (seed_value):
// tau is in seeds, so a move worth tau seeds less is e times less likely under every
// type whatever its evaluator's units. The mode is the move the type's depth-D search
// plays (up to ties). One temperature in evaluation units for all types would favour
// the type whose units are largest: `default` counts a seed as 4, `material` as 1, and
// at T = 4 for both a material@1 opponent drew 0.41 of the mass against default@1's 0.59, as
// default's sharper distribution gave more probability to the many moves both play.
// The opponent is a search, not a sampler: the softmax stands for what the type leaves
// out (its evaluator's error, the other types' disagreement), so no move has probability 0.
#pragma once

#include <memory>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "models/player_model.h"
#include "search/evaluator.h"
#include "search/searcher.h"

namespace bao::models {

// tau's default, in seeds, chosen on held-out positions at depth 6 (docs/learning.md): of
// 0.25 to 4, 1 and 2 gave the least log-loss summed over an opponent among the types and
// two outside them (1.47 and 1.45 nats a move), and 1 left 0.87 of the mass on the real
// type where 2 left 0.65. Smaller predicts a type better and a stranger much worse.
inline constexpr double kDefaultTau = 1.0;

// What one seed is worth to an evaluator: the mean gain, for the side to move at the
// start of the kiswahili game, of one more seed in its hand or in each of its 16 pits
// (material 1, default 4, the learned ones their pit and hand weights and what the seed
// changes in their other features). A noisy copy E~A scores like E here (the position's
// key, which draws the noise, is left as it is). An evaluator to which a seed is worth
// nothing or less has the value 1 (its units).
double seed_value(const search::Evaluator& e);

// log of the softmax of scores / temperature, in the scores' order; temperature > 0. A
// score of a win (search::kWin - n) makes the other moves' log-probabilities about
// -kWin / temperature, finite.
std::vector<double> softmax_log_probs(const std::vector<int>& scores, double temperature);

// Throws InputError naming --tau unless tau is a finite number > 0.
void check_tau(double tau);

// Owns the type's searcher (not thread-safe; one per thread), like MovePredictor.
class ReplyModel {
 public:
  // tau in seeds. Throws InputError for a bad tau (check_tau) or an unknown evaluator or
  // searcher.
  ReplyModel(const PlayerModel& m, const Rules& rules, double tau);
  // The values v_m of p's legal moves, generate_children's order. p must be a position
  // where the game goes on.
  std::vector<int> scores(const Position& p);
  // log Pr(m) for each legal move of p, the same order.
  std::vector<double> log_probs(const Position& p) { return softmax_log_probs(scores(p), temperature_); }
  double temperature() const { return temperature_; }  // in evaluation units

 private:
  Rules rules_;
  int depth_;
  double temperature_;
  std::shared_ptr<const search::Evaluator> eval_;
  std::unique_ptr<search::Searcher> searcher_;
  ChildList children_;
};

// The index of move m among p's legal moves (generate_moves' order), or -1.
int move_index(const Position& p, const Move& m, const Rules& rules);

}  // namespace bao::models
