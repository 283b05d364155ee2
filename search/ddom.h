// (D,d)-OM search (Gao, Iida, Uiterwijk and van den Herik, "Strategies anticipating a
// difference in search depth using opponent-model search", Theoretical Computer Science
// 252, 2001; first as "A speculative strategy", Computers and Games 1998): MAX searches
// D plies with its own function and models MIN as a shallower searcher. Functions, costs
// and the game: search/model_search.h; definitions as fixed in docs/opponent-models.md.
//
// With MAX's function fns[0] and the model's fns[m], the value V(s) of a node r plies
// above MAX's horizon D:
//   * a finished game: its terminal score; r = 0: fns[0](s);
//   * MAX to move: the maximum of V over the children;
//   * MIN to move: MIN is predicted to play c*, the child with the lowest minimax value
//     under fns[m] searched min(d, r) - 1 plies below the child (d plies from the MIN
//     node, never past MAX's horizon); ties go to the lowest V (Donkers' pessimistic
//     rule, as in search/om.h), then to the first child in the game's order. V(s) =
//     V(c*).
// At the root MAX plays the child with the highest V, the first of equals.
//
// The horizon. What we could read of the papers (the abstracts of the TCS 2001 article
// and of the Computers and Games 1998 paper) says only that the opponent searches d < D
// plies; it leaves open whether the model's look-ahead from a deep MIN node may pass D.
// We stop it at MAX's horizon: beyond D MAX has no values of its own to compare with,
// and the model then judges the positions OM search's model judges. So a MIN node r <= d
// plies above the horizon is predicted as in OM search, and with d >= D - 1 (every MIN
// node is at most D - 1 plies above it) (D,d)-OM is OM search with Vop = fns[m]. d = 1 is
// the greedy opponent, one ply of look-ahead.
//
// Implementations, both returning the same root value and move:
//   ddom_plain  the recursion as written: at a MIN node the model's prediction by
//               alpha-beta probes on fns[m] (ModelSearch::probe_min: the children tied
//               for the lowest value), V over those children; at MAX nodes V of every
//               child.
//   ddom_ab     alpha-beta-squared as this toolkit implements it: the same probes (an
//               alpha-beta search on the model's side), and alpha-beta on MAX's side
//               over the tree in which a MIN node has only its predicted children: a
//               MAX node stops once its value reaches the window's top, a MIN node once
//               its value (the lowest V over the predicted children so far) falls to
//               the window's bottom; windows pass through both, so cuts are deep. Exact
//               by the alpha-beta argument on that tree: a fail-high or fail-low bound is
//               returned only where the exact value cannot change the root's choice,
//               which takes only a strictly higher value (the first of equals). A forced
//               move (one child) is not probed. It visits a subset of ddom_plain's nodes,
//               so it never probes or evaluates more. It prunes little: a MIN node has
//               mostly one predicted child, so MAX nodes rarely get a finite beta, and the
//               probes, which cost most, cannot be cut without a link between fns[0] and
//               fns[m] (on random trees about 1 % fewer evaluations). Gao et al.'s
//               alpha-beta-squared we could not read in full; this version is checked to
//               give ddom_plain's value and move.
// value is the root V; value_op is not computed (0).
// ddom_plain may keep a transposition table (set_table) of exact V by (position, plies
// above the horizon); ddom_ab has none (its values outside the window are bounds).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/exact_table.h"
#include "search/model_search.h"

namespace bao::search {

template <Game G, class Eval = typename G::Eval>
class DdOmSearch : public ModelSearch<G, Eval> {
 public:
  using typename ModelSearch<G, Eval>::Move;
  using typename ModelSearch<G, Eval>::State;
  // (game, fns): fns[0] is MAX's function, fns[m] the model's; throws InputError unless 1
  // to kMaxTypes are given.
  using ModelSearch<G, Eval>::ModelSearch;

  // A transposition table for ddom_plain: exact V by (hash, plies above the horizon), the
  // model's depth d and function m being fixed per search (so is the probe depth
  // min(d, r) - 1 of a MIN node r plies above the horizon). Entries of earlier searches
  // are ignored, so searches stay deterministic. 0 MiB: off. Throws InputError when the
  // table cannot be had (more than 80% of the machine's memory).
  void set_table(std::size_t mib) { table_.resize(mib, "the (D,d)-OM value table (tt_mb)"); }
  // Table hits over all searches so far.
  std::uint64_t table_hits() const { return table_.hits(); }

  // depth: D, MAX's search depth; d: the model's depth (d >= 1; d >= depth - 1 is OM
  // search); m: the model's function. Throws InputError on d < 1 or m out of range.
  ModelResult<Move> ddom_plain(const State& root, int depth, int d, int m) {
    setup(d, m);
    table_.new_search();
    return this->run(root, [&](ModelResult<Move>& o) {
      this->pick_max(o, [&](int i) { return plain_node(this->buf_[0][i].pos, depth - 1, 1); });
    });
  }

  ModelResult<Move> ddom_ab(const State& root, int depth, int d, int m) {
    setup(d, m);
    return this->run(root, [&](ModelResult<Move>& o) {
      this->pick_max(o, [&](int i) {
        const int alpha = i == 0 ? -kInfinity : static_cast<int>(o.value);
        return ab_node(this->buf_[0][i].pos, depth - 1, 1, alpha, kInfinity);
      });
    });
  }

 private:
  using Ties = typename ModelSearch<G, Eval>::Ties;

  void setup(int d, int m) {
    if (d < 1) throw InputError("(D,d)-OM: the model's depth d must be 1 or more, got " + std::to_string(d));
    if (m < 0 || m >= this->functions())
      throw InputError("(D,d)-OM: no evaluation function " + std::to_string(m) + " (" +
                       std::to_string(this->functions()) + " given)");
    d_ = d;
    m_ = m;
  }

  // The model's prediction at a MIN node whose children are ch (at `ply`), r plies above
  // MAX's horizon: the children tied for the lowest fns[m] value at depth min(d, r) - 1.
  void predict(const typename G::Children& ch, int r, int ply, Ties& ties) {
    this->probe_min(m_, ch, std::min(d_, r) - 1, ply, ties);
  }

  // V(s), r plies above MAX's horizon.
  int plain_node(const State& s, int r, int ply) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return t;
    if (r <= 0) return this->eval(0, s);
    // The table holds exact V by r: ddom_plain has no windows (its probes are exact,
    // ModelSearch::probe_min).
    const std::uint64_t key = table_.enabled() ? this->game_.hash(s) : 0;
    if (const int* v = table_.find(key, r)) return from_table(*v, ply);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return this->over(s, ply);
    int best;
    if (this->is_max(s)) {
      best = -kInfinity;
      for (const auto& c : ch) best = std::max(best, plain_node(c.pos, r - 1, ply + 1));
    } else {
      Ties ties;
      predict(ch, r, ply + 1, ties);
      best = kInfinity;  // the pessimistic tie rule: the lowest V of the predicted children
      for (int j = 0; j < ties.n; ++j) best = std::min(best, plain_node(ch[ties.index[j]].pos, r - 1, ply + 1));
    }
    table_.store(key, r, to_table(best, ply));
    return best;
  }

  // V(s) by fail-soft alpha-beta on the tree of MAX's moves and MIN's predicted moves:
  // exact inside (alpha, beta), else a bound on the far side of the window.
  int ab_node(const State& s, int r, int ply, int alpha, int beta) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return t;
    if (r <= 0) return this->eval(0, s);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    if (ch.empty()) return this->over(s, ply);
    if (this->is_max(s)) {
      int best = -kInfinity;
      for (const auto& c : ch) {
        best = std::max(best, ab_node(c.pos, r - 1, ply + 1, std::max(alpha, best), beta));
        if (best >= beta) break;
      }
      return best;
    }
    Ties ties;
    if (ch.size() == 1) {  // a forced move needs no prediction
      ties.n = 1;
      ties.index[0] = 0;
    } else {
      predict(ch, r, ply + 1, ties);
    }
    int best = kInfinity;
    for (int j = 0; j < ties.n; ++j) {
      best = std::min(best, ab_node(ch[ties.index[j]].pos, r - 1, ply + 1, alpha, std::min(beta, best)));
      if (best <= alpha) break;
    }
    return best;
  }

  int d_ = 1, m_ = 1;
  ExactTable<int> table_;  // ddom_plain's exact V (decisive scores node-relative)
};

}  // namespace bao::search
