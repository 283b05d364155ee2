// The random-tree experiments (experiments/trees_grid.h, experiments/tree_games.h): the
// same numbers for any thread count, bad grids refused; the trees as a registered game
// (search/random_tree_traits.h) reading every searcher parameter from the spec and
// searching as the algorithms do when called directly.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/error.h"
#include "experiments/tree_games.h"
#include "experiments/tree_searchers.h"
#include "experiments/trees_grid.h"
#include "models/games.h"
#include "search/ddom.h"
#include "search/mstar.h"
#include "search/om.h"
#include "search/prom.h"
#include "search/random_tree.h"
#include "search/safe_om.h"

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

// The trees as a registered game: each searcher of `spec` (filled with the experiments'
// defaults for a tree of `types` functions and bound 100) on 40 trees of width 3 and
// depth `depth`; how many of them give another move, value or node count under a_spec
// than under b_spec.
int differ(const std::string& a_spec, const std::string& b_spec, int depth, int types = 2, int bound = 100) {
  int n = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    search::TreeParams p;
    p.wmin = p.wmax = 3;
    p.depth = depth;
    p.seed = seed;
    p.types = types;
    p.bound = bound;
    const auto g = models::make_game(tree_game_spec(p));
    const TreeSearchDefaults d{.types = types, .model = 1, .probs = {}, .bound = bound, .depth = depth};
    const auto x = search_tree(*g, tree_searcher_spec(a_spec, d), "v0", depth);
    const auto y = search_tree(*g, tree_searcher_spec(b_spec, d), "v0", depth);
    n += x.best != y.best || x.value_exact != y.value_exact || x.nodes != y.nodes;
  }
  return n;
}

// Every parameter a tree search reads reaches the search from the spec: set two ways, it
// changes the move, value or cost on some of 40 trees. A spec with parameters is read
// against the searcher's schema; one a tree search does not read is refused.
TEST(TreeSearchers, SpecParametersReachTheSearch) {
  EXPECT_GT(differ("safe-om(eps=0)", "safe-om(eps=1000)", 4), 0);
  EXPECT_GT(differ("robust-om(w=0)", "robust-om(w=1)", 4), 0);
  EXPECT_GT(differ("robust-om(w=0.5,pruned=true)", "robust-om(w=0.5,pruned=false)", 4), 0);
  EXPECT_GT(differ("ddom-plain(model_depth=1)", "ddom-plain(model_depth=3)", 4), 0);
  EXPECT_GT(differ("mcts(iterations=30)", "mcts(iterations=3000)", 6), 0);
  EXPECT_GT(differ("om-mcts(model_depth=1,iterations=300)", "om-mcts(iterations=300)", 4), 0);
  EXPECT_GT(differ("om-bounded(bound=10)", "om-bounded(bound=1000)", 4, 2, 10), 0);
  EXPECT_GT(differ("sp-prom(bound=10)", "sp-prom(bound=1000)", 4, 2, 10), 0);
  EXPECT_GT(differ("mstar-ab(bound=10)", "mstar-ab(bound=1000)", 4, 2, 10), 0);
  // The levels of M*: one per model.
  EXPECT_GT(differ("mstar-1p(models=v1)", "mstar-1p(models=v1+v2)", 4, 3), 0);
  EXPECT_GT(differ("om-beta(model=v1)", "om-beta(model=v2)", 4, 3), 0);
  EXPECT_GT(differ("prom-beta(types=v1:1,own=0)", "prom-beta(types=v1:0.2)", 4), 0);
  EXPECT_GT(differ("random(seed=1)", "random(seed=2)", 4), 0);
  EXPECT_EQ(differ("robust-om(w=0)", "robust-om(w=0.0)", 4), 0);  // the same value written two ways
  EXPECT_EQ(differ("om-beta", "om-beta(model=v1)", 4), 0);        // the experiments' model is V1
  const auto g = models::make_game("trees(depth=2)");
  const auto refused = [&](const std::string& spec) {
    try {
      search_tree(*g, spec, "v0", 2);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refused("om-beta(model=v1,horizon=3)").find("not read on random trees"), std::string::npos);
  EXPECT_NE(refused("safe-om(model=v1,eps=1,epsilon=1)").find("epsilon"), std::string::npos);  // not in the schema
  EXPECT_NE(refused("robust-om(model=v1,w=2)").find("w must be a number in [0, 1]"), std::string::npos);
  EXPECT_NE(refused("safe-om(model=v1)").find("eps is required"), std::string::npos);
  EXPECT_NE(refused("om-beta(model=v7)").find("unknown evaluator 'v7'"), std::string::npos);
  EXPECT_NE(refused("root-om(model=v1)").find("does not run on random trees"), std::string::npos);
  EXPECT_EQ(tree_refusal("safe-om(eps=5)"), "");
}

// The registry's trees run the algorithms the thesis' experiments measured: each search
// gives the move, value, nodes and evaluations per function of the template called
// directly on the tree's functions V0, V1, V2.
TEST(TreeSearchers, TheRegistrysTreesSearchAsTheAlgorithms) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    search::TreeParams p;
    p.wmin = 2;
    p.wmax = 4;
    p.depth = 5;
    p.bound = 50;
    p.seed = seed;
    p.types = 3;
    const search::RandomTreeGame tree(p);
    const std::vector<search::TreeEval> fns{{&tree, 0}, {&tree, 1}, {&tree, 2}};
    const auto g = models::make_game(tree_game_spec(p));
    using Out = search::ModelResult<search::RandomTreeGame::Move>;
    const auto same = [&](const std::string& spec, const std::string& eval, const Out& want) {
      SCOPED_TRACE(spec + " seed " + std::to_string(seed));
      const search::AnyResult r = search_tree(*g, spec, eval, p.depth);
      ASSERT_TRUE(r.has_move);
      EXPECT_EQ(r.best, std::to_string(want.best));
      EXPECT_EQ(r.value_exact, want.value);
      EXPECT_EQ(r.value_op, want.value_op);
      EXPECT_EQ(r.nodes, want.nodes);
      for (int k = 0; k < 3; ++k)
        EXPECT_EQ(r.evals.at(static_cast<std::size_t>(k)), want.evals[static_cast<std::size_t>(k)]);
    };
    const auto root = tree.root();
    search::OmSearch<search::RandomTreeGame> om(tree, fns);
    same("alphabeta", "v0", om.alphabeta(root, 5, 0));
    same("minimax", "v0", om.minimax(root, 5, 0));
    same("om-beta(model=v2)", "v0", om.om_beta(root, 5, 2));
    same("om-bounded(model=v1,bound=50)", "v0", om.om_bounded(root, 5, 1, 50));
    const std::vector<double> probs{0.2, 0.5, 0.3};
    same("prom-beta(types=v1:0.5+v2:0.3,own=0.2)", "v0",
         search::PromSearch<search::RandomTreeGame>(tree, fns).prom_beta(root, 5, probs));
    same("safe-om(model=v1,eps=20)", "v0",
         search::SafeOmSearch<search::RandomTreeGame>(tree, fns).safe_om(root, 5, 1, 20));
    same("mstar-ab(models=v1+v2,bound=50)", "v0",
         search::MStarSearch<search::RandomTreeGame>(tree, fns).mstar_ab(root, 5, 2, 100));
    same("ddom-ab(model=v1,model_depth=2)", "v0",
         search::DdOmSearch<search::RandomTreeGame>(tree, fns).ddom_ab(root, 5, 2, 1));
  }
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
