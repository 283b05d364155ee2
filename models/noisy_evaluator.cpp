#include "models/noisy_evaluator.h"

#include <cstdint>

namespace bao::models {

NoisyEvaluator::NoisyEvaluator(std::shared_ptr<const search::Evaluator> base, int amplitude)
    : base_(std::move(base)), amplitude_(amplitude) {}

int NoisyEvaluator::noise(const Position& p) const {
  if (amplitude_ == 0) return 0;
  // splitmix64's finaliser: neighbouring keys get unrelated noise.
  std::uint64_t z = p.key + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  const auto span = static_cast<std::uint64_t>(2 * amplitude_ + 1);
  return static_cast<int>(z % span) - amplitude_;
}

int NoisyEvaluator::evaluate(const Position& p, int side) const {
  const int n = noise(p);
  return base_->evaluate(p, side) + (side == 0 ? n : -n);
}

std::string NoisyEvaluator::name() const { return base_->name() + "~" + std::to_string(amplitude_); }

}  // namespace bao::models
