// M* search (search/mstar.h) and (D,d)-OM search (search/ddom.h) on random game trees
// and on Bao: every implementation agrees with the definitions, computed here by brute
// force, and with minimax and OM search where they reduce to them.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/evaluators.h"
#include "search/bao_game.h"
#include "search/ddom.h"
#include "search/mstar.h"
#include "search/om.h"
#include "search/random_tree.h"
#include "test_util.h"

namespace bao::search {
namespace {

// The definitions, by brute force and for any game: every child of every node searched,
// no pruning, no code shared with the searchers. Values on MAX's scale.
template <class G, class Fn = typename G::Eval>
struct Definitions {
  using State = typename G::State;
  const G& g;
  const std::vector<Fn>& fns;
  int max_side;

  bool max_moves(const State& s) const { return g.side_to_move(s) == max_side; }

  // True, with v, when s is scored without children: a finished game, or at depth 0 by
  // fns[k]; otherwise its children are in ch.
  bool scored(const State& s, int depth, int ply, int k, int& v, typename G::Children& ch) const {
    const int w = g.quick_winner(s);
    if (w >= 0) {
      v = terminal_score(w, max_side, ply);
      return true;
    }
    if (depth == 0) {
      v = fns[static_cast<std::size_t>(k)](s, max_side);
      return true;
    }
    g.children(s, ch);
    if (!ch.empty()) return false;
    v = terminal_score(g.winner(s), max_side, ply);
    return true;
  }

  int minimax(const State& s, int depth, int ply, int k) const {
    int v;
    typename G::Children ch;
    if (scored(s, depth, ply, k, v, ch)) return v;
    std::vector<int> values;
    for (const auto& c : ch) values.push_back(minimax(c.pos, depth - 1, ply + 1, k));
    return max_moves(s) ? *std::max_element(values.begin(), values.end())
                        : *std::min_element(values.begin(), values.end());
  }

  // M^j(s) for an n-level player, word for word: level j uses fns[n-j] and is MAX when
  // n - j is even.
  int mstar(int n, int j, const State& s, int depth, int ply) const {
    int v;
    typename G::Children ch;
    if (scored(s, depth, ply, n - j, v, ch)) return v;
    const bool level_is_max = (n - j) % 2 == 0;
    std::vector<int> own, model;
    for (const auto& c : ch) own.push_back(mstar(n, j, c.pos, depth - 1, ply + 1));
    if (max_moves(s) == level_is_max)  // level j's own move: its best
      return level_is_max ? *std::max_element(own.begin(), own.end()) : *std::min_element(own.begin(), own.end());
    if (j == 0)  // level 0 takes its opponent for minimax: the worst for level 0
      return level_is_max ? *std::min_element(own.begin(), own.end()) : *std::max_element(own.begin(), own.end());
    for (const auto& c : ch) model.push_back(mstar(n, j - 1, c.pos, depth - 1, ply + 1));
    // Level j - 1 (the other player) picks its best by M^(j-1); ties: worst for level j.
    std::size_t pick = 0;
    for (std::size_t i = 1; i < ch.size(); ++i) {
      const bool model_better = level_is_max ? model[i] < model[pick] : model[i] > model[pick];
      const bool worse_for_j = level_is_max ? own[i] < own[pick] : own[i] > own[pick];
      if (model_better || (model[i] == model[pick] && worse_for_j)) pick = i;
    }
    return own[pick];
  }

  // (D,d)-OM value, r plies above MAX's horizon: the model's search from a MIN node goes
  // min(d, r) plies.
  int ddom(const State& s, int r, int ply, int d, int m) const {
    int v;
    typename G::Children ch;
    if (scored(s, r, ply, 0, v, ch)) return v;
    std::vector<int> values, model;
    for (const auto& c : ch) {
      values.push_back(ddom(c.pos, r - 1, ply + 1, d, m));
      model.push_back(minimax(c.pos, std::min(d, r) - 1, ply + 1, m));
    }
    if (max_moves(s)) return *std::max_element(values.begin(), values.end());
    std::size_t pick = 0;
    for (std::size_t i = 1; i < ch.size(); ++i)
      if (model[i] < model[pick] || (model[i] == model[pick] && values[i] < values[pick])) pick = i;
    return values[pick];
  }

  // MAX's decision at the root (test::root_choice), values as int.
  template <class Value>
  test::RootChoice<int> root(const State& s, Value&& value) const {
    return test::root_choice(g, s, [&](const State& c) -> int { return value(c); });
  }
};

using TreeFn = ModelSearch<RandomTreeGame>::Fn;

std::vector<TreeFn> tree_fns(const RandomTreeGame& g, int count) {
  std::vector<TreeFn> fns;
  for (int k = 0; k < count; ++k) fns.push_back(TreeEval{&g, k});
  return fns;
}

// Varied shapes from the index: width 2..8 (a quarter of them ranged), depth 2..8, at
// most max_leaves leaves; the bound cycles through 10, 100 and 500.
TreeParams shape(int i, std::uint64_t seed, double max_leaves) {
  const std::uint64_t h = tree_mix(seed * 7919 + static_cast<std::uint64_t>(i));
  TreeParams p;
  p.wmin = p.wmax = 2 + static_cast<int>(h % 7);
  int deepest = 2;
  for (int d = 3; d <= 8; ++d)
    if (std::pow(p.wmax, d) <= max_leaves) deepest = d;
  p.depth = 2 + static_cast<int>((h >> 12) % static_cast<std::uint64_t>(deepest - 1));
  if ((h >> 20) % 4 == 0) p.wmin = std::max(2, p.wmax - 3);
  p.bound = std::array<int, 3>{10, 100, 500}[static_cast<std::size_t>(i % 3)];
  p.seed = h;
  return p;
}

std::string describe(int i, const TreeParams& p) {
  return "tree " + std::to_string(i) + " width " + std::to_string(p.wmin) + ".." + std::to_string(p.wmax) + " depth " +
         std::to_string(p.depth) + " bound " + std::to_string(p.bound);
}

// The tree functions each differ from V0 by at most B, so adjacent ones by 2B.
int chain_bound(const TreeParams& p) { return 2 * p.bound; }

TEST(MStarTrees, LevelZeroIsMinimaxAndLevelOneIsOm) {
  for (int i = 0; i < 1000; ++i) {
    const TreeParams tp = shape(i, 1, 4096);
    SCOPED_TRACE(describe(i, tp));
    const RandomTreeGame g(tp);
    const auto fns = tree_fns(g, 2);
    MStarSearch<RandomTreeGame> s(g, fns);
    OmSearch<RandomTreeGame> om(g, fns);
    const Definitions<RandomTreeGame> def{g, fns, 0};
    const TreeNode root = g.root();
    const int d = tp.depth;
    const auto mm = def.root(root, [&](const TreeNode& c) { return def.minimax(c, d - 1, 1, 0); });
    const auto want_om = om.om_plain(root, d, 1);
    ASSERT_EQ(s.minimax(root, d, 0).value, mm.value);
    for (const auto& o : {s.mstar_plain(root, d, 0), s.mstar_1p(root, d, 0), s.mstar_ab(root, d, 0, chain_bound(tp))}) {
      ASSERT_EQ(o.value, mm.value);
      ASSERT_EQ(o.best_index, mm.index);
    }
    const auto plain = s.mstar_plain(root, d, 1), one = s.mstar_1p(root, d, 1);
    for (const auto& o : {plain, one, s.mstar_ab(root, d, 1, chain_bound(tp))}) {
      ASSERT_EQ(o.value, want_om.value);
      ASSERT_EQ(o.best_index, want_om.best_index);
    }
    ASSERT_EQ(plain.value_op, want_om.value_op);
    ASSERT_EQ(one.value_op, want_om.value_op);
  }
}

TEST(MStarTrees, LevelsTwoAndThreeMatchTheDefinition) {
  int differs_from_om = 0;
  std::uint64_t one_pass_evals = 0, ab_evals = 0;
  for (int i = 0; i < 1000; ++i) {
    const TreeParams tp = shape(i, 2, 1024);
    SCOPED_TRACE(describe(i, tp));
    const RandomTreeGame g(tp);
    const auto fns = tree_fns(g, 4);
    MStarSearch<RandomTreeGame> s(g, fns);
    const Definitions<RandomTreeGame> def{g, fns, 0};
    const TreeNode root = g.root();
    const int d = tp.depth;
    for (int n : {2, 3}) {
      SCOPED_TRACE("levels " + std::to_string(n));
      const auto want = def.root(root, [&](const TreeNode& c) { return def.mstar(n, n, c, d - 1, 1); });
      const int want_op = def.mstar(n, n - 1, root, d, 0);
      const auto plain = s.mstar_plain(root, d, n), one = s.mstar_1p(root, d, n);
      const auto ab = s.mstar_ab(root, d, n, chain_bound(tp));
      for (const auto* o : {&plain, &one, &ab}) {
        ASSERT_EQ(o->value, want.value);
        ASSERT_EQ(o->best_index, want.index);
      }
      ASSERT_EQ(plain.value_op, want_op);
      ASSERT_EQ(one.value_op, want_op);
      ASSERT_LE(ab.leaf_evals(), one.leaf_evals());
      one_pass_evals += one.leaf_evals();
      ab_evals += ab.leaf_evals();
      if (n == 2)
        differs_from_om +=
            want.value != def.root(root, [&](const TreeNode& c) { return def.mstar(1, 1, c, d - 1, 1); }).value;
    }
  }
  EXPECT_GT(differs_from_om, 0) << "level 2 never differed from OM: the test would not see its mistakes";
  EXPECT_LT(ab_evals, one_pass_evals) << "alpha-beta* never pruned";
}

TEST(MStarTrees, BrokenBoundIsDetected) {
  // Offsets up to 3B: mstar_ab must refuse rather than return a silently wrong value.
  for (int n : {1, 2, 3}) {
    int detected = 0;
    for (int i = 0; i < 50; ++i) {
      // Trees big enough that some leaf has two levels evaluated and out of bounds.
      TreeParams tp;
      tp.wmin = tp.wmax = 3 + i % 3;
      tp.depth = 3 + i % 3;
      tp.bound = 20;
      tp.spread = 3.0;
      tp.seed = static_cast<std::uint64_t>(i) + 1;
      const RandomTreeGame g(tp);
      MStarSearch<RandomTreeGame> s(g, tree_fns(g, 4));
      try {
        s.mstar_ab(g.root(), tp.depth, n, tp.bound);
      } catch (const BoundViolation& e) {
        ++detected;
        EXPECT_NE(std::string(e.what()).find("bound B = 20"), std::string::npos) << e.what();
      }
    }
    EXPECT_EQ(detected, 50) << "levels " << n;
  }
}

TEST(MStarTrees, RefusesBadArguments) {
  const RandomTreeGame g(shape(0, 4, 256));
  MStarSearch<RandomTreeGame> s(g, tree_fns(g, 3));
  EXPECT_THROW(s.mstar_1p(g.root(), 2, 3), InputError);  // 3 levels need 4 functions
  EXPECT_THROW(s.mstar_plain(g.root(), 2, -1), InputError);
  EXPECT_THROW(s.mstar_ab(g.root(), 2, 1, -1), InputError);
  EXPECT_NO_THROW(s.mstar_ab(g.root(), 2, 2, 1000));
  DdOmSearch<RandomTreeGame> dd(g, tree_fns(g, 2));
  EXPECT_THROW(dd.ddom_plain(g.root(), 3, 0, 1), InputError);
  EXPECT_THROW(dd.ddom_ab(g.root(), 3, 1, 2), InputError);
}

// Random trees in which MAX moves twice in a row below ply 2.
struct SideMovesTwice : RandomTreeGame {
  using RandomTreeGame::RandomTreeGame;
  int side_to_move(const TreeNode& s) const { return s.ply >= 2 ? 0 : s.ply & 1; }
};

TEST(MStarTrees, AlphaBetaStarRefusesASideMovingTwice) {
  // Its bounds assume the sides alternate; the plain definitions do not.
  TreeParams tp = shape(0, 6, 4096);
  tp.depth = 4;
  const SideMovesTwice g(tp);
  std::vector<ModelSearch<SideMovesTwice>::Fn> fns;
  for (int k = 0; k < 3; ++k) fns.push_back(TreeEval{&g, k});
  MStarSearch<SideMovesTwice> s(g, fns);
  EXPECT_THROW(s.mstar_ab(g.root(), 4, 2, 1000), InputError);
  const Definitions<SideMovesTwice> def{g, fns, 0};
  const auto want = def.root(g.root(), [&](const TreeNode& c) { return def.mstar(2, 2, c, 3, 1); });
  for (const auto& o : {s.mstar_plain(g.root(), 4, 2), s.mstar_1p(g.root(), 4, 2)}) {
    EXPECT_EQ(o.value, want.value);
    EXPECT_EQ(o.best_index, want.index);
  }
}

TEST(DdOmTrees, MatchesTheDefinitionAndOmAtFullModelDepth) {
  std::uint64_t plain_evals = 0, ab_evals = 0;
  int differs_from_om = 0;
  for (int i = 0; i < 1000; ++i) {
    const TreeParams tp = shape(i, 5, 4096);
    SCOPED_TRACE(describe(i, tp));
    const RandomTreeGame g(tp);
    const auto fns = tree_fns(g, 2);
    DdOmSearch<RandomTreeGame> s(g, fns);
    OmSearch<RandomTreeGame> om(g, fns);
    const Definitions<RandomTreeGame> def{g, fns, 0};
    const TreeNode root = g.root();
    const int big_d = tp.depth;
    for (int d = 1; d < big_d; ++d) {
      SCOPED_TRACE("d " + std::to_string(d));
      const auto want = def.root(root, [&](const TreeNode& c) { return def.ddom(c, big_d - 1, 1, d, 1); });
      const auto plain = s.ddom_plain(root, big_d, d, 1), ab = s.ddom_ab(root, big_d, d, 1);
      for (const auto* o : {&plain, &ab}) {
        ASSERT_EQ(o->value, want.value);
        ASSERT_EQ(o->best_index, want.index);
      }
      ASSERT_LE(ab.leaf_evals(), plain.leaf_evals());
      plain_evals += plain.leaf_evals();
      ab_evals += ab.leaf_evals();
      const auto full = om.om_plain(root, big_d, 1);
      if (d == big_d - 1) {
        ASSERT_EQ(plain.value, full.value);
        ASSERT_EQ(plain.best_index, full.best_index);
      } else {
        differs_from_om += plain.value != full.value;
      }
    }
  }
  EXPECT_GT(differs_from_om, 0) << "a shallower model never mattered";
  EXPECT_LT(ab_evals, plain_evals) << "alpha-beta-squared never pruned";
}

// ---- Bao ------------------------------------------------------------------------------

// Functions made of evaluators scaled and mixed: any callable, through std::function.
using BaoFn = std::function<int(const Position&, int)>;

// Positions from random games, some from every stage.
std::vector<Position> positions(Variant v, int count, std::uint64_t seed) {
  const Rules rules{v};
  std::vector<Position> out;
  std::uint64_t x = seed;
  while (static_cast<int>(out.size()) < count) {
    Position p = start_position(v);
    while (static_cast<int>(out.size()) < count) {
      MoveList moves;
      generate_moves(p, rules, moves);
      if (moves.empty()) break;
      x = tree_mix(x + 3);
      if (x % 9 == 0) out.push_back(p);
      p = apply_move(p, moves[x % moves.size()], rules);
    }
  }
  return out;
}

struct BaoFunctions {
  models::DefaultEvaluator def;
  models::MaterialEvaluator mat;
  // MAX's default, then material, a mixture, and material again at another weight: four
  // functions for up to three levels.
  std::vector<BaoFn> fns() const {
    return {[this](const Position& p, int side) { return def.evaluate(p, side); },
            [this](const Position& p, int side) { return mat.evaluate(p, side) * 4; },
            [this](const Position& p, int side) { return mat.evaluate(p, side) * 2 + def.evaluate(p, side) / 2; },
            [this](const Position& p, int side) { return mat.evaluate(p, side) * 3; }};
  }
};

// Evaluations stay within +-kMaxEval, so any two differ by at most twice that.
constexpr int kBaoBound = 2 * kMaxEval;

TEST(MStarBao, EveryLevelMatchesTheDefinition) {
  const BaoFunctions f;
  const auto fns = f.fns();
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const BaoGame game{Rules{v}};
    MStarSearch<BaoGame, BaoFn> s(game, fns);
    OmSearch<BaoGame, BaoFn> om(game, fns);
    for (const Position& p : positions(v, 40, 11)) {
      SCOPED_TRACE(format_position(p));
      const Definitions<BaoGame, BaoFn> def{game, fns, p.side};
      for (int depth : {1, 2, 3}) {
        SCOPED_TRACE("depth " + std::to_string(depth));
        const auto om1 = om.om_plain(p, depth, 1);
        const auto mm = s.minimax(p, depth, 0);
        for (int n = 0; n <= 3; ++n) {
          SCOPED_TRACE("levels " + std::to_string(n));
          const auto want = def.root(p, [&](const Position& c) { return def.mstar(n, n, c, depth - 1, 1); });
          // Level 0 is minimax, level 1 OM search.
          const auto& reduced = n == 0 ? mm : om1;
          if (n <= 1) {
            ASSERT_EQ(want.value, reduced.value);
            ASSERT_EQ(want.index, reduced.best_index);
          }
          for (const auto& o :
               {s.mstar_plain(p, depth, n), s.mstar_1p(p, depth, n), s.mstar_ab(p, depth, n, kBaoBound)}) {
            ASSERT_TRUE(o.has_move);
            ASSERT_TRUE(is_legal(p, o.best, game.rules));
            ASSERT_EQ(o.value, want.value);
            ASSERT_EQ(o.best_index, want.index);
          }
        }
      }
    }
  }
}

TEST(DdOmBao, MatchesTheDefinitionAndOm) {
  const BaoFunctions f;
  const auto fns = f.fns();
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const BaoGame game{Rules{v}};
    DdOmSearch<BaoGame, BaoFn> s(game, fns);
    OmSearch<BaoGame, BaoFn> om(game, fns);
    for (const Position& p : positions(v, 40, 12)) {
      SCOPED_TRACE(format_position(p));
      const Definitions<BaoGame, BaoFn> def{game, fns, p.side};
      for (int big_d : {2, 3}) {
        for (int d = 1; d < big_d; ++d) {
          SCOPED_TRACE("D " + std::to_string(big_d) + " d " + std::to_string(d));
          const auto want = def.root(p, [&](const Position& c) { return def.ddom(c, big_d - 1, 1, d, 1); });
          const auto plain = s.ddom_plain(p, big_d, d, 1), ab = s.ddom_ab(p, big_d, d, 1);
          for (const auto* o : {&plain, &ab}) {
            ASSERT_TRUE(is_legal(p, o->best, game.rules));
            ASSERT_EQ(o->value, want.value);
            ASSERT_EQ(o->best_index, want.index);
          }
          ASSERT_LE(ab.leaf_evals(), plain.leaf_evals());
          if (d == big_d - 1) {
            const auto full = om.om_plain(p, big_d, 1);
            ASSERT_EQ(plain.value, full.value);
            ASSERT_EQ(plain.best_index, full.best_index);
          }
        }
      }
    }
  }
}

// mstar_1p and ddom_plain with a table return what they return without one (their values
// are exact: no windows), visit and evaluate no more, and use the table.
TEST(MStarBao, TableForOnePassKeepsTheVectorAndHits) {
  const BaoFunctions f;
  const auto fns = f.fns();
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const BaoGame game{Rules{v}};
    MStarSearch<BaoGame, BaoFn> plain(game, fns), with_table(game, fns);
    with_table.set_table(4);
    for (const Position& p : positions(v, 24, 21)) {
      SCOPED_TRACE(format_position(p));
      for (int depth : {4, 5}) {
        for (int n : {1, 3}) {
          SCOPED_TRACE("depth " + std::to_string(depth) + " levels " + std::to_string(n));
          const auto a = plain.mstar_1p(p, depth, n), b = with_table.mstar_1p(p, depth, n);
          ASSERT_EQ(a.value, b.value);
          ASSERT_EQ(a.value_op, b.value_op);
          ASSERT_EQ(a.best, b.best);
          EXPECT_LE(b.nodes, a.nodes);
          EXPECT_LE(b.leaf_evals(), a.leaf_evals());
        }
      }
    }
    EXPECT_GT(with_table.table_hits(), 0u);
  }
}

TEST(DdOmBao, TableForPlainKeepsTheValueAndHits) {
  const BaoFunctions f;
  const auto fns = f.fns();
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const BaoGame game{Rules{v}};
    DdOmSearch<BaoGame, BaoFn> plain(game, fns), with_table(game, fns);
    with_table.set_table(4);
    for (const Position& p : positions(v, 24, 22)) {
      SCOPED_TRACE(format_position(p));
      for (int depth : {4, 5}) {
        for (int d : {1, 2, depth - 1}) {
          SCOPED_TRACE("D " + std::to_string(depth) + " d " + std::to_string(d));
          const auto a = plain.ddom_plain(p, depth, d, 1), b = with_table.ddom_plain(p, depth, d, 1);
          ASSERT_EQ(a.value, b.value);
          ASSERT_EQ(a.best, b.best);
          EXPECT_LE(b.nodes, a.nodes);
          EXPECT_LE(b.leaf_evals(), a.leaf_evals());
        }
      }
    }
    EXPECT_GT(with_table.table_hits(), 0u);
  }
}

}  // namespace
}  // namespace bao::search
