#include "models/evaluators.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/donkers_evaluators.h"
#include "models/embedded_weights.h"
#include "models/linear_evaluator.h"
#include "models/noisy_evaluator.h"

namespace bao::models {
namespace {

int seeds_of(const Position& p, int s) { return p.hand[s] + ring_seeds(p, s); }

// The house (2.5): owning it, and its namua powers while it holds 6 or more.
int house_terms(const Position& p, int s) {
  if (!p.owns_house(s)) return 0;
  return DefaultEvaluator::kWeightHouse +
         (p.hand[s] > 0 && p.pits[s][bao::kHouse] >= 6 ? DefaultEvaluator::kWeightFunctional : 0);
}

}  // namespace

int MaterialEvaluator::evaluate(const Position& p, int side) const { return seeds_of(p, side) - seeds_of(p, side ^ 1); }

int DefaultEvaluator::half(const Position& p, int s) {
  int v = kWeightMaterial * seeds_of(p, s);
  // Capture threats (1.4, 2.3, 3.4): the seeds in the opponent's front pits that this
  // side's capture moves reach; worth more to the side that moves now.
  const std::uint32_t targets = capture_targets(p, s);
  int threatened = 0;
  for (std::uint32_t t = targets; t; t &= t - 1) threatened += p.pits[s ^ 1][std::countr_zero(t)];
  v += (p.side == s ? kWeightThreatToMove : kWeightThreatWaiting) * threatened;
  return v + house_terms(p, s);
}

int DefaultEvaluator::evaluate(const Position& p, int side) const { return half(p, side) - half(p, side ^ 1); }

int DefaultEvaluator::takasa_bound(const Position& p, int side) const {
  const int o = side ^ 1;
  int front = 0;  // the opponent's front row: all a threat can reach (capture_targets)
  for (int r = 0; r < bao::kFront; ++r) front += p.pits[o][r];
  int own = kWeightMaterial * seeds_of(p, side) + kWeightThreatWaiting * front;
  // The move takes a namua seed from the hand (2.4): the house is functional after it
  // only if one remains.
  if (p.owns_house(side)) own += kWeightHouse + (p.hand[side] > 1 ? kWeightFunctional : 0);
  // The opponent's threats count at least 0; his seeds, hand and house stay.
  const int other = kWeightMaterial * seeds_of(p, o) + house_terms(p, o);
  return own - other;
}

// Learned evaluators are the weight files of models/weights/, built into the program
// (models/embedded_weights.h) and named by their file name without ".txt"; any name
// ending in ".txt" is read as a path to a weights file.
std::string evaluator_names() {
  std::string names = "material, default, " + donkers_evaluator_names();
  for (const auto& entry : embedded_weights()) names += ", " + entry.first;
  return names + ", or a weights file PATH.txt";
}

bool is_builtin_evaluator(std::string_view name) {
  if (const auto tilde = name.rfind('~'); tilde != std::string_view::npos) {
    int a = 0;
    return to_int(std::string(name.substr(tilde + 1)), a) && a >= 0 && a <= kMaxNoise &&
           is_builtin_evaluator(name.substr(0, tilde));
  }
  if (name == "material" || name == "default" || make_donkers_evaluator(name)) return true;
  const auto& builtin = embedded_weights();
  return std::any_of(builtin.begin(), builtin.end(), [&](const auto& entry) { return entry.first == name; });
}

std::string resolve_weight_paths(std::string_view text, const std::string& dir) {
  if (dir.empty()) return std::string(text);
  constexpr std::string_view kDelimiters = "=,:+()@~";
  std::string out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find_first_of(kDelimiters, at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view token = text.substr(at, end - at);
    if (token.size() > 4 && token.ends_with(".txt") && std::filesystem::path(token).is_relative())
      out += (std::filesystem::path(dir) / token).string();
    else
      out += token;
    if (end < text.size()) out += text[end];
    at = end + 1;
  }
  return out;
}

std::shared_ptr<const search::Evaluator> make_evaluator(std::string_view name) {
  // "E~A": a noisy copy of E (models/noisy_evaluator.h).
  if (const auto tilde = name.rfind('~'); tilde != std::string_view::npos) {
    const std::string amp(name.substr(tilde + 1));
    int a = 0;
    if (!to_int(amp, a) || a < 0 || a > kMaxNoise)
      throw InputError("evaluator '" + std::string(name) + "': the noise after '~' must be a whole number from 0 to " +
                       std::to_string(kMaxNoise) + ", found '" + amp + "'");
    return std::make_shared<NoisyEvaluator>(make_evaluator(name.substr(0, tilde)), a);
  }
  if (name == "material") return std::make_shared<MaterialEvaluator>();
  if (name == "default") return std::make_shared<DefaultEvaluator>();
  if (auto his = make_donkers_evaluator(name)) return his;
  const std::string n(name);
  if (n.size() > 4 && n.ends_with(".txt")) return std::make_shared<LinearEvaluator>(n, read_weights(n));
  for (const auto& [builtin, text] : embedded_weights())
    if (builtin == n) return std::make_shared<LinearEvaluator>(n, parse_weights(text, "models/weights/" + n + ".txt"));
  throw InputError("unknown evaluator '" + n + "' (known: " + evaluator_names() + ")");
}

}  // namespace bao::models
