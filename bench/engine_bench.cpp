// Engine benchmarks (Google Benchmark): move generation, move execution, perft from both
// starts and from a mid-game mtaji position, and the proof of a never-ending takasa move. Perft reports nodes per
// second as items_per_second. Run: build/bench/bao_bench_engine --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true   (quote the medians)
#include <benchmark/benchmark.h>

#include "engine/bao/long_moves.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"

namespace {

using namespace bao;

// A mid-game mtaji position (both hands empty) from a seeded random game; also in
// tests/engine_perft_test.cpp.
const char* const kMidgame = "1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -";
// Namua stage with houses, after 8 moves of the 1994 game (tests/data).
const char* const kNamua = "0,0,3,0,12,1,0,0/0,0,0,0,0,1,1,1/0,1,4,1,10,0,0,1/0,0,0,0,0,0,0,0 S 14,14 Aa -";

struct Case {
  Variant variant;
  Position position;
};
Case make_case(int which) {
  switch (which) {
    case 0:
      return {Variant::Kiswahili, start_position(Variant::Kiswahili)};
    case 1:
      return {Variant::Kujifunza, start_position(Variant::Kujifunza)};
    case 2:
      return {Variant::Kiswahili, parse_position(kNamua, Variant::Kiswahili)};
    default:
      return {Variant::Kiswahili, parse_position(kMidgame, Variant::Kiswahili)};
  }
}
const char* case_name(int which) {
  static const char* names[] = {"kiswahili_start", "kujifunza_start", "kiswahili_namua", "kiswahili_mtaji_midgame"};
  return names[which];
}

void BM_GenerateChildren(benchmark::State& state) {
  const Case c = make_case(static_cast<int>(state.range(0)));
  Rules rules;
  rules.variant = c.variant;
  ChildList children;
  for (auto _ : state) {
    generate_children(c.position, rules, children);
    benchmark::DoNotOptimize(children.data());
  }
  state.SetLabel(case_name(static_cast<int>(state.range(0))));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(children.size()));
}
BENCHMARK(BM_GenerateChildren)->DenseRange(0, 3);

void BM_ApplyMove(benchmark::State& state) {
  const Case c = make_case(static_cast<int>(state.range(0)));
  Rules rules;
  rules.variant = c.variant;
  MoveList moves;
  generate_moves(c.position, rules, moves);
  std::size_t i = 0;
  for (auto _ : state) {
    Position child = apply_move(c.position, moves[i], rules);
    benchmark::DoNotOptimize(child);
    if (++i == moves.size()) i = 0;
  }
  state.SetLabel(case_name(static_cast<int>(state.range(0))));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ApplyMove)->DenseRange(0, 3);

void BM_Perft(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const int depth = static_cast<int>(state.range(1));
  const Case c = make_case(which);
  Rules rules;
  rules.variant = c.variant;
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(c.position, rules, depth);
  state.SetLabel(std::string(case_name(which)) + " depth " + std::to_string(depth));
  state.SetItemsProcessed(static_cast<int64_t>(nodes));
}
BENCHMARK(BM_Perft)->Args({0, 10})->Args({1, 7})->Args({2, 6})->Args({3, 6})->Unit(benchmark::kMillisecond);

// The proof that a takasa move never ends (engine/bao/long_moves.h): the never-ending move of
// line 28 of tests/data/long-move-set.txt, from its hand-over after the free laps (its ring
// seen from the pit whose decision is next), whose period is 1,372,965 laps. Arg 0: as
// move generation decides it (both ends at once where the CPU allows), 1: forward alone
// (a finite budget). Reports laps per second as items_per_second.
void BM_NeverEndingMoveProof(benchmark::State& state) {
  const std::uint8_t ring[kRing] = {2, 2, 7, 0, 5, 0, 12, 5, 1, 0, 6, 7, 2, 3, 0, 1};
  const std::uint64_t budget = state.range(0) == 0 ? ~std::uint64_t{0} : ~std::uint64_t{0} - 1;
  std::uint64_t laps = 0;
  for (auto _ : state) {
    TakasaLaps t;
    for (int i = 0; i < kRing; ++i) t.ring[i] = ring[i];
    const LapsResult r = play_takasa_laps(t, budget);
    if (r != LapsResult::Infinite) state.SkipWithError("the move should never end");
    laps += t.laps;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(laps));
}
BENCHMARK(BM_NeverEndingMoveProof)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
