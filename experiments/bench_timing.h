// How the speed suites (`bao bench --suite`, with or without --game) time a line: a run
// repeats its passes until they took min_seconds together and reports one pass's mean;
// a line is the median of `repeat` runs. Every pass runs on a fresh thread with the
// process's verdict cache of Bao's long moves emptied first, so each pass starts as cold as
// a fresh process and one pass's or line's proofs do not make another's cheap.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "experiments/bench_suite.h"

namespace bao::experiments {

using BenchClock = std::chrono::steady_clock;

// What one pass (or one run's mean pass) of a line measured.
struct BenchRun {
  std::uint64_t nodes = 0, leaf_evals = 0;
  double seconds = 0;
  std::uint64_t made = 0;  // MCTS: positions made (Result::positions)
};

// The median of xs (the mean of the middle two for an even count); 0 for none.
double median_of(std::vector<double> xs);

// f on a thread of its own, with the verdict cache emptied first; rethrows what f threw.
BenchRun on_fresh_thread(const std::function<BenchRun()>& f);

// `line` filled with the medians of o.repeat runs of f, each run o.min_seconds of passes
// (at least one). Rethrows what f throws.
SuiteLine measure_line(SuiteLine line, const SuiteOptions& o, const std::function<BenchRun()>& f);

// A line with its name, kind ("perft" or "search"), searcher spec, depth and position count.
SuiteLine suite_line(std::string name, std::string kind, std::string spec, int depth, std::size_t positions);

}  // namespace bao::experiments
