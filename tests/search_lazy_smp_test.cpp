// Lazy SMP (search/lazy_smp.h): with helper threads sharing the table, a finished search
// of depth d still returns minimax's depth-d value, and a move of that value; limits by
// time and nodes still end the search with its helpers joined; tournaments refuse it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"
#include "search/bao_game.h"
#include "search/lazy_smp.h"
#include "search/minimax.h"
#include "search/registry.h"
#include "search/tt.h"
#include "test_util.h"

namespace bao::search {
namespace {

class LazySmpAgainstMinimax : public ::testing::TestWithParam<Variant> {};

// Helpers storing into the main search's table must not change its value: every entry is
// a bound on its position's value at its own depth, whoever stored it. A torn entry, a
// helper's entry of another generation or a bound stored by a stopped helper would show
// here as a wrong value.
TEST_P(LazySmpAgainstMinimax, SameValueAndAMoveOfThatValueWithTwoAndFourThreads) {
  const Variant v = GetParam();
  const BaoGame game{Rules{v}};
  const models::DefaultEvaluator eval;
  Minimax<BaoGame, EvalFn> mm(game, EvalFn{&eval});
  const AlphaBetaOptions small_table{.tt_mb = 1};  // a small table: helpers overwrite each other's entries
  LazySmp<BaoGame, EvalFn> two(game, EvalFn{&eval}, small_table, 2), four(game, EvalFn{&eval}, small_table, 4);
  ASSERT_EQ(four.threads(), 4);
  const std::vector<Position> positions = test::bao_positions(v, 120, v == Variant::Kiswahili ? 31 : 32);
  int checked = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Position& p = positions[i];
    const int depth = 2 + static_cast<int>(i % 4);
    SCOPED_TRACE(format_position(p) + " depth " + std::to_string(depth));
    const auto ref = mm.search(p, Limits{depth, 0, 0});
    ASSERT_TRUE(ref.has_move);
    for (LazySmp<BaoGame, EvalFn>* s : {&two, &four}) {
      const auto r = s->search(p, Limits{depth, 0, 0}, [](const auto&) {});
      ASSERT_EQ(r.value, ref.value) << s->threads() << " threads";
      ASSERT_EQ(r.depth, depth);
      ChildList ch;
      generate_children(p, game.rules, ch);
      bool found = false;
      for (const Child& c : ch)
        if (c.move == r.best) {
          found = true;
          EXPECT_EQ(-mm.value_of(c.pos, depth - 1, 1), ref.value) << "a move of another value";
        }
      EXPECT_TRUE(found) << "the move is not legal";
    }
    ++checked;
  }
  EXPECT_EQ(checked, 120);
}

INSTANTIATE_TEST_SUITE_P(BothVariants, LazySmpAgainstMinimax, ::testing::Values(Variant::Kiswahili, Variant::Kujifunza),
                         [](const auto& info) { return std::string(variant_name(info.param)); });

// The helpers search, and the result counts their nodes beside the main thread's. (That
// they save the main thread time is a measurement, not a test: it depends on the cores
// the helpers get; docs/performance.md.)
TEST(LazySmp, TheHelpersNodesAreCounted) {
  const BaoGame game{Rules{}};
  const models::DefaultEvaluator eval;
  AlphaBeta<BaoGame, EvalFn> one(game, EvalFn{&eval}, AlphaBetaOptions{});
  LazySmp<BaoGame, EvalFn> three(game, EvalFn{&eval}, AlphaBetaOptions{}, 3);
  std::uint64_t main_three = 0, total_three = 0;
  for (const Position& p : test::bao_positions(Variant::Kiswahili, 12, 5)) {
    const auto a = one.search(p, Limits{9, 0, 0});
    std::uint64_t last_main = 0;  // the main thread's own nodes, as its last iteration reports them
    const auto b = three.search(p, Limits{9, 0, 0}, [&](const auto& r) { last_main = r.nodes; });
    ASSERT_EQ(a.value, b.value);
    main_three += last_main;
    total_three += b.nodes;
  }
  EXPECT_GT(total_three, main_three) << "the helpers' nodes are not in the result";
}

// A time or node limit ends the main search; the helpers are stopped and joined with it,
// and the search can be run again: through the registry with as many threads as the
// machine has (at most 4), and with 4 threads made directly (more than the cores of a
// small machine, which the registry refuses).
TEST(LazySmp, LimitsEndTheSearchWithItsHelpers) {
  const int threads = std::min(4, hardware_threads());
  const std::string spec = "alphabeta(threads=" + std::to_string(threads) + ")";
  auto s = models::make_searcher(spec, Rules{}, models::make_evaluator("default"));
  EXPECT_EQ(s->threads(), threads);
  EXPECT_NE(s->describe().find(",threads=" + std::to_string(threads) + ")"), std::string::npos) << s->describe();
  const models::DefaultEvaluator eval;
  LazySmp<BaoGame, EvalFn> four(BaoGame{Rules{}}, EvalFn{&eval}, AlphaBetaOptions{}, 4);
  const Position start = start_position(Variant::Kiswahili);
  for (int round = 0; round < 3; ++round) {
    const auto t = s->search(start, Limits{0, 0, 50});
    EXPECT_TRUE(t.has_move);
    EXPECT_GE(t.depth, 1);
    const auto n = s->search(start, Limits{0, 20000, 0});
    EXPECT_TRUE(n.has_move);
    const auto t4 = four.search(start, Limits{0, 0, 50}, [](const auto&) {});
    EXPECT_TRUE(t4.has_move);
    EXPECT_GE(t4.depth, 1);
  }
}

// Threads beyond the machine's hardware threads only take turns with each other:
// alphabeta(threads=256) on two cores runs 1.7-1.9 s for a limit of 10 ms, and 15-25 s on
// Kalah. The registry refuses them, naming the counts, for every maker of a searcher:
// Bao's (bao search, bao run, bao serve, Python's bao.search) and any game's (--game,
// bao.game), alpha-beta and the strength mode alike; the machine's own count is made.
TEST(LazySmp, ThreadsBeyondTheMachinesAreRefusedOnEveryPath) {
  const int hardware = hardware_threads();
  ASSERT_GT(hardware, 0);
  const std::string over = std::to_string(hardware + 1);
  // Beyond kMaxSearchThreads the parameter's range refuses first.
  const std::string named =
      hardware < kMaxSearchThreads
          ? "threads=" + over + ", more than the " + std::to_string(hardware) + " hardware threads of this machine"
          : "threads";
  const auto eval = models::make_evaluator("default");
  const auto kalah = models::make_game("kalah");
  const auto refused = [&](const std::string& spec, const std::function<void()>& make) {
    try {
      make();
      ADD_FAILURE() << spec << " was made";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
    }
  };
  for (const std::string name : {"alphabeta", "engine"}) {
    const std::string spec = name + "(threads=" + over + ")";
    refused(spec, [&] { models::make_searcher(spec, Rules{}, eval); });
  }
  const std::string spec = "alphabeta(threads=" + over + ")";
  refused("kalah " + spec, [&] { kalah->make_searcher(models::searchers(), spec, "stores"); });
  if (hardware <= kMaxSearchThreads) {
    const std::string own = "alphabeta(threads=" + std::to_string(hardware) + ")";
    EXPECT_EQ(models::make_searcher(own, Rules{}, eval)->threads(), hardware);
    EXPECT_TRUE(kalah->make_searcher(models::searchers(), own, "stores"));
  }
}

// The shared table without a lock: one thread keeps rewriting one bucket slot with two
// different entries (two keys of the same bucket), another keeps probing both keys. Every
// entry found must be one write's whole entry for that key: a read torn between the two
// writes (one entry's data under the other's key check) must be a miss, never a mix.
TEST(LazySmp, ATableReadTornBetweenTwoWritesIsAMiss) {
  TranspositionTable tt(1);
  tt.new_search();
  const std::uint64_t k1 = 0x1111111100000042ull, k2 = 0x2222222200000042ull;  // one bucket
  // The writer runs until the reader has probed 200,000 times after its first store, so
  // the two overlap however the threads are scheduled. Between two pairs of stores it
  // idles a little: on two idle cores a writer that never pauses can keep the slot torn
  // at nearly every probe, and the reader would find nothing whole to check. The reader
  // goes on (up to 20 million rounds) until it has found 1,000 entries.
  std::atomic<bool> started{false}, done{false};
  std::atomic<std::uint64_t> idle{0};
  std::thread writer([&] {
    while (!done) {
      tt.store(k1, 5, 111, Bound::Exact, 1);
      tt.store(k2, 5, -222, Bound::Lower, 2);
      started = true;
      for (int i = 0; i < 64; ++i) idle.fetch_add(1, std::memory_order_relaxed);
    }
  });
  while (!started) std::this_thread::yield();
  std::uint64_t found = 0, wrong = 0;
  for (int round = 0; round < 20000000 && (round < 200000 || found < 1000); ++round) {
    for (const auto& [key, value, bound, best] :
         {std::tuple{k1, 111, Bound::Exact, 1}, std::tuple{k2, -222, Bound::Lower, 2}}) {
      TTEntry e[2];
      const int n = tt.probe(key, e);
      for (int i = 0; i < n; ++i) {
        ++found;
        if (e[i].value != value || e[i].bound != bound || e[i].best != best || e[i].depth != 5) ++wrong;
      }
    }
  }
  done = true;
  writer.join();
  EXPECT_GT(found, 0u);
  EXPECT_EQ(wrong, 0u);
}

TEST(LazySmp, ThreadCountOutsideItsRangeIsRefusedByName) {
  const auto eval = models::make_evaluator("default");
  for (const char* spec : {"alphabeta(threads=0)", "alphabeta(threads=257)", "alphabeta(threads=two)"}) {
    try {
      models::make_searcher(spec, Rules{}, eval);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("threads"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace bao::search
