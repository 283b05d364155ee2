// bao trees: opponent-model search on seeded random game trees over a grid of widths,
// depths and bounds; one row per cell and searcher (CSV or markdown) on stdout.
#include <iostream>

#include "cli/common.h"
#include "engine/error.h"
#include "experiments/tree_searchers.h"
#include "experiments/trees_grid.h"
#include "search/random_tree.h"
#include "search/spec.h"

namespace bao::cli {

int cmd_trees(const std::vector<std::string>& args) {
  std::string width = "2,3,4", depth = "2-8", bound = "10,100", searchers = experiments::default_tree_searchers(),
              format = "csv";
  std::string known;
  for (const std::string& n : experiments::tree_searcher_names()) known += (known.empty() ? "" : ", ") + n;
  const std::string searchers_help =
      "comma separated, from " + known + " (default " + searchers +
      "); each with its parameters, e.g. safe-om(eps=50), made by the game registry on each tree (trees(...)). "
      "What a spec does not give: model=v1, PrOM's types every function with equal probability, M*'s models every "
      "type, bound the cell's, (D,d)-OM's model_depth half the depth";
  int types = 2, trees = 100, threads = 0;
  std::uint64_t seed = 1, max_leaves = 1 << 20;
  po::options_description desc("options");
  desc.add_options()("width", po::value(&width)->value_name("LIST"),
                     "branching factors, e.g. 2,3,4; a range 2-5 is one cell whose nodes draw a width in it "
                     "(default 2,3,4)")("depth", po::value(&depth)->value_name("LIST"),
                                        "depths, e.g. 2-8 or 2,4,6 (default 2-8)")(
      "bound", po::value(&bound)->value_name("LIST"),
      "bounds B on |Vk - V0|, values on a 0..1000 scale (default 10,100)")(
      "types", po::value(&types)->value_name("N"),
      "evaluation functions: V0 and N-1 opponent types; OM uses type 1, PrOM all with equal probability (default 2)")(
      "trees", po::value(&trees)->value_name("N"), "trees per cell (default 100)")(
      "searchers", po::value(&searchers)->value_name("LIST"), searchers_help.c_str())(
      "seed", po::value(&seed)->value_name("S"), "seed (default 1)")("threads", po::value(&threads)->value_name("N"),
                                                                     "OpenMP threads (default: all cores)")(
      "format", po::value(&format)->value_name("F"), "csv (default) or md")(
      "max-leaves", po::value(&max_leaves)->value_name("N"),
      "skip cells whose full tree has more leaves (default 1048576)");
  po::variables_map vm;
  if (!parse("trees",
             "[--width 2,3,4] [--depth 2-8] [--bound 10,100] [--types 2] [--trees 100] [--searchers LIST]\n"
             "         [--max-leaves N] [--seed 1] [--threads N] [--format csv|md]",
             args, desc, nullptr, vm))
    return kExitOk;
  if (format != "csv" && format != "md") throw po::error("--format must be csv or md, found '" + format + "'");
  if (threads < 0) throw po::error("--threads must be 0 (all cores) or more, found " + std::to_string(threads));
  experiments::TreesGridSpec spec;
  spec.widths = parse_int_ranges("width", width, 1, search::kMaxTreeWidth, true);
  spec.depths = parse_int_list("depth", depth, 1, 30);
  spec.bounds = parse_int_list("bound", bound, 0, 1000);
  spec.types = types;
  spec.trees = trees;
  spec.seed = seed;
  spec.threads = threads;
  spec.max_leaves = max_leaves;
  // Commas inside a searcher's parentheses belong to its parameters: safe-om(eps=5,horizon=2).
  spec.searchers = search::split_spec_list(searchers);
  std::vector<std::string> skipped;
  const auto rows = experiments::run_trees_grid(spec, &skipped);
  for (const auto& s : skipped) std::cerr << "skipped " << s << "\n";
  std::cout << (format == "csv" ? experiments::trees_csv(rows) : experiments::trees_markdown(rows));
  return kExitOk;
}

}  // namespace bao::cli
