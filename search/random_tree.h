// Random game trees (the thesis's efficiency experiments) as a game type beside Bao.
//
// Seeded and incremental: a node is (path id, depth, base value); its children and values
// are hashed from the id and the seed, so every algorithm sees the same tree without
// storing it. Branching factor w (fixed, or a range [wmin, wmax] drawn per node), depth d
// (the nodes at depth d are the leaves). Values are correlated along a path: a child's base
// value is its parent's plus a uniform increment in [-step, step]. V0 is the base value
// clamped to [0, 1000]; opponent type k >= 1 is V0 plus a uniform offset in [-B, B] per
// node, clamped to [0, 1000], so |Vk - V0| <= B holds at every node by construction (with
// a `spread` above 1 the offsets reach spread * B: a pair that breaks the bound, for tests).
// Values are on MAX's scale; MAX moves at even depths.
#pragma once

#include <algorithm>
#include <boost/container/static_vector.hpp>
#include <cstdint>

#include "search/score.h"

namespace bao::search {

struct TreeParams {
  int wmin = 2, wmax = 2;  // branching factor range
  int depth = 4;           // leaves at this depth
  int bound = 100;         // B: |Vk - V0| <= B
  int step = 100;          // increment range of the base value per ply
  double spread = 1.0;     // offsets drawn from [-spread*B, spread*B] (1: the bound holds)
  std::uint64_t seed = 1;
  // What the tree as a registered game (search/random_tree_traits.h) declares as its
  // evaluators; no value of the tree depends on them.
  int types = 2;      // the functions V0 and types-1 opponent types
  int own_noise = 0;  // the noise of MAX's copy of the base value (evaluator own)
  int opp_noise = 0;  // the noise of the opponent's copies (evaluators opp, opp_model)
};

inline constexpr int kMaxTreeWidth = 16;

struct TreeNode {
  std::uint64_t id = 0;
  std::int32_t base = 500;
  std::int32_t ply = 0;
  bool operator==(const TreeNode&) const = default;
};
struct TreeChild {
  std::uint8_t move;
  TreeNode pos;
};

inline std::uint64_t tree_mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct TreeEval;

class RandomTreeGame {
 public:
  using State = TreeNode;
  using Move = std::uint8_t;
  using Eval = TreeEval;  // the evaluation functions searches take by default
  using Child = TreeChild;
  using Children = boost::container::static_vector<TreeChild, kMaxTreeWidth>;
  static constexpr int kMoveIndexes = kMaxTreeWidth;

  explicit RandomTreeGame(const TreeParams& p) : p_(p) {}

  State root() const { return TreeNode{tree_mix(p_.seed ^ 0x5eed), 500, 0}; }
  const TreeParams& params() const { return p_; }

  int width(const State& s) const {
    if (p_.wmax <= p_.wmin) return p_.wmin;
    return p_.wmin + static_cast<int>(tree_mix(s.id ^ 0x77) % static_cast<std::uint64_t>(p_.wmax - p_.wmin + 1));
  }
  void children(const State& s, Children& out) const {
    out.clear();
    if (s.ply >= p_.depth) return;
    const int w = width(s);
    for (int i = 0; i < w; ++i) {
      const std::uint64_t id = tree_mix(s.id * 31 + static_cast<std::uint64_t>(i) + 1);
      const int inc = static_cast<int>(id % static_cast<std::uint64_t>(2 * p_.step + 1)) - p_.step;
      out.push_back(TreeChild{static_cast<std::uint8_t>(i), TreeNode{id, s.base + inc, s.ply + 1}});
    }
  }
  int side_to_move(const State& s) const { return s.ply & 1; }
  std::uint64_t hash(const State& s) const { return s.id; }
  int quick_winner(const State&) const { return -1; }
  int winner(const State&) const { return -1; }  // leaves are evaluated, never "won"
  int move_index(const Move& m) const { return m; }
  int order_hint(const State&, const Child&) const { return 0; }

  // The base value plus a uniform noise in [-level, level] drawn per node and channel: a
  // noisy copy of the base value taken as the truth (ground-truth experiments).
  int noisy(const State& s, int channel, int level) const {
    if (level <= 0) return s.base;
    const std::uint64_t h = tree_mix(s.id ^ (static_cast<std::uint64_t>(channel + 101) * 0xd1342543de82ef95ull));
    return s.base + static_cast<int>(h % static_cast<std::uint64_t>(2 * level + 1)) - level;
  }

  // V0 (k = 0) and opponent type k >= 1 at s, on MAX's scale.
  int value(const State& s, int k) const {
    const int v0 = std::clamp(s.base, 0, 1000);
    if (k == 0) return v0;
    const int range = static_cast<int>(p_.bound * p_.spread);
    const std::uint64_t h = tree_mix(s.id ^ (static_cast<std::uint64_t>(k) * 0x9e3779b97f4a7c15ull));
    const int off = static_cast<int>(h % static_cast<std::uint64_t>(2 * range + 1)) - range;
    return std::clamp(v0 + off, 0, 1000);
  }

 private:
  TreeParams p_;
};

// An evaluation function on a tree (not owning it): type k's value (value(s, k)), or
// with a channel >= 0 the noisy base value of that channel and level (noisy()).
struct TreeEval {
  const RandomTreeGame* tree;
  int type = 0;
  int channel = -1;
  int level = 0;
  int operator()(const TreeNode& s, int /*max_side*/) const {
    return channel < 0 ? tree->value(s, type) : tree->noisy(s, channel, level);
  }
};

}  // namespace bao::search
