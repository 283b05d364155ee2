// `bao bench`: a fixed-depth search of every bench position (engine/bench_positions)
// with one searcher and evaluator, on one thread. The total node count is the search's
// signature (bench/signature.txt): it changes exactly when search behaviour changes.
// The speed suite, `bao bench --suite`, is experiments/bench_suite.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/bao/rules.h"

namespace bao::experiments {

// One position's search.
struct BenchPositionResult {
  std::string kind;  // the bench position's kind (engine/bao/bench_positions.h)
  std::string best;  // the best move in canonical notation, "none" without one
  int value = 0;     // from the side to move's view
  std::uint64_t nodes = 0;
};

struct BenchReport {
  std::uint64_t nodes = 0, leaf_evals = 0, tt_probes = 0, tt_hits = 0;
  double seconds = 0;
  std::vector<std::uint64_t> nodes_by_depth;      // summed over positions, per iteration (index = depth)
  std::vector<BenchPositionResult> per_position;  // in bench order
};

inline constexpr int kBenchDepth = 11;
inline constexpr const char* kBenchSearcher = "alphabeta";
inline constexpr const char* kBenchEval = "default";

// Throws InputError for a bad searcher or evaluator. Prints nothing: the caller reports.
BenchReport run_bench(int depth, const std::string& searcher, const std::string& eval);

}  // namespace bao::experiments
