// What the search tests share: the opponent-model definitions by brute force (full
// minimax, PrOM and OM searched without pruning, nothing shared with the searchers under
// test) and the random tree shapes they are checked on.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "search/random_tree.h"
#include "search/score.h"
#include "test_util.h"

namespace bao::search {

// The definitions by brute force, for any game: full minimax of each function, and PrOM
// (OM being PrOM with a single type) by its definition on top. Values on MAX's scale;
// no pruning, nothing shared with the searchers under test.
template <class G, class Fn = typename G::Eval>
struct Brute {
  using State = typename G::State;
  const G& g;
  const std::vector<Fn>& fns;
  int max_side;
  mutable std::uint64_t evals = 0;  // leaf evaluations so far

  bool is_max(const State& s) const { return g.side_to_move(s) == max_side; }
  // True, with v, when s needs no children: a finished game, or a leaf scored by fn[k];
  // otherwise ch holds its children.
  bool ends(const State& s, int depth, int ply, int k, int& v, typename G::Children& ch) const {
    const int w = g.quick_winner(s);
    if (w < 0 && depth == 0) {
      ++evals;
      v = fns[k](s, max_side);
      return true;
    }
    if (w < 0) g.children(s, ch);
    if (w < 0 && !ch.empty()) return false;
    v = terminal_score(w >= 0 ? w : g.winner(s), max_side, ply);
    return true;
  }
  int minimax(const State& s, int depth, int ply, int k) const {
    int v;
    typename G::Children ch;
    if (ends(s, depth, ply, k, v, ch)) return v;
    int best = is_max(s) ? -kInfinity : kInfinity;
    for (const auto& c : ch) {
      const int cv = minimax(c.pos, depth - 1, ply + 1, k);
      best = is_max(s) ? std::max(best, cv) : std::min(best, cv);
    }
    return best;
  }
  // PrOM value of s: MAX takes the maximum; MIN sums, over the types, p[k] times the PrOM
  // value of type k's move (lowest minimax value under fn[k], ties the lowest PrOM value,
  // then the first).
  double prom(const State& s, int depth, int ply, const std::vector<double>& p) const {
    int v;
    typename G::Children ch;
    if (ends(s, depth, ply, 0, v, ch)) return v;
    std::vector<double> value;
    for (const auto& c : ch) value.push_back(prom(c.pos, depth - 1, ply + 1, p));
    if (is_max(s)) return *std::max_element(value.begin(), value.end());
    double sum = 0;
    for (std::size_t k = 0; k < p.size(); ++k) {
      if (p[k] == 0) continue;
      std::size_t pick = 0;
      int pick_v = kInfinity;
      for (std::size_t i = 0; i < ch.size(); ++i) {
        const int mv = minimax(ch[i].pos, depth - 1, ply + 1, static_cast<int>(k));
        if (i == 0 || mv < pick_v || (mv == pick_v && value[i] < value[pick])) {
          pick = i;
          pick_v = mv;
        }
      }
      sum += p[k] * value[pick];
    }
    return sum;
  }
  // OM v0 of s with model m: PrOM with Pr(m) = 1 (MIN picks the lowest model value, ties
  // the lowest v0, then the first).
  double om(const State& s, int depth, int ply, int m) const {
    std::vector<double> p(fns.size(), 0.0);
    p[static_cast<std::size_t>(m)] = 1.0;
    return prom(s, depth, ply, p);
  }
  // MAX's decision at the root (test::root_choice), values as double.
  template <class Value>
  test::RootChoice<double> root(const State& s, Value&& value) const {
    return test::root_choice(g, s, [&](const State& c) -> double { return value(c); });
  }
};

inline std::vector<TreeEval> tree_functions(const RandomTreeGame& g, int types) {
  std::vector<TreeEval> fns;
  for (int k = 0; k < types; ++k) fns.push_back(TreeEval{&g, k});
  return fns;
}

// Tree shapes: width 2..8 and depth 2..8 with at most ~4096 leaves, from the tree index.
inline TreeParams tree_shape(int i, int bound, std::uint64_t seed, int step = 100) {
  TreeParams p;
  const std::uint64_t h = tree_mix(seed * 1000003 + static_cast<std::uint64_t>(i));
  p.wmin = p.wmax = 2 + static_cast<int>(h % 7);
  int max_d = 2;
  for (int d = 2; d <= 8; ++d)
    if (std::pow(p.wmin, d) <= 4096) max_d = d;
  p.depth = 2 + static_cast<int>((h >> 8) % static_cast<std::uint64_t>(max_d - 1));
  if ((h >> 16) % 4 == 0) p.wmin = std::max(2, p.wmax - 3);  // some trees with ranged widths
  p.bound = bound;
  p.step = step;
  p.seed = h;
  return p;
}

}  // namespace bao::search
