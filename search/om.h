// Opponent-model search (OM), after Iida et al. (1993), Carmel & Markovitch (1996, 1998),
// Donkers et al. (2001) and Donkers' thesis Nosce Hostem (2003, ch. 3); definitions as
// fixed in docs/opponent-models.md. Functions, costs and the game: search/model_search.h.
//
// OM with one model fn[m]: every node has a pair (v0, vop). Leaves: (V0, Vm). MAX nodes
// take the maximum of each. MIN nodes take the pair of the predicted move c* = the child
// with the lowest vop; ties go to the lowest v0 (Donkers' pessimistic rule), then to the
// first child in the game's order. At the root MAX plays the child with the highest v0,
// the first of equals. Implementations, all returning the same root value and move:
//   om_plain    the recursion as written;
//   om_beta     one pass with beta-pruning on vop (a MAX node stops once its vop exceeds
//               the best vop of its MIN parent; strictly, so ties are still resolved);
//               leaves evaluate Vm first and V0 only when it can matter;
//   om_probe    at MIN nodes alpha-beta probes on Vm find c* (and the children tied with
//               it), then only those are searched with OM (beta-passing);
//   om_bounded  om_beta plus the cuts that |V0 - Vm| <= B at every leaf allows (then at
//               every node): a MAX node also stops once v0 - B exceeds its parent's best
//               vop, and a MIN node stops once its vop can raise neither its MAX parent's
//               v0 (vop + B <= parent's v0) nor its vop. Every leaf it evaluates is
//               checked and a broken bound throws BoundViolation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/model_search.h"
#include "search/tt.h"

namespace bao::search {

// om_bounded met a leaf where |V0 - Vm| > B: its result would be unsound.
class BoundViolation : public InputError {
 public:
  using InputError::InputError;
};

template <Game G>
class OmSearch : public ModelSearch<G> {
 public:
  using typename ModelSearch<G>::Move;
  using typename ModelSearch<G>::State;
  // (game, fns): fns are V0 first, then the models (fn[m] for a search with model m);
  // throws InputError unless 1 to kMaxTypes are given.
  using ModelSearch<G>::ModelSearch;

  // A transposition table for om_beta (full-depth OM): exact pairs by (hash, remaining
  // depth), model and horizon being fixed per search. Entries of earlier searches are
  // ignored, so searches stay deterministic. 0 MiB: off.
  void set_table(std::size_t mib) {
    allocate_table(mib, "the OM pair table (tt_mb)",
                   [&] { table_.assign(mib ? (mib << 20) / sizeof(PairEntry) : 0, PairEntry{}); });
    generation_ = 0;
  }
  // Table hits over all searches so far.
  std::uint64_t table_hits() const { return table_hits_; }

  // OM search to depth with model fn[m]. horizon > 0: nodes at that ply or deeper are
  // searched with plain alpha-beta on V0 (their pair is (v, v)). value is the root v0,
  // value_op the root vop.
  ModelResult<Move> om_plain(const State& root, int depth, int m, int horizon = 0) {
    set_search(m, horizon, 0);
    return run_om(root,
                  [&](const State& c, const Pair& r) { return om_node<Cuts::None>(c, depth - 1, 1, kInfinity, r); });
  }
  ModelResult<Move> om_beta(const State& root, int depth, int m, int horizon = 0) {
    if (!table_.empty() && ++generation_ == 0) {  // wrapped: clear, so old entries cannot match
      std::fill(table_.begin(), table_.end(), PairEntry{});
      generation_ = 1;
    }
    set_search(m, horizon, 0);
    return run_om(root,
                  [&](const State& c, const Pair& r) { return om_node<Cuts::Beta>(c, depth - 1, 1, kInfinity, r); });
  }
  ModelResult<Move> om_probe(const State& root, int depth, int m) {
    set_search(m, 0, 0);
    return run_om(root, [&](const State& c, const Pair&) { return om_probe_node(c, depth - 1, 1, false, 0); });
  }
  // bound: B, with |V0 - Vm| <= B promised at every leaf; throws BoundViolation at a leaf
  // that breaks it.
  ModelResult<Move> om_bounded(const State& root, int depth, int m, int bound) {
    set_search(m, 0, bound);
    // The root is a MAX node with no MIN parent: its children get the root's running
    // maxima for the MIN-node cut.
    return run_om(root,
                  [&](const State& c, const Pair& r) { return om_node<Cuts::Bounded>(c, depth - 1, 1, kInfinity, r); });
  }

 private:
  using Ties = typename ModelSearch<G>::Ties;

  struct Pair {
    int v0, vop;
  };
  // The pruning of om_node: none (om_plain), beta-pruning on vop (om_beta), or that plus
  // the bounded-difference cuts (om_bounded).
  enum class Cuts { None, Beta, Bounded };

  struct PairEntry {
    std::uint64_t key = 0;
    std::int32_t v0 = 0, vop = 0;
    std::uint16_t generation = 0;  // 0: empty
    std::uint16_t depth = 0;
  };

  void set_search(int m, int horizon, int bound) {
    m_ = m;
    horizon_ = horizon;
    bound_ = bound;
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

  template <Cuts kCuts>
  Pair leaf(const State& s, int beta) {
    if constexpr (kCuts == Cuts::Beta) {
      const int vop = this->eval(m_, s);
      if (vop > beta) return {-kInfinity, vop};  // not chosen: V0 is not needed
      return {this->eval(0, s), vop};
    }
    const int v0 = this->eval(0, s), vop = this->eval(m_, s);
    if (kCuts == Cuts::Bounded && std::abs(v0 - vop) > bound_)
      throw BoundViolation("om-bounded: the evaluations differ by " + std::to_string(std::abs(v0 - vop)) +
                           " at a leaf (V0 " + std::to_string(v0) + ", model " + std::to_string(vop) +
                           "), more than the bound B = " + std::to_string(bound_) +
                           "; the search would be unsound, so it stops");
    return {v0, vop};
  }

  // The OM pair of s. beta: the best (lowest) vop of the MIN parent so far; a MAX node
  // (or leaf) whose vop exceeds it cannot be MIN's choice. parent: the MAX parent's
  // running maxima (for a MIN node's bounded cut).
  template <Cuts kCuts>
  Pair om_node(const State& s, int depth, int ply, int beta, const Pair& parent) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return {t, t};
    PairEntry* entry = nullptr;
    std::uint64_t key = 0;
    if (kCuts == Cuts::Beta && !table_.empty() && depth > 0) {
      key = this->game_.hash(s);
      entry = &table_[key % table_.size()];
      if (entry->generation == generation_ && entry->key == key && entry->depth == depth) {
        ++table_hits_;
        return {from_table(entry->v0, ply), from_table(entry->vop, ply)};
      }
    }
    if (depth <= 0) return leaf<kCuts>(s, beta);
    if (horizon_ > 0 && ply >= horizon_) return below_horizon(s, depth, ply);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return {this->over(s, ply), this->over(s, ply)};
    bool cut = false;
    const Pair r = this->is_max(s) ? om_max<kCuts>(ch, depth, ply, beta, cut) : om_min<kCuts>(ch, depth, ply, parent);
    // Only exact pairs are stored (a MAX node's cut gives a bound; a MIN node's pair is
    // exact, pruned children not being chosen), with the full key: deeper nodes may have
    // used the slot meanwhile.
    if (entry && !cut)
      *entry =
          PairEntry{key, to_table(r.v0, ply), to_table(r.vop, ply), generation_, static_cast<std::uint16_t>(depth)};
    return r;
  }

  // A MAX node: the maxima of its children's pairs; cut when MIN will not choose it.
  template <Cuts kCuts>
  Pair om_max(const typename G::Children& ch, int depth, int ply, int beta, bool& cut) {
    Pair r{-kInfinity, -kInfinity};
    for (const auto& c : ch) {
      raise(r, om_node<kCuts>(c.pos, depth - 1, ply + 1, beta, r));
      if (kCuts == Cuts::Beta && r.vop > beta) {  // beta cut on vop
        cut = true;
        return r;
      }
      if constexpr (kCuts == Cuts::Bounded) {
        // vop >= v0 - B: once either bound exceeds beta, MIN will not choose this node.
        const int vop_floor = std::max(r.vop, r.v0 == -kInfinity ? -kInfinity : r.v0 - bound_);
        if (vop_floor > beta) {
          cut = true;
          return {r.v0, vop_floor};
        }
      }
    }
    return r;
  }

  // A MIN node: the pair of the child MIN is predicted to choose.
  template <Cuts kCuts>
  Pair om_min(const typename G::Children& ch, int depth, int ply, const Pair& parent) {
    static constexpr Pair kNone{-kInfinity, -kInfinity};
    Pair best{0, 0};
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const Pair p = om_node<kCuts>(ch[i].pos, depth - 1, ply + 1, i > 0 ? best.vop : kInfinity, kNone);
      if (i == 0 || min_prefers(p, best)) best = p;
      // This node's vop will be <= best.vop and its v0 <= vop + B: once neither can
      // raise the MAX parent's maxima, the rest does not matter to it.
      if (kCuts == Cuts::Bounded && parent.v0 > -kInfinity && best.vop <= parent.vop && best.vop + bound_ <= parent.v0)
        return kNone;
    }
    return best;
  }

  // vop_known: the caller's probe has already found this node's vop (= known_vop).
  Pair om_probe_node(const State& s, int depth, int ply, bool vop_known, int known_vop) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return {t, t};
    if (depth <= 0) return {this->eval(0, s), vop_known ? known_vop : this->eval(m_, s)};
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return {this->over(s, ply), this->over(s, ply)};
    if (this->is_max(s)) {
      Pair r{-kInfinity, -kInfinity};
      for (const auto& c : ch) raise(r, om_probe_node(c.pos, depth - 1, ply + 1, false, 0));
      return r;
    }
    // OM search of the predicted move (and of moves tied with it, for the tie rule).
    Ties ties;
    const int vop = this->probe_min(m_, ch, depth - 1, ply + 1, ties);
    Pair best{0, vop};
    for (int j = 0; j < ties.n; ++j) {
      const Pair p = om_probe_node(ch[ties.index[j]].pos, depth - 1, ply + 1, true, vop);
      if (j == 0 || p.v0 < best.v0) best.v0 = p.v0;
    }
    return best;
  }

  int m_ = 1, horizon_ = 0, bound_ = 0;  // the model, horizon and bound of this search
  std::vector<PairEntry> table_;
  std::uint16_t generation_ = 0;
  std::uint64_t table_hits_ = 0;
};

}  // namespace bao::search
