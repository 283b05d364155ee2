// Monte-Carlo tree search (search/mcts.h) against the definitions by brute force on random
// trees: with its solver and a horizon at the leaves mcts proves the minimax value,
// om-mcts (tau = 0) OM's, prom-mcts PrOM's; without the solver the most visited move
// converges to theirs. Counter-tests: a backup with MIN's sign flipped, and MIN's model
// ignored, fail the same checks.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "brute_force.h"
#include "search/mcts.h"
#include "search/random_tree.h"

namespace bao::search {
namespace {

using TreeMcts = Mcts<RandomTreeGame>;

// Trees values lie in [0, 1000]: centred at 500, a logistic unit of 100.
MctsParams tree_params(std::uint64_t iterations) {
  MctsParams p;
  p.center = 500;
  p.scale = 100;
  p.iterations = iterations;
  return p;
}

MctsParams with_model(MctsParams p, std::vector<double> probs) {
  p.model = true;
  p.probs = std::move(probs);
  p.model_depth = kMaxPly;  // to the leaves: the model's minimax value, as OM and PrOM use
  return p;
}

Limits horizon(int depth) {
  Limits l;
  l.depth = depth;
  return l;
}

// The brute-force value of each root child by `value`, and the best (MAX's choice).
template <class Value>
std::vector<double> child_values(const RandomTreeGame& g, Value&& value) {
  RandomTreeGame::Children ch;
  g.children(g.root(), ch);
  std::vector<double> out;
  for (const auto& c : ch) out.push_back(value(c.pos));
  return out;
}

double best_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

// The gap between the best and the second best root value (0 when two are best).
double margin(std::vector<double> v) {
  std::sort(v.begin(), v.end(), std::greater<>());
  return v.size() < 2 ? 1e9 : v[0] - v[1];
}

struct Case {
  TreeParams tp;
  RandomTreeGame g;
  std::vector<TreeEval> fns;
  explicit Case(int i, int bound = 100, int step = 100, int max_leaves = 4096)
      : tp(shape(i, bound, step, max_leaves)), g(tp), fns(tree_functions(g, 3)) {}
  static TreeParams shape(int i, int bound, int step, int max_leaves) {
    TreeParams tp = tree_shape(i, bound, 11, step);
    while (std::pow(tp.wmax, tp.depth) > max_leaves) --tp.depth;
    return tp;
  }
};

TEST(MctsTrees, SolverProvesTheMinimaxValueAndAMinimaxMove) {
  std::uint64_t most = 0;
  for (int i = 0; i < 300; ++i) {
    const Case t(i);
    const Brute<RandomTreeGame> brute{t.g, t.fns, 0};
    const auto v = child_values(t.g, [&](const TreeNode& c) { return brute.minimax(c, t.tp.depth - 1, 1, 0); });
    TreeMcts m(t.g, t.fns, tree_params(1'000'000));
    const auto r = m.search(t.g.root(), horizon(t.tp.depth));
    ASSERT_TRUE(r.solved) << "tree " << i << " iterations " << r.iterations << " pool " << r.pool_full << " nodes "
                          << r.tree_nodes << " w " << t.tp.wmin << "-" << t.tp.wmax << " d " << t.tp.depth;
    EXPECT_EQ(r.value, best_of(v)) << "tree " << i;
    EXPECT_EQ(v[static_cast<std::size_t>(r.best_index)], best_of(v)) << "tree " << i;
    most = std::max(most, r.iterations);
  }
  std::printf("most iterations to prove a tree: %llu\n", static_cast<unsigned long long>(most));
}

TEST(MctsTrees, SolverProvesOmAndPromValues) {
  for (int i = 0; i < 300; ++i) {
    const Case t(i, 100, i % 2 ? 3 : 100);  // a step of 3: ties common, the tie rule matters
    const Brute<RandomTreeGame> brute{t.g, t.fns, 0};
    const auto om = child_values(t.g, [&](const TreeNode& c) { return brute.om(c, t.tp.depth - 1, 1, 1); });
    TreeMcts m(t.g, t.fns, with_model(tree_params(1'000'000), {0, 1, 0}));
    const auto r = m.search(t.g.root(), horizon(t.tp.depth));
    ASSERT_TRUE(r.solved) << "tree " << i << " iterations " << r.iterations << " pool " << r.pool_full << " nodes "
                          << r.tree_nodes << " w " << t.tp.wmin << "-" << t.tp.wmax << " d " << t.tp.depth;
    EXPECT_EQ(r.value, best_of(om)) << "om, tree " << i;
    EXPECT_EQ(om[static_cast<std::size_t>(r.best_index)], best_of(om)) << "om, tree " << i;

    const std::vector<double> mix{0.25, 0.5, 0.25};
    const auto pr = child_values(t.g, [&](const TreeNode& c) { return brute.prom(c, t.tp.depth - 1, 1, mix); });
    TreeMcts mp(t.g, t.fns, with_model(tree_params(1'000'000), mix));
    const auto rp = mp.search(t.g.root(), horizon(t.tp.depth));
    ASSERT_TRUE(rp.solved) << "tree " << i;
    EXPECT_NEAR(rp.value, best_of(pr), 1e-6) << "prom, tree " << i;
    EXPECT_NEAR(pr[static_cast<std::size_t>(rp.best_index)], best_of(pr), 1e-6) << "prom, tree " << i;
  }
}

// Without the solver: the share of trees (with a clear best root move) where the most
// visited move is the definition's, for mcts (minimax) or om-mcts (OM).
struct Agreement {
  int trees = 0, agree = 0;
  double share() const { return trees ? static_cast<double>(agree) / trees : 0; }
};

Agreement visits_agree(bool om, MctsFault fault, std::uint64_t iterations) {
  Agreement a;
  for (int i = 0; a.trees < 200 && i < 2000; ++i) {
    const Case t(i, 100, 100, 256);
    const Brute<RandomTreeGame> brute{t.g, t.fns, 0};
    const auto v = child_values(t.g, [&](const TreeNode& c) {
      return om ? brute.om(c, t.tp.depth - 1, 1, 1) : brute.minimax(c, t.tp.depth - 1, 1, 0);
    });
    if (margin(v) < 30) continue;
    if (om) {  // only trees where OM's move is not minimax's tell a model from none
      const auto mm = child_values(t.g, [&](const TreeNode& c) { return brute.minimax(c, t.tp.depth - 1, 1, 0); });
      if (std::max_element(mm.begin(), mm.end()) - mm.begin() == std::max_element(v.begin(), v.end()) - v.begin())
        continue;
    }
    MctsParams p = tree_params(iterations);
    p.solver = false;
    p.fault = fault;
    if (om) p = with_model(p, {0, 1, 0});
    TreeMcts m(t.g, t.fns, p);
    const auto r = m.search(t.g.root(), horizon(t.tp.depth));
    ++a.trees;
    a.agree += v[static_cast<std::size_t>(r.best_index)] == best_of(v);
  }
  return a;
}

TEST(MctsTrees, MostVisitedMoveIsMinimaxAndFlippedSignIsNot) {
  const Agreement good = visits_agree(false, MctsFault::None, 20000);
  const Agreement flipped = visits_agree(false, MctsFault::FlipMinSign, 20000);
  std::printf("mcts: %d of %d trees agree with minimax; MIN's sign flipped: %d\n", good.agree, good.trees,
              flipped.agree);
  EXPECT_GE(good.trees, 150);
  EXPECT_GE(good.share(), 0.95);
  EXPECT_LE(flipped.share(), 0.75);
}

TEST(MctsTrees, OmMctsMostVisitedMoveIsOmsAndIgnoringTheModelIsNot) {
  const Agreement good = visits_agree(true, MctsFault::None, 20000);
  const Agreement ignored = visits_agree(true, MctsFault::IgnoreModel, 20000);
  std::printf("om-mcts: %d of %d trees agree with OM; model ignored: %d\n", good.agree, good.trees, ignored.agree);
  EXPECT_GE(good.trees, 50);
  EXPECT_GE(good.share(), 0.95);
  EXPECT_LE(ignored.share(), 0.25);
}

TEST(MctsTrees, SolverCounterTests) {
  // A flipped MIN sign and an ignored model are caught by the solver's values too.
  int flipped_wrong = 0, ignored_wrong = 0;
  for (int i = 0; i < 100; ++i) {
    const Case t(i);
    const Brute<RandomTreeGame> brute{t.g, t.fns, 0};
    const auto v = child_values(t.g, [&](const TreeNode& c) { return brute.minimax(c, t.tp.depth - 1, 1, 0); });
    MctsParams p = tree_params(1'000'000);
    p.fault = MctsFault::FlipMinSign;
    const auto r = TreeMcts(t.g, t.fns, p).search(t.g.root(), horizon(t.tp.depth));
    flipped_wrong += r.value != best_of(v);
    const auto om = child_values(t.g, [&](const TreeNode& c) { return brute.om(c, t.tp.depth - 1, 1, 1); });
    MctsParams q = with_model(tree_params(1'000'000), {0, 1, 0});
    q.fault = MctsFault::IgnoreModel;
    const auto ro = TreeMcts(t.g, t.fns, q).search(t.g.root(), horizon(t.tp.depth));
    ignored_wrong += ro.value != best_of(om);
  }
  EXPECT_GE(flipped_wrong, 50);
  EXPECT_GE(ignored_wrong, 30);
}

TEST(MctsTrees, SameSeedSameSearch) {
  const Case t(5);
  MctsParams p = tree_params(3000);
  p.solver = false;
  p.rollout = 3;
  const auto a = TreeMcts(t.g, t.fns, p).search(t.g.root(), horizon(t.tp.depth));
  const auto b = TreeMcts(t.g, t.fns, p).search(t.g.root(), horizon(t.tp.depth));
  EXPECT_EQ(a.best_index, b.best_index);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(a.positions, b.positions);
  EXPECT_EQ(a.pv.size(), b.pv.size());
  p.seed = 2;
  const auto c = TreeMcts(t.g, t.fns, p).search(t.g.root(), horizon(t.tp.depth));
  EXPECT_NE(a.value, c.value);  // the rollouts differ
}

TEST(MctsTrees, RefusesBadParameters) {
  const Case t(1);
  MctsParams p = tree_params(10);
  p.c = -1;
  EXPECT_THROW(TreeMcts(t.g, t.fns, p), InputError);
  EXPECT_THROW(TreeMcts(t.g, t.fns, with_model(tree_params(10), {0.5, 0.6, 0})), InputError);
  EXPECT_THROW(TreeMcts(t.g, t.fns, with_model(tree_params(10), {1})), InputError);
  TreeMcts m(t.g, t.fns, tree_params(0));
  EXPECT_THROW(m.search(t.g.root(), horizon(t.tp.depth)), InputError);  // no iteration or time limit
}

}  // namespace
}  // namespace bao::search
