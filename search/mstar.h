// M* search (Carmel and Markovitch, "Incorporating opponent models into adversary
// search", AAAI 1996; "Pruning algorithms for multi-model adversary search", Artificial
// Intelligence 99, 1998): an n-level modelling player. Functions, costs and the game:
// search/model_search.h; definitions as fixed in docs/opponent-models.md.
//
// Convention. fns[0..n] are all on MAX's scale. The searcher (level n, MAX) uses fns[0];
// its model of MIN (level n-1) uses fns[1]; that model's model of MAX (level n-2) uses
// fns[2]; ...; level 0 uses fns[n] and is plain minimax on it. Level j's player is MAX
// when n - j is even, MIN otherwise. The value M^j(s):
//   * a finished game: its terminal score (the same under every function);
//   * a leaf: fns[n-j](s);
//   * where level j's player moves: its best (max for MAX, min for MIN) of M^j(child);
//   * where its opponent moves: the opponent is modelled by level j-1, which plays the
//     child c* best for itself by M^(j-1); ties go to the child worst for level j by M^j
//     (the pessimistic rule, as OM's lowest v0), then to the first in the game's order;
//     M^j(s) = M^j(c*). Level 0 models its opponent as minimax on its own function: it
//     takes the child worst for itself by M^0.
// At the root MAX plays the child with the highest M^n, the first of equals. n = 1 is OM
// search (search/om.h) with Vop = fns[1]; n = 0 is minimax on fns[0].
//
// The same definition read per node: at a node where side X moves, the levels fall into
// groups, each a key level j (X's levels, and level 0 when it is not X's) with, when level
// j + 1 is not X's, the secondary j + 1; every group takes the values of the child best
// for X in the lexicographic order (key, secondary), the first of equals. (For a key of
// X's own this is X's best; for the secondary j + 1, whose opponent X is modelled by level
// j, it is c* with the pessimistic tie rule.)
//
// Implementations, all returning the same root value and move:
//   mstar_plain  the recursion as written: each M^j(s) by its own recursive search, the
//                model's M^(j-1) of every child first, then M^j of the children tied for
//                the model's choice. Exponential in n, simple.
//   mstar_1p     M*-1p: one traversal computing the vector (M^n, ..., M^0) of every node,
//                every level's function evaluated at every leaf.
//   mstar_ab     one pass with the cuts that the bound |fns[i] - fns[i+1]| <= B at every
//                leaf allows (Carmel and Markovitch's alpha-beta* condition |f_i + f_(i+1)|
//                <= B written on MAX's scale). See "What mstar_ab prunes" below.
// value is the root M^n; value_op is the root M^(n-1) (0 when n = 0) for mstar_plain and
// mstar_1p (exact); mstar_ab does not compute it (pruning keeps only what the root
// decision needs) and reports 0.
// mstar_1p may keep a transposition table (set_table) of exact vectors by (position,
// remaining depth). mstar_plain, the reference recursion, has none; nor has mstar_ab: a
// node there computes only the levels its parent needs and may return a stand-in,
// neither of which another visit could reuse as exact.
//
// What mstar_ab prunes, and why it is exact.
//  1. Levels nobody needs are not computed: the root needs only M^n of its children,
//     and a node needs the groups holding the levels its parent needs, so a node at ply
//     k >= 1 computes levels n-k+1..n and a leaf at ply k evaluates at most fns[0..k-1].
//  2. At a node one ply above the leaves (OM's published saving, generalised): the key
//     levels of every leaf first (a singleton level 0, the parent's key, before the
//     others), a key not evaluated where the leaf's evaluated levels (each level within
//     B of the next) prove it strictly worse than the best so far; then, the keys being
//     final, the secondaries only of the leaves tied for the best key, again only while
//     they may be strictly better. For n = 1 at a MIN node: Vop of every child, V0 of the
//     predicted child only.
//  3. Gaps. Under the promise M^j - M^(j-1) lies in [-neg(j), pos(j)] at every node, the
//     bounds depending only on the remaining depth and the side to move: B at a leaf (0
//     at a finished game); unchanged where j and j-1 come from one child (one group) or
//     are both the mover's best (level 0 beside the mover's level 1); where j is the
//     mover X's level and j-1 the secondary of the group of j-2, for X = MAX the upper
//     bound becomes pos(j) + pos(j-1) + neg(j-1) of the children (the child maximising
//     M^j, its gaps, c* maximising M^(j-2), c*'s gap), the lower stays neg(j); for MIN
//     the mirror image. The sides must alternate (Bao and random trees do); mstar_ab
//     throws InputError where a side moves twice rather than use these bounds.
//  4. Cuts. While a node scans its children its keys so far bound its final ones from
//     one side (the mover's best only improves), and the gaps turn them into intervals
//     on every level; at a leaf the evaluated levels are exact and the others within B
//     per level of them. After each child (at a frontier node, after each evaluation)
//     the node asks its parent a whether it can still change the root's decision,
//     wherever in those intervals its values end: not at all if in every group a needs
//     it is not strictly better for a's mover than a's best so far (key strictly worse,
//     or key and secondary no better; ties keep the earlier child, whose values are the
//     same). Otherwise a's own values are bounded the same way: each key no worse for
//     a's mover than a's best so far and than the node's key (a's mover takes the best
//     key of its children), and, where the node can change one group only, that key
//     within the node's (the child a keeps there has a key between the node's possible
//     ones); through a's gaps, a asks its parent, and so on up to the root, which counts
//     any change. A node so proven to matter nowhere stops and returns a stand-in: its
//     values over the children searched, a leaf's unevaluated levels filled in between
//     its evaluated ones. That is the exact M* value of a pruned tree that keeps the
//     promise, inside the intervals the test covered; so putting back the real subtrees
//     one at a time, the last cut first, never changes the root's decision, and mstar_ab
//     returns mstar_1p's value and move. With n = 0 this is alpha-beta with deep
//     cut-offs (ModelSearch::alphabeta's evaluations exactly); with n = 1, OM's beta
//     pruning with the bound passed down through MAX nodes (om_beta) and, with B, the
//     bounded cuts (a MAX node whose v0 - B exceeds its MIN parent's best vop; a MIN node
//     whose vop + B and vop cannot raise its MAX parent's v0 and vop). Not done: dropping
//     a level from a subtree where it can no longer matter (om_bounded's switch to
//     alpha-beta on the model alone), so om_bounded cuts more at n = 1. For n >= 2 the
//     gaps of the upper levels grow with the depth and the cuts weaken.
//  5. Checking. Each pair of evaluated levels i < k of a leaf is checked against
//     |fns[n-i] - fns[n-k]| <= (k - i) B; a broken promise throws BoundViolation.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/exact_table.h"
#include "search/model_search.h"
#include "search/om.h"

namespace bao::search {

template <Game G, class Eval = typename G::Eval>
class MStarSearch : public ModelSearch<G, Eval> {
 public:
  using typename ModelSearch<G, Eval>::Move;
  using typename ModelSearch<G, Eval>::State;
  // (game, fns): fns[0..levels] are used by a search with that many levels; throws
  // InputError unless 1 to kMaxTypes are given.
  using ModelSearch<G, Eval>::ModelSearch;

  // A transposition table for mstar_1p: exact vectors (M^n, ..., M^0) by (hash, remaining
  // depth), the levels being fixed per search. Entries of earlier searches are ignored,
  // so searches stay deterministic. 0 MiB: off. Throws InputError when the table cannot
  // be had (more than 80% of the machine's memory).
  void set_table(std::size_t mib) { table_.resize(mib, "the M* vector table (tt_mb)"); }
  // Table hits over all searches so far.
  std::uint64_t table_hits() const { return table_.hits(); }

  // levels: n, the searcher's modelling level (0 <= n < functions(); else InputError);
  // depth: plies searched from root.
  ModelResult<Move> mstar_plain(const State& root, int depth, int levels) {
    setup(levels, depth, 0);
    return this->run(root, [&](ModelResult<Move>& o) {
      this->pick_max(o, [&](int i) { return plain_node(n_, this->buf_[0][i].pos, depth - 1, 1); });
      if (n_ > 0) o.value_op = plain_children(n_ - 1, this->buf_[0], depth - 1, 1, true);
    });
  }

  ModelResult<Move> mstar_1p(const State& root, int depth, int levels) {
    setup(levels, depth, 0);
    table_.new_search();
    return this->run(root, [&](ModelResult<Move>& o) {
      Vec all{};
      this->pick_max(o, [&](int i) {
        const Vec v = one_pass(this->buf_[0][i].pos, depth - 1, 1);
        combine(all, v, i == 0, true, 0);
        return v[n_];
      });
      if (n_ > 0) o.value_op = all[n_ - 1];
    });
  }

  // bound: B, with |fns[i] - fns[i+1]| <= B promised at every leaf for i < levels;
  // throws BoundViolation at a leaf that is seen to break it.
  ModelResult<Move> mstar_ab(const State& root, int depth, int levels, int bound) {
    if (bound < 0) throw InputError("mstar-ab: the bound B must be 0 or more, got " + std::to_string(bound));
    setup(levels, depth, bound);
    return this->run(root, [&](ModelResult<Move>& o) {
      Vec best{};
      this->pick_max(o, [&](int i) {
        const Up up{i > 0 ? &best : nullptr, true, depth, n_, n_, nullptr};
        Vec v{};
        ab_node(this->buf_[0][i].pos, depth - 1, 1, n_, up, v);
        best[n_] = std::max(i > 0 ? best[n_] : -kInfinity, v[n_]);
        return v[n_];
      });
    });
  }

 private:
  using Vec = std::array<int, kMaxTypes>;  // M^j per level j
  using Wide = std::array<long long, kMaxTypes>;
  static constexpr long long kOpen = 1LL << 50;  // no bound yet
  static constexpr long long kGapCap = 1LL << 40;

  // A group at a node: the key level and its secondary (-1: none).
  struct Group {
    int key, sec;
  };
  // Per level j >= 1: M^j - M^(j-1) lies in [-neg[j], pos[j]].
  struct Gaps {
    Wide pos{}, neg{};
  };
  // What a node knows of its parent: its best so far (nullptr: none yet), its mover,
  // remaining depth, lowest output level and its children's lowest level, and its own
  // parent (nullptr: the parent is the root).
  struct Up {
    const Vec* best;
    bool max;
    int depth, low, clow;
    const Up* up;
  };
  struct Bounds {
    Wide lo, hi;
  };
  // A node's lowest output level and its children's.
  struct Span {
    int low, clow;
  };

  bool player_max(int j) const { return (n_ - j) % 2 == 0; }
  bool is_key(int j, bool max) const { return player_max(j) == max || j == 0; }

  void setup(int levels, int depth, int bound) {
    if (levels < 0 || levels >= this->functions())
      throw InputError("m-star: " + std::to_string(levels) + " levels need " + std::to_string(levels + 1) +
                       " evaluation functions, " + std::to_string(this->functions()) + " given");
    n_ = levels;
    bound_ = bound;
    for (int side = 0; side < 2; ++side) {
      auto& gs = groups_[side];
      gs.clear();
      for (int j = n_; j >= 0; --j) {  // from the top: the groups a node needs come first
        if (!is_key(j, side == 1)) continue;
        gs.push_back({j, j + 1 <= n_ && !is_key(j + 1, side == 1) ? j + 1 : -1});
      }
      key_order_[side] = gs;
      if (gs.back().sec < 0 && gs.back().key == 0)
        std::rotate(key_order_[side].rbegin(), key_order_[side].rbegin() + 1, key_order_[side].rend());
    }
    make_gaps(std::max(depth, 1));
  }

  // The gap bounds per remaining depth and mover (see the header, point 3).
  void make_gaps(int depth) {
    gaps_.assign(static_cast<std::size_t>(depth) + 1, {});
    for (auto& g : gaps_[0]) {
      g.pos.fill(bound_);
      g.neg.fill(bound_);
    }
    for (int h = 1; h <= depth; ++h) {
      for (int side = 0; side < 2; ++side) {
        const bool max = side == 1;
        const Gaps& c = gaps_[h - 1][max ? 0 : 1];  // the children: the other side moves
        Gaps& g = gaps_[h][side];
        g = c;
        for (int j = 2; j <= n_; ++j) {
          if (player_max(j) != max) continue;  // j is the secondary of X's j - 1: one group
          const long long grow = std::min(kGapCap, c.pos[j - 1] + c.neg[j - 1]);
          (max ? g.pos[j] : g.neg[j]) = std::min(kGapCap, (max ? c.pos[j] : c.neg[j]) + grow);
        }
      }
    }
  }

  // Is c better than b for the mover in group g, lexicographically, strictly?
  static bool better(const Vec& c, const Vec& b, const Group& g, bool max) {
    const int ck = c[g.key], bk = b[g.key];
    if (ck != bk) return max ? ck > bk : ck < bk;
    if (g.sec < 0) return false;
    return max ? c[g.sec] > b[g.sec] : c[g.sec] < b[g.sec];
  }
  // Folds child values c into a node's values: every group with key >= low takes c's
  // values if c is the first child or strictly better for the mover.
  void combine(Vec& best, const Vec& c, bool first, bool max, int low) const {
    for (const Group& g : groups_[max]) {
      if (g.key < low) break;
      if (!first && !better(c, best, g, max)) continue;
      best[g.key] = c[g.key];
      if (g.sec >= 0) best[g.sec] = c[g.sec];
    }
  }
  // The lowest level of the groups holding levels low..n at a node where `max` moves.
  int child_low(int low, bool max) const { return is_key(low, max) ? low : low - 1; }

  // ---- mstar_plain ----------------------------------------------------------------

  int plain_node(int j, const State& s, int depth, int ply) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return t;
    if (depth <= 0) return this->eval(n_ - j, s);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return this->over(s, ply);
    return plain_children(j, ch, depth - 1, ply + 1, this->is_max(s));
  }

  // M^j of a node whose children are ch (at `ply`, searched to `depth`), `max` moving.
  int plain_children(int j, const typename G::Children& ch, int depth, int ply, bool max) {
    const int count = static_cast<int>(ch.size());
    std::array<bool, kMaxChildren<G>> chosen;
    std::fill(chosen.begin(), chosen.end(), true);
    if (!is_key(j, max)) {
      // The opponent of level j moves, as level j - 1 predicts: its best children.
      std::array<int, kMaxChildren<G>> model;
      int best = max ? -kInfinity : kInfinity;
      for (int i = 0; i < count; ++i) {
        model[i] = plain_node(j - 1, ch[i].pos, depth, ply);
        best = max ? std::max(best, model[i]) : std::min(best, model[i]);
      }
      for (int i = 0; i < count; ++i) chosen[i] = model[i] == best;
    }
    // Level j's own best, or among the predicted children the one worst for level j,
    // which is the mover's best as well.
    int v = max ? -kInfinity : kInfinity;
    for (int i = 0; i < count; ++i) {
      if (!chosen[i]) continue;
      const int c = plain_node(j, ch[i].pos, depth, ply);
      v = max ? std::max(v, c) : std::min(v, c);
    }
    return v;
  }

  // ---- mstar_1p ---------------------------------------------------------------------

  // The table's vectors are exact: every level of every node is computed in full, with no
  // window; decisive scores in them are node-relative (to_table/from_table).
  Vec one_pass(const State& s, int depth, int ply) {
    this->count_node();
    Vec v{};
    int t;
    if (this->decided(s, ply, t)) return filled(t);
    if (depth <= 0) {
      for (int j = 0; j <= n_; ++j) v[j] = this->eval(n_ - j, s);
      return v;
    }
    const std::uint64_t key = table_.enabled() ? this->game_.hash(s) : 0;
    if (const Vec* e = table_.find(key, depth)) {
      for (int j = 0; j <= n_; ++j) v[j] = from_table((*e)[j], ply);
      return v;
    }
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return filled(this->over(s, ply));
    const bool max = this->is_max(s);
    for (int i = 0; i < static_cast<int>(ch.size()); ++i)
      combine(v, one_pass(ch[i].pos, depth - 1, ply + 1), i == 0, max, 0);
    if (table_.enabled()) {
      Vec e{};
      for (int j = 0; j <= n_; ++j) e[j] = to_table(v[j], ply);
      table_.store(key, depth, e);
    }
    return v;
  }

  Vec filled(int t) const {
    Vec v{};
    v.fill(t);
    return v;
  }

  // ---- mstar_ab ---------------------------------------------------------------------

  // The values of s for levels low..n into out: exact, or, where s was cut, a stand-in
  // (its values over the children searched, see the header) that cannot change the
  // root's decision.
  void ab_node(const State& s, int depth, int ply, int low, const Up& up, Vec& out) {
    this->count_node();
    int t;
    const bool ended = this->decided(s, ply, t);
    if (!ended && depth <= 0) return ab_leaf(s, low, out);
    auto& ch = this->buf_[ply];
    if (!ended) this->game_.children(s, ch);
    if (ended || ch.empty()) {  // a finished game is exact and scores the same everywhere
      out = filled(ended ? t : this->over(s, ply));
      return;
    }
    const bool max = this->is_max(s);
    if (max == up.max) throw InputError("mstar-ab: a side moves twice in a row; its bounds assume the sides alternate");
    const int clow = child_low(low, max);
    if (depth == 1) return ab_frontier(ch, ply + 1, max, low, clow, up, out);
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      Vec v{};
      ab_node(ch[i].pos, depth - 1, ply + 1, clow, Up{i > 0 ? &out : nullptr, max, depth, low, clow, &up}, v);
      combine(out, v, i == 0, max, clow);
      if (!matters(node_bounds(out, max, depth, clow), low, up)) return;
    }
  }

  // A leaf's values so far: the levels evaluated (all, at a finished game).
  struct Leaf {
    Vec v{};
    std::array<bool, kMaxTypes> known{};
  };

  // A node one ply above the leaves (children at `ply`), OM's published saving
  // generalised: first the key levels of every child, each skipped where the child's
  // values so far prove it strictly worse than the best key so far; then, the keys being
  // final, the secondaries of the children tied for the best key only. Between children,
  // and once more with the keys exact, the node stops if it cannot matter.
  void ab_frontier(const typename G::Children& ch, int ply, bool max, int low, int clow, const Up& up, Vec& out) {
    std::array<Leaf, kMaxChildren<G>> leaves;
    const int count = static_cast<int>(ch.size());
    for (int i = 0; i < count; ++i)
      if (!frontier_keys(ch[i].pos, ply, max, Span{low, clow}, i == 0, leaves[i], up, out))
        return stand_in(leaves, i + 1, max, clow, out);
    if (!matters(node_bounds(out, max, 1, clow, true), low, up)) return stand_in(leaves, count, max, clow, out);
    for (const Group& g : groups_[max]) {
      if (g.key < clow) break;
      if (g.sec >= 0) frontier_sec(ch, g, max, leaves, count, out);
    }
  }

  // A cut frontier node's stand-in: its exact values over the leaves seen, the levels
  // not evaluated filled in between the evaluated ones (so within B of each other, as
  // the promise allows). Its keys are no worse for the mover than the best evaluated
  // ones, so it lies within the bounds the cut was decided on.
  void stand_in(std::array<Leaf, kMaxChildren<G>>& leaves, int count, bool max, int low, Vec& out) const {
    for (int i = 0; i < count; ++i) {
      Leaf& leaf = leaves[i];
      int below = -1;  // the last evaluated level so far
      for (int j = low; j <= n_; ++j) {
        if (!leaf.known[j]) continue;
        for (int k = below < 0 ? low : below + 1; k < j; ++k)
          leaf.v[k] = below < 0 ? leaf.v[j] : leaf.v[below] + (leaf.v[j] - leaf.v[below]) * (k - below) / (j - below);
        below = j;
      }
      for (int k = below + 1; k <= n_; ++k) leaf.v[k] = leaf.v[below];
      combine(out, leaf.v, i == 0, max, low);
    }
  }

  // The key levels of leaf s into `leaf`, and the node's best keys so far into best;
  // false as soon as the node cannot matter (tested after each evaluation once every key
  // has a value). Level 0, where it is a singleton (the parent's key), comes first.
  bool frontier_keys(const State& s, int ply, bool max, Span span, bool first, Leaf& leaf, const Up& up, Vec& best) {
    this->count_node();
    std::array<bool, kMaxTypes> have;  // the node's keys with a value so far
    have.fill(!first);
    int t;
    if (this->decided(s, ply, t)) {
      leaf.v = filled(t);
      leaf.known.fill(true);
    }
    for (const Group& g : key_order_[max]) {
      if (g.key < span.clow) continue;
      if (!leaf.known[g.key]) {
        if (!first) {
          const Bounds b = leaf_bounds(leaf.v, leaf.known, span.clow);
          if (max ? b.hi[g.key] < best[g.key] : b.lo[g.key] > best[g.key]) continue;  // strictly worse
        }
        evaluate(s, g.key, leaf);
      }
      const int k = leaf.v[g.key];
      if (first || (max ? k > best[g.key] : k < best[g.key])) best[g.key] = k;
      have[g.key] = true;
      if (!matters(node_bounds(best, max, 1, span.clow, false, &have), span.low, up)) return false;
    }
    return true;
  }

  // Group g's secondary: the mover's best among the children tied for the best key (the
  // first of equals), each evaluated only while it may still be strictly better.
  void frontier_sec(const typename G::Children& ch, const Group& g, bool max, std::array<Leaf, kMaxChildren<G>>& leaves,
                    int count, Vec& out) {
    bool any = false;
    for (int i = 0; i < count; ++i) {
      Leaf& leaf = leaves[i];
      if (!leaf.known[g.key] || leaf.v[g.key] != out[g.key]) continue;  // a worse key (or one proven worse)
      if (!leaf.known[g.sec]) {
        if (any) {
          const Bounds b = leaf_bounds(leaf.v, leaf.known, 0);
          if (max ? b.hi[g.sec] <= out[g.sec] : b.lo[g.sec] >= out[g.sec]) continue;
        }
        evaluate(ch[i].pos, g.sec, leaf);
      }
      const int v = leaf.v[g.sec];
      if (!any || (max ? v > out[g.sec] : v < out[g.sec])) out[g.sec] = v;
      any = true;
    }
  }

  void evaluate(const State& s, int j, Leaf& leaf) {
    leaf.v[j] = this->eval(n_ - j, s);
    leaf.known[j] = true;
    check_bound(leaf.v, leaf.known, j);
  }

  // A leaf below the root itself (a search of depth 1; deeper leaves are searched by
  // their frontier node): only the levels the root needs.
  void ab_leaf(const State& s, int low, Vec& out) {
    std::array<bool, kMaxTypes> known{};
    for (int j = low; j <= n_; ++j) {
      out[j] = this->eval(n_ - j, s);
      known[j] = true;
      check_bound(out, known, j);
    }
  }

  void check_bound(const Vec& v, const std::array<bool, kMaxTypes>& known, int j) const {
    for (int i = 0; i <= n_; ++i) {
      if (i == j || !known[i]) continue;
      const long long diff = std::llabs(static_cast<long long>(v[j]) - v[i]);
      if (diff <= static_cast<long long>(std::abs(j - i)) * bound_) continue;
      throw BoundViolation("mstar-ab: fns[" + std::to_string(n_ - j) + "] = " + std::to_string(v[j]) + " and fns[" +
                           std::to_string(n_ - i) + "] = " + std::to_string(v[i]) + " differ by " +
                           std::to_string(diff) + " at a leaf, more than " + std::to_string(std::abs(j - i)) +
                           " times the bound B = " + std::to_string(bound_) +
                           "; the search would be unsound, so it stops");
    }
  }

  // Intervals of a node's final values from its groups so far (levels low..n); with
  // `exact`, its keys are final; with `have`, only those keys have a value yet.
  Bounds node_bounds(const Vec& best, bool max, int depth, int low, bool exact = false,
                     const std::array<bool, kMaxTypes>* have = nullptr) const {
    Bounds b;
    b.lo.fill(-kOpen);
    b.hi.fill(kOpen);
    for (const Group& g : groups_[max]) {
      if (g.key < low) break;
      if (have && !(*have)[g.key]) continue;
      (max ? b.lo : b.hi)[g.key] = best[g.key];  // X's best only improves
      if (exact) b.lo[g.key] = b.hi[g.key] = best[g.key];
    }
    close(b, low, gaps_[static_cast<std::size_t>(depth)][max]);
    return b;
  }
  Bounds leaf_bounds(const Vec& v, const std::array<bool, kMaxTypes>& known, int low) const {
    Bounds b;
    b.lo.fill(-kOpen);
    b.hi.fill(kOpen);
    for (int j = low; j <= n_; ++j)
      if (known[j]) b.lo[j] = b.hi[j] = v[j];
    close(b, low, gaps_[0][0]);
    return b;
  }
  // Tightens each level's interval through the gaps to its neighbours: one sweep up and
  // one down reach every path along the chain of levels.
  void close(Bounds& b, int low, const Gaps& g) const {
    for (int j = low + 1; j <= n_; ++j) {
      b.lo[j] = std::max(b.lo[j], b.lo[j - 1] - g.neg[j]);
      b.hi[j] = std::min(b.hi[j], b.hi[j - 1] + g.pos[j]);
    }
    for (int j = n_ - 1; j >= low; --j) {
      b.lo[j] = std::max(b.lo[j], b.lo[j + 1] - g.pos[j + 1]);
      b.hi[j] = std::min(b.hi[j], b.hi[j + 1] + g.neg[j + 1]);
    }
  }

  // Whether a node whose values lie within b (levels low..n) may still change the root's
  // decision, its parent being `a` (see the header, point 4). At a, the node can change
  // only the groups in which it may be strictly better for a's mover than a's best so
  // far (all of them while a has none); if there are none, it cannot matter. Else a's
  // values, with the node's values anywhere within b (or its stand-in), have each key no
  // worse for a's mover than the node's and than a's best so far, and, when the node can
  // change a single group only, that group's key within the node's; if a, so bounded,
  // cannot matter to its own parent, nor can the node, and so on up to the root.
  bool matters(const Bounds& b, int low, const Up& a) const {
    int candidates = 0;
    const Group* only = nullptr;
    for (const Group& g : groups_[a.max]) {
      if (g.key < low) break;
      if (a.best && !may_be_better(b, g, a)) continue;
      ++candidates;
      only = &g;
    }
    if (candidates == 0) return false;
    if (!a.up) return true;  // a is the root, which the node may change
    Bounds p = ancestor_bounds(a, b);
    if (candidates == 1) {
      p.lo[only->key] = std::max(p.lo[only->key], b.lo[only->key]);
      p.hi[only->key] = std::min(p.hi[only->key], b.hi[only->key]);
    }
    close(p, a.clow, gaps_[static_cast<std::size_t>(a.depth)][a.max]);
    return possible(p, a.clow) && matters(p, a.low, *a.up);
  }

  // May values within b be strictly better for a's mover than a's best in group g?
  static bool may_be_better(const Bounds& b, const Group& g, const Up& a) {
    const Vec& p = *a.best;
    const Wide& edge = a.max ? b.hi : b.lo;  // the values most favourable to a's mover
    const auto worse = [&](int j) { return a.max ? edge[j] < p[j] : edge[j] > p[j]; };
    const auto no_better = [&](int j) { return a.max ? edge[j] <= p[j] : edge[j] >= p[j]; };
    if (worse(g.key)) return false;
    return !(no_better(g.key) && (g.sec < 0 || no_better(g.sec)));
  }

  // What is known of a's final values whichever values within b the node has: each key
  // no worse for a's mover than its best so far, nor than the node's key (a's mover
  // takes the best key of its children).
  Bounds ancestor_bounds(const Up& a, const Bounds& b) const {
    Bounds p;
    p.lo.fill(-kOpen);
    p.hi.fill(kOpen);
    for (const Group& g : groups_[a.max]) {
      if (g.key < a.clow) break;
      const int k = g.key;
      if (a.max)
        p.lo[k] = std::max(b.lo[k], a.best ? static_cast<long long>((*a.best)[k]) : -kOpen);
      else
        p.hi[k] = std::min(b.hi[k], a.best ? static_cast<long long>((*a.best)[k]) : kOpen);
    }
    return p;
  }

  bool possible(const Bounds& b, int low) const {
    for (int j = low; j <= n_; ++j)
      if (b.lo[j] > b.hi[j]) return false;
    return true;
  }

  int n_ = 0, bound_ = 0;
  std::array<std::vector<Group>, 2> groups_;     // per mover (index: MAX moves), from the top
  std::array<std::vector<Group>, 2> key_order_;  // the same, a singleton level 0 first
  std::vector<std::array<Gaps, 2>> gaps_;        // per remaining depth, per mover
  ExactTable<Vec> table_;                        // mstar_1p's exact vectors
};

}  // namespace bao::search
