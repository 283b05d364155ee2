// Checkers benchmarks (Google Benchmark): perft from the start with bulk counting (nodes
// per second as items_per_second, from CPU time), listing a position's children, and
// counting its moves. Run: build/bench/bao_bench_checkers --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true   (quote the medians)
#include <benchmark/benchmark.h>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"

namespace {

using namespace bao::checkers;

// A middle game with kings on both sides and a capture to make (from a seeded random game).
const char* const kMidgame = "W:W15,18,21,K23,26,30:B5,6,9,K10,11,14,20";

void BM_CheckersPerft(benchmark::State& state) {
  const State s = start_state();
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(s, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(nodes));
}
BENCHMARK(BM_CheckersPerft)->Arg(9)->Arg(11)->Unit(benchmark::kMillisecond);

void BM_CheckersChildren(benchmark::State& state) {
  const State s = state.range(0) ? parse_fen(kMidgame) : start_state();
  Children ch;
  for (auto _ : state) {
    generate_children(s, ch);
    benchmark::DoNotOptimize(ch.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(ch.size()));
  state.SetLabel(state.range(0) ? "midgame" : "start");
}
BENCHMARK(BM_CheckersChildren)->Arg(0)->Arg(1);

void BM_CheckersCountMoves(benchmark::State& state) {
  const State s = state.range(0) ? parse_fen(kMidgame) : start_state();
  std::uint64_t n = 0;
  for (auto _ : state) {
    n = count_moves(s);
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
  state.SetLabel(state.range(0) ? "midgame" : "start");
}
BENCHMARK(BM_CheckersCountMoves)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
