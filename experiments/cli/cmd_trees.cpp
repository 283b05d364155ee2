// bao trees: opponent-model search on seeded random game trees over a grid of widths,
// depths and bounds; one row per cell and searcher (CSV or markdown) on stdout.
#include <iostream>

#include "engine/error.h"
#include "experiments/cli/common.h"
#include "experiments/trees_grid.h"

namespace bao::cli {
namespace {

// "2,3,4", "2-8", "2,4-6" -> values; with ranges_as_pairs a range "2-5" is one value.
std::vector<std::pair<int, int>> parse_list(const std::string& opt, const std::string& text, bool ranges_as_pairs) {
  std::vector<std::pair<int, int>> out;
  std::size_t at = 0;
  auto number = [&](const std::string& s) {
    try {
      std::size_t used = 0;
      const int v = std::stoi(s, &used);
      if (used != s.size()) throw std::invalid_argument("x");
      return v;
    } catch (const std::exception&) {
      throw InputError("--" + opt + ": '" + s + "' is not a whole number (in '" + text + "')");
    }
  };
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(at, comma - at);
    at = comma + 1;
    if (item.empty()) throw InputError("--" + opt + ": empty item in '" + text + "'");
    const auto dash = item.find('-');
    if (dash == std::string::npos) {
      const int v = number(item);
      out.emplace_back(v, v);
    } else {
      const int a = number(item.substr(0, dash)), b = number(item.substr(dash + 1));
      if (a > b) throw InputError("--" + opt + ": range '" + item + "' runs backwards");
      if (ranges_as_pairs) {
        out.emplace_back(a, b);
      } else {
        for (int v = a; v <= b; ++v) out.emplace_back(v, v);
      }
    }
  }
  return out;
}

std::vector<int> firsts(const std::vector<std::pair<int, int>>& v) {
  std::vector<int> out;
  for (const auto& p : v) out.push_back(p.first);
  return out;
}

}  // namespace

int cmd_trees(const std::vector<std::string>& args) {
  std::string width = "2,3,4", depth = "2-8", bound = "10,100",
              searchers = "alphabeta,om-plain,om-beta,om-probe,om-bounded,prom-plain,prom-beta", format = "csv";
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
      "searchers", po::value(&searchers)->value_name("LIST"),
      "alphabeta, minimax, om-plain, om-beta, om-probe, om-bounded, prom-plain, prom-beta")(
      "seed", po::value(&seed)->value_name("S"), "seed (default 1)")("threads", po::value(&threads)->value_name("N"),
                                                                     "OpenMP threads (default: all cores)")(
      "format", po::value(&format)->value_name("F"), "csv (default) or md")(
      "max-leaves", po::value(&max_leaves)->value_name("N"),
      "skip cells whose full tree has more leaves (default 1048576)");
  po::variables_map vm;
  if (!parse("trees",
             "[--width 2,3,4] [--depth 2-8] [--bound 10,100] [--types 2] [--trees 100] [--searchers LIST] "
             "[--seed 1] [--threads N] [--format csv|md]",
             args, desc, nullptr, vm))
    return kExitOk;
  if (format != "csv" && format != "md") throw po::error("--format must be csv or md, found '" + format + "'");
  if (threads < 0) throw po::error("--threads must be positive");
  experiments::TreesGridSpec spec;
  spec.widths = parse_list("width", width, true);
  spec.depths = firsts(parse_list("depth", depth, false));
  spec.bounds = firsts(parse_list("bound", bound, false));
  spec.types = types;
  spec.trees = trees;
  spec.seed = seed;
  spec.threads = threads;
  spec.max_leaves = max_leaves;
  std::size_t at = 0;
  while (at <= searchers.size()) {
    std::size_t comma = searchers.find(',', at);
    if (comma == std::string::npos) comma = searchers.size();
    spec.searchers.push_back(searchers.substr(at, comma - at));
    at = comma + 1;
  }
  std::vector<std::string> skipped;
  const auto rows = experiments::run_trees_grid(spec, &skipped);
  for (const auto& s : skipped) std::cerr << "skipped " << s << "\n";
  std::cout << (format == "csv" ? experiments::trees_csv(rows) : experiments::trees_markdown(rows));
  return kExitOk;
}

}  // namespace bao::cli
