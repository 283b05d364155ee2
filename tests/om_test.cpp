// Opponent-model search on random game trees and on Bao: the implementations agree with
// each other and with their definitions (docs/opponent-models.md).
#include "search/om.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "experiments/tree_games.h"
#include "experiments/trees_grid.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "search/random_tree.h"

namespace bao::search {
namespace {

using TreeSearch = OpponentSearch<RandomTreeGame>;

std::vector<TreeSearch::Fn> tree_functions(const RandomTreeGame& g, int types) {
  std::vector<TreeSearch::Fn> fns;
  for (int k = 0; k < types; ++k) fns.push_back([&g, k](const TreeNode& s, int) { return g.value(s, k); });
  return fns;
}

// Tree shapes: width 2..8 and depth 2..8 with at most ~4096 leaves, from the tree index.
TreeParams tree_shape(int i, int bound, std::uint64_t seed) {
  TreeParams p;
  const std::uint64_t h = tree_mix(seed * 1000003 + static_cast<std::uint64_t>(i));
  p.wmin = p.wmax = 2 + static_cast<int>(h % 7);
  int max_d = 2;
  for (int d = 2; d <= 8; ++d)
    if (std::pow(p.wmin, d) <= 4096) max_d = d;
  p.depth = 2 + static_cast<int>((h >> 8) % static_cast<std::uint64_t>(max_d - 1));
  if ((h >> 16) % 4 == 0) p.wmin = std::max(2, p.wmax - 3);  // some trees with ranged widths
  p.bound = bound;
  p.step = 100;
  p.seed = h;
  return p;
}

class OmTrees : public ::testing::TestWithParam<int> {};

TEST_P(OmTrees, ExactImplementationsAgreeAndReduceToMinimax) {
  const int bound = GetParam();
  int trees = 0, om_differs_from_minimax = 0;
  for (int i = 0; i < 1000; ++i) {
    const TreeParams tp = tree_shape(i, bound, 7);
    const RandomTreeGame g(tp);
    RandomTreeGame gg = g;
    TreeSearch s(gg, tree_functions(gg, 3));
    const TreeNode root = gg.root();
    const int d = tp.depth;
    SCOPED_TRACE("tree " + std::to_string(i) + " w " + std::to_string(tp.wmin) + ".." + std::to_string(tp.wmax) +
                 " d " + std::to_string(d));
    const auto mm0 = s.minimax(root, d, 0);
    const auto ab0 = s.alphabeta(root, d, 0);
    ASSERT_EQ(ab0.value, mm0.value);
    ASSERT_EQ(ab0.best_index, mm0.best_index);
    // All exact OM implementations: same root value (v0 and vop) and move.
    const auto plain = s.om_plain(root, d, 1);
    const auto beta = s.om_beta(root, d, 1);
    const auto probe = s.om_probe(root, d, 1);
    const auto bounded = s.om_bounded(root, d, 1, bound);
    for (const auto* o : {&beta, &probe, &bounded}) {
      ASSERT_EQ(o->value, plain.value);
      ASSERT_EQ(o->best_index, plain.best_index);
    }
    ASSERT_EQ(probe.value_op, plain.value_op);
    // vop is the minimax value under the model; v0 is never below minimax under V0.
    ASSERT_EQ(plain.value_op, s.minimax(root, d, 1).value);
    ASSERT_GE(plain.value, mm0.value);
    om_differs_from_minimax += plain.value != mm0.value;
    // The pruning versions never evaluate more than the plain recursion.
    ASSERT_LE(beta.leaf_evals(), plain.leaf_evals());
    ASSERT_LE(bounded.leaf_evals(), plain.leaf_evals());
    // OM with Vop = V0 is minimax.
    const auto self = s.om_plain(root, d, 0);
    ASSERT_EQ(self.value, mm0.value);
    ASSERT_EQ(self.best_index, mm0.best_index);
    ASSERT_EQ(s.om_probe(root, d, 0).value, mm0.value);
    // PrOM: Pr(w0) = 1 is minimax; Pr(w1) = 1 is OM with Vop = V1; the two PrOM
    // implementations agree, also on a real mixture.
    const auto p0 = s.prom_plain(root, d, {1.0, 0.0, 0.0});
    ASSERT_EQ(p0.value, mm0.value);
    ASSERT_EQ(p0.best_index, mm0.best_index);
    const auto p1 = s.prom_plain(root, d, {0.0, 1.0, 0.0});
    ASSERT_EQ(p1.value, plain.value);
    ASSERT_EQ(p1.best_index, plain.best_index);
    ASSERT_EQ(s.prom_beta(root, d, {0.0, 1.0, 0.0}).value, plain.value);
    for (const std::vector<double>& mix : {std::vector<double>{0.5, 0.5, 0.0}, {0.25, 0.5, 0.25}, {0.1, 0.0, 0.9}}) {
      const auto a = s.prom_plain(root, d, mix);
      const auto b = s.prom_beta(root, d, mix);
      ASSERT_EQ(a.value, b.value);
      ASSERT_EQ(a.best_index, b.best_index);
    }
    ++trees;
  }
  EXPECT_EQ(trees, 1000);
  EXPECT_GT(om_differs_from_minimax, 0) << "the model never mattered: the test would not see OM mistakes";
}

INSTANTIATE_TEST_SUITE_P(Bounds, OmTrees, ::testing::Values(10, 100, 500));

TEST(OmTrees, BrokenBoundIsDetected) {
  // Offsets up to 3B: om-bounded must refuse, never return a silently wrong value.
  int detected = 0;
  for (int i = 0; i < 50; ++i) {
    TreeParams tp = tree_shape(i, 20, 9);
    tp.spread = 3.0;
    RandomTreeGame g(tp);
    TreeSearch s(g, tree_functions(g, 2));
    try {
      s.om_bounded(g.root(), tp.depth, 1, tp.bound);
    } catch (const BoundViolation& e) {
      ++detected;
      EXPECT_NE(std::string(e.what()).find("bound B = 20"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(detected, 50);
}

TEST(OmTrees, HorizonBelowWhichAlphaBetaOnV0TakesOver) {
  for (int i = 0; i < 200; ++i) {
    const TreeParams tp = tree_shape(i, 100, 11);
    RandomTreeGame g(tp);
    TreeSearch s(g, tree_functions(g, 2));
    const auto mm = s.minimax(g.root(), tp.depth, 0);
    // A horizon at ply 1: every root child is searched with alpha-beta on V0: minimax.
    EXPECT_EQ(s.om_plain(g.root(), tp.depth, 1, 1).value, mm.value);
    EXPECT_EQ(s.om_beta(g.root(), tp.depth, 1, 1).value, mm.value);
    // A horizon beyond the tree changes nothing.
    EXPECT_EQ(s.om_beta(g.root(), tp.depth, 1, tp.depth + 1).value, s.om_plain(g.root(), tp.depth, 1).value);
  }
}

// ---- Bao ------------------------------------------------------------------------------

using BaoSearch = OpponentSearch<BaoGame>;

std::vector<Position> bao_positions(Variant v, int count, std::uint64_t seed) {
  Rules rules;
  rules.variant = v;
  std::vector<Position> out;
  std::uint64_t x = seed;
  while (static_cast<int>(out.size()) < count) {
    Position p = start_position(v);
    for (int ply = 0;; ++ply) {
      MoveList moves;
      generate_moves(p, rules, moves);
      if (moves.empty()) break;
      x = tree_mix(x + 1);
      if (ply % 7 == static_cast<int>(x % 7) && static_cast<int>(out.size()) < count) out.push_back(p);
      p = apply_move(p, moves[x % moves.size()], rules);
    }
  }
  return out;
}

// The definitions by brute force: full minimax of each function, then OM by its
// definition on top (MIN picks the lowest model value, ties the lowest v0, then first).
struct Brute {
  const BaoGame& g;
  const std::vector<BaoSearch::Fn>& fns;
  int max_side;
  int terminal(const Position& s, int ply) const {
    const int w = g.quick_winner(s);
    return terminal_score(w >= 0 ? w : g.winner(s), max_side, ply);
  }
  int minimax(const Position& s, int depth, int ply, int k) const {
    if (g.quick_winner(s) >= 0) return terminal(s, ply);
    if (depth == 0) return fns[k](s, max_side);
    ChildList ch;
    g.children(s, ch);
    if (ch.empty()) return terminal(s, ply);
    int best = s.side == max_side ? -kInfinity : kInfinity;
    for (const Child& c : ch) {
      const int v = minimax(c.pos, depth - 1, ply + 1, k);
      best = s.side == max_side ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
  // OM v0 of s with model m.
  int om(const Position& s, int depth, int ply, int m) const {
    if (g.quick_winner(s) >= 0) return terminal(s, ply);
    if (depth == 0) return fns[0](s, max_side);
    ChildList ch;
    g.children(s, ch);
    if (ch.empty()) return terminal(s, ply);
    if (s.side == max_side) {
      int best = -kInfinity;
      for (const Child& c : ch) best = std::max(best, om(c.pos, depth - 1, ply + 1, m));
      return best;
    }
    int pick_vop = kInfinity, pick_v0 = kInfinity;
    for (const Child& c : ch) {
      const int vop = minimax(c.pos, depth - 1, ply + 1, m);
      const int v0 = om(c.pos, depth - 1, ply + 1, m);
      if (vop < pick_vop || (vop == pick_vop && v0 < pick_v0)) {
        pick_vop = vop;
        pick_v0 = v0;
      }
    }
    return pick_v0;
  }
};

TEST(OmBao, SearchersReturnLegalMovesAndMatchTheDefinition) {
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const BaoGame game{Rules{v}};
    const models::DefaultEvaluator def;
    const models::MaterialEvaluator mat;
    const std::vector<BaoSearch::Fn> fns = {[&](const Position& p, int side) { return def.evaluate(p, side); },
                                            [&](const Position& p, int side) { return mat.evaluate(p, side) * 4; }};
    BaoSearch s(game, fns);
    BaoSearch with_table(game, fns);
    with_table.set_table(1);
    int checked = 0;
    for (const Position& p : bao_positions(v, 60, 3)) {
      SCOPED_TRACE(format_position(p));
      const Brute brute{game, fns, p.side};
      for (int depth : {1, 2, 3}) {
        const auto plain = s.om_plain(p, depth, 1);
        ASSERT_TRUE(plain.has_move);
        ASSERT_TRUE(is_legal(p, plain.best, game.rules));
        // The definition: the root value is the best child's OM value.
        ChildList ch;
        game.children(p, ch);
        int expect = -kInfinity;
        for (const Child& c : ch) expect = std::max(expect, brute.om(c.pos, depth - 1, 1, 1));
        ASSERT_EQ(plain.value, expect) << "depth " << depth;
        for (const auto& o : {s.om_beta(p, depth, 1), s.om_probe(p, depth, 1), with_table.om_beta(p, depth, 1)}) {
          ASSERT_EQ(o.value, plain.value);
          ASSERT_EQ(o.best, plain.best);
        }
        // PrOM: legal, and the two implementations agree; the pure types reduce.
        const auto a = s.prom_plain(p, depth, {0.5, 0.5});
        const auto b = s.prom_beta(p, depth, {0.5, 0.5});
        ASSERT_TRUE(is_legal(p, a.best, game.rules));
        ASSERT_EQ(a.value, b.value);
        ASSERT_EQ(a.best, b.best);
        ASSERT_EQ(s.prom_plain(p, depth, {0.0, 1.0}).value, plain.value);
        ASSERT_EQ(s.prom_beta(p, depth, {1.0, 0.0}).value, brute.minimax(p, depth, 0, 0));
      }
      ++checked;
    }
    EXPECT_EQ(checked, 60);
  }
}

TEST(OmBao, TableForFullDepthOmKeepsTheValueAndHits) {
  // Deeper searches meet transpositions; with the table om-beta returns what it returns
  // without one, and the table is used.
  const BaoGame game{Rules{Variant::Kujifunza}};
  const models::DefaultEvaluator def;
  const models::MaterialEvaluator mat;
  const std::vector<BaoSearch::Fn> fns = {[&](const Position& p, int side) { return def.evaluate(p, side); },
                                          [&](const Position& p, int side) { return mat.evaluate(p, side) * 4; }};
  BaoSearch plain(game, fns), with_table(game, fns);
  with_table.set_table(4);
  for (const Position& p : bao_positions(Variant::Kujifunza, 15, 8)) {
    const auto a = plain.om_beta(p, 5, 1);
    const auto b = with_table.om_beta(p, 5, 1);
    ASSERT_EQ(a.value, b.value) << format_position(p);
    ASSERT_EQ(a.best, b.best) << format_position(p);
    EXPECT_LE(b.nodes, a.nodes);
  }
  EXPECT_GT(with_table.table_hits(), 0u);
}

}  // namespace
}  // namespace bao::search

namespace bao::experiments {
namespace {

TEST(TreesGrid, SameNumbersWhateverTheThreadCountAndHeader) {
  TreesGridSpec spec;
  spec.widths = {{2, 2}, {3, 3}, {2, 4}};
  spec.depths = {2, 3, 4};
  spec.bounds = {10, 100};
  spec.trees = 30;
  spec.searchers = {"alphabeta", "om-plain", "om-beta", "om-probe", "om-bounded", "prom-plain", "prom-beta"};
  spec.threads = 1;
  const std::string one = trees_csv(run_trees_grid(spec));
  spec.threads = 2;
  const std::string two = trees_csv(run_trees_grid(spec));
  EXPECT_EQ(one, two);
  EXPECT_EQ(one.substr(0, one.find('\n')),
            "width,depth,bound,types,searcher,trees,leaf_evals_mean,leaf_evals_ci95,nodes_mean,ratio_to_alphabeta,"
            "agree_pct");
  // 3 widths x 3 depths x 2 bounds x 7 searchers rows, exact OM and PrOM agree everywhere.
  const auto rows = run_trees_grid(spec);
  EXPECT_EQ(rows.size(), 3u * 3 * 2 * 7);
  for (const auto& r : rows) {
    EXPECT_EQ(r.agree_pct, 100.0) << r.searcher;
    if (r.searcher == "alphabeta") {
      EXPECT_EQ(r.ratio_to_alphabeta, 1.0);
    }
    if (r.searcher == "om-plain") {
      EXPECT_GT(r.ratio_to_alphabeta, 1.0) << "OM costs a multiple of alpha-beta";
    }
  }
  // A different seed gives different trees.
  spec.seed = 2;
  EXPECT_NE(trees_csv(run_trees_grid(spec)), one);
}

TEST(TreesGrid, BadGridsAreRefused) {
  TreesGridSpec spec;
  spec.widths = {{2, 2}};
  spec.depths = {3};
  spec.bounds = {10};
  spec.searchers = {"om-fancy"};
  EXPECT_THROW(run_trees_grid(spec), InputError);
  spec.searchers = {"om-plain"};
  spec.types = 1;
  EXPECT_THROW(run_trees_grid(spec), InputError);
  spec.types = 2;
  spec.widths = {{0, 0}};
  EXPECT_THROW(run_trees_grid(spec), InputError);
}

}  // namespace
}  // namespace bao::experiments

namespace bao::models {
namespace {

TEST(OmRegistry, OpponentSearchersByNameOnBao) {
  const Rules rules;
  auto eval = make_evaluator("default");
  const Position p = start_position(Variant::Kiswahili);
  for (const char* spec :
       {"om-plain(model=material)", "om-beta(model=material,horizon=2)", "om-probe(model=material)",
        "root-om(model=material)", "root-om(model=material,model_depth=d,manage_risk=true)",
        "root-om(model=material,model_depth=2)", "root-om(model=material@2)", "prom-plain(types=material:0.5)",
        "prom-beta(types=material:0.25,own=0.75)", "alphabeta", "minimax"}) {
    auto s = models::make_searcher(spec, rules, eval);
    const auto r = s->search(p, search::Limits{3, 0, 0});
    EXPECT_TRUE(r.has_move) << spec;
    EXPECT_TRUE(is_legal(p, r.best, rules)) << spec;
    const auto again = s->search(p, search::Limits{3, 0, 0});
    EXPECT_EQ(again.best, r.best) << spec;
    EXPECT_EQ(again.nodes, r.nodes) << spec;
  }
  // Node limits: iterative deepening stops before an iteration that would not fit.
  auto s = models::make_searcher("om-beta(model=material)", rules, eval);
  const auto r = s->search(p, search::Limits{0, 2000, 0});
  EXPECT_TRUE(r.has_move);
  EXPECT_GE(r.depth, 1);
}

TEST(OmRegistry, BadSpecsGiveClearErrors) {
  const Rules rules;
  auto eval = make_evaluator("default");
  auto expect_error = [&](const char* spec, const char* needle) {
    try {
      models::make_searcher(spec, rules, eval);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_error("om-plain", "parameter model is required");
  expect_error("om-plain(model=strong)", "unknown evaluator 'strong'");
  expect_error("om-bounded(model=material)", "parameter bound is required");
  expect_error("om-probe(model=material,horizon=2)", "unknown parameter 'horizon'");
  expect_error("root-om(model=material,model_depth=deep)", "model_depth");
  expect_error("root-om(model=material@2,model_depth=3)", "depth once");
  expect_error("root-om(model=material@x)", "model_depth");
  expect_error("prom-plain(types=material)", "evaluator:probability");
  expect_error("prom-plain(types=material:0.5,own=0.7)", "sum to");
  expect_error("prom-beta(types=material:1.5)", "[0, 1]");
  expect_error("om-fancy", "known: minimax, alphabeta, om-plain");
}

}  // namespace
}  // namespace bao::models

namespace bao::experiments {
namespace {

TEST(TreeGames, DeterministicAndConsistent) {
  TreeGamesSpec spec;
  spec.width = 3;
  spec.depth = 4;
  spec.trees = 60;
  spec.own_noise = {0, 100};
  spec.opp_noise = {0, 100};
  spec.threads = 1;
  const auto one = run_tree_games(spec);
  spec.threads = 2;
  EXPECT_EQ(tree_games_csv(one), tree_games_csv(run_tree_games(spec)));
  ASSERT_EQ(one.size(), 2u * 2 * 2 * 3);
  for (const auto& r : one) {
    if (r.method == "minimax") {
      EXPECT_EQ(r.gain_mean, 0.0);
    }
    // Without noise every function is the truth: OM and PrOM play as minimax.
    if (r.own_noise == 0 && r.opp_noise == 0) {
      EXPECT_EQ(r.gain_mean, 0.0) << r.method;
    }
    // With a noiseless opponent a "wrong" model is the same function: no difference.
    if (r.opp_noise == 0) {
      for (const auto& q : one) {
        if (q.own_noise == r.own_noise && q.opp_noise == 0 && q.method == r.method) {
          EXPECT_EQ(q.true_mean, r.true_mean);
        }
      }
    }
  }
  EXPECT_THROW(run_tree_games(TreeGamesSpec{1, 4, 10}), InputError);
}

}  // namespace
}  // namespace bao::experiments
