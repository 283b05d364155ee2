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
// are doubles, as PrOM's. robust_ab is the same value with pruning: fail-soft alpha-beta
// on r, where a MIN node first finds the predicted children by an alpha-beta probe on the
// model (ModelSearch::probe_min: the lowest model value and every child tied with it),
// searches those for r exactly (P, the lowest of them), and then the others only as far
// as they can lower min r below P inside the window: the node's r = (1 - w) P + w M lies
// at or below alpha as soon as the running minimum M puts it there (a cut), and a child
// above the running minimum cannot change it (each child's window ends there). w = 0
// searches the predicted children only (OM), w = 1 skips P (minimax). The window given to
// a child is widened by a small margin, so rounding in (alpha - (1 - w) P) / w never cuts
// a child that matters; the cuts themselves compare r, as robust_plain computes it. The
// root's value_op is not computed (0).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

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
  ModelResult<Move> robust_ab(const State& root, int depth, int m, double w) {
    if (!(w >= 0 && w <= 1)) throw InputError("robust-om: w must be in [0, 1], found " + std::to_string(w));
    m_ = m;
    w_ = w;
    return this->run(root, [&](ModelResult<Move>& o) {
      this->pick_max(o, [&](int i) {
        const double alpha = i == 0 ? -kInfinity : o.value;
        return node_ab(this->buf_[0][i].pos, depth - 1, 1, alpha, kInfinity);
      });
    });
  }

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

  // r of s to depth in the window (alpha, beta): exact inside it, a bound on the side it
  // fails on outside it (fail-soft).
  double node_ab(const State& s, int depth, int ply, double alpha, double beta) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return t;
    if (depth <= 0) return this->eval(0, s);
    auto& ch = this->buf_[ply];
    this->game().children(s, ch);
    if (ch.empty()) return this->over(s, ply);
    const int n = static_cast<int>(ch.size());
    if (this->is_max(s)) {
      double best = -kInfinity;
      for (int i = 0; i < n; ++i) {
        const double v = node_ab(this->buf_[ply][i].pos, depth - 1, ply + 1, alpha, beta);
        best = std::max(best, v);
        alpha = std::max(alpha, v);
        if (alpha >= beta) break;
      }
      return best;
    }
    // MIN: the predicted children (the model's lowest value, with its ties), exactly.
    typename ModelSearch<G, Eval>::Ties ties;
    std::array<bool, kMaxChildren<G>> predicted{};
    if (w_ < 1) {
      this->probe_min(m_, ch, depth - 1, ply + 1, ties);
      for (int k = 0; k < ties.n; ++k) predicted[ties.index[k]] = true;
    }
    double p = kInfinity;
    for (int i = 0; i < n && w_ < 1; ++i)
      if (predicted[i]) p = std::min(p, node_ab(this->buf_[ply][i].pos, depth - 1, ply + 1, -kInfinity, kInfinity));
    if (w_ == 0) return p;
    // The worst reply: M starts at P (a predicted child is a child) and each other child
    // may lower it; below m_alpha the node fails low.
    double m = w_ < 1 ? p : kInfinity;
    const double m_alpha = w_ < 1 ? (alpha - (1 - w_) * p) / w_ : alpha;
    const double margin = 1e-6 * std::max(1.0, std::abs(m_alpha));
    for (int i = 0; i < n; ++i) {
      if (predicted[i]) continue;
      if (combine(p, m) <= alpha) break;
      const double v = node_ab(this->buf_[ply][i].pos, depth - 1, ply + 1, m_alpha - margin, m);
      m = std::min(m, v);
    }
    return combine(p, m);
  }
  double combine(double p, double m) const { return w_ == 1 ? m : (1 - w_) * p + w_ * m; }

  int m_ = 1;
  double w_ = 0;
};

}  // namespace bao::search
