// Donkers' five evaluators of his 2002 Bao program (github jeroendonkers/bao, commit
// e418109, unit `eval.pas`), the functions his OM and PrOM calibration used, as toolkit
// evaluators under names that cannot be taken for ours:
//   donkers-default   eval.pas `default_evaluate`  (registered there as 'default')
//   donkers-material  eval.pas `material_evaluate` ('material')
//   donkers-ga1       eval.pas `GA1_eval`          ('ga1', trained by a GA at depth 6)
//   donkers-ga3       eval.pas `GA3_eval`          ('ga3')
//   donkers-tdl2b     eval.pas `Tdl2b_eval`, weights from `init_Tdl2b` ('tdl2b', TD-Leaf)
// Formulas and weights are his; the code is this project's.
//
// Board mapping (his `global.pas`, TBaoPosition, `postostr`, `movetostr`): his
// hole[player, i] is our pits[player][i] for i = 0..15 (his hole i <= 7 is front pit
// A(i+1), i >= 8 back pit B(16-i): our ring index, front index r facing the opponent's
// 7-r, as his hole[p, i] faces hole[1-p, 7-i]); his store[p] is our hand[p]; his
// ownsnyumba[p] our owns_house(p); his NYUMBA = 4 our kHouse; his SOUTH = 0, NORTH = 1 as
// ours. His `rootplayer` is the `side` argument: evaluate(p, side) is his function with
// rootplayer = side. The mapping is tested (tests/models_donkers_test.cpp).
//
// Not zero-sum (except donkers-material): evaluate(p, 0) != -evaluate(p, 1) in general
// (`default` scores 0 as 1 and its house-capture terms are +100 / -50; the GA functions
// add their house term for either owner and their capture terms with one sign for both
// sides; tdl2b has separate weights per side). His search (`Engine.pas`, `ab_search`)
// scores every leaf from the root player's side and negates it where the other side is to
// move. The toolkit's alpha-beta scores a leaf for its side to move, which at an even
// depth below the root (depth 6) is the root's side: his scoring. Our OM and PrOM
// searches (search/model_search.h) score every function for MAX, as his PrOM does (no
// SWITCHROOT); his root OM scores the model for the opponent (rootplayer flipped in
// `om_searchtest`), as our root OM's model search from the opponent's position does at
// an even model depth. docs/reference-program.md, "His evaluators in the toolkit".
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "search/evaluator.h"

namespace bao::models {

// His evaluators' names, comma-separated ("donkers-default, donkers-material, ...").
std::string donkers_evaluator_names();
// The evaluator of one of those names; nullptr for any other name.
std::shared_ptr<const search::Evaluator> make_donkers_evaluator(std::string_view name);

// `default_evaluate`: 3 a pit seed (hand not counted), own minus the opponent's; for each
// pair of facing front pits both non-empty, 5 x (the opponent's seeds there - own seeds
// there), +100 when the opponent's pit of the pair is his house and he owns it, -50 when
// the own pit is the own owned house; +200 for owning the house, -200 for the opponent
// owning his; a total of 0 scores 1.
class DonkersDefault final : public search::Evaluator {
 public:
  int evaluate(const Position& p, int side) const override;
  std::string name() const override { return "donkers-default"; }
};

// `material_evaluate`: the seeds in the own 16 pits minus the opponent's (hand not
// counted). Zero-sum.
class DonkersMaterial final : public search::Evaluator {
 public:
  int evaluate(const Position& p, int side) const override;
  std::string name() const override { return "donkers-material"; }
};

// `GA1_eval` and `GA3_eval`: one form, two weight sets (donkers_evaluators.cpp):
//   hand x (own hand - opponent's hand)
//   + sum over the 16 pits i of pit[i] x (own pit i - opponent's pit i)
//   + for each front pair (own i, opponent's 7-i) both non-empty:
//       capture[i] x (own pit i + opponent's pit 7-i)
//       (i = 3, the opponent's pit is his house: + house_attack if he owns it;
//        i = 4, the own pit is the own house: - house_defence if one owns it)
//   + house for owning one's house, + house for the opponent owning his (same sign);
// a total of 0 scores 1, clipped to [-9000, 9000].
struct DonkersGaWeights {
  int hand;
  int pit[16];
  int capture[8];
  int house_attack;   // added in the pair i = 3 when the opponent owns his house
  int house_defence;  // subtracted in the pair i = 4 when the own side owns its house
  int house;          // added for each side that owns its house
};

class DonkersGa final : public search::Evaluator {
 public:
  DonkersGa(std::string name, const DonkersGaWeights& w) : name_(std::move(name)), w_(w) {}
  int evaluate(const Position& p, int side) const override;
  std::string name() const override { return name_; }

 private:
  std::string name_;
  DonkersGaWeights w_;
};

// `Tdl2b_eval`: a linear function in floating point with separate weights for the own
// side ([0]) and the opponent's ([1]): hands, the 16 pits, each front pair both non-empty
// (own pit i and the opponent's 7-i; plus house-capture terms), house ownership; rounded
// to the nearest integer (ties to even, as his Round), a total that rounds to 0 scores 1,
// clipped to [-9000, 9000].
class DonkersTdl2b final : public search::Evaluator {
 public:
  int evaluate(const Position& p, int side) const override;
  std::string name() const override { return "donkers-tdl2b"; }
  // The unrounded sum, for the tests' hand arithmetic.
  static double raw(const Position& p, int side);
};

}  // namespace bao::models
