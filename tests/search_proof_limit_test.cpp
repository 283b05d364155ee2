// Long proofs and the threads and limits around them: a proof stops at an armed
// ProofLimit and leaves nothing in the verdict cache (engine/bao/long_moves.h); a search stopped
// inside a proof returns its last finished iteration, exactly what a search to that depth
// returns (search/searcher.cpp); the verdict cache shared by all threads gives every thread
// the children one thread alone computes (engine/bao/verdict_cache.h). Deterministic: the
// limits are lap bounds, or a deadline already passed, never a wall-clock measurement. The
// opponent-model searches stop in a proof too (search/model_search.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/bao/long_moves.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/verdict_cache.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/bao_game.h"
#include "search/minimax.h"
#include "search/model_search.h"
#include "search/searcher.h"

namespace bao {
namespace {

struct SetPosition {
  Variant variant;
  Position position;
};

// tests/data/long-move-set.txt: lines "variant position".
std::vector<SetPosition> long_move_set() {
  std::ifstream in(std::string(BAO_TEST_DATA) + "/long-move-set.txt");
  std::vector<SetPosition> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    const Variant v = parse_variant(line.substr(0, space));
    out.push_back({v, parse_position(line.substr(space + 1), v)});
  }
  return out;
}

Rules rules_of(Variant v) {
  Rules r;
  r.variant = v;
  return r;
}

std::string children_text(const Position& p, const Rules& r) {
  ChildList list;
  generate_children(p, r, list);
  std::string s;
  for (const Child& c : list) s += format_move(c.move, p.side) + " " + format_position(c.pos) + "\n";
  return s;
}

// The first position of the set whose own moves take more than `laps` laps to decide (its
// children's text and those laps, cold).
struct LongProof {
  SetPosition at;
  std::string children;
  std::uint64_t laps = 0;
};
LongProof first_with_laps(std::uint64_t laps) {
  for (const SetPosition& s : long_move_set()) {
    clear_verdict_cache();
    reset_long_move_stats();
    const std::string text = children_text(s.position, rules_of(s.variant));
    if (long_move_stats().laps > laps) return {s, text, long_move_stats().laps};
  }
  return {};
}

TEST(ProofLimit, AnArmedLimitStopsAProofAndCachesNothing) {
  const LongProof lp = first_with_laps(4 * kProofCheckLaps);
  ASSERT_GT(lp.laps, 4 * kProofCheckLaps) << "no position of the set has a long enough proof";
  const Position& p = lp.at.position;
  const Rules r = rules_of(lp.at.variant);

  clear_verdict_cache();
  {
    ProofLimit bound;
    bound.laps = kProofCheckLaps;
    ProofLimitScope scope(bound);
    // Set but not armed: nothing stops.
    EXPECT_EQ(children_text(p, r), lp.children);
    clear_verdict_cache();
    scope.arm();
    ChildList list;
    EXPECT_THROW(generate_children(p, r, list), ProofStopped);
  }
  // The scope is gone: the same generation runs to its end and is exact; the interrupted
  // proof is played again (it was not read from the cache), so laps are played.
  reset_long_move_stats();
  EXPECT_EQ(children_text(p, r), lp.children);
  EXPECT_GE(long_move_stats().laps, kProofCheckLaps);
}

TEST(ProofLimit, APassedDeadlineStopsAProofAndNoLimitNever) {
  const LongProof lp = first_with_laps(4 * kProofCheckLaps);
  ASSERT_GT(lp.laps, 4 * kProofCheckLaps);
  const Rules r = rules_of(lp.at.variant);
  ChildList list;
  {
    ProofLimit passed;
    passed.deadline = ProofLimit::Clock::now();
    ProofLimitScope scope(passed);
    scope.arm();
    clear_verdict_cache();
    EXPECT_THROW(generate_children(lp.at.position, r, list), ProofStopped);
  }
  {
    ProofLimitScope none(ProofLimit{});  // not active: arming does nothing
    none.arm();
    clear_verdict_cache();
    EXPECT_EQ(children_text(lp.at.position, r), lp.children);
  }
}

// A search bounded to kProofCheckLaps laps of proofs from its second iteration on stops at
// the first iteration that meets a longer proof and returns the iteration before, which is
// what a search to that depth returns.
TEST(ProofLimit, ASearchStoppedInAProofReturnsItsLastFinishedIteration) {
  int stopped = 0;
  for (const SetPosition& s : long_move_set()) {
    const Rules r = rules_of(s.variant);
    search::Limits deep;
    deep.depth = 9;
    clear_verdict_cache();
    search::BaoResult got;
    {
      ProofLimit bound;
      bound.laps = kProofCheckLaps;
      ProofLimitScope scope(bound);  // the search takes it over and arms it
      // Every move decided (lazy legality would leave most of these proofs undone).
      auto searcher = models::make_searcher("alphabeta(lazy_legality=false)", r, models::make_evaluator("default"));
      got = searcher->search(s.position, deep);
    }
    ASSERT_TRUE(got.has_move);
    ASSERT_GE(got.depth, 1);
    if (got.depth == deep.depth) continue;  // no proof that long in this tree
    ++stopped;
    search::Limits shallow;
    shallow.depth = got.depth;
    auto fresh = models::make_searcher("alphabeta(lazy_legality=false)", r, models::make_evaluator("default"));
    const search::BaoResult want = fresh->search(s.position, shallow);
    SCOPED_TRACE(format_position(s.position));
    EXPECT_EQ(format_move(got.best, s.position.side), format_move(want.best, s.position.side));
    EXPECT_EQ(got.value, want.value);
    EXPECT_EQ(got.pv.size(), want.pv.size());
    for (std::size_t i = 0; i < got.pv.size() && i < want.pv.size(); ++i) EXPECT_TRUE(got.pv[i] == want.pv[i]);
    EXPECT_EQ(got.nodes, want.nodes);  // the finished iterations' count
    if (stopped == 3) break;
  }
  EXPECT_EQ(stopped, 3) << "fewer than 3 positions of the set meet a proof that long by depth 9";
}

// The opponent-model searches' common ground (search/model_search.h): under a budget whose
// deadline has passed, a proof of the root's moves stops and the search throws
// SearchStopped, as when the budget runs out between nodes. A depth-1 search visits too
// few nodes (fewer than 1,024) to read the clock itself, so only the proof can stop it.
TEST(ProofLimit, AModelSearchUnderABudgetStopsInAProof) {
  const LongProof lp = first_with_laps(4 * kProofCheckLaps);
  ASSERT_GT(lp.laps, 4 * kProofCheckLaps);
  const models::MaterialEvaluator material;
  search::ModelSearch<search::BaoGame> ms(search::BaoGame{rules_of(lp.at.variant)}, {search::EvalFn{&material}});
  ms.set_budget(search::StopRule(0, search::StopRule::Clock::now()));
  clear_verdict_cache();
  EXPECT_THROW(ms.alphabeta(lp.at.position, 1, 0), search::SearchStopped);
  ms.clear_budget();
  clear_verdict_cache();
  const auto r = ms.alphabeta(lp.at.position, 1, 0);
  EXPECT_TRUE(r.has_move);
  EXPECT_LT(r.nodes, 1024u);
}

// Without a limit the same searches reach their depth: the mechanism stops nothing by itself.
TEST(ProofLimit, ASearchWithoutALimitIsNotStopped) {
  const auto set = long_move_set();
  for (int i = 0; i < 3; ++i) {
    const Rules r = rules_of(set[i].variant);
    search::Limits l;
    l.depth = 6;
    clear_verdict_cache();
    auto searcher = models::make_searcher("alphabeta", r, models::make_evaluator("default"));
    EXPECT_EQ(searcher->search(set[i].position, l).depth, 6);
  }
}

// Threads generating the children of the whole set at once, through the one shared
// verdict cache (each in its own order, so that one thread reads what another proved),
// get exactly the children one thread alone gets with a cold cache.
TEST(SharedVerdicts, ResultsDoNotDependOnTheNumberOfThreads) {
  const auto set = long_move_set();
  ASSERT_EQ(set.size(), 40u);
  std::vector<std::string> want;
  for (const SetPosition& s : set) {
    clear_verdict_cache();
    want.push_back(children_text(s.position, rules_of(s.variant)));
  }
  clear_verdict_cache();
  constexpr int kThreads = 4;
  std::vector<std::vector<std::string>> got(kThreads, std::vector<std::string>(set.size()));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      constexpr std::size_t kStride[kThreads] = {1, 3, 7, 9};  // coprime to the set's 40 lines
      for (std::size_t k = 0; k < 2 * set.size(); ++k) {       // twice: the second time mostly from the cache
        const std::size_t i = (k * kStride[t] + 11 * static_cast<std::size_t>(t)) % set.size();
        got[t][i] = children_text(set[i].position, rules_of(set[i].variant));
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t)
    for (std::size_t i = 0; i < set.size(); ++i) EXPECT_EQ(got[t][i], want[i]) << "thread " << t << ", line " << i;
}

// Lazy legality (search/alphabeta.h): on the long-move set, alpha-beta with long moves set
// aside (and left undecided where a bound says they cannot matter) returns the values of
// alpha-beta deciding every move, and minimax's at small depths; and it plays fewer laps.
TEST(LazyLegality, SameValuesAsDecidingEveryMoveWithFewerLaps) {
  const std::vector<SetPosition> set = long_move_set();
  ASSERT_EQ(set.size(), 40u);
  const auto eval = std::make_shared<models::DefaultEvaluator>();
  std::uint64_t laps[2] = {0, 0};
  for (const SetPosition& sp : set) {
    const Rules r = rules_of(sp.variant);
    SCOPED_TRACE(format_position(sp.position));
    search::Minimax<search::BaoGame, search::EvalFn> mm(search::BaoGame{r}, search::EvalFn{eval.get()});
    for (const int depth : {1, 2, 3, 5}) {
      int value[2];
      for (int lazy = 0; lazy < 2; ++lazy) {
        clear_verdict_cache();
        reset_long_move_stats();
        auto s = models::make_searcher(lazy ? "alphabeta(tt_mb=1)" : "alphabeta(tt_mb=1,lazy_legality=false)", r, eval);
        const auto res = s->search(sp.position, search::Limits{depth, 0, 0});
        ASSERT_EQ(res.depth, depth);
        value[lazy] = res.value;
        laps[lazy] += long_move_stats().laps;
      }
      EXPECT_EQ(value[1], value[0]) << "depth " << depth;
      if (depth <= 3) {
        EXPECT_EQ(value[1], mm.search(sp.position, search::Limits{depth, 0, 0}).value) << "depth " << depth;
      }
    }
  }
  // The root's moves are always decided, so the saving shows deeper: depth 10 on the
  // positions whose trees hold the longest proofs (lines 4, 5, 7, 27 of the set).
  std::uint64_t deep[2] = {0, 0};
  for (const int line : {4, 5, 7, 27}) {
    const SetPosition& sp = set[static_cast<std::size_t>(line - 1)];
    const Rules r = rules_of(sp.variant);
    int value[2];
    for (int lazy = 0; lazy < 2; ++lazy) {
      clear_verdict_cache();
      reset_long_move_stats();
      auto s = models::make_searcher(lazy ? "alphabeta(tt_mb=1)" : "alphabeta(tt_mb=1,lazy_legality=false)", r, eval);
      value[lazy] = s->search(sp.position, search::Limits{10, 0, 0}).value;
      deep[lazy] += long_move_stats().laps;
    }
    EXPECT_EQ(value[1], value[0]) << "line " << line;
  }
  EXPECT_LT(deep[1], deep[0] / 10) << "lazy " << deep[1] << " laps, every move decided " << deep[0];
  EXPECT_LE(laps[1], laps[0]);
}

// Evaluator::takasa_bound: no takasa child scores above it (material: exactly it), and
// where BaoGame says a quiet child cannot be a quick win, none is.
TEST(LazyLegality, TakasaBoundHoldsForEveryTakasaChild) {
  const models::DefaultEvaluator def;
  const models::MaterialEvaluator mat;
  int takasa_children = 0;
  for (const Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const Rules r = rules_of(v);
    const search::BaoGame game{r};
    std::vector<Position> positions;
    for (const SetPosition& sp : long_move_set())
      if (sp.variant == v) positions.push_back(sp.position);
    std::uint64_t x = 99;
    for (int g = 0; g < 60; ++g) {  // random games: every position of them
      Position p = start_position(v);
      for (int ply = 0; ply < 200; ++ply) {
        ChildList ch;
        generate_children(p, r, ch);
        if (ch.empty()) break;
        positions.push_back(p);
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        p = ch[(x >> 33) % ch.size()].pos;
      }
    }
    for (const Position& p : positions) {
      ChildList ch;
      generate_children(p, r, ch);
      const int s = p.side;
      for (const Child& c : ch) {
        if (!c.move.takasa()) continue;
        ++takasa_children;
        SCOPED_TRACE(format_position(p) + " " + format_move(c.move, s));
        ASSERT_LE(def.evaluate(c.pos, s), def.takasa_bound(p, s));
        ASSERT_EQ(mat.evaluate(c.pos, s), mat.takasa_bound(p, s));
        if (!game.quiet_child_may_win(p)) {
          ASSERT_NE(game.quick_winner(c.pos), s);
        }
      }
    }
  }
  EXPECT_GT(takasa_children, 3000);
}

}  // namespace
}  // namespace bao
