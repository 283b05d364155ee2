#include "models/evaluators.h"

#include <bit>

#include "engine/error.h"
#include "engine/movegen.h"

namespace bao::models {
namespace {

int seeds_of(const Position& p, int s) { return p.hand[s] + ring_seeds(p, s); }

}  // namespace

int MaterialEvaluator::evaluate(const Position& p, int side) const { return seeds_of(p, side) - seeds_of(p, side ^ 1); }

int DefaultEvaluator::half(const Position& p, int s) {
  int v = kMaterial * seeds_of(p, s);
  // Capture threats (1.4, 2.3, 3.4): the seeds in the opponent's front pits that this
  // side's capture moves reach; worth more to the side that moves now.
  const std::uint32_t targets = capture_targets(p, s);
  int threatened = 0;
  for (std::uint32_t t = targets; t; t &= t - 1) threatened += p.pits[s ^ 1][std::countr_zero(t)];
  v += (p.side == s ? kThreatToMove : kThreatWaiting) * threatened;
  // The house (2.5): owning it, and its namua powers while it holds 6 or more.
  if (p.owns_house(s)) {
    v += kHouse;
    if (p.hand[s] > 0 && p.pits[s][kHouse] >= 6) v += kFunctional;
  }
  return v;
}

int DefaultEvaluator::evaluate(const Position& p, int side) const { return half(p, side) - half(p, side ^ 1); }

std::string evaluator_names() { return "material, default"; }

std::shared_ptr<const search::Evaluator> make_evaluator(std::string_view name) {
  if (name == "material") return std::make_shared<MaterialEvaluator>();
  if (name == "default") return std::make_shared<DefaultEvaluator>();
  throw InputError("unknown evaluator '" + std::string(name) + "' (known: " + evaluator_names() + ")");
}

}  // namespace bao::models
