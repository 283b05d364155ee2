// PrOM's rules at MIN nodes from Donkers' 2002 program (search/prom_min_rules.h) on
// hand-built trees: ties=first changes the value and the move exactly where a type has
// tied replies of different PrOM values, and takes the first in the game's order;
// decisive=exit ends a MIN node at the first decisive probe value, else at the first
// decisive child value in the types' order, and on game ends alone returns what the
// expectation does with fewer nodes; probe_fail=bound predicts a failed probe's lowest
// fail-soft bound where the default repeats the probe and finds the type's best reply,
// and no probe of prom_beta fails; the defaults search as the definition does. On Bao:
// ties=first changes the move somewhere, decisive=exit and probe_fail=bound nowhere (in
// games of his design no probe fails), and the spec's refusals.
#include <gtest/gtest.h>

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "brute_force.h"
#include "engine/bao/notation.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "play/openings.h"
#include "search/bao_game.h"
#include "search/prom.h"
#include "search/prom_min_rules.h"
#include "search/random_tree.h"
#include "search/score.h"
#include "search/searcher.h"

namespace bao::search {
namespace {

// A game tree written out node by node: node 0 is the root, MAX (side 0) moves at even
// plies; a node with a winner is a finished game; a node without children is a leaf
// scored by its values, one per function.
struct HandNode {
  std::vector<int> kids;
  std::array<int, 2> value{};  // V0, then the opponent type's function
  int ply = 0;
  int winner = -1;
};

struct HandTree;

struct HandEval {
  const HandTree* tree;
  int k;
  int operator()(const int& s, int max_side) const;
};

struct HandChild {
  std::uint8_t move;
  int pos;
};

struct HandTree {
  using State = int;
  using Move = std::uint8_t;
  using Eval = HandEval;
  using Child = HandChild;
  using Children = boost::container::static_vector<HandChild, 4>;
  static constexpr int kMoveIndexes = 4;

  std::vector<HandNode> nodes;

  // Adds a node below `parent` (-1: the root) and returns its index.
  int add(int parent, std::array<int, 2> value = {}, int winner = -1) {
    HandNode n;
    n.value = value;
    n.winner = winner;
    if (parent >= 0) {
      n.ply = nodes[static_cast<std::size_t>(parent)].ply + 1;
      nodes[static_cast<std::size_t>(parent)].kids.push_back(static_cast<int>(nodes.size()));
    }
    nodes.push_back(n);
    return static_cast<int>(nodes.size()) - 1;
  }
  const HandNode& at(int s) const { return nodes[static_cast<std::size_t>(s)]; }

  void children(const State& s, Children& out) const {
    out.clear();
    if (at(s).winner >= 0) return;
    for (std::size_t j = 0; j < at(s).kids.size(); ++j)
      out.push_back(HandChild{static_cast<std::uint8_t>(j), at(s).kids[j]});
  }
  int side_to_move(const State& s) const { return at(s).ply & 1; }
  std::uint64_t hash(const State& s) const { return static_cast<std::uint64_t>(s) + 1; }
  int quick_winner(const State& s) const { return at(s).winner; }
  int winner(const State& s) const { return at(s).winner; }
  int move_index(const Move& m) const { return m; }
  int order_hint(const State&, const Child&) const { return 0; }
};

int HandEval::operator()(const int& s, int) const { return tree->at(s).value[static_cast<std::size_t>(k)]; }

using HandProm = PromSearch<HandTree>;

// prom_beta over V0 and the type's function, 0.5 each, to `depth`, with `rules`.
ModelResult<std::uint8_t> prom(const HandTree& t, const PromMinRules& rules, int depth = 2, bool set = true) {
  HandProm s(t, {HandEval{&t, 0}, HandEval{&t, 1}});
  if (set) s.set_min_rules(rules);
  return s.prom_beta(0, depth, {0.5, 0.5});
}

const PromMinRules kDefault{};
const PromMinRules kFirst{PromTies::First, PromDecisive::Expect};
const PromMinRules kExit{PromTies::Pessimistic, PromDecisive::Exit};

// Root MAX with two MIN children. A: leaves a1 {V0 10, type 5} and a2 {V0 2, type 5}, so
// the type is indifferent between them and V0 predicts a2; B: one leaf {4, 4}.
// Pessimistic: the type predicts a2 (PrOM 2), A = 2, MAX plays B (4). First: the type
// predicts a1 (the first in the game's order), A = (2 + 10) / 2 = 6, MAX plays A.
HandTree tied_tree(bool worse_first) {
  HandTree t;
  t.add(-1);
  const int a = t.add(0), b = t.add(0);
  if (worse_first) {
    t.add(a, {2, 5});
    t.add(a, {10, 5});
  } else {
    t.add(a, {10, 5});
    t.add(a, {2, 5});
  }
  t.add(b, {4, 4});
  return t;
}

TEST(PromMinRules, TiesFirstTakesTheFirstTiedReplyWherePessimisticTakesTheWorst) {
  const HandTree t = tied_tree(false);
  const auto pess = prom(t, kDefault), first = prom(t, kFirst);
  EXPECT_EQ(pess.value, 4);
  EXPECT_EQ(pess.best_index, 1);
  EXPECT_EQ(first.value, 6);
  EXPECT_EQ(first.best_index, 0);
  // The default is the definition's rule: the same as a search never given rules.
  const auto unset = prom(t, kDefault, 2, false);
  EXPECT_EQ(unset.value, pess.value);
  EXPECT_EQ(unset.best_index, pess.best_index);
  EXPECT_EQ(unset.nodes, pess.nodes);
}

TEST(PromMinRules, TiesFirstFollowsTheGamesOrderAndChangesNothingWithoutTies) {
  // With the worse reply first, the first of equals is the pessimistic one.
  const HandTree t = tied_tree(true);
  const auto pess = prom(t, kDefault), first = prom(t, kFirst);
  EXPECT_EQ(first.value, pess.value);
  EXPECT_EQ(first.best_index, pess.best_index);
  EXPECT_EQ(first.value, 4);
  // Without a tie (a1's type value 6 above a2's 5) both rules predict a2.
  HandTree u = tied_tree(false);
  u.nodes[3].value[1] = 6;
  EXPECT_EQ(prom(u, kFirst).value, prom(u, kDefault).value);
  EXPECT_EQ(prom(u, kFirst).best_index, 1);
}

// Root MAX with MIN children A and B. A: a1 {V0 3, type 8} and a2, a finished game that
// MIN (side 1) has won, 2 plies from the root; B: one leaf {1, 1}.
TEST(PromMinRules, DecisiveExitOnGameEndsReturnsTheExpectationWithFewerNodes) {
  HandTree t;
  t.add(-1);
  const int a = t.add(0), b = t.add(0);
  t.add(a, {3, 8});
  t.add(a, {}, 1);
  t.add(b, {1, 1});
  const auto expect = prom(t, kDefault), exit = prom(t, kExit);
  EXPECT_EQ(expect.value, 1);  // A is a loss for MAX under every type: MAX plays B
  EXPECT_EQ(exit.value, expect.value);
  EXPECT_EQ(exit.best_index, expect.best_index);
  EXPECT_EQ(exit.best_index, 1);
  EXPECT_LT(exit.nodes, expect.nodes);  // A's predicted child is not searched again
}

// A function that scores a leaf in the decisive range stands in for a forced result that
// no search of the tree's own depth finds (his program's table entries of deeper searches
// can bring one): the rule then changes the value where the expectation would average.
TEST(PromMinRules, DecisiveExitEndsTheNodeAtTheFirstDecisiveProbeValue) {
  HandTree t;
  t.add(-1);
  const int a = t.add(0), b = t.add(0);
  const int forced_loss = -(kWin - 5);
  t.add(a, {10, forced_loss});  // the type predicts a1 and sees a forced loss for MAX
  t.add(a, {4, 7});             // V0 predicts a2
  t.add(b, {5, 5});
  const auto expect = prom(t, kDefault), exit = prom(t, kExit);
  EXPECT_EQ(expect.value, 7);  // A = (4 + 10) / 2 = 7 > B = 5
  EXPECT_EQ(expect.best_index, 0);
  EXPECT_EQ(exit.value, 5);  // A = the type's probe value, a forced loss: MAX plays B
  EXPECT_EQ(exit.best_index, 1);
}

TEST(PromMinRules, DecisiveExitEndsTheNodeAtTheFirstDecisiveChildInTheTypesOrder) {
  // A: a1 {V0 a forced win (kWin - 5), type 1} and a2 {V0 3, type 6}: no probe value is
  // decisive (V0's lowest is 3, the type's 1); V0 predicts a2, the type a1. The children
  // are searched in that order, a2 (3), then a1, whose PrOM value is decisive.
  HandTree t;
  t.add(-1);
  const int a = t.add(0), b = t.add(0);
  const int forced_win = kWin - 5;
  t.add(a, {forced_win, 1});
  t.add(a, {3, 6});
  t.add(b, {5, 5});
  const auto expect = prom(t, kDefault), exit = prom(t, kExit);
  EXPECT_DOUBLE_EQ(expect.value, 0.5 * 3 + 0.5 * forced_win);
  EXPECT_EQ(expect.best_index, 0);
  EXPECT_EQ(exit.value, forced_win);
  EXPECT_EQ(exit.best_index, 0);
  // With the decisive child predicted by V0 (the first type) it is the first searched.
  t.nodes[3].value = {3, 6};
  t.nodes[4].value = {forced_win - 1, 1};
  EXPECT_EQ(prom(t, kExit).value, forced_win - 1);
}

// ModelSearch::probe_min at a MIN node of a hand-built tree: type k's value and the
// children it predicts, with the window (-inf, bound).
class HandProbe : public ModelSearch<HandTree> {
 public:
  using ModelSearch<HandTree>::ModelSearch;
  struct Out {
    int value;
    std::vector<int> predicted;
  };
  Out probe(int min_node, int k, int bound, bool keep_bound) {
    max_side_ = 0;
    HandTree::Children ch;
    game_.children(min_node, ch);
    Ties ties;
    Out o{probe_min(k, ch, 1, game_.at(min_node).ply + 1, ties, -kInfinity, bound, keep_bound), {}};
    for (int j = 0; j < ties.n; ++j) o.predicted.push_back(ties.index[static_cast<std::size_t>(j)]);
    return o;
  }
};

// Root MAX, one MIN child m with MAX children c1 and c2, each with two leaves; the
// type's values c1 {first, 20} (value 20) and c2 {8, 7} (value 8): its best reply is c2.
HandTree probe_tree(int first) {
  HandTree t;
  t.add(-1);
  const int m = t.add(0);
  const int c1 = t.add(m), c2 = t.add(m);
  t.add(c1, {0, first});
  t.add(c1, {0, 20});
  t.add(c2, {0, 8});
  t.add(c2, {0, 7});
  return t;
}

TEST(PromMinRules, ProbeFailBoundKeepsTheLowestBoundWhereRepeatFindsTheBestReply) {
  // The promise "below 4" is broken: against (-inf, 4) c1 fails high at its first leaf
  // with the bound 5, c2 at its first with 8. Repeated with the full window the probe
  // finds c2 (8); his rule keeps c1, the lower bound, with the value 5.
  const HandTree t = probe_tree(5);
  HandProbe s(t, {HandEval{&t, 0}, HandEval{&t, 1}});
  const auto repeat = s.probe(1, 1, 4, false);
  EXPECT_EQ(repeat.value, 8);
  EXPECT_EQ(repeat.predicted, std::vector<int>{1});
  EXPECT_EQ(s.probe_failures(), 1u);
  const auto bound = s.probe(1, 1, 4, true);
  EXPECT_EQ(bound.value, 5);
  EXPECT_EQ(bound.predicted, std::vector<int>{0});
  EXPECT_EQ(s.probe_failures(), 2u);
  // Where the window holds the type's value nothing fails and the rules agree.
  for (bool keep : {false, true}) {
    const auto held = s.probe(1, 1, 9, keep);
    EXPECT_EQ(held.value, 8);
    EXPECT_EQ(held.predicted, std::vector<int>{1});
  }
  EXPECT_EQ(s.probe_failures(), 2u);
  EXPECT_EQ(s.probes(), 4u);
}

TEST(PromMinRules, ProbeFailBoundTakesTheFirstOfEqualBounds) {
  // c1's bound is 8, c2's too: the first in the game's order is kept, though c2 (value
  // 8) is the type's best reply and c1's value is 20.
  const HandTree t = probe_tree(8);
  HandProbe s(t, {HandEval{&t, 0}, HandEval{&t, 1}});
  const auto bound = s.probe(1, 1, 4, true);
  EXPECT_EQ(bound.value, 8);
  EXPECT_EQ(bound.predicted, std::vector<int>{0});
  EXPECT_EQ(s.probe(1, 1, 4, false).predicted, std::vector<int>{1});
}

TEST(PromMinRules, NoProbeOfPromBetaFailsSoProbeFailBoundChangesNothing) {
  // A type's value at a MIN node is at most its value at the MAX node above, which set
  // the bound (that value + 1): the window always holds it. Every tree above, both
  // rules, alone and with the other rules.
  const PromMinRules bound{PromTies::Pessimistic, PromDecisive::Expect, PromProbeFail::Bound};
  const PromMinRules all_his{PromTies::First, PromDecisive::Exit, PromProbeFail::Bound};
  const PromMinRules his_two{PromTies::First, PromDecisive::Exit, PromProbeFail::Repeat};
  for (const HandTree& t : {tied_tree(false), tied_tree(true), probe_tree(5), probe_tree(8)}) {
    for (int depth : {2, 3}) {
      for (const auto& [rules, base] : {std::pair{bound, kDefault}, std::pair{all_his, his_two}}) {
        HandProm a(t, {HandEval{&t, 0}, HandEval{&t, 1}}), b(t, {HandEval{&t, 0}, HandEval{&t, 1}});
        a.set_min_rules(rules);
        b.set_min_rules(base);
        const auto x = a.prom_beta(0, depth, {0.5, 0.5}), y = b.prom_beta(0, depth, {0.5, 0.5});
        EXPECT_EQ(x.value, y.value);
        EXPECT_EQ(x.best_index, y.best_index);
        EXPECT_EQ(x.nodes, y.nodes);
        EXPECT_EQ(a.probe_failures(), 0u);
        EXPECT_GT(a.probes(), 0u);
      }
    }
  }
  // Random trees of depth 2 to 8 with three functions: deep beta-passing, every mixture.
  std::uint64_t probes = 0;
  for (int i = 0; i < 300; ++i) {
    const RandomTreeGame g(tree_shape(i, 1000, 11));
    const auto fns = tree_functions(g, 3);
    PromSearch<RandomTreeGame> a(g, fns), b(g, fns);
    a.set_min_rules(bound);
    for (const std::vector<double>& mix : {std::vector<double>{0.5, 0.5, 0.0}, {0.2, 0.3, 0.5}, {0.0, 0.8, 0.2}}) {
      const auto x = a.prom_beta(g.root(), g.params().depth, mix), y = b.prom_beta(g.root(), g.params().depth, mix);
      ASSERT_EQ(x.value, y.value) << "tree " << i;
      ASSERT_EQ(x.best_index, y.best_index) << "tree " << i;
      ASSERT_EQ(x.nodes, y.nodes) << "tree " << i;
    }
    ASSERT_EQ(a.probe_failures(), 0u) << "tree " << i;
    probes += a.probes();
  }
  EXPECT_GT(probes, 10000u);
}

// ---- on Bao, through the registry ----------------------------------------------------

const Rules kRules{};

BaoResult run(const std::string& spec, const Position& p, int depth) {
  return models::make_searcher(spec, kRules, models::make_evaluator("donkers-default"))->search(p, Limits{depth, 0, 0});
}

TEST(PromMinRulesBao, TiesFirstChangesTheMoveOnSomePositionDecisiveExitOnNone) {
  // Decisive values in PrOM on Bao come from game ends alone, which every type sees alike
  // and which PrOM's value then equals: the exit returns the expectation's value.
  int ties_changed = -1, n = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Position p = play::random_opening(kRules, seed, 0, 4, 8);
    const std::string base = "prom-beta(types=donkers-material:0.5,tt_mb=1";
    const BaoResult pess = run(base + ")", p, 4);
    const BaoResult exit = run(base + ",decisive=exit)", p, 4);
    EXPECT_EQ(exit.best, pess.best) << format_position(p);
    EXPECT_EQ(exit.value, pess.value) << format_position(p);
    const BaoResult named = run(base + ",ties=pessimistic,decisive=expect)", p, 4);
    EXPECT_EQ(named.best, pess.best);
    EXPECT_EQ(named.nodes, pess.nodes);
    if (ties_changed < 0 && run(base + ",ties=first)", p, 4).best != pess.best) ties_changed = static_cast<int>(seed);
    ++n;
  }
  EXPECT_EQ(n, 40);
  EXPECT_GT(ties_changed, 0) << "ties=first chose the pessimistic rule's move on every position";
}

TEST(PromMinRulesBao, ProbeFailBoundChangesNoMoveValueOrNodeCount) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Position p = play::random_opening(kRules, seed, 0, 4, 8);
    for (const std::string rules : {"", ",ties=first,decisive=exit"}) {
      const std::string base = "prom-beta(types=donkers-material:0.2,tt_mb=1" + rules;
      const BaoResult repeat = run(base + ")", p, 4);
      const BaoResult bound = run(base + ",probe_fail=bound)", p, 4);
      EXPECT_EQ(bound.best, repeat.best) << format_position(p);
      EXPECT_EQ(bound.value, repeat.value) << format_position(p);
      EXPECT_EQ(bound.nodes, repeat.nodes) << format_position(p);
      EXPECT_EQ(run(base + ",probe_fail=repeat)", p, 4).nodes, repeat.nodes);
    }
  }
}

// Games of hisevals' design (PrOM with his evaluators X and Y, types {X: 1 - q, Y: q},
// table and ordered probes as prom-beta's searcher, against alpha-beta(Y); depth 6; an
// opening of 4 to 8 plies): at every PrOM move of eight games, no probe fails. Prints
// the positions and probes counted.
TEST(PromMinRulesBao, NoProbeFailsInGamesOfHisDesign) {
  const std::array<std::pair<const char*, const char*>, 4> pairs = {{{"donkers-material", "donkers-default"},
                                                                     {"donkers-ga1", "donkers-tdl2b"},
                                                                     {"donkers-default", "donkers-ga3"},
                                                                     {"donkers-tdl2b", "donkers-material"}}};
  const BaoGame game{kRules};
  std::uint64_t positions = 0, probes = 0, failures = 0;
  int game_index = 0;
  for (const auto& [x, y] : pairs) {
    const auto ex = models::make_evaluator(x), ey = models::make_evaluator(y);
    const auto ab = models::make_searcher("alphabeta(tt_mb=4)", kRules, ey);
    for (double q : {0.5, 0.2}) {
      PromSearch<BaoGame> prom(game, {EvalFn{ex.get()}, EvalFn{ey.get()}});
      prom.set_table(4);
      prom.set_ordering(true);
      Position p = play::random_opening(kRules, 2029, static_cast<std::uint64_t>(game_index), 4, 8);
      const int prom_side = game_index++ % 2 == 0 ? p.side : 1 - p.side;
      ChildList ch;
      for (int ply = 0; ply < 300 && game.quick_winner(p) < 0; ++ply) {
        game.children(p, ch);
        if (ch.empty()) break;
        int pick = 0;
        if (p.side == prom_side) {
          pick = prom.prom_beta(p, 6, {1 - q, q}).best_index;
          ++positions;
        } else {
          const bao::Move m = ab->search(p, Limits{6, 0, 0}).best;
          while (pick < static_cast<int>(ch.size()) && !(ch[static_cast<std::size_t>(pick)].move == m)) ++pick;
        }
        ASSERT_LT(pick, static_cast<int>(ch.size())) << format_position(p);
        p = ch[static_cast<std::size_t>(pick)].pos;
      }
      probes += prom.probes();
      failures += prom.probe_failures();
    }
  }
  std::printf("PrOM positions %llu, probes %llu, failed %llu\n", static_cast<unsigned long long>(positions),
              static_cast<unsigned long long>(probes), static_cast<unsigned long long>(failures));
  EXPECT_GT(positions, 150u);
  EXPECT_GT(probes, positions);
  EXPECT_EQ(failures, 0u);
}

TEST(PromMinRulesBao, RefusesUnknownValuesAndOtherSearchers) {
  const Position p = play::random_opening(kRules, 1, 0, 4, 8);
  const std::string ties = test::input_error_of([&] { run("prom-beta(types=donkers-material:0.5,ties=last)", p, 2); });
  EXPECT_NE(ties.find("ties expects pessimistic or first, found 'last'"), std::string::npos) << ties;
  const std::string decisive =
      test::input_error_of([&] { run("prom-beta(types=donkers-material:0.5,decisive=stop)", p, 2); });
  EXPECT_NE(decisive.find("decisive expects expect or exit, found 'stop'"), std::string::npos) << decisive;
  const std::string probe_fail =
      test::input_error_of([&] { run("prom-beta(types=donkers-material:0.5,probe_fail=his)", p, 2); });
  EXPECT_NE(probe_fail.find("probe_fail expects repeat or bound, found 'his'"), std::string::npos) << probe_fail;
  const std::string plain =
      test::input_error_of([&] { run("prom-plain(types=donkers-material:0.5,ties=first)", p, 2); });
  EXPECT_NE(plain.find("ties"), std::string::npos) << plain;
}

}  // namespace
}  // namespace bao::search
