// The generic path's searchers (search/generic_searchers.h) beyond what conformance checks:
// minimax and alpha-beta score leaves with the root side's function (RootView), which for
// Carmel and Markovitch's f, not zero-sum, is the minimax player MM (docs/checkers.md); and
// the model searchers under a node budget play the deepest search that ended within it.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "engine/checkers/board.h"
#include "engine/checkers/checkers_evaluators.h"
#include "engine/error.h"
#include "engine/random.h"
#include "models/all_searchers.h"
#include "models/games.h"

namespace bao {
namespace {

checkers::State state_of(const search::AnyState& a) {
  checkers::State s;
  std::memcpy(static_cast<void*>(&s), a.bytes.data(), sizeof s);
  return s;
}

// Negamax to `depth` with MM's view of f for `owner`; no position in the test ends the game
// within the depth (asserted).
int mm_value(const search::AnyGame& g, const search::AnyState& s, int depth, int owner) {
  const auto children = g.children(s);
  if (depth == 0) {
    const checkers::MinimaxView<checkers::CarmelF> view{checkers::CarmelF{}, owner};
    return view(state_of(s), g.side_to_move(s));
  }
  EXPECT_FALSE(children.empty());
  int best = -1000000;
  for (const auto& [text, child] : children) best = std::max(best, -mm_value(g, child, depth - 1, owner));
  return best;
}

TEST(GenericSearchers, MinimaxAndAlphaBetaScoreLeavesWithTheRootSidesFunction) {
  const auto g = models::make_game("checkers");
  SplitMix64 rng(44);
  for (int k = 0; k < 6; ++k) {
    search::AnyState s = g->start();
    for (int i = 0; i < 2 + k; ++i) {
      const auto ch = g->children(s);
      s = ch[rng.below(static_cast<std::uint32_t>(ch.size()))].second;
    }
    const int root = g->side_to_move(s);
    for (int depth = 1; depth <= 3; ++depth) {
      const int expected = mm_value(*g, s, depth, root);
      search::Limits l;
      l.depth = depth;
      for (const char* spec : {"minimax", "alphabeta", "alphabeta(tt_mb=0,ordering=false,pvs=false)"}) {
        const auto searcher = g->make_searcher(models::searchers(), spec, "f");
        EXPECT_EQ(searcher->search(s, l).value, expected) << spec << " depth " << depth << " at " << g->format_state(s);
      }
    }
  }
}

// root-om on checkers against its definition: each root move scored by MAX's own minimax
// (hand negamax with MM's view) after the reply the model's alpha-beta predicts.
TEST(GenericSearchers, RootOmScoresEachMoveAfterTheModelsReply) {
  const auto g = models::make_game("checkers");
  SplitMix64 rng(7);
  for (int k = 0; k < 4; ++k) {
    search::AnyState s = g->start();
    for (int i = 0; i < 3 + k; ++i) {
      const auto ch = g->children(s);
      s = ch[rng.below(static_cast<std::uint32_t>(ch.size()))].second;
    }
    const int max_side = g->side_to_move(s);
    for (const int d : {3, 4}) {
      const auto model = g->make_searcher(models::searchers(), "alphabeta(tt_mb=4)", "f");
      int best = -1000000;
      std::string best_move;
      for (const auto& [move, child] : g->children(s)) {
        search::Limits l;
        l.depth = d - 1;  // model_depth d-1
        const std::string reply = model->search(child, l).best;
        const search::AnyState after = g->apply(child, reply);
        // own_depth d-2, MAX to move after the reply.
        const int v = mm_value(*g, after, d - 2, max_side);
        if (v > best) best = v, best_move = move;
      }
      search::Limits l;
      l.depth = d;
      const auto r = g->make_searcher(models::searchers(), "root-om(model=f)", "f")->search(s, l);
      EXPECT_EQ(r.value, best) << "depth " << d << " at " << g->format_state(s);
      EXPECT_EQ(r.best, best_move) << "depth " << d << " at " << g->format_state(s);
    }
  }
}

// The MCTS family runs on other games with their evaluators: the same move for the same
// seed, a legal one, and the game's evaluator names in the errors.
TEST(GenericSearchers, MctsFamilyRunsOnKalahAndCheckers) {
  for (const char* spec : {"kalah(houses=4,seeds=3)", "checkers"}) {
    const auto g = models::make_game(spec);
    const std::string own = g->evaluators().at(0).name, other = g->evaluators().at(1).name;
    const search::AnyState s = g->children(g->start()).at(1).second;
    for (const std::string& searcher :
         std::vector<std::string>{"mcts(iterations=400)", "om-mcts(model=" + other + ",iterations=400)",
                                  "prom-mcts(types=" + other + ":0.5,iterations=400)"}) {
      SCOPED_TRACE(std::string(spec) + " " + searcher);
      search::Limits l;
      l.depth = 6;
      const auto r1 = g->make_searcher(models::searchers(), searcher, own)->search(s, l);
      const auto r2 = g->make_searcher(models::searchers(), searcher, own)->search(s, l);
      ASSERT_TRUE(r1.has_move);
      EXPECT_EQ(r1.best, r2.best);
      EXPECT_EQ(r1.nodes, r2.nodes);
      EXPECT_NO_THROW(g->apply(s, r1.best));
    }
    try {
      g->make_searcher(models::searchers(), "om-mcts(model=fnord,iterations=10)", own);
      ADD_FAILURE() << "an unknown model was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("known: " + own + ", " + other), std::string::npos) << e.what();
    }
  }
}

TEST(GenericSearchers, ModelSearchUnderANodeBudgetPlaysTheDeepestSearchWithinIt) {
  const auto g = models::make_game("checkers");
  const search::AnyState s = g->apply(g->apply(g->start(), "11-15"), "23-19");
  const char* spec = "om-bounded(model=op,bound=96)";
  const auto searcher = g->make_searcher(models::searchers(), spec, "f");
  std::uint64_t spent = 0;
  search::AnyResult at[5];
  for (int d = 1; d <= 4; ++d) {
    search::Limits l;
    l.depth = d;
    at[d] = searcher->search(s, l);
    spent += at[d].nodes;
    at[d].nodes = spent;  // what an iterative search has spent after depth d
  }
  for (int d = 1; d <= 3; ++d) {
    search::Limits budget;
    budget.nodes = at[d].nodes;  // depths 1..d fit exactly, d + 1 does not
    const search::AnyResult r = searcher->search(s, budget);
    EXPECT_EQ(r.depth, d);
    EXPECT_EQ(r.best, at[d].best);
    EXPECT_EQ(r.value, at[d].value);
    EXPECT_EQ(r.nodes, at[d].nodes);  // it stops once the budget is spent
    budget.nodes = at[d + 1].nodes - 1;
    EXPECT_EQ(searcher->search(s, budget).depth, d);
    EXPECT_GE(searcher->search(s, budget).nodes, budget.nodes);
  }
  search::Limits none;
  EXPECT_THROW(searcher->search(s, none), InputError);
}

}  // namespace
}  // namespace bao
