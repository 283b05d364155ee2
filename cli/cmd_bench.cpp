// bao bench: alpha-beta with `default` at a fixed depth on the fixed bench positions,
// one thread. Prints "nodes <N>" and "nps <X>" on stdout (N is the search signature,
// checked against bench/signature.txt by the tests), and statistics on stderr:
// effective branching factor by depth (n/a at depth 1, which has no iteration before it)
// and the table hit rate; with --verbose first one line per position.
#include <cstdio>
#include <iostream>

#include "cli/common.h"
#include "experiments/bench.h"

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
  const experiments::BenchReport rep = experiments::run_bench(depth, searcher, eval);
  if (vm.count("verbose")) {
    for (std::size_t i = 0; i < rep.per_position.size(); ++i) {
      const experiments::BenchPositionResult& p = rep.per_position[i];
      std::cerr << "position " << i + 1 << " (" << p.kind << "): best " << p.best << " value " << p.value << " nodes "
                << p.nodes << "\n";
    }
  }
  std::cerr << rep.per_position.size() << " positions, depth " << depth << ", " << searcher << ", eval " << eval
            << "\n";
  // EBF: the nodes of an iteration over those of the one before; none for the first.
  std::cerr << "depth  nodes        EBF\n";
  for (int d = 1; d <= depth; ++d) {
    char line[96];
    const std::uint64_t n = rep.nodes_by_depth[d], before = rep.nodes_by_depth[d - 1];
    char ebf[16] = "n/a";
    if (d > 1 && before > 0) std::snprintf(ebf, sizeof ebf, "%.2f", double(n) / double(before));
    std::snprintf(line, sizeof line, "%5d  %-12llu %s\n", d, static_cast<unsigned long long>(n), ebf);
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
