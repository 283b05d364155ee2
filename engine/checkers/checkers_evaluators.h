// Evaluators for checkers, as plain functors (state, side) -> score for that side, in
// integer units (docs/checkers.md, "Evaluators"):
//  * Material: men and kings weighted, own minus the opponent's (zero-sum);
//  * CarmelF: Carmel and Markovitch's f(b, pl) = Mat(b, pl) - Tot(b)/25 (1996), in 1/50
//    of a man: 50 Mat - 2 Tot, with Mat = men + 1.5 kings. Not zero-sum: f(b, 0) + f(b, 1)
//    = -2 Tot/25 for every b, so each side's f prefers exchanges, and |f0 + f1| <= 2 Tot/25
//    is the bound their alpha-beta* prunes with;
//  * MinimaxView<F>: the zero-sum function a minimax player `owner` with its own function f
//    searches with: f(b, owner) for the owner, -f(b, owner) for the other side. With
//    CarmelF it is the naive player MM of the paper, who takes its opponent to avoid
//    exchanges (-f = Mat(b, o) + Tot/25 for the opponent o); OP's exchange-loving function
//    is CarmelF itself, scored for OP;
//  * OnOtherScale<F>: f of the other side put on this side's scale, -f(b, other). The
//    model searches (M*, OM) take every function on MAX's scale: OnOtherScale<CarmelF>
//    scored for MAX is OP's own f as MAX sees it, Mat(b, MAX) + Tot/25, which MIN
//    minimises (so it seeks exchanges), where MM's zero-sum model of MIN is CarmelF
//    itself on MAX's scale.
#pragma once

#include "engine/checkers/board.h"

namespace bao::checkers {

struct Material {
  int man = 100;
  int king = 150;
  int operator()(const State& s, int side) const {
    const std::uint32_t me = s.pieces[side], op = s.pieces[side ^ 1];
    return man * (popcount(me & ~s.kings) - popcount(op & ~s.kings)) +
           king * (popcount(me & s.kings) - popcount(op & s.kings));
  }
};

struct CarmelF {
  static constexpr int kScale = 50;  // one man; a king is 75, Tot/25 is 2 a piece
  int operator()(const State& s, int side) const {
    const int mat = Material{2, 3}(s, side) * (kScale / 2);
    return mat - 2 * popcount(s.occupied());
  }
};

template <class F>
struct MinimaxView {
  F f;
  int owner = Black;
  int operator()(const State& s, int side) const { return side == owner ? f(s, owner) : -f(s, owner); }
};

template <class F>
struct OnOtherScale {
  F f;
  int operator()(const State& s, int side) const { return -f(s, side ^ 1); }
};

// The evaluators the game registers (engine/checkers/traits.h), one callable type for
// all: `material` (zero-sum), `f` (CarmelF, not zero-sum: a model's function or a
// player's own, docs/checkers.md) and `op` (OnOtherScale<CarmelF>: OP's f on the scored
// side's scale, for model searches).
struct CheckersEval {
  enum class Kind : std::uint8_t { Material, F, Op };
  Kind kind = Kind::Material;
  int operator()(const State& s, int side) const {
    switch (kind) {
      case Kind::Material:
        return Material{}(s, side);
      case Kind::F:
        return CarmelF{}(s, side);
      case Kind::Op:
        return OnOtherScale<CarmelF>{}(s, side);
    }
    return 0;
  }
};

}  // namespace bao::checkers
