// A noisy copy of an evaluator, named "E~A" (e.g. "ga-material~20"): E's value plus a
// noise in [-A, A] that is a fixed function of the position (a hash of its key), so the
// copy is deterministic (a transposition table and a replayed game see the same values)
// and zero-sum like E (the noise is added for South and subtracted for North). It
// plays an opponent outside a set of learned types (experiment E7: "a noisy copy"),
// close to E but never E.
#pragma once

#include <memory>
#include <string>

#include "search/evaluator.h"

namespace bao::models {

// The largest amplitude accepted: beyond it the base evaluation is drowned.
inline constexpr int kMaxNoise = 100000;

class NoisyEvaluator final : public search::Evaluator {
 public:
  NoisyEvaluator(std::shared_ptr<const search::Evaluator> base, int amplitude);
  int evaluate(const Position& p, int side) const override;
  std::string name() const override;
  std::string fingerprint() const override { return base_->fingerprint(); }
  // The noise of p for South, in [-A, A].
  int noise(const Position& p) const;

 private:
  std::shared_ptr<const search::Evaluator> base_;
  int amplitude_;
};

}  // namespace bao::models
