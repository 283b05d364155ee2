#include "experiments/bench_timing.h"

#include <algorithm>
#include <exception>
#include <thread>
#include <utility>
#include <vector>

#include "engine/bao/verdict_cache.h"

namespace bao::experiments {

double median_of(std::vector<double> xs) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  const std::size_t m = xs.size() / 2;
  return xs.size() % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

// Runs f on a thread of its own and returns its result, rethrowing what it threw: a new
// thread has empty thread_local caches, and the process's verdict cache (shared by all
// threads, engine/bao/verdict_cache.h) is emptied first, so f starts as cold as a fresh process.
BenchRun on_fresh_thread(const std::function<BenchRun()>& f) {
  clear_verdict_cache();
  BenchRun out;
  std::exception_ptr error;
  std::thread t([&] {
    try {
      out = f();
    } catch (...) {
      error = std::current_exception();
    }
  });
  t.join();
  if (error) std::rethrow_exception(error);
  return out;
}

namespace {

// One run of a line: passes of f, each on a fresh thread, until they took min_seconds
// together (at least one pass, at most kMaxPasses); per pass, the mean of them.
constexpr int kMaxPasses = 10000;
BenchRun timed_run(const std::function<BenchRun()>& f, double min_seconds, int& passes) {
  BenchRun total;
  passes = 0;
  do {
    const BenchRun r = on_fresh_thread(f);
    total.nodes += r.nodes;
    total.leaf_evals += r.leaf_evals;
    total.seconds += r.seconds;
    total.made += r.made;
    ++passes;
  } while (total.seconds < min_seconds && passes < kMaxPasses);
  const auto n = static_cast<std::uint64_t>(passes);
  return {total.nodes / n, total.leaf_evals / n, total.seconds / passes, total.made / n};
}

}  // namespace

// `repeat` runs of f into one line with the medians.
SuiteLine measure_line(SuiteLine line, const SuiteOptions& o, const std::function<BenchRun()>& f) {
  std::vector<double> nodes, evals, rates, made_rates;
  for (int i = 0; i < o.repeat; ++i) {
    int passes = 0;
    const BenchRun r = timed_run(f, o.min_seconds, passes);
    const double secs = std::max(r.seconds, 1e-9);  // a clock tick can read 0 for a tiny run
    line.run_seconds.push_back(secs);
    line.run_passes.push_back(passes);
    nodes.push_back(static_cast<double>(r.nodes));
    evals.push_back(static_cast<double>(r.leaf_evals));
    rates.push_back(static_cast<double>(r.nodes) / secs);
    made_rates.push_back(static_cast<double>(r.made) / secs);
  }
  line.positions_per_s = median_of(made_rates);
  line.seconds = median_of(line.run_seconds);
  line.nodes = static_cast<std::uint64_t>(median_of(nodes));
  line.leaf_evals = static_cast<std::uint64_t>(median_of(evals));
  line.nodes_per_s = median_of(rates);
  line.speed = line.kind == "perft" ? line.nodes_per_s : 1.0 / line.seconds;
  return line;
}

SuiteLine suite_line(std::string name, std::string kind, std::string spec, int depth, std::size_t positions) {
  SuiteLine l;
  l.name = std::move(name);
  l.kind = std::move(kind);
  l.spec = std::move(spec);
  l.depth = depth;
  l.positions = positions;
  return l;
}

}  // namespace bao::experiments
