// Opponent-model search (OM), after Iida et al. (1993), Carmel & Markovitch (1996, 1998),
// Donkers et al. (2001) and Donkers' thesis Nosce Hostem (2003, ch. 3); what each
// implementation prunes and why it stays exact: docs/opponent-models.md. Functions, costs
// and the game: search/model_search.h.
//
// OM with one model fn[m]: every node has a pair (v0, vop). Leaves: (V0, Vm). MAX nodes
// take the maximum of each. MIN nodes take the pair of the predicted move c* = the child
// with the lowest vop; ties go to the lowest v0 (Donkers' pessimistic rule), then to the
// first child in the game's order. At the root MAX plays the child with the highest v0,
// the first of equals. Implementations, all returning the same root value and move:
//   om_plain    the recursion as written, with the published saving at MIN nodes one ply
//               above the leaves: Vm for every child, V0 only for the predicted child
//               (and the children tied with it);
//   om_beta     one pass with beta-pruning (Donkers 2003, ch. 3): a MIN node passes
//               min(its bound, best vop so far) to each later child, MAX nodes pass their
//               bound down, and a MAX node stops once its vop exceeds the bound (strictly,
//               so the tie rule still sees every equal vop); leaves evaluate Vm first and
//               V0 only where it can matter;
//   om_probe    at MIN nodes alpha-beta probes on Vm with the window (-inf, bound) find
//               c* (and the children tied with it); only those are searched with OM and
//               enter with the bound vop(c*) + 1 (beta-passing);
//   om_bounded  alpha-beta for two functions under |V0 - Vm| <= B at every leaf (then at
//               every node): windows on both values, translated into each other by +-B
//               (below). Every leaf where it evaluates both functions is checked, and a
//               broken bound throws BoundViolation. Its value_op is exact only where it
//               mattered to the root's choice (the root's own vop is not needed).
//
// Whose side the model is scored for (set_model_view, om_plain and om_beta): ModelView::Max,
// the thesis' definition, scores fn[m] for MAX (Vm = fn[m](s, MAX)), minimised at MIN
// nodes. ModelView::Opponent scores it for the opponent, as Donkers' own program does
// (Donkers 2002, Engine.pas om_search: at a MIN node the model's alpha-beta with the
// opponent's function and the root player flipped, so its leaves are scored for the
// opponent, who maximises them and expects MAX to minimise them): Vm = -fn[m](s, opponent),
// still on MAX's scale, so every rule above (MIN takes the lowest vop, the windows, the
// table) holds unchanged. For a zero-sum fn[m] (fn(s, a) = -fn(s, b)) the two are the same
// search; for one that is not, only the opponent view predicts the reply that the
// opponent's own alpha-beta on fn[m] plays (to an even depth, where its negamax scores
// the leaves for its own side).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/exact_table.h"
#include "search/model_search.h"

namespace bao::search {

// The side fn[m] is scored for in OM (see the header comment).
enum class ModelView { Max, Opponent };

// om_bounded met a leaf where |V0 - Vm| > B: its result would be unsound.
class BoundViolation : public InputError {
 public:
  using InputError::InputError;
};

template <Game G, class Eval = typename G::Eval>
class OmSearch : public ModelSearch<G, Eval> {
 public:
  using typename ModelSearch<G, Eval>::Move;
  using typename ModelSearch<G, Eval>::State;
  // (game, fns): fns are V0 first, then the models (fn[m] for a search with model m);
  // throws InputError unless 1 to kMaxTypes are given.
  using ModelSearch<G, Eval>::ModelSearch;

  // A transposition table for om_beta (full-depth OM): exact pairs by (hash, remaining
  // depth), model and horizon being fixed per search. Entries of earlier searches are
  // ignored, so searches stay deterministic. 0 MiB: off.
  void set_table(std::size_t mib) { table_.resize(mib, "the OM pair table (tt_mb)"); }
  // Table hits over all searches so far.
  std::uint64_t table_hits() const { return table_.hits(); }
  // The model's side for later searches (Max by default). om_probe and om_bounded take
  // Max only (their probes are alpha-beta on fn[m] for MAX) and throw InputError otherwise.
  void set_model_view(ModelView v) { view_ = v; }
  ModelView model_view() const { return view_; }

  // OM search to depth with model fn[m]. horizon > 0: nodes at that ply or deeper are
  // searched with plain alpha-beta on V0 (their pair is (v, v)). value is the root v0,
  // value_op the root vop.
  ModelResult<Move> om_plain(const State& root, int depth, int m, int horizon = 0) {
    set_search(m, horizon, kNoBound);
    return run_om(root, [&](const State& c, const Pair&) { return plain_node(c, depth - 1, 1); });
  }
  ModelResult<Move> om_beta(const State& root, int depth, int m, int horizon = 0) {
    begin_om_beta(m, horizon);
    return this->run(root, [&](ModelResult<Move>& o) { pick_om_beta(o, depth, [](int) { return true; }); });
  }
  ModelResult<Move> om_probe(const State& root, int depth, int m) {
    require_max_view("om-probe");
    set_search(m, 0, kNoBound);
    return run_om(root, [&](const State& c, const Pair&) { return probe_node(c, depth - 1, 1, kUnknown, kInfinity); });
  }
  // bound: B, with |V0 - Vm| <= B promised at every leaf; throws BoundViolation at a leaf
  // that breaks it.
  ModelResult<Move> om_bounded(const State& root, int depth, int m, int bound) {
    require_max_view("om-bounded");
    set_search(m, 0, std::max(0, bound));
    // MAX at the root needs each child's v0 only above the best so far, and no vop.
    return run_om(root, [&](const State& c, const Pair& r) {
      return pair_node<true>(c, depth - 1, 1, Window{r.v0, kInfinity, kInfinity});
    });
  }

 protected:
  // om_beta's root, for searches that restrict MAX's choice there (search/safe_om.h):
  // begin_om_beta before run(), then pick_om_beta inside it: among the root children i
  // with allowed(i), in the game's order, the one with the highest OM value v0 (the first
  // of equals) into o (best_index, value = its v0, value_op = the allowed children's
  // largest vop). At least one child must be allowed.
  void begin_om_beta(int m, int horizon = 0) {
    table_.new_search();
    set_search(m, horizon, kNoBound);
  }
  template <class Allowed>
  void pick_om_beta(ModelResult<Move>& o, int depth, Allowed&& allowed) {
    Pair r{-kInfinity, -kInfinity};
    bool any = false;
    for (int i = 0; i < static_cast<int>(this->buf_[0].size()); ++i) {
      if (!allowed(i)) continue;
      // The root's vop is wanted (value_op), so no window on it.
      const Pair p = pair_node<false>(this->buf_[0][i].pos, depth - 1, 1, Window{r.v0, -kInfinity, kInfinity});
      if (!any || p.v0 > o.value) {
        o.value = p.v0;
        o.best_index = i;
      }
      any = true;
      raise(r, p);
    }
    o.value_op = r.vop;
  }

 private:
  using Ties = typename ModelSearch<G, Eval>::Ties;

  static constexpr int kNoBound = -1;
  static constexpr int kUnknown = -kInfinity - 1;  // a vop not known yet

  struct Pair {
    int v0, vop;
  };
  // What a node's caller needs of its pair (fail-soft, as alpha-beta): v0 above a0
  // (at or below: an upper bound at most a0 will do); vop inside (aop, bop) (at or below
  // aop: an upper bound at most aop; at or above bop: a lower bound at least bop, and then
  // v0 is not needed at all, since MIN will not choose the node). v0 has no upper window:
  // MIN does not minimise v0.
  struct Window {
    int a0, aop, bop;
  };

  void require_max_view(const char* name) const {
    if (view_ != ModelView::Max)
      throw InputError(std::string(name) +
                       ": the model scored for the opponent (model_view=opponent) is for om-plain and om-beta only");
  }

  // Vm at a leaf, on MAX's scale, from the side the view names.
  int model_eval(const State& s) {
    if (view_ == ModelView::Max) return this->eval(m_, s);
    ++this->evals_[m_];
    return -this->fns_[m_](s, 1 - this->max_side_);
  }

  void set_search(int m, int horizon, int bound) {
    m_ = m;
    horizon_ = horizon;
    bound_ = bound;
  }

  // v + B and v - B, staying at +-infinity where v is infinite; without a bound every
  // value is possible (+-infinity).
  int plus_b(int v) const {
    if (bound_ == kNoBound) return kInfinity;
    return v >= kInfinity || v <= -kInfinity ? v : v + bound_;
  }
  int minus_b(int v) const {
    if (bound_ == kNoBound) return -kInfinity;
    return v >= kInfinity || v <= -kInfinity ? v : v - bound_;
  }

  // MAX's maxima of both values.
  static void raise(Pair& r, const Pair& p) {
    r.v0 = std::max(r.v0, p.v0);
    r.vop = std::max(r.vop, p.vop);
  }
  // MIN's preference: lower vop, then lower v0 (the pessimistic tie rule).
  static bool min_prefers(const Pair& a, const Pair& b) { return a.vop < b.vop || (a.vop == b.vop && a.v0 < b.v0); }

  // Root of an OM search: MAX picks the child with the highest v0, the first of equals.
  // child(state, r) searches a root child, r being the root's running maxima.
  template <class Child>
  ModelResult<Move> run_om(const State& root, Child&& child) {
    return this->run(root, [&](ModelResult<Move>& o) {
      Pair r{-kInfinity, -kInfinity};
      this->pick_max(o, [&](int i) {
        const Pair p = child(this->buf_[0][i].pos, r);
        raise(r, p);
        return p.v0;
      });
      o.value_op = r.vop;
    });
  }

  // Below the OM horizon alpha-beta on V0 takes over: the pair is (v, v). The node is
  // counted by the alpha-beta search.
  Pair below_horizon(const State& s, int depth, int ply) {
    --this->nodes_;
    const int v = this->template minimax_node<true>(0, s, depth, -kInfinity, kInfinity, ply);
    return {v, v};
  }

  // V0 at a leaf whose Vm is vop, checked against the bound when there is one.
  int leaf_v0(const State& s, int vop) {
    const int v0 = this->eval(0, s);
    if (bound_ != kNoBound && std::abs(v0 - vop) > bound_)
      throw BoundViolation("om-bounded: the evaluations differ by " + std::to_string(std::abs(v0 - vop)) +
                           " at a leaf (V0 " + std::to_string(v0) + ", model " + std::to_string(vop) +
                           "), more than the bound B = " + std::to_string(bound_) +
                           "; the search would be unsound, so it stops");
    return v0;
  }

  // ---- om_plain ------------------------------------------------------------------------

  Pair plain_node(const State& s, int depth, int ply) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return {t, t};
    if (depth <= 0) {
      const int vop = model_eval(s);
      return {leaf_v0(s, vop), vop};
    }
    if (horizon_ > 0 && ply >= horizon_) return below_horizon(s, depth, ply);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return {this->over(s, ply), this->over(s, ply)};
    if (!this->is_max(s) && depth == 1) return frontier_min(ch, ply, Window{-kInfinity, -kInfinity, kInfinity}, false);
    const bool max = this->is_max(s);
    Pair best{-kInfinity, -kInfinity};
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const Pair p = plain_node(ch[i].pos, depth - 1, ply + 1);
      if (max)
        raise(best, p);
      else if (i == 0 || min_prefers(p, best))
        best = p;
    }
    return best;
  }

  // A MIN node one ply above the leaves (the published saving): Vm of every child first,
  // then V0 only of the predicted child and those tied with it, and only where the
  // window says v0 can matter. cut: om_bounded's cut once the node can no longer matter
  // (see min_node).
  Pair frontier_min(const typename G::Children& ch, int ply, const Window& w, bool cut) {
    const int n = static_cast<int>(ch.size());
    int vop[kMaxChildren<G>];
    int v0[kMaxChildren<G>];  // kUnknown until evaluated
    const int floor = cut ? std::min(w.aop, minus_b(w.a0)) : -kInfinity;
    int best = kInfinity;
    for (int i = 0; i < n; ++i) {
      this->count_node();
      int t;
      if (this->decided(ch[i].pos, ply + 1, t)) {
        vop[i] = v0[i] = t;
      } else {
        vop[i] = model_eval(ch[i].pos);
        v0[i] = kUnknown;
      }
      best = std::min(best, vop[i]);
      if (best <= floor) return {plus_b(best), best};  // fails low on both values
    }
    // Above the bound MIN will not choose this node; at or below a0 - B v0 cannot matter.
    if (best >= w.bop) return {minus_b(best), best};
    if (bound_ != kNoBound && plus_b(best) <= w.a0) return {plus_b(best), best};
    Pair r{kInfinity, best};
    for (int i = 0; i < n; ++i) {
      if (vop[i] != best) continue;
      if (v0[i] == kUnknown) v0[i] = leaf_v0(ch[i].pos, vop[i]);
      r.v0 = std::min(r.v0, v0[i]);
    }
    return r;
  }

  // ---- om_beta and om_bounded: the pair search with windows ----------------------------

  // A leaf: Vm first; V0 only when MIN may choose the leaf (vop < bop) and, under a bound,
  // when v0 <= vop + B can exceed a0.
  template <bool kBounded>
  Pair pair_leaf(const State& s, const Window& w) {
    const int vop = model_eval(s);
    if (vop >= w.bop) return {minus_b(vop), vop};
    if (kBounded && plus_b(vop) <= w.a0) return {plus_b(vop), vop};
    return {leaf_v0(s, vop), vop};
  }

  // The OM pair of s under the window w (see Window). kBounded: om_bounded's cuts, which
  // rest on |v0 - vop| <= B at every node.
  template <bool kBounded>
  Pair pair_node(const State& s, int depth, int ply, const Window& w) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return {t, t};
    const bool tabled = !kBounded && table_.enabled() && depth > 0;
    const std::uint64_t key = tabled ? this->game_.hash(s) : 0;
    if (tabled)
      if (const Pair* e = table_.find(key, depth)) return {from_table(e->v0, ply), from_table(e->vop, ply)};
    if (depth <= 0) return pair_leaf<kBounded>(s, w);
    if (horizon_ > 0 && ply >= horizon_) return below_horizon(s, depth, ply);
    // Every node MIN may choose (vop < bop) has v0 <= vop + B <= a0: v0 cannot matter,
    // so plain alpha-beta on Vm in (aop, bop) decides, and v0 <= vop + B is reported.
    if (kBounded && plus_b(w.bop - 1) <= w.a0) {
      --this->nodes_;  // counted by the alpha-beta search
      const int v = this->template minimax_node<true>(m_, s, depth, w.aop, w.bop, ply);
      return {v >= w.bop ? minus_b(v) : plus_b(v), v};
    }
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return {this->over(s, ply), this->over(s, ply)};
    // With ordering (ModelSearch::set_ordering) the children go by the game's order_hint,
    // for Bao the mover's captures first: MIN's likely choice (low vop) sets a tight bound
    // for its later children, and MAX reaches bop sooner. The pair does not depend on the
    // order: MAX takes maxima, MIN the least (vop, v0), and equal pairs are the same pair.
    std::uint8_t order[kMaxChildren<G>];
    this->order_by_hint(s, ch, order);
    const Pair r =
        this->is_max(s) ? max_node<kBounded>(ch, order, depth, ply, w) : min_node<kBounded>(ch, order, depth, ply, w);
    // Without a bound every value returned with vop < bop is exact: those are stored,
    // with the full key (deeper nodes may have used the slot meanwhile).
    if (tabled && r.vop < w.bop) table_.store(key, depth, Pair{to_table(r.v0, ply), to_table(r.vop, ply)});
    return r;
  }

  // A MAX node: the maxima of its children's pairs (fail-soft on both values); it stops
  // once its vop reaches bop (MIN will not choose it), under a bound also once an exact
  // v0 shows vop >= v0 - B >= bop.
  template <bool kBounded>
  Pair max_node(const typename G::Children& ch, const std::uint8_t* order, int depth, int ply, const Window& w) {
    Pair r{-kInfinity, -kInfinity};
    int exact_v0 = -kInfinity;  // the highest v0 known to be exact
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const Window cw{std::max(w.a0, r.v0), std::max(w.aop, r.vop), w.bop};
      const Pair x = pair_node<kBounded>(ch[order[i]].pos, depth - 1, ply + 1, cw);
      if (x.vop >= w.bop) return {std::max(r.v0, x.v0), x.vop};
      if (x.v0 > cw.a0) exact_v0 = std::max(exact_v0, x.v0);
      raise(r, x);
      if (kBounded && minus_b(exact_v0) >= w.bop) return {r.v0, std::max(r.vop, minus_b(exact_v0))};
    }
    return r;
  }

  // A MIN node: the pair of the child MIN is predicted to choose. Each later child gets
  // the bound best vop + 1 (an equal vop must still be seen, for the tie rule). Under a
  // bound the node stops once its vop is at most `floor` = min(aop, a0 - B): then its vop
  // fails low and its v0 <= vop + B <= a0 too, so the caller needs nothing more.
  template <bool kBounded>
  Pair min_node(const typename G::Children& ch, const std::uint8_t* order, int depth, int ply, const Window& w) {
    const int floor = kBounded ? std::min(w.aop, minus_b(w.a0)) : -kInfinity;
    if (depth == 1) return frontier_min(ch, ply, w, kBounded);
    Pair best{0, 0};
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const int bop = i == 0 ? w.bop : std::min(w.bop, best.vop + 1);
      const Pair x = pair_node<kBounded>(ch[order[i]].pos, depth - 1, ply + 1, Window{w.a0, floor, bop});
      if (i == 0 || min_prefers(x, best)) best = x;
      if (kBounded && best.vop <= floor) return {plus_b(best.vop), best.vop};
    }
    return best;
  }

  // ---- om_probe --------------------------------------------------------------------------

  // known_vop: this node's vop, found by the caller's probe (kUnknown: not known).
  // bound: every MIN node below until the next MAX node has a vop below it.
  Pair probe_node(const State& s, int depth, int ply, int known_vop, int bound) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return {t, t};
    if (depth <= 0) return {this->eval(0, s), known_vop != kUnknown ? known_vop : this->eval(m_, s)};
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return {this->over(s, ply), this->over(s, ply)};
    if (this->is_max(s)) {
      // Every MIN child has a vop at most this node's (when known): the bound passed down.
      const int below = known_vop != kUnknown ? known_vop + 1 : bound;
      Pair r{-kInfinity, -kInfinity};
      for (const auto& c : ch) raise(r, probe_node(c.pos, depth - 1, ply + 1, kUnknown, below));
      return r;
    }
    // OM search of the predicted move (and of moves tied with it, for the tie rule).
    Ties ties;
    const int vop = this->probe_min(m_, ch, depth - 1, ply + 1, ties, -kInfinity, bound);
    Pair best{0, vop};
    for (int j = 0; j < ties.n; ++j) {
      const Pair p = probe_node(ch[ties.index[j]].pos, depth - 1, ply + 1, vop, kInfinity);
      if (j == 0 || p.v0 < best.v0) best.v0 = p.v0;
    }
    return best;
  }

  int m_ = 1, horizon_ = 0, bound_ = kNoBound;  // the model, horizon and bound of this search
  ModelView view_ = ModelView::Max;
  ExactTable<Pair> table_;  // om_beta's exact pairs (decisive scores node-relative)
};

}  // namespace bao::search
