// bao bench: alpha-beta with `default` at a fixed depth on the fixed bench positions,
// one thread. Prints "nodes <N>" and "nps <X>" on stdout (N is the search signature,
// checked against bench/signature.txt by the tests), and statistics on stderr:
// effective branching factor by depth and the table hit rate.
#include <cstdio>
#include <iostream>

#include "experiments/bench.h"
#include "cli/common.h"

namespace bao::cli {

int cmd_bench(const std::vector<std::string>& args) {
  int depth = experiments::kBenchDepth;
  std::string searcher = experiments::kBenchSearcher, eval = experiments::kBenchEval;
  po::options_description desc("options");
  desc.add_options()("depth", po::value(&depth)->value_name("D"), "search depth (default 11, the signature's)")(
      "searcher", po::value(&searcher)->value_name("S"), "searcher (default alphabeta)")(
      "eval", po::value(&eval)->value_name("E"), "evaluator (default default)")("verbose",
                                                                                "one line per position on stderr");
  po::variables_map vm;
  if (!parse("bench", "[--depth D] [--searcher S] [--eval E] [--verbose]", args, desc, nullptr, vm)) return kExitOk;
  if (depth < 1 || depth > 20) throw po::error("--depth must be between 1 and 20, found " + std::to_string(depth));
  const experiments::BenchReport rep = experiments::run_bench(depth, searcher, eval, vm.count("verbose") > 0);
  std::cerr << rep.positions << " positions, depth " << depth << ", " << searcher << ", eval " << eval << "\n";
  std::cerr << "depth  nodes        EBF\n";
  for (int d = 1; d <= depth; ++d) {
    char line[96];
    const double ebf =
        d > 1 && rep.nodes_by_depth[d - 1] ? double(rep.nodes_by_depth[d]) / double(rep.nodes_by_depth[d - 1]) : 0;
    std::snprintf(line, sizeof line, "%5d  %-12llu %.2f\n", d, static_cast<unsigned long long>(rep.nodes_by_depth[d]),
                  ebf);
    std::cerr << line;
  }
  if (rep.tt_probes)
    std::cerr << "table: " << rep.tt_probes << " probes, " << rep.tt_hits << " cutoffs ("
              << 100.0 * double(rep.tt_hits) / double(rep.tt_probes) << "%)\n";
  std::cerr << "leaf evaluations: " << rep.leaf_evals << ", time " << rep.seconds << " s\n";
  std::cout << "nodes " << rep.nodes << "\n";
  std::cout << "nps " << static_cast<std::uint64_t>(rep.seconds > 0 ? rep.nodes / rep.seconds : 0) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
