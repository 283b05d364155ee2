// Search benchmarks (Google Benchmark): alpha-beta with `default` over the bench
// positions (nodes per second as items_per_second), and evaluator speed.
// Run: build/bench/bao_bench_search --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "engine/bao/bench_positions.h"
#include "engine/bao/notation.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/searcher.h"

namespace {

using namespace bao;

void BM_AlphaBetaBenchPositions(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  auto eval = models::make_evaluator("default");
  Rules kis, kuj;
  kuj.variant = Variant::Kujifunza;
  auto s_kis = models::make_searcher("alphabeta", kis, eval);
  auto s_kuj = models::make_searcher("alphabeta", kuj, eval);
  std::vector<std::pair<Position, bool>> positions;
  for (const auto& bp : bench_positions())
    positions.emplace_back(parse_position(bp.position, bp.variant), bp.variant == Variant::Kujifunza);
  std::uint64_t nodes = 0;
  for (auto _ : state)
    for (const auto& [p, kuj_variant] : positions)
      nodes += (kuj_variant ? s_kuj : s_kis)->search(p, search::Limits{depth, 0, 0}).nodes;
  state.SetItemsProcessed(static_cast<int64_t>(nodes));
  state.SetLabel("nodes/s, depth " + std::to_string(depth));
}
BENCHMARK(BM_AlphaBetaBenchPositions)->Arg(9)->Arg(11)->Unit(benchmark::kMillisecond);

void BM_Evaluate(benchmark::State& state, const char* name) {
  auto eval = models::make_evaluator(name);
  std::vector<Position> positions;
  for (const auto& bp : bench_positions()) positions.push_back(parse_position(bp.position, bp.variant));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(eval->evaluate(positions[i], positions[i].side));
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_Evaluate, material, "material");
BENCHMARK_CAPTURE(BM_Evaluate, default, "default");
BENCHMARK_CAPTURE(BM_Evaluate, learned_td_long, "td-long");

}  // namespace

BENCHMARK_MAIN();
