// Scoring type probabilities as a predictor of the opponent's next move, on positions
// not used to estimate them (bao learn-types --held-out; docs/learning.md).
//
// A mixture of types with probabilities p predicts a move m with
// Pr(m) = sum_k p_k Pr_k(m), Pr_k being type k's move distribution (models/reply_model.h),
// the same for every estimator, so only the probabilities differ. Two scores over the
// positions: the log-loss, the mean of -ln Pr(move played) (nats; 0 is a certain and
// right prediction, ln(moves) a uniform guess), and the top-1 accuracy, the share of
// positions whose most probable move (the first in move order among equals) is the one
// played.
#pragma once

#include <vector>

namespace bao::models {

// One held-out position: each type's log-probabilities of the legal moves, and the index
// of the move the opponent played among them.
struct HeldOutReply {
  std::vector<std::vector<double>> log_probs;  // [type][move]
  int reply = 0;
};

struct PredictionScore {
  double log_loss = 0, top1 = 0;
};

// The scores of the mixture `probs` (one per type, summing to 1) on `held`. Throws
// InputError for an empty `held` or sizes that do not match.
PredictionScore score_predictions(const std::vector<HeldOutReply>& held, const std::vector<double>& probs);

}  // namespace bao::models
