// Generating and executing moves never allocates: this binary replaces the global
// allocation functions with counting ones and runs perft (generation and execution of
// every move) from both starts and from a mid-game position. Also the largest buffer
// reading standard input takes.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <new>
#include <sstream>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/checkers/game.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"
#include "search/searcher.h"

namespace {
std::atomic<long> g_allocations{0};
std::atomic<std::size_t> g_largest{0};  // the largest single allocation since reset
}  // namespace

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  for (std::size_t l = g_largest.load(std::memory_order_relaxed);
       n > l && !g_largest.compare_exchange_weak(l, n, std::memory_order_relaxed);) {
  }
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

// Standard input is read in pieces and joined once: no buffer grows past the cap (a
// string appended to in 64 KiB pieces doubles its capacity, 64 KiB x 2^k: with a cap of
// 1,000,000 it took 1,048,577 bytes before the cap was checked, past 1 GiB 2 GiB).
TEST(Allocation, StandardInputNeverTakesABufferPastItsCap) {
  for (const std::size_t size : {std::size_t{1'000'000}, std::size_t{3'000'000}}) {
    std::istringstream text(std::string(size, 'x'));
    std::streambuf* const old = std::cin.rdbuf(text.rdbuf());
    g_largest = 0;
    std::size_t got = 0;
    try {
      got = read_text_file("-", 1'000'000).size();
    } catch (const InputError&) {
    }
    const std::size_t largest = g_largest.load();
    std::cin.rdbuf(old);
    std::cin.clear();
    EXPECT_EQ(got, size <= 1'000'000 ? size : 0u);
    EXPECT_LE(largest, 1'000'001u) << "input of " << size << " bytes";
  }
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

// Every registered game (models/games.h): generating a position's moves and perft through
// the runtime interface take no heap. The positions are collected first (that walk
// allocates: its move lists are text).
TEST(Allocation, EveryRegisteredGameGeneratesWithoutHeap) {
  for (const auto& e : models::games().entries()) {
    const auto g = models::make_game(e.name);
    std::vector<search::AnyState> states;
    search::AnyState s = g->start();
    for (int ply = 0; ply < 40 && !g->over(s); ++ply) {
      states.push_back(s);
      const auto ch = g->children(s);
      s = ch[static_cast<std::size_t>(ply) % ch.size()].second;
    }
    const long before = g_allocations.load();
    long moves = 0;
    for (const auto& st : states) moves += g->count_moves(st) + static_cast<long>(g->perft(st, 2) & 1);
    EXPECT_EQ(g_allocations.load() - before, 0) << e.name << ": operator new was called during move generation";
    // Positions with a choice were counted (a game may end within 40 plies: the trees'
    // default has 4).
    EXPECT_GT(moves, static_cast<long>(states.size())) << e.name;
  }
}

// Checkers: perft, both generators, the adapter's staged calls, from the start and from
// a middle game with kings and captures.
TEST(Allocation, CheckersGenerationAllocatesNothing) {
  using namespace checkers;
  const State mid = parse_fen("W:W15,18,21,K23,26,30:B5,6,9,K10,11,14,20");
  const CheckersGame g;
  const long before = g_allocations.load();
  std::uint64_t nodes = checkers::perft(start_state(), 7) + checkers::perft(mid, 5);
  checkers::Children ch;
  g.children(mid, ch);
  checkers::MoveList moves;
  checkers::generate_moves(mid, moves);
  for (const checkers::Move& m : moves) nodes += checkers::apply(mid, m).key & 1;
  checkers::Child c;
  nodes += g.child(mid, g.candidates(mid), g.code_move(0), c);
  g.children_except(mid, g.candidates(mid), &c.move, 1, ch);
  nodes += ch.size();
  const long during = g_allocations.load() - before;
  EXPECT_GT(nodes, 100000u);
  EXPECT_EQ(during, 0) << "operator new was called during checkers move generation";
}

TEST(Allocation, SearchAllocatesNothingOnceStarted) {
  // A searcher allocates its tables when made; the searches themselves allocate nothing
  // (the first search is a warm-up for anything lazily built, such as thread-locals).
  const Rules rules;
  auto s = models::make_searcher("alphabeta(tt_mb=4)", rules, models::make_evaluator("default"));
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
  // iteration (rollouts, implicit minimax, a model at MIN's nodes, its own alpha-beta
  // searches and their cache under reply=search), allocate nothing.
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  const Position mid =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  for (const char* spec :
       {"mcts(rollout=4)", "mcts(alpha=0.3,bias=0.5)", "om-mcts(model=material,tau=3,model_depth=2)",
        "prom-mcts(types=material:0.5)", "om-mcts(model=material,reply=search,model_depth=3,solver=false)",
        "om-mcts(model=material,reply=search,model_depth=3,prior=0.5)"}) {
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
