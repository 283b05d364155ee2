// Root OM (models/root_om.h): own_depth, the published "perfect" flag, checked against a
// computation made here from separate alpha-beta searches; what risk management changes,
// on a fixed position where it changes the move; and the refusals of bad own_depth values.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "input_error.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "play/openings.h"
#include "search/score.h"
#include "search/searcher.h"

namespace bao::models {
namespace {

const Rules kRules{};

// The position of the risk-management test (North to move, namua stage).
constexpr const char* kRiskPosition = "1,5,1,3,1,5,1,4/4,2,1,0,4,1,3,4/0,0,0,0,0,2,1,1/1,1,1,1,1,3,1,0 N 5,6 -- -";

// One root move as root OM scores it.
struct MoveScore {
  Move move{};
  int om = 0;  // the own search's value after the model's reply
  int mm = 0;  // the move's own minimax value
};

// A decisive score found n plies further down, seen from n plies higher.
int shift(int v, int n) {
  if (!search::is_decisive(v)) return v;
  return v > 0 ? v - n : v + n;
}

// Root OM's scores of every root move (in the game's order), computed from plain
// alpha-beta searches (no table, no move ordering) made by search::make_searcher: the
// model's reply to model_depth, MAX's own search after it to own_depth (>= 1), and the
// own minimax value of the move to mm_depth (0: not computed).
std::vector<MoveScore> scores_by_hand(const Position& p, const std::string& own, const std::string& model,
                                      int model_depth, int own_depth, int mm_depth) {
  const std::string ab = "alphabeta(tt_mb=0,ordering=false)";
  auto own_search = search::make_searcher(ab, kRules, make_evaluator(own));
  auto model_search = search::make_searcher(ab, kRules, make_evaluator(model));
  ChildList children;
  generate_children(p, kRules, children);
  std::vector<MoveScore> out;
  for (const Child& c : children) {
    MoveScore s;
    s.move = c.move;
    const search::BaoResult reply = model_search->search(c.pos, search::Limits{model_depth, 0, 0});
    if (!reply.has_move) {
      s.om = shift(-reply.value, 1);
    } else {
      const Position after = apply_move(c.pos, reply.best, kRules);
      s.om = shift(own_search->search(after, search::Limits{own_depth, 0, 0}).value, 2);
    }
    if (mm_depth > 0) s.mm = shift(-own_search->search(c.pos, search::Limits{mm_depth, 0, 0}).value, 1);
    out.push_back(s);
  }
  return out;
}

// root-om `spec` with the own evaluator default, searched to `depth` alone.
search::BaoResult run(const std::string& spec, const Position& p, int depth) {
  return models::make_searcher(spec, kRules, make_evaluator("default"))->search(p, search::Limits{depth, 0, 0});
}

// Games in progress: seeded random walks of 4..40 plies, and the position of the
// risk-management test.
std::vector<Position> positions() {
  std::vector<Position> out;
  for (std::uint64_t i = 0; out.size() < 4; ++i) {
    const Position p = play::random_opening(kRules, 7, i, 4, 40);
    if (outcome(p, kRules) == Outcome::Ongoing) out.push_back(p);
  }
  out.push_back(parse_position(kRiskPosition, Variant::Kiswahili));
  return out;
}

TEST(RootOm, OwnDepthDSearchesDeeperThanDMinus2) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    const auto d2 = run("root-om(model=material)", p, 4);
    const auto d = run("root-om(model=material,own_depth=d)", p, 4);
    // MAX's own searches go 4 plies instead of 2 below every reply: they cost more (the
    // model's searches are the same in both).
    EXPECT_GT(d.nodes, d2.nodes);
    EXPECT_GT(d.leaf_evals, d2.leaf_evals);
    // d-2 and d at depth 4 are the fixed depths 2 and 4: the same searches.
    const auto n2 = run("root-om(model=material,own_depth=2)", p, 4);
    const auto n4 = run("root-om(model=material,own_depth=4)", p, 4);
    EXPECT_EQ(n2.nodes, d2.nodes);
    EXPECT_EQ(n2.value, d2.value);
    EXPECT_EQ(n4.nodes, d.nodes);
    EXPECT_EQ(n4.value, d.value);
    EXPECT_EQ(n4.best, d.best);
    // At depth 2, d-2 is 0: the position after the reply is evaluated, not searched.
    EXPECT_GT(run("root-om(model=material,own_depth=d)", p, 2).nodes, run("root-om(model=material)", p, 2).nodes);
  }
}

TEST(RootOm, PerfectAndPerfectOpponentMatchSeparateAlphaBetaSearches) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (const int depth : {1, 3, 4}) {
      const auto r = run("root-om(model=material,model_depth=d,own_depth=d)", p, depth);
      const auto scores = scores_by_hand(p, "default", "material", depth, depth, 0);
      // The highest OM value, the first move in the game's order among equals.
      const MoveScore* best = &scores.front();
      for (const MoveScore& s : scores)
        if (s.om > best->om) best = &s;
      ASSERT_TRUE(r.has_move);
      EXPECT_EQ(r.value, best->om) << depth;
      EXPECT_EQ(format_move(r.best, p.side), format_move(best->move, p.side)) << depth;
    }
  }
}

TEST(RootOm, OwnDepthDKeepsNodeLimits) {
  const Position p = parse_position(kRiskPosition, Variant::Kiswahili);
  auto s = models::make_searcher("root-om(model=material,own_depth=d)", kRules, make_evaluator("default"));
  const auto r = s->search(p, search::Limits{0, 5000, 0});
  EXPECT_TRUE(r.has_move);
  EXPECT_GE(r.depth, 2);
  EXPECT_LE(r.nodes, 5000u + 500u);  // as every searcher: past the limit only depth-1 tails
}

// Risk management on a position where it changes the move (found by a scan of seeded
// random positions, play::random_opening(kRules, 2024, i, 4, 40) for i = 0, 1, ...: the
// first with model=material at depth 4 was i = 25). Depth 4: the model's reply at 3
// plies, MAX's own search after it at 2, each move's own minimax value at 3. By hand:
//   move  OM value  own minimax
//   a6L   -81       -110
//   a6R   -109      -109
//   a7R   -125      -125
//   a8R   -102      -102   (the root's own minimax value)
// Plain root OM plays a6L, the highest OM value, whose own minimax value is the lowest:
// it gains only if the model is right. Managed, a6L may not be chosen (-81 > -110 and
// -110 < -102), and a8R is, its OM value no higher than its minimax value.
TEST(RootOm, RiskManagementRefusesAnOptimisticMoveBelowTheRootsMinimax) {
  const Position p = parse_position(kRiskPosition, Variant::Kiswahili);
  const auto plain = run("root-om(model=material)", p, 4);
  const auto managed = run("root-om(model=material,manage_risk=true)", p, 4);
  EXPECT_EQ(format_move(plain.best, p.side), "a6L");
  EXPECT_EQ(format_move(managed.best, p.side), "a8R");

  const auto scores = scores_by_hand(p, "default", "material", 3, 2, 3);
  int base = -search::kInfinity;
  for (const MoveScore& s : scores) base = std::max(base, s.mm);
  auto score_of = [&](const Move& m) {
    for (const MoveScore& s : scores)
      if (s.move == m) return s;
    ADD_FAILURE() << "not a root move";
    return MoveScore{};
  };
  // The rule: a move may be chosen if its OM value is not above its own minimax value,
  // or that minimax value is not below the root's.
  auto keeps_rule = [&](const MoveScore& s) { return s.om <= s.mm || s.mm >= base; };
  const MoveScore unmanaged = score_of(plain.best), kept = score_of(managed.best);
  EXPECT_GT(unmanaged.om, unmanaged.mm);
  EXPECT_LT(unmanaged.mm, base);
  EXPECT_FALSE(keeps_rule(unmanaged));
  EXPECT_TRUE(keeps_rule(kept));
  // Each takes the highest OM value among the moves it may choose: all moves for plain
  // root OM, the ones keeping the rule for managed; the price is a lower OM value.
  EXPECT_EQ(plain.value, unmanaged.om);
  EXPECT_EQ(managed.value, kept.om);
  for (const MoveScore& s : scores) {
    EXPECT_LE(s.om, plain.value);
    if (keeps_rule(s)) {
      EXPECT_LE(s.om, managed.value);
    }
  }
  EXPECT_LT(managed.value, plain.value);
  EXPECT_EQ(base, kept.mm);  // here the managed move is the root's own minimax move
}

TEST(RootOm, BadOwnDepthIsRefusedNamingTheParameter) {
  const auto eval = make_evaluator("default");
  auto error_of = [&](const std::string& spec) {
    return test::input_error_of([&] { models::make_searcher(spec, kRules, eval); });
  };
  for (const char* bad : {"0", "x", "d-1", "-2", "128", "2.5"}) {
    const std::string m = error_of(std::string("root-om(model=material,own_depth=") + bad + ")");
    EXPECT_NE(m.find("parameter own_depth expects d-2, d or a whole number from 1 to 127"), std::string::npos) << m;
    EXPECT_NE(m.find(std::string("found '") + bad + "'"), std::string::npos) << m;
  }
  const std::string twice = error_of("root-om(model=material,own_depth=d,own_depth=2)");
  EXPECT_NE(twice.find("parameter own_depth given twice"), std::string::npos) << twice;
  // An unknown parameter's message lists own_depth among the known ones.
  const std::string unknown = error_of("root-om(model=material,own=2)");
  EXPECT_NE(unknown.find("(known: model, model_depth, own_depth, manage_risk)"), std::string::npos) << unknown;
  for (const char* good : {"d-2", "d", "1", "127"})
    EXPECT_NO_THROW(models::make_searcher(std::string("root-om(model=material,own_depth=") + good + ")", kRules, eval));
}

}  // namespace
}  // namespace bao::models
