// Generating and executing moves never allocates: this binary replaces the global
// allocation functions with counting ones and runs perft (generation and execution of
// every move) from both starts and from a mid-game position.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "search/searcher.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace bao {
namespace {

TEST(Allocation, CounterSeesAllocations) {
  // The counter works: a vector allocates.
  const long before = g_allocations.load();
  auto* v = new std::vector<int>(100);
  delete v;
  EXPECT_GE(g_allocations.load() - before, 2);
}

TEST(Allocation, PerftGeneratesAndPlaysWithoutHeap) {
  Rules kis, kuj;
  kuj.variant = Variant::Kujifunza;
  const Position mid =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  const Position kis_start = start_position(Variant::Kiswahili), kuj_start = start_position(Variant::Kujifunza);

  const long before = g_allocations.load();
  std::uint64_t nodes = perft(kis_start, kis, 8) + perft(kuj_start, kuj, 5) + perft(mid, kis, 5);
  // Move lists with children and plain move lists, and apply_move.
  ChildList children;
  generate_children(mid, kis, children);
  MoveList moves;
  generate_moves(mid, kis, moves);
  for (const Move& m : moves) nodes += apply_move(mid, m, kis).key & 1;
  const long during = g_allocations.load() - before;

  EXPECT_GT(nodes, 20000u);
  EXPECT_EQ(during, 0) << "operator new was called during move generation or execution";
}

TEST(Allocation, SearchAllocatesNothingOnceStarted) {
  // A searcher allocates its tables when made; the searches themselves allocate nothing
  // (the first search is a warm-up for anything lazily built, such as thread-locals).
  const Rules rules;
  auto s = search::make_searcher("alphabeta(tt_mb=4)", rules, models::make_evaluator("default"));
  const Position mid =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  s->search(mid, search::Limits{2, 0, 0});
  const long before = g_allocations.load();
  const search::BaoResult a = s->search(mid, search::Limits{8, 0, 0});
  const search::BaoResult b = s->search(start_position(Variant::Kiswahili), search::Limits{8, 0, 0});
  const long during = g_allocations.load() - before;
  EXPECT_GT(a.nodes + b.nodes, 1000u);
  EXPECT_EQ(during, 0) << "operator new was called during a search";
}

TEST(Allocation, MctsIterationsAllocateNothingAfterWarmUp) {
  // The node pool (and the opponent model's weights) is reserved by the first search of
  // a budget; later searches of that budget, with every option that builds state per
  // iteration (rollouts, implicit minimax, a model at MIN's nodes), allocate nothing.
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  const Position mid =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  for (const char* spec : {"mcts(rollout=4)", "mcts(alpha=0.3,bias=0.5)", "om-mcts(model=material,tau=3,model_depth=2)",
                           "prom-mcts(types=material:0.5)"}) {
    auto s = models::make_searcher(spec, rules, eval);
    s->search(mid, search::Limits{0, 20000, 0});
    const long before = g_allocations.load();
    const search::BaoResult a = s->search(mid, search::Limits{0, 20000, 0});
    const search::BaoResult b = s->search(start_position(Variant::Kiswahili), search::Limits{0, 20000, 0});
    const long during = g_allocations.load() - before;
    EXPECT_GT(a.nodes + b.nodes, 20000u) << spec;  // iterations (a proven root ends one early)
    EXPECT_EQ(during, 0) << spec << ": operator new was called during a search";
  }
}

}  // namespace
}  // namespace bao

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
