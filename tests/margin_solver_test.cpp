// The margin solver (search/solver/margin.h) on Kalah against a plain minimax over the
// full game tree, written here without a table or bounds: small games from the start and
// from seeded random positions, both capture rules and both end rules.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/kalah/kalah.h"
#include "engine/kalah/kalah_game.h"
#include "engine/kalah/kalah_notation.h"
#include "search/solver/kalah_margin.h"
#include "search/solver/margin.h"

namespace bao::search::solver {
namespace {

using kalah::KalahRules;
using kalah::KalahState;

// South's margin under perfect play: the whole tree, no table.
int brute_force(const KalahState& s, const KalahRules& r) {
  kalah::KalahChildren kids;
  kalah::generate_children(s, r, kids);
  if (kids.empty()) return kalah::margin(s, r);
  const bool south = s.side == 0;
  int best = south ? -1000 : 1000;
  for (const auto& c : kids) {
    const int v = brute_force(c.pos, r);
    best = south ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

struct Case {
  int houses, seeds;
};

std::vector<KalahRules> rule_set() {
  std::vector<KalahRules> out;
  for (const Case c : {Case{1, 1}, Case{1, 3}, Case{2, 1}, Case{2, 2}, Case{3, 1}, Case{2, 3}, Case{3, 2}, Case{4, 1}})
    for (bool empty : {false, true})
      for (auto end : {kalah::EndRule::Either, kalah::EndRule::Mover}) {
        KalahRules r;
        r.houses = c.houses;
        r.seeds = c.seeds;
        r.empty_capture = empty;
        r.end = end;
        out.push_back(r);
      }
  return out;
}

std::string describe(const KalahRules& r, const KalahState& s) {
  return "kalah(" + std::to_string(r.houses) + "," + std::to_string(r.seeds) + ") empty_capture " +
         (r.empty_capture ? "true" : "false") + " end " + (r.end == kalah::EndRule::Either ? "either" : "mover") +
         " at " + kalah::format_state(s, r);
}

// Checks the solver's value against the brute force at s, and that its best move reaches it.
void expect_solved(const KalahRules& r, const KalahState& s, int& nontrivial) {
  const kalah::KalahGame g{r};
  MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1);
  Budget budget{SolveLimits{}};
  const auto res = solver.solve(s, budget);
  const int want = brute_force(s, r);
  ASSERT_TRUE(res.solved) << describe(r, s);
  EXPECT_EQ(res.value, want) << describe(r, s);
  EXPECT_EQ(res.lower, want);
  EXPECT_EQ(res.upper, want);
  kalah::KalahChildren kids;
  kalah::generate_children(s, r, kids);
  if (kids.empty()) {
    EXPECT_EQ(res.best, -1);
    return;
  }
  ASSERT_GE(res.best, 0) << describe(r, s);
  ASSERT_LT(res.best, static_cast<int>(kids.size()));
  EXPECT_EQ(brute_force(kids[res.best].pos, r), want) << "best move of " << describe(r, s);
  // A position where the moves differ in value tests the choice.
  for (const auto& c : kids)
    if (brute_force(c.pos, r) != want) {
      ++nontrivial;
      break;
    }
}

TEST(MarginSolver, MatchesBruteForceFromTheStart) {
  int nontrivial = 0;
  for (const KalahRules& r : rule_set()) expect_solved(r, kalah::start_state(r), nontrivial);
  EXPECT_GT(nontrivial, 0);
}

TEST(MarginSolver, MatchesBruteForceOnRandomPositions) {
  std::mt19937 rng(43);
  int positions = 0, nontrivial = 0;
  for (const KalahRules& r : rule_set()) {
    for (int k = 0; k < 6; ++k) {
      KalahState s = kalah::start_state(r);
      const int plies = static_cast<int>(rng() % 8);
      for (int p = 0; p < plies; ++p) {
        kalah::KalahChildren kids;
        kalah::generate_children(s, r, kids);
        if (kids.empty()) break;
        s = kids[rng() % kids.size()].pos;
      }
      expect_solved(r, s, nontrivial);
      ++positions;
    }
  }
  EXPECT_EQ(positions, static_cast<int>(rule_set().size()) * 6);
  EXPECT_GT(nontrivial, 10);
}

// A table too small to hold the tree (one bucket) still gives the exact value: entries
// are replaced, never trusted for another position.
TEST(MarginSolver, ExactWithATinyTable) {
  KalahRules r;
  r.houses = 3;
  r.seeds = 2;
  const kalah::KalahGame g{r};
  MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 0);
  Budget budget{SolveLimits{}};
  const KalahState s = kalah::start_state(r);
  const auto res = solver.solve(s, budget);
  ASSERT_TRUE(res.solved);
  EXPECT_EQ(res.value, brute_force(s, r));
}

// A budget that runs out leaves the value open with bounds that hold.
TEST(MarginSolver, BudgetOutGivesBoundsThatHold) {
  KalahRules r;
  r.houses = 3;
  r.seeds = 3;
  const kalah::KalahGame g{r};
  MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1);
  SolveLimits limits;
  limits.nodes = 20;
  Budget budget{limits};
  const KalahState s = kalah::start_state(r);
  const auto res = solver.solve(s, budget);
  EXPECT_FALSE(res.solved);
  EXPECT_EQ(res.best, -1);
  const int v = brute_force(s, r);
  EXPECT_LE(res.lower, v);
  EXPECT_GE(res.upper, v);
  EXPECT_LT(res.lower, res.upper);
}

}  // namespace
}  // namespace bao::search::solver
