#include "models/noisy_evaluator.h"

#include <cstdint>

#include "engine/random.h"

namespace bao::models {

NoisyEvaluator::NoisyEvaluator(std::shared_ptr<const search::Evaluator> base, int amplitude)
    : base_(std::move(base)), amplitude_(amplitude) {}

int NoisyEvaluator::noise(const Position& p) const {
  if (amplitude_ == 0) return 0;
  // The first draw of SplitMix64 seeded with the key: neighbouring keys get unrelated noise.
  const auto span = static_cast<std::uint64_t>(2 * amplitude_ + 1);
  return static_cast<int>(SplitMix64(p.key).next() % span) - amplitude_;
}

int NoisyEvaluator::evaluate(const Position& p, int side) const {
  const int n = noise(p);
  return base_->evaluate(p, side) + (side == 0 ? n : -n);
}

std::string NoisyEvaluator::name() const { return base_->name() + "~" + std::to_string(amplitude_); }

}  // namespace bao::models
