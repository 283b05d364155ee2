// `bao bench`: a fixed-depth search of every bench position (engine/bench_positions)
// with one searcher and evaluator, on one thread. The total node count is the search's
// signature (bench/signature.txt): it changes exactly when search behaviour changes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bao::experiments {

struct BenchReport {
  std::uint64_t nodes = 0, leaf_evals = 0, tt_probes = 0, tt_hits = 0;
  double seconds = 0;
  std::vector<std::uint64_t> nodes_by_depth;  // summed over positions, per iteration (index = depth)
  int positions = 0;
};

inline constexpr int kBenchDepth = 11;
inline constexpr const char* kBenchSearcher = "alphabeta";
inline constexpr const char* kBenchEval = "default";

// Throws InputError for a bad searcher or evaluator. `progress`, if set, gets one line
// per position.
BenchReport run_bench(int depth, const std::string& searcher, const std::string& eval, bool progress);

}  // namespace bao::experiments
