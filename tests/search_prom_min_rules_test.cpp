// PrOM's rules at MIN nodes from Donkers' 2002 program (search/prom_min_rules.h) on
// hand-built trees: ties=first changes the value and the move exactly where a type has
// tied replies of different PrOM values, and takes the first in the game's order;
// decisive=exit ends a MIN node at the first decisive probe value, else at the first
// decisive child value in the types' order, and on game ends alone returns what the
// expectation does with fewer nodes; the defaults search as the definition does. On
// Bao: ties=first changes the move somewhere, decisive=exit nowhere, and the spec's
// refusals.
#include <gtest/gtest.h>

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/bao/notation.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "play/openings.h"
#include "search/prom.h"
#include "search/prom_min_rules.h"
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

TEST(PromMinRulesBao, RefusesUnknownValuesAndOtherSearchers) {
  const Position p = play::random_opening(kRules, 1, 0, 4, 8);
  const std::string ties = test::input_error_of([&] { run("prom-beta(types=donkers-material:0.5,ties=last)", p, 2); });
  EXPECT_NE(ties.find("ties expects pessimistic or first, found 'last'"), std::string::npos) << ties;
  const std::string decisive =
      test::input_error_of([&] { run("prom-beta(types=donkers-material:0.5,decisive=stop)", p, 2); });
  EXPECT_NE(decisive.find("decisive expects expect or exit, found 'stop'"), std::string::npos) << decisive;
  const std::string plain =
      test::input_error_of([&] { run("prom-plain(types=donkers-material:0.5,ties=first)", p, 2); });
  EXPECT_NE(plain.find("ties"), std::string::npos) << plain;
}

}  // namespace
}  // namespace bao::search
