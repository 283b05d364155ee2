#include "models/type_prediction.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/error.h"

namespace bao::models {

namespace {

// ln sum_k p_k exp(l_k), with the largest term factored out: a move every type finds
// very unlikely (ln Pr = -250000 behind a won line) keeps a finite log-loss.
double log_mixture(const std::vector<double>& probs, const std::vector<double>& log_terms) {
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < probs.size(); ++k)
    if (probs[k] > 0) top = std::max(top, std::log(probs[k]) + log_terms[k]);
  if (top == -std::numeric_limits<double>::infinity()) return top;
  double sum = 0;
  for (std::size_t k = 0; k < probs.size(); ++k)
    if (probs[k] > 0) sum += std::exp(std::log(probs[k]) + log_terms[k] - top);
  return top + std::log(sum);
}

}  // namespace

PredictionScore score_predictions(const std::vector<HeldOutReply>& held, const std::vector<double>& probs) {
  if (held.empty()) throw InputError("prediction scores: no held-out positions");
  PredictionScore s;
  std::vector<double> terms(probs.size());
  for (const HeldOutReply& h : held) {
    if (h.log_probs.size() != probs.size())
      throw InputError("prediction scores: " + std::to_string(h.log_probs.size()) + " move distributions for " +
                       std::to_string(probs.size()) + " types");
    const std::size_t moves = h.log_probs.empty() ? 0 : h.log_probs[0].size();
    if (h.reply < 0 || static_cast<std::size_t>(h.reply) >= moves)
      throw InputError("prediction scores: the move played is not among the " + std::to_string(moves) + " moves");
    double best = -std::numeric_limits<double>::infinity(), played = best;
    int best_move = 0;
    for (std::size_t m = 0; m < moves; ++m) {
      for (std::size_t k = 0; k < probs.size(); ++k) terms[k] = h.log_probs[k].at(m);
      const double l = log_mixture(probs, terms);
      if (l > best) best = l, best_move = static_cast<int>(m);
      if (static_cast<int>(m) == h.reply) played = l;
    }
    s.log_loss -= played;
    s.top1 += best_move == h.reply;
  }
  s.log_loss /= held.size();
  s.top1 /= held.size();
  return s;
}

}  // namespace bao::models
