// Monte-Carlo tree search (search/mcts.h) against the definitions by brute force on random
// trees: with its solver and a horizon at the leaves mcts proves the minimax value,
// om-mcts (tau = 0) OM's, prom-mcts PrOM's; without the solver the most visited move
// converges to theirs. Counter-tests: a backup with MIN's sign flipped, and MIN's model
// ignored, fail the same checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "brute_force.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/mcts.h"
#include "search/random_tree.h"

namespace bao::search {
namespace {

#define EXPECT_HAS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

using TreeMcts = Mcts<RandomTreeGame>;

MctsParams tree_params(std::uint64_t iterations) { return random_tree_params(iterations); }

MctsParams with_model(MctsParams p, std::vector<double> probs) {
  p.model = true;
  p.probs = std::move(probs);
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
    ASSERT_TRUE(r.solved) << "tree " << i << " iterations " << r.nodes << " pool " << r.pool_full << " nodes "
                          << r.tree_nodes << " w " << t.tp.wmin << "-" << t.tp.wmax << " d " << t.tp.depth;
    EXPECT_EQ(r.value, best_of(v)) << "tree " << i;
    EXPECT_EQ(v[static_cast<std::size_t>(r.best_index)], best_of(v)) << "tree " << i;
    most = std::max(most, r.nodes);
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
    ASSERT_TRUE(r.solved) << "tree " << i << " iterations " << r.nodes << " pool " << r.pool_full << " nodes "
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

// Bao: the registered searchers by name.

std::vector<std::pair<Position, int>> forced_wins() {
  std::vector<std::pair<Position, int>> out;
  std::istringstream in(read_text_file(std::string(BAO_TEST_DATA) + "/forced-wins.tsv"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("position")) continue;
    const auto tab = line.find('\t');
    out.emplace_back(parse_position(line.substr(0, tab), Variant::Kiswahili), std::stoi(line.substr(tab + 1)));
  }
  return out;
}

TEST(MctsBao, SolverProvesTheForcedWins) {
  const auto wins = forced_wins();
  ASSERT_GE(wins.size(), 30u);
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  const auto ab = models::make_searcher("alphabeta", rules, eval);
  for (const std::string spec : {"mcts", "om-mcts(model=material)"}) {
    const auto s = models::make_searcher(spec, rules, eval);
    for (const auto& [p, plies] : wins) {
      Limits l;
      l.nodes = 200000;
      const BaoResult r = s->search(p, l);
      ASSERT_TRUE(r.has_move);
      EXPECT_GT(r.value, kWin - kMaxPly) << spec << " " << format_position(p) << " (a win in " << plies << ")";
      // mcts's move keeps the win: after it the opponent loses, in the plies the value says
      // (not always the shortest win: MCTS-Solver proves a win, not the quickest). om-mcts
      // proves a win against its model's replies: its value is a win, as OM's value is
      // never below minimax's, but its move may count on the model.
      if (spec != "mcts") continue;
      const Position after = apply_move(p, r.best, rules);
      Limits d;
      d.depth = std::max(1, kWin - r.value - 1);
      const BaoResult reply = ab->search(after, d);
      EXPECT_TRUE(!reply.has_move || reply.value < -(kWin - kMaxPly))
          << spec << " " << format_position(p) << " value " << r.value << " reply " << reply.value << " at depth "
          << d.depth;
    }
  }
  // Without the solver the same budget proves nothing: the values are averages.
  const auto plain = models::make_searcher("mcts(solver=false)", rules, eval);
  int decisive = 0;
  Limits l;
  l.nodes = 20000;
  for (const auto& [p, plies] : wins) decisive += is_decisive(plain->search(p, l).value);
  EXPECT_EQ(decisive, 0);
}

TEST(MctsBao, SearchersByNameHonourTheirLimitsAndSeeds) {
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  const Position start = start_position(Variant::Kiswahili);
  for (const std::string spec : {"mcts", "mcts(alpha=0.5,bias=1)", "mcts(rollout=6,policy=greedy)",
                                 "om-mcts(model=material,tau=2,model_depth=2)", "prom-mcts(types=material:0.5)"}) {
    const auto s = models::make_searcher(spec, rules, eval);
    Limits l;
    l.nodes = 3000;
    const BaoResult a = s->search(start, l);
    const BaoResult b = models::make_searcher(spec, rules, eval)->search(start, l);
    ASSERT_TRUE(a.has_move) << spec;
    EXPECT_EQ(a.nodes, 3000u) << spec;  // nodes are iterations
    EXPECT_GT(a.positions, a.nodes / 2) << spec;
    EXPECT_EQ(a.best, b.best) << spec;
    EXPECT_EQ(a.value, b.value) << spec;
    EXPECT_EQ(a.positions, b.positions) << spec;
    ChildList ch;
    generate_children(start, rules, ch);
    EXPECT_TRUE(std::any_of(ch.begin(), ch.end(), [&](const Child& c) { return c.move == a.best; })) << spec;
    // A horizon: no node deeper than the depth limit.
    l.depth = 3;
    EXPECT_LE(s->search(start, l).depth, 3) << spec;
  }
  // Another seed, another search (the rollouts differ).
  Limits l;
  l.nodes = 2000;
  const auto s1 = models::make_searcher("mcts(rollout=8,seed=1)", rules, eval)->search(start, l);
  const auto s2 = models::make_searcher("mcts(rollout=8,seed=2)", rules, eval)->search(start, l);
  EXPECT_NE(s1.positions == s2.positions && s1.value == s2.value, true);
}

TEST(MctsBao, BadSpecsAndLimitsGiveClearErrors) {
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  const auto error = [&](const std::string& spec) {
    try {
      models::make_searcher(spec, rules, eval);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_HAS(error("mcts(c=-1)"), "c must be a number in [0, 100]");
  EXPECT_HAS(error("mcts(alpha=2)"), "alpha must be a number in [0, 1]");
  EXPECT_HAS(error("mcts(policy=smart)"), "policy must be random or greedy");
  EXPECT_HAS(error("om-mcts"), "model is required");
  EXPECT_HAS(error("om-mcts(model=material,tau=x)"), "tau must be a number");
  EXPECT_HAS(error("prom-mcts(types=material:1.5)"), "probability must be in [0, 1]");
  EXPECT_HAS(error("mcts(depth=3)"), "depth");
  const auto s = models::make_searcher("mcts", rules, eval);
  Limits depth_only;
  depth_only.depth = 4;
  try {
    s->check(depth_only);
    ADD_FAILURE() << "a depth alone was accepted";
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "needs an iteration budget");
  }
}

}  // namespace
}  // namespace bao::search
