// LinearEvaluator: a weight vector over the half features of models/features.h.
//
//   evaluate(p, side) = round(w . (half(p, side) - half(p, other))), clamped to +-kMaxEval
//
// so it is zero-sum by construction for any weights (the difference is exactly
// antisymmetric in IEEE arithmetic and lround rounds halves away from zero). Weights are
// in evaluation units per unit of a feature (the `default` evaluator is 4 per seed).
//
// Weight files (models/weights/NAME.txt): one `feature weight` line per feature of
// features.h, every feature exactly once, in any order; `#` starts a comment (whole
// line or trailing); blank lines are skipped. A missing, unknown, repeated or malformed
// entry throws InputError naming the file and the line ("FILE:LINE: ..."; a missing
// feature names the file's last line), and so does a weight beyond +-kMaxWeight.
#pragma once

#include <string>
#include <string_view>

#include "engine/bao/move.h"
#include "engine/text_input.h"
#include "models/features.h"
#include "search/evaluator.h"
#include "search/score.h"

namespace bao::models {

// The bound on a weight read from a file. Every feature of a half lies in
// 0..kMaxFeatureValue (seeds: 64 in all; hand 22, moves kMaxMoves = 32, captures 8,
// pits_of_two 16, house flags 1), so every entry of own half - other half lies in -64..64,
// and weights within +-kMaxWeight keep |w . d| <= kHalfFeatures * 64 * kMaxWeight =
// kMaxEval (100000): the score never passes the evaluation range, stays far below the
// win scores (+-kWin, 1000000) and its sum cannot overflow (a weight of 1e308 makes the
// raw score inf or nan, 3e9 one of 1.9e11 that only the clamp holds). The committed
// weights are within +-18.
inline constexpr int kMaxFeatureValue = 64;
static_assert(kMaxMoves <= kMaxFeatureValue);
inline constexpr double kMaxWeight = double(search::kMaxEval) / (kHalfFeatures * kMaxFeatureValue);  // 62.5

class LinearEvaluator final : public search::Evaluator {
 public:
  LinearEvaluator(std::string name, const Weights& w, const Rules& rules = Rules{})
      : name_(std::move(name)), w_(w), rules_(rules) {}
  int evaluate(const Position& p, int side) const override;
  // Lazy: the `moves` term (the one that plays moves) is first bounded by the candidates'
  // numbers (mobility_bound); the moves are counted, side by side, only while the
  // bounds leave the score's side of the window open. Exact inside the window.
  int evaluate_within(const Position& p, int side, int alpha, int beta) const override;
  std::string name() const override { return name_; }
  // A hash of the weights' bytes: the same numbers, whatever the file's comments.
  std::string fingerprint() const override {
    return fnv1a_hex(std::string_view(reinterpret_cast<const char*>(w_.data()), sizeof(double) * w_.size()));
  }
  const Weights& weights() const { return w_; }
  // The unrounded score w . (half(side) - half(other)), for the learners.
  double raw(const Position& p, int side) const;

 private:
  std::string name_;
  Weights w_;
  Rules rules_;
};

// The score of weights w on features already computed: w . (own half - other half).
inline double linear_score(const Weights& w, const Features& f) {
  return w.dot(f.head<kHalfFeatures>() - f.tail<kHalfFeatures>());
}
// Rounded and clamped as LinearEvaluator::evaluate does.
int to_eval(double raw);

// Parses a weights file's text; `source` names it in messages.
Weights parse_weights(std::string_view text, const std::string& source);
// Reads a weights file. Throws InputError if it cannot be read or is malformed.
Weights read_weights(const std::string& path);
// The weights as a file's text: the comment lines (each prefixed "# "), then one
// `feature weight` line per feature in feature order, with enough digits to read back
// exactly.
std::string format_weights(const Weights& w, const std::string& comment = "");
// Writes format_weights to path. Throws InputError if the file cannot be written.
void write_weights(const std::string& path, const Weights& w, const std::string& comment = "");

// Weights that reproduce the `default` evaluator's terms (material 4 a seed, threats 3
// and 1 a seed, house 12, functional house 8) and zero for the rest: the learners'
// usual starting point.
Weights default_like_weights();

}  // namespace bao::models
