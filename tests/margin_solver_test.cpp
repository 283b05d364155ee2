// The margin solver (search/solver/margin.h) on Kalah against a plain minimax over the
// full game tree, written here without a table or bounds: small games from the start and
// from seeded random positions, both capture rules and both end rules; the endgame
// database against the same brute force, its file written, read back and refused for
// other rules, and the solver's value unchanged with it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/kalah/kalah.h"
#include "engine/kalah/kalah_game.h"
#include "engine/kalah/kalah_notation.h"
#include "search/solver/kalah_endgame.h"
#include "search/solver/kalah_margin.h"
#include "search/solver/kalah_margin_game.h"
#include "search/solver/margin.h"
#include "search/solver/margin_table.h"

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

std::vector<KalahState> random_positions(const KalahRules& r, int count, std::mt19937& rng);

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
// The solver walks the game as bao solve does (KalahMarginGame); the brute force uses the
// rules engine's own move generator.
void expect_solved(const KalahRules& r, const KalahState& s, int& nontrivial) {
  const KalahMarginGame g(r);
  MarginSolver<KalahMarginGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1);
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

// The solver's move generator against the rules engine's: the same moves in the same
// order, each child with the same pits and side to move, on seeded random deals of 1 to 8
// houses with up to 40 seeds in a house (sowings of whole laps and more), both capture
// rules. Houses with one seed and empty ones are made common, so captures happen.
TEST(KalahMarginGame, ChildrenMatchTheRules) {
  std::mt19937 rng(4301);
  int children = 0, captures = 0, laps = 0, extra = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    KalahRules r;
    r.houses = 1 + static_cast<int>(rng() % kalah::kMaxHouses);
    r.empty_capture = trial % 2 == 1;
    KalahState s;
    for (int side = 0; side < 2; ++side) {
      for (int i = 0; i < r.houses; ++i) {
        const unsigned kind = rng() % 4;
        s.house(side, i) = static_cast<std::uint8_t>(kind == 0 ? 0 : kind == 1 ? 1 : rng() % 41);
      }
      s.store(side) = static_cast<std::uint8_t>(rng() % 20);
    }
    s.side = static_cast<std::uint8_t>(rng() % 2);
    const KalahMarginGame fast(r);
    kalah::KalahChildren want, got;
    kalah::generate_children(s, r, want);
    if (want.empty()) continue;  // the solver asks for no children of a finished game
    fast.children(s, got);
    ASSERT_EQ(got.size(), want.size()) << describe(r, s);
    for (std::size_t i = 0; i < want.size(); ++i) {
      EXPECT_EQ(got[i].move, want[i].move) << describe(r, s);
      EXPECT_EQ(got[i].pos.pit, want[i].pos.pit) << describe(r, s) << " move " << int(want[i].move.house);
      EXPECT_EQ(got[i].pos.side, want[i].pos.side) << describe(r, s) << " move " << int(want[i].move.house);
      const int house = want[i].move.house, sown = s.house(s.side, house), ring = 2 * r.houses + 1;
      int passes = 0;  // seeds the sowing itself drops in the mover's store
      for (int k = 1; k <= sown; ++k) passes += (house + k) % ring == r.houses;
      laps += sown >= ring;
      extra += want[i].pos.side == s.side;
      captures += want[i].pos.store(s.side) - s.store(s.side) > passes;
      ++children;
    }
  }
  EXPECT_GT(children, 10000);
  EXPECT_GT(captures, 500);
  EXPECT_GT(laps, 500);
  EXPECT_GT(extra, 500);
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

// Move ordering, iterative deepening, enhanced transposition cut-off and keeping the
// nodes near the end out of the table change which nodes are searched, never the value: every combination against the
// brute force, on the small games from the start and on seeded random positions, with a best move that keeps the value.
TEST(MarginSolver, SearchOptionsDoNotChangeTheValue) {
  std::mt19937 rng(4343);
  int checked = 0, differing_nodes = 0;
  for (const KalahRules& r : rule_set()) {
    const kalah::KalahGame g{r};
    for (const KalahState& s : {kalah::start_state(r), random_positions(r, 1, rng)[0]}) {
      const int want = brute_force(s, r);
      std::uint64_t first_nodes = 0;
      bool first = true;
      for (bool order : {false, true})
        for (int deepen : {0, 1, 6})
          for (int etc : {0, 1}) {
            MarginOptions o;
            o.order = order;
            o.deepen_to = deepen;
            o.deepen_step = deepen == 6 ? 2 : 1;
            o.etc_min_open = etc;
            // Half the runs keep nodes with fewer than 3 open seeds out of the table.
            o.table_min_open = (checked / 2) % 2 == 0 ? 0 : 3;
            MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1, o);
            Budget budget{SolveLimits{}};
            const auto res = solver.solve(s, budget);
            ASSERT_TRUE(res.solved) << describe(r, s);
            EXPECT_EQ(res.value, want) << describe(r, s) << " order " << order << " deepen " << deepen << " etc " << etc
                                       << " table_min_open " << o.table_min_open;
            // Iterations stop early once tests that no limit cut have decided the value.
            EXPECT_LE(res.iterations, (deepen + o.deepen_step - 1) / o.deepen_step) << describe(r, s);
            if (deepen > 0 && !kalah::game_over(s, r)) {
              EXPECT_GE(res.iterations, 1) << describe(r, s);
            }
            kalah::KalahChildren kids;
            kalah::generate_children(s, r, kids);
            if (!kids.empty()) {
              ASSERT_GE(res.best, 0) << describe(r, s);
              EXPECT_EQ(brute_force(kids[res.best].pos, r), want) << "best move of " << describe(r, s);
            }
            if (first) first_nodes = budget.nodes(), first = false;
            differing_nodes += budget.nodes() != first_nodes;
            ++checked;
          }
    }
  }
  EXPECT_EQ(checked, static_cast<int>(rule_set().size()) * 2 * 12);
  EXPECT_GT(differing_nodes, 0);  // the options do change the search
}

// MTD(f)'s first guess orders the tests and nothing else: every guess, inside the game's
// bounds or beyond them, gives the brute force's value and a best move that keeps it.
TEST(MarginSolver, AnyFirstGuessGivesTheValue) {
  std::mt19937 rng(4344);
  int checked = 0, differing_tests = 0;
  for (const KalahRules& r : rule_set()) {
    const kalah::KalahGame g{r};
    for (const KalahState& s : {kalah::start_state(r), random_positions(r, 1, rng)[0]}) {
      const int want = brute_force(s, r);
      int first_tests = -1;
      for (int guess : {-200, want - 7, want - 1, want, want + 1, want + 5, 200})
        for (int deepen : {0, 4}) {
          MarginOptions o;
          o.deepen_to = deepen;
          o.guess = guess;
          MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1, o);
          Budget budget{SolveLimits{}};
          const auto res = solver.solve(s, budget);
          ASSERT_TRUE(res.solved) << describe(r, s) << " guess " << guess;
          EXPECT_EQ(res.value, want) << describe(r, s) << " guess " << guess << " deepen " << deepen;
          EXPECT_TRUE(res.contradiction.empty());
          kalah::KalahChildren kids;
          kalah::generate_children(s, r, kids);
          if (!kids.empty()) {
            ASSERT_GE(res.best, 0) << describe(r, s);
            EXPECT_EQ(brute_force(kids[res.best].pos, r), want) << "best move of " << describe(r, s);
          }
          if (first_tests < 0) first_tests = res.tests;
          differing_tests += res.tests != first_tests;
          ++checked;
        }
    }
  }
  EXPECT_EQ(checked, static_cast<int>(rule_set().size()) * 2 * 14);
  EXPECT_GT(differing_tests, 0);  // the guess does change the schedule
}

// The best move after a solve whose last test proved the mover's side (South moves at
// the start, so an "at least" that holds): the table's move at the root is that test's move, whose
// child's bound is in the table, so finding it costs no node, also where the first move
// in generator order does not reach the value (a search of its own to refute it). The
// games are those from the start whose best move is not house 1; the move's child is
// solved again on its own to check that it reaches the value.
TEST(MarginSolver, TheBestMoveAfterAWinningTestCostsNoNode) {
  int checked = 0, first_not_best = 0;
  for (const Case c : {Case{4, 2}, Case{4, 3}, Case{5, 2}, Case{5, 3}})
    for (bool empty : {false, true}) {
      KalahRules r;
      r.houses = c.houses;
      r.seeds = c.seeds;
      r.empty_capture = empty;
      const KalahMarginGame g(r);
      const KalahState s = kalah::start_state(r);
      Budget budget{SolveLimits{}};
      std::uint64_t nodes_at_last = 0;
      bool last_held = false;
      MarginOptions o;
      o.deepen_to = 0;  // the iterations would decide these games before any exact test
      o.guess = 100;    // tests from above: the last one is South's "at least", which holds
      o.on_test = [&](int beta, int result, int, int) {
        nodes_at_last = budget.nodes();
        last_held = result >= beta;
      };
      MarginSolver<KalahMarginGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 16, o);
      const auto res = solver.solve(s, budget);
      ASSERT_TRUE(res.solved) << describe(r, s);
      ASSERT_GE(res.best, 0) << describe(r, s);
      kalah::KalahChildren kids;
      kalah::generate_children(s, r, kids);
      const auto child_value = [&](int i) {
        MarginSolver<KalahMarginGame, KalahMarginHook> again(g, KalahMarginHook{r}, 16);
        Budget b{SolveLimits{}};
        return again.solve(kids[i].pos, b).value;
      };
      EXPECT_EQ(child_value(res.best), res.value) << "best move of " << describe(r, s);
      if (!last_held) continue;
      EXPECT_EQ(budget.nodes(), nodes_at_last) << "the best move's search at " << describe(r, s);
      ++checked;
      first_not_best += child_value(0) != res.value;
    }
  EXPECT_GE(checked, 4);
  EXPECT_GT(first_not_best, 0);
}

// Resuming: a solve stopped by its budget proves bounds that hold (each finished test's,
// as on_test reports them); a second solve given them ends at the brute force's value, and
// one given the value as both bounds runs no test at all.
TEST(MarginSolver, ResumesFromProvenBounds) {
  std::mt19937 rng(4345);
  int resumed_inside = 0;
  for (const KalahRules& r : rule_set()) {
    const kalah::KalahGame g{r};
    for (const KalahState& s : {kalah::start_state(r), random_positions(r, 1, rng)[0]}) {
      if (kalah::game_over(s, r)) continue;
      const int want = brute_force(s, r);
      for (std::uint64_t limit : {50, 400, 3000}) {
        MarginOptions o;
        o.deepen_to = 0;
        int reported = 0;
        o.on_test = [&](int, int, int lower, int upper) {
          EXPECT_LE(lower, want) << describe(r, s);
          EXPECT_GE(upper, want) << describe(r, s);
          ++reported;
        };
        MarginSolver<kalah::KalahGame, KalahMarginHook> first(g, KalahMarginHook{r}, 1, o);
        SolveLimits limits;
        limits.nodes = limit;
        Budget budget{limits};
        const auto part = first.solve(s, budget);
        EXPECT_EQ(reported, part.tests) << describe(r, s);
        ASSERT_LE(part.lower, want) << describe(r, s);
        ASSERT_GE(part.upper, want) << describe(r, s);
        MarginOptions resume;
        resume.deepen_to = 0;
        resume.lower = part.lower;
        resume.upper = part.upper;
        MarginSolver<kalah::KalahGame, KalahMarginHook> second(g, KalahMarginHook{r}, 1, resume);
        Budget unlimited{SolveLimits{}};
        const auto res = second.solve(s, unlimited);
        ASSERT_TRUE(res.solved) << describe(r, s) << " resumed from " << part.lower << " to " << part.upper;
        EXPECT_EQ(res.value, want) << describe(r, s);
        resumed_inside += part.lower < part.upper && (part.lower > -100 || part.upper < 100) &&
                          (part.lower != want || part.upper != want);
      }
      MarginOptions exact;
      exact.lower = exact.upper = want;
      MarginSolver<kalah::KalahGame, KalahMarginHook> given(g, KalahMarginHook{r}, 1, exact);
      Budget budget{SolveLimits{}};
      const auto res = given.solve(s, budget);
      ASSERT_TRUE(res.solved);
      EXPECT_EQ(res.value, want);
      EXPECT_EQ(res.tests, 0);
    }
  }
  EXPECT_GT(resumed_inside, 0);  // some runs stopped between proven bounds
}

// A bound for the side to move that does not hold is refused, never reported as the value:
// the tests, or the search for a move that reaches the value, prove the contrary. So is
// a bound outside the game's own bounds.
TEST(MarginSolver, RefusesABoundThatDoesNotHold) {
  std::mt19937 rng(4346);
  int refused = 0;
  for (const KalahRules& r : rule_set()) {
    const kalah::KalahGame g{r};
    for (const KalahState& s : {kalah::start_state(r), random_positions(r, 1, rng)[0]}) {
      if (kalah::game_over(s, r)) continue;
      const int want = brute_force(s, r);
      const bool south = s.side == 0;
      for (int wrong : {2, 4}) {
        MarginOptions o;
        if (south)
          o.lower = want + wrong;  // South claims more than it can force
        else
          o.upper = want - wrong;  // North claims to hold South below the value
        for (int deepen : {0, 4}) {
          o.deepen_to = deepen;
          MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1, o);
          Budget budget{SolveLimits{}};
          const auto res = solver.solve(s, budget);
          EXPECT_FALSE(res.solved) << describe(r, s) << " wrong by " << wrong;
          EXPECT_FALSE(res.contradiction.empty()) << describe(r, s);
          refused += !res.contradiction.empty();
        }
      }
      MarginOptions beyond;
      beyond.lower = 1000;
      MarginSolver<kalah::KalahGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1, beyond);
      Budget budget{SolveLimits{}};
      const auto res = solver.solve(s, budget);
      EXPECT_FALSE(res.solved);
      EXPECT_NE(res.contradiction.find("game's own bounds"), std::string::npos) << res.contradiction;
    }
  }
  EXPECT_GT(refused, 0);
}

// The table: bounds at a greater draft replace those at a smaller one, the same draft
// intersects, a smaller one leaves them; a full bucket gives up a depth-limited entry
// before an exact one, however much work the exact one cost.
TEST(MarginTable, DraftsAndReplacement) {
  MarginTable t(0);  // one bucket of four
  ASSERT_EQ(t.entries(), 4u);
  t.record(1, -4, 6, 2, 3, 100);
  t.record(1, -2, 8, 1, 3, 100);  // same draft: intersected
  ASSERT_NE(t.find(1), nullptr);
  EXPECT_EQ(t.find(1)->lo, -2);
  EXPECT_EQ(t.find(1)->hi, 6);
  EXPECT_EQ(t.find(1)->best, 1);
  t.record(1, -10, 10, 3, 2, 100);  // smaller draft: the bounds stay
  EXPECT_EQ(t.find(1)->lo, -2);
  EXPECT_EQ(t.find(1)->best, 1);
  t.record(1, 0, 0, 4, MarginTable::kExact, 1);  // exact: replaces
  EXPECT_EQ(t.find(1)->lo, 0);
  EXPECT_EQ(t.find(1)->hi, 0);
  EXPECT_EQ(t.find(1)->draft, MarginTable::kExact);
  t.record(2, -1, 1, 0, 5, 1 << 20);  // depth-limited, much work
  t.record(3, -1, 1, 0, MarginTable::kExact, 2);
  t.record(4, -1, 1, 0, MarginTable::kExact, 4);
  t.record(5, -1, 1, 0, MarginTable::kExact, 8);  // bucket full: key 2 goes
  EXPECT_EQ(t.find(2), nullptr);
  for (std::uint64_t k : {1, 3, 4, 5}) EXPECT_NE(t.find(k), nullptr) << k;
  t.record(6, -1, 1, 0, MarginTable::kExact, 16);  // all exact: the least work (key 3, 2 nodes) goes
  EXPECT_EQ(t.find(3), nullptr);
  EXPECT_NE(t.find(1), nullptr);  // 100 nodes: kept
  EXPECT_NE(t.find(6), nullptr);
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

// Random positions along seeded random games.
std::vector<KalahState> random_positions(const KalahRules& r, int count, std::mt19937& rng) {
  std::vector<KalahState> out;
  while (static_cast<int>(out.size()) < count) {
    KalahState s = kalah::start_state(r);
    const int plies = static_cast<int>(rng() % 12);
    for (int p = 0; p < plies; ++p) {
      kalah::KalahChildren kids;
      kalah::generate_children(s, r, kids);
      if (kids.empty()) break;
      s = kids[rng() % kids.size()].pos;
    }
    out.push_back(s);
  }
  return out;
}

TEST(KalahEndgameDb, MatchesBruteForce) {
  std::mt19937 rng(7);
  for (bool empty : {false, true})
    for (auto end : {kalah::EndRule::Either, kalah::EndRule::Mover}) {
      KalahRules r;
      r.houses = 3;
      r.seeds = 2;
      r.empty_capture = empty;
      r.end = end;
      const KalahEndgameDb db(r, 12);     // every position of Kalah(3,2)
      EXPECT_EQ(db.size(), 2u * 18564u);  // 2 C(18, 6)
      int checked = 0;
      for (const KalahState& s : random_positions(r, 40, rng)) {
        int rest = 0;
        ASSERT_TRUE(db.lookup(s, rest));
        EXPECT_EQ(s.store(0) - s.store(1) + rest, brute_force(s, r)) << describe(r, s);
        ++checked;
      }
      EXPECT_EQ(checked, 40);
    }
}

// A database of fewer seeds than the game holds: it answers for a position exactly when
// its houses hold at most K seeds, with the brute force's value; positions along seeded
// random games of Kalah(4,3) (24 seeds), K = 9, both capture rules.
TEST(KalahEndgameDb, HoldsExactlyThePositionsWithinItsSeeds) {
  std::mt19937 rng(4309);
  for (bool empty : {false, true}) {
    KalahRules r;
    r.houses = 4;
    r.seeds = 3;
    r.empty_capture = empty;
    const KalahEndgameDb db(r, 9);
    int in = 0, out = 0;
    for (int game = 0; game < 60; ++game) {
      KalahState s = kalah::start_state(r);
      for (;;) {
        int rest = 0;
        const int seeds = KalahEndgameDb::house_seeds(s);
        ASSERT_EQ(seeds, kalah::row_seeds(s, 0, r) + kalah::row_seeds(s, 1, r));
        const bool held = db.lookup(s, rest);
        EXPECT_EQ(held, seeds <= 9) << describe(r, s);
        if (held) {
          EXPECT_EQ(s.store(0) - s.store(1) + rest, brute_force(s, r)) << describe(r, s);
          ++in;
        } else {
          ++out;
        }
        kalah::KalahChildren kids;
        kalah::generate_children(s, r, kids);
        if (kids.empty()) break;
        s = kids[rng() % kids.size()].pos;
      }
    }
    EXPECT_GT(in, 100);
    EXPECT_GT(out, 100);
  }
}

TEST(KalahEndgameDb, SolverGivesTheSameValueWithIt) {
  KalahRules r;
  r.houses = 3;
  r.seeds = 3;
  const kalah::KalahGame g{r};
  const KalahEndgameDb db(r, 8);
  const KalahState s = kalah::start_state(r);
  MarginSolver<kalah::KalahGame, KalahMarginHook> plain(g, KalahMarginHook{r}, 1);
  MarginSolver<kalah::KalahGame, KalahMarginHook> with_db(g, KalahMarginHook{r, &db}, 1);
  Budget b1{SolveLimits{}}, b2{SolveLimits{}};
  const auto a = plain.solve(s, b1);
  const auto b = with_db.solve(s, b2);
  ASSERT_TRUE(a.solved);
  ASSERT_TRUE(b.solved);
  EXPECT_EQ(a.value, brute_force(s, r));
  EXPECT_EQ(b.value, a.value);
  EXPECT_LT(b2.nodes(), b1.nodes());  // positions with 8 seeds or fewer are not searched
}

TEST(KalahEndgameDb, FileRoundTripAndRefusals) {
  KalahRules r;
  r.houses = 2;
  r.seeds = 3;
  const KalahEndgameDb db(r, 8);
  const std::string path = ::testing::TempDir() + "kalah_endgame_test.db";
  db.save(path);
  const KalahEndgameDb back = KalahEndgameDb::load(path, r, 8);
  std::mt19937 rng(11);
  for (const KalahState& s : random_positions(r, 30, rng)) {
    int a = 0, b = 0;
    if (!db.lookup(s, a)) continue;
    ASSERT_TRUE(back.lookup(s, b));
    EXPECT_EQ(a, b);
  }
  KalahRules other = r;
  other.empty_capture = true;
  EXPECT_THROW(KalahEndgameDb::load(path, other, 8), InputError);
  EXPECT_THROW(KalahEndgameDb::load(path, r, 7), InputError);
  {
    std::ofstream cut(path, std::ios::binary | std::ios::trunc);
    cut << "kalah-endgame 1 houses=2 empty_capture=false end=either seeds=8\n"
        << "xy";
  }
  EXPECT_THROW(KalahEndgameDb::load(path, r, 8), InputError);
  std::remove(path.c_str());
  EXPECT_THROW(KalahEndgameDb(r, 127), InputError);
}

}  // namespace
}  // namespace bao::search::solver
