// The random-tree experiments (experiments/trees_grid.h, experiments/tree_games.h):
// the same numbers for any thread count, bad grids refused.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/error.h"
#include "experiments/tree_games.h"
#include "experiments/tree_searchers.h"
#include "experiments/trees_grid.h"
#include "search/random_tree.h"

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
    if (r.searcher == "om-plain") {
      EXPECT_GT(r.ratio_to_alphabeta, 1.0) << "OM costs a multiple of alpha-beta";
    }
  }
  // A different seed gives different trees.
  spec.seed = 2;
  EXPECT_NE(trees_csv(run_trees_grid(spec)), one);
}

// Every parameter a tree search reads reaches the search from the spec: set two ways, it
// changes the move, value or cost on some of 40 trees. A spec with parameters is read
// against the searcher's schema; one a tree search does not read is refused.
TEST(TreeSearchers, SpecParametersReachTheSearch) {
  const auto differ = [](const std::string& a_spec, const std::string& b_spec, int depth) {
    int n = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      search::TreeParams p;
      p.wmin = p.wmax = 3;
      p.depth = depth;
      p.seed = seed;
      const search::RandomTreeGame g(p);
      const std::vector<search::TreeEval> fns{{&g, 0}, {&g, 1}};
      TreeSearchArgs a;
      a.depth = depth;
      a.model = 1;
      a.bound = 100;
      const auto x = run_tree_searcher(a_spec, g, fns, a), y = run_tree_searcher(b_spec, g, fns, a);
      n += x.best_index != y.best_index || x.value != y.value || x.nodes != y.nodes;
    }
    return n;
  };
  EXPECT_GT(differ("safe-om(eps=0)", "safe-om(eps=1000)", 4), 0);
  EXPECT_GT(differ("robust-om(w=0)", "robust-om(w=1)", 4), 0);
  EXPECT_GT(differ("ddom-plain(model_depth=1)", "ddom-plain(model_depth=3)", 4), 0);
  EXPECT_GT(differ("mcts(iterations=30)", "mcts(iterations=3000)", 6), 0);
  EXPECT_GT(differ("om-mcts(model_depth=1,iterations=300)", "om-mcts(iterations=300)", 4), 0);
  EXPECT_EQ(differ("robust-om(w=0)", "robust-om(w=0.0)", 4), 0);  // the same value written two ways
  search::TreeParams p;
  const search::RandomTreeGame g(p);
  const std::vector<search::TreeEval> fns{{&g, 0}, {&g, 1}};
  TreeSearchArgs a;
  a.depth = 2;
  a.model = 1;
  EXPECT_THROW(run_tree_searcher("om-beta(horizon=3)", g, fns, a), InputError);  // not read on trees
  EXPECT_THROW(run_tree_searcher("safe-om(epsilon=1)", g, fns, a), InputError);  // not in the schema
  EXPECT_THROW(run_tree_searcher("robust-om(w=2)", g, fns, a), InputError);      // out of range
  EXPECT_EQ(tree_refusal("safe-om(eps=5)"), "");
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
  // Empty lists: no row to compute, said so rather than an empty result or a message
  // about --max-leaves.
  auto message = [&] {
    try {
      run_trees_grid(spec);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  spec.widths = {{2, 2}};
  spec.bounds = {};
  EXPECT_EQ(message(), "the grid has no cell: give at least one width, depth and bound");
  spec.bounds = {10};
  spec.searchers = {};
  EXPECT_EQ(message(), "--searchers: give at least one searcher");
  spec.searchers = {"om-plain"};
  spec.threads = 100000;
  EXPECT_EQ(message(), "--threads: expected 0 (all cores) to 1024, found 100000");
}

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
  // A tree too large to search (16^12 leaves) is refused at once, not searched for days.
  try {
    run_tree_games(TreeGamesSpec{16, 12, 10});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--width 16 --depth 12: more than 16777216 leaves"), std::string::npos)
        << e.what();
  }
  spec.prom_own = std::nan("");
  EXPECT_THROW(run_tree_games(spec), InputError);
  spec.prom_own = 0.5;
  spec.opp_noise = {};
  EXPECT_THROW(run_tree_games(spec), InputError);
  spec.opp_noise = {0};
  spec.threads = 100000;
  EXPECT_THROW(run_tree_games(spec), InputError);
}

TEST(TreesGrid, ThreadsOptionLeavesTheProcessDefault) {
  // --threads sets the runs' own thread count, not the process's OpenMP default that
  // later runs (tournaments, tuners) start from.
  const int before = omp_get_max_threads();
  TreesGridSpec grid;
  grid.widths = {{2, 2}};
  grid.depths = {2};
  grid.bounds = {10};
  grid.trees = 2;
  grid.searchers = {"om-plain"};
  grid.threads = before + 1;
  run_trees_grid(grid);
  EXPECT_EQ(omp_get_max_threads(), before);
  TreeGamesSpec games;
  games.width = 2;
  games.depth = 2;
  games.trees = 2;
  games.own_noise = games.opp_noise = {0};
  games.threads = before + 1;
  run_tree_games(games);
  EXPECT_EQ(omp_get_max_threads(), before);
}

}  // namespace
}  // namespace bao::experiments
