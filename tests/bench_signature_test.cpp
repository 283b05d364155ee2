// The bench signature: `bao bench`'s node count at its fixed depth must equal
// bench/signature.txt. A change to search behaviour (ordering, pruning, the table, the
// evaluator, the rules) changes it; update the file on purpose, saying why.
#include "experiments/bench_signature.h"

#include <gtest/gtest.h>

#include <fstream>

#include "engine/bao/bench_positions.h"

namespace bao::experiments {
namespace {

TEST(Bench, NodeCountMatchesTheSignature) {
  std::ifstream in(BAO_BENCH_SIGNATURE);
  ASSERT_TRUE(in) << "cannot open " << BAO_BENCH_SIGNATURE;
  std::uint64_t expected = 0;
  in >> expected;
  ASSERT_GT(expected, 0u);
  ASSERT_GE(bench_positions().size(), 30u);
  const BenchReport r = run_bench(kBenchDepth, kBenchSearcher, kBenchEval);
  EXPECT_EQ(r.nodes, expected) << "search behaviour changed: run `bao bench` and update bench/signature.txt";
}

}  // namespace
}  // namespace bao::experiments
