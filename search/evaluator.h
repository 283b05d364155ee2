// The evaluation interface: a Bao position and the side it is scored for -> an integer
// score within +-kMaxEval, higher is better for that side. Evaluators used by negamax
// searchers must be zero-sum: evaluate(p, 0) == -evaluate(p, 1).
// Implementations live in models/ (material, default and learned evaluators).
#pragma once

#include <string>

#include "engine/bao/position.h"
#include "search/score.h"

namespace bao::search {

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual int evaluate(const Position& p, int side) const = 0;
  // evaluate(p, side) where it lies inside the window (alpha, beta); outside it, may
  // instead return a bound on the same side of the window: a value v with
  // evaluate(p, side) <= v <= alpha, or beta <= v <= evaluate(p, side). Alpha-beta's
  // leaves need no more (a fail-soft search stays exact: its bounds are bounds), and an
  // evaluator with a costly term can skip it where the cheap ones decide (lazy
  // evaluation). The default is the exact value.
  virtual int evaluate_within(const Position& p, int side, int /*alpha*/, int /*beta*/) const {
    return evaluate(p, side);
  }
  // An upper bound on evaluate(c, side) over every position c that a takasa move of
  // `side`, to move in p, can lead to (a move that moves no seed between the sides), for
  // alpha-beta's lazy legality: a long move it need not prove when the bound cannot reach
  // the window. kMaxEval is always one (no evaluation exceeds it).
  virtual int takasa_bound(const Position& /*p*/, int /*side*/) const { return kMaxEval; }
  virtual std::string name() const = 0;
  // What the evaluator computes beyond its name: for learned weights a hash of them (a
  // results folder refuses to resume with changed weights), empty for fixed evaluators.
  virtual std::string fingerprint() const { return {}; }
};

// An Evaluator as the evaluation callable the search templates take (not owned): Bao's
// evaluation type (BaoGame::Eval). The virtual call is the one indirection between a
// search and a runtime-chosen evaluator.
struct EvalFn {
  const Evaluator* e;
  int operator()(const Position& p, int side) const { return e->evaluate(p, side); }
  int takasa_bound(const Position& p, int side) const { return e->takasa_bound(p, side); }
  int within(const Position& p, int side, int alpha, int beta) const {
    return e->evaluate_within(p, side, alpha, beta);
  }
};

}  // namespace bao::search
