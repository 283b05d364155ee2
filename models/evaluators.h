// Evaluators for Bao, made by name:
//   material  seeds on the own side (16 pits) and in hand, minus the opponent's
//   default   a hand-made evaluation in the spirit of Donkers' program: material,
//             capture threats between facing front pits, and owning the house
// Both are zero-sum (evaluate(p, 0) == -evaluate(p, 1)) and within +-kMaxEval.
// Donkers' own five (donkers-default, donkers-material, donkers-ga1, donkers-ga3,
// donkers-tdl2b; models/donkers_evaluators.h) are made by name too; they are not zero-sum.
// The learned evaluators (models/weights/) are made by name too. Any name E~A is a noisy
// copy of E (models/noisy_evaluator.h: a fixed noise in [-A, A] per position).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "search/evaluator.h"

namespace bao::models {

// Throws InputError naming an unknown evaluator and listing the known ones.
std::shared_ptr<const search::Evaluator> make_evaluator(std::string_view name);
std::string evaluator_names();
// Whether make_evaluator(name) makes an evaluator without reading a file: material,
// default, a learned one built into the program, or a noisy copy E~A of one of them (A
// from 0 to kMaxNoise). bao serve takes only these.
bool is_builtin_evaluator(std::string_view name);

// `text` (an evaluator name or a searcher spec) with every relative weights-file path
// (a name ending in ".txt", between '=', ',', ':', '+', '(', ')', '@') put under `dir`,
// so a config's "eval = w.txt" or "model=w.txt" is read beside the config. An empty
// `dir` leaves the text as it is.
std::string resolve_weight_paths(std::string_view text, const std::string& dir);

class MaterialEvaluator final : public search::Evaluator {
 public:
  int evaluate(const Position& p, int side) const override;
  // Exact: a takasa move leaves every side's seeds where they are.
  int takasa_bound(const Position& p, int side) const override { return evaluate(p, side); }
  std::string name() const override { return "material"; }
};

class DefaultEvaluator final : public search::Evaluator {
 public:
  // Weights, per seed unless stated; chosen by hand, not tuned.
  static constexpr int kWeightMaterial = 4;       // a seed on the own side or in hand
  static constexpr int kWeightThreatToMove = 3;   // a seed the side to move can capture now
  static constexpr int kWeightThreatWaiting = 1;  // a seed the other side could capture next
  static constexpr int kWeightHouse = 12;         // owning the house
  static constexpr int kWeightFunctional = 8;     // a house of 6+ while seeds remain in hand
  int evaluate(const Position& p, int side) const override;
  // Material stays; the mover's threats, counted as waiting ones after his move, reach at
  // most the opponent's front row, which the move leaves as it is; his house may be lost,
  // not won; the opponent's threats count at least 0, his house as it is.
  int takasa_bound(const Position& p, int side) const override;
  std::string name() const override { return "default"; }
  // One side's half of the evaluation; evaluate = half(side) - half(other).
  static int half(const Position& p, int side);
};

}  // namespace bao::models
