// Robust OM search: opponent-model search that trusts its model only in part. At MIN's
// nodes the value is (1 - w) times the value of the reply the model predicts plus w
// times the value of MIN's worst reply for MAX:
//
//   r(leaf) = V0,   r(MAX node) = max r(child),
//   r(MIN node) = (1 - w) r(predicted child) + w min r(child),
//
// the predicted child being the one of lowest model value vop (the model's minimax value:
// MAX maximising, MIN minimising Vop), ties to the lowest r, then the first, as OM search
// breaks them (search/om.h). w = 0 is OM search (r is OM's v0), w = 1 is minimax on V0.
// The root plays the child of highest r, the first of equals. This is the
// perfect-information analogue of a restricted response (Johanson, Zinkevich and Bowling
// 2007): MAX best-responds to an opponent who follows the model with weight 1 - w and
// plays its worst case with weight w.
//
// robust_plain is the recursion as written (every node searched for both values); values
// are doubles, as PrOM's.
#pragma once

#include <algorithm>

#include "search/model_search.h"

namespace bao::search {

template <Game G, class Eval = typename G::Eval>
class RobustOmSearch : public ModelSearch<G, Eval> {
 public:
  using typename ModelSearch<G, Eval>::Move;
  using typename ModelSearch<G, Eval>::State;
  using ModelSearch<G, Eval>::ModelSearch;

  // Robust OM to depth with model fn[m] and weight w in [0, 1]; value is the root's r,
  // value_op its vop. Throws InputError for a w outside [0, 1].
  ModelResult<Move> robust_plain(const State& root, int depth, int m, double w) {
    if (!(w >= 0 && w <= 1)) throw InputError("robust-om: w must be in [0, 1], found " + std::to_string(w));
    m_ = m;
    w_ = w;
    return this->run(root, [&](ModelResult<Move>& o) {
      int vop = -kInfinity;
      this->pick_max(o, [&](int i) {
        const Pair p = node(this->buf_[0][i].pos, depth - 1, 1);
        vop = std::max(vop, p.vop);
        return p.r;
      });
      o.value_op = vop;
    });
  }

 private:
  struct Pair {
    double r;
    int vop;
  };

  Pair node(const State& s, int depth, int ply) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return {double(t), t};
    if (depth <= 0) {
      const int vop = this->eval(m_, s);
      return {double(this->eval(0, s)), vop};
    }
    auto& ch = this->buf_[ply];
    this->game().children(s, ch);
    if (ch.empty()) {
      const int v = this->over(s, ply);
      return {double(v), v};
    }
    const bool max = this->is_max(s);
    Pair best{0, 0}, pred{0, 0};
    double worst = 0;
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const Pair p = node(this->buf_[ply][i].pos, depth - 1, ply + 1);
      if (i == 0) {
        best = pred = p;
        worst = p.r;
        continue;
      }
      if (max) {
        best.r = std::max(best.r, p.r);
        best.vop = std::max(best.vop, p.vop);
      } else {
        if (p.vop < pred.vop || (p.vop == pred.vop && p.r < pred.r)) pred = p;
        worst = std::min(worst, p.r);
      }
    }
    if (max) return best;
    return {(1 - w_) * pred.r + w_ * worst, pred.vop};
  }

  int m_ = 1;
  double w_ = 0;
};

}  // namespace bao::search
