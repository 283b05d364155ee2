#include "experiments/trees_grid.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "engine/error.h"
#include "experiments/tree_searchers.h"
#include "models/all_searchers.h"
#include "models/games.h"
#include "search/random_tree.h"
#include "search/result.h"
#include "search/spec.h"

namespace bao::experiments {
namespace {

using search::TreeParams;

// A searcher's family (search::SearcherEntry::family; its own name when it has none): its
// agreement reference is the family's first searcher listed.
std::string family(const std::string& s) {
  const search::SearcherEntry* e = models::searchers().find(search::parse_spec(s).name);
  return e && !e->family.empty() ? e->family : s;
}

struct Run {
  double evals = 0, nodes = 0, value = 0;
};

// One search of g's root, MAX on V0: its evaluations, nodes and value (PrOM's as computed,
// not rounded: the agreement compares them exactly).
Run run_one(const search::AnyGame& g, const std::string& spec, int depth) {
  const search::AnyResult r = search_tree(g, spec, "v0", depth);
  return Run{static_cast<double>(r.leaf_evals), static_cast<double>(r.nodes), r.value_exact};
}

std::string fmt(double x, int decimals) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", decimals, x);
  return b;
}

void check_searchers_and_counts(const TreesGridSpec& spec) {
  if (spec.searchers.empty()) throw InputError("--searchers: give at least one searcher");
  if (spec.widths.empty() || spec.depths.empty() || spec.bounds.empty())
    throw InputError("the grid has no cell: give at least one width, depth and bound");
  if (spec.types < 2 || spec.types > search::kMaxTypes)
    throw InputError("--types: expected 2 to " + std::to_string(search::kMaxTypes) + " evaluation functions, found " +
                     std::to_string(spec.types));
  for (const std::string& s : spec.searchers) {
    const std::string why = tree_refusal(s, spec.types);
    if (!why.empty()) throw InputError("--searchers: " + why);
  }
  if (spec.trees < 1) throw InputError("--trees: expected at least 1, found " + std::to_string(spec.trees));
  if (spec.threads < 0 || spec.threads > search::kMaxThreads)
    throw InputError("--threads: expected 0 (all cores) to " + std::to_string(search::kMaxThreads) + ", found " +
                     std::to_string(spec.threads));
}

struct Cell {
  std::pair<int, int> w;
  int depth, bound;
};

// The grid's cells but those over max_leaves (a line each in skipped).
std::vector<Cell> grid_cells(const TreesGridSpec& spec, std::vector<std::string>* skipped) {
  std::vector<Cell> cells;
  for (const auto& w : spec.widths)
    for (int d : spec.depths) {
      if (w.first < 1 || w.second > search::kMaxTreeWidth || w.first > w.second)
        throw InputError("--width: widths must be 1.." + std::to_string(search::kMaxTreeWidth));
      if (d < 1 || d > 30) throw InputError("--depth: depths must be 1..30, found " + std::to_string(d));
      if (std::pow(double(w.second), d) > double(spec.max_leaves)) {
        if (skipped)
          skipped->push_back("width " + std::to_string(w.first) + "-" + std::to_string(w.second) + " depth " +
                             std::to_string(d) + ": more than " + std::to_string(spec.max_leaves) + " leaves");
        continue;
      }
      for (int b : spec.bounds) {
        if (b < 0 || b > 1000) throw InputError("--bound: bounds must be 0..1000, found " + std::to_string(b));
        cells.push_back({w, d, b});
      }
    }
  if (cells.empty())
    throw InputError("no cell left to run: every width and depth of the grid has more than " +
                     std::to_string(spec.max_leaves) + " leaves (raise --max-leaves)");
  return cells;
}

// Tree number `tree` of cell c: its seed depends on the grid's seed, the cell and tree.
TreeParams tree_params(const TreesGridSpec& spec, const Cell& c, long tree) {
  TreeParams tp;
  tp.wmin = c.w.first;
  tp.wmax = c.w.second;
  tp.depth = c.depth;
  tp.bound = c.bound;
  tp.step = 100;
  tp.types = spec.types;
  tp.seed = search::tree_mix(
      spec.seed * 0x9e3779b97f4a7c15ull ^
      search::tree_mix(static_cast<std::uint64_t>(c.w.first) << 40 ^ static_cast<std::uint64_t>(c.w.second) << 32 ^
                       static_cast<std::uint64_t>(c.depth) << 24 ^ static_cast<std::uint64_t>(c.bound) << 8 ^
                       static_cast<std::uint64_t>(tree) << 48));
  return tp;
}

// Every tree of every cell searched by every searcher of `run`, in parallel: the runs of
// task t (cell t / trees, tree t % trees) at [t * run.size(), (t + 1) * run.size()).
std::vector<Run> run_trees(const TreesGridSpec& spec, const std::vector<Cell>& cells,
                           const std::vector<std::string>& run) {
  const int nrun = static_cast<int>(run.size());
  // Each searcher's spec in each cell: the OM searchers model V1, PrOM takes every
  // function with equal probability, and the bound is the cell's.
  std::vector<std::vector<std::string>> specs(cells.size());
  for (std::size_t ci = 0; ci < cells.size(); ++ci)
    for (const std::string& s : run)
      specs[ci].push_back(tree_searcher_spec(
          s, TreeSearchDefaults{
                 .types = spec.types, .model = 1, .probs = {}, .bound = cells[ci].bound, .depth = cells[ci].depth}));
  const long tasks = static_cast<long>(cells.size()) * spec.trees;
  std::vector<Run> results(static_cast<std::size_t>(tasks) * nrun);
  std::vector<std::string> errors(static_cast<std::size_t>(tasks));
#pragma omp parallel for schedule(dynamic, 1) num_threads(spec.threads > 0 ? spec.threads : omp_get_max_threads())
  for (long t = 0; t < tasks; ++t) {
    const std::size_t ci = static_cast<std::size_t>(t / spec.trees);
    const Cell& c = cells[ci];
    try {
      const auto g = models::make_game(tree_game_spec(tree_params(spec, c, t % spec.trees)));
      for (int i = 0; i < nrun; ++i)
        results[static_cast<std::size_t>(t) * nrun + i] = run_one(*g, specs[ci][static_cast<std::size_t>(i)], c.depth);
    } catch (const std::exception& e) {
      errors[static_cast<std::size_t>(t)] = e.what();
    }
  }
  for (const auto& e : errors)
    if (!e.empty()) throw InputError("bao trees: " + e);
  return results;
}

// The row of searcher i in cell c: runs(t, j) is tree t's run of searcher j; ref is the
// searcher whose values i's are compared with, ab_mean alpha-beta's mean evaluations.
template <class Runs>
TreesGridRow cell_row(const TreesGridSpec& spec, const Cell& c, const std::string& name, int i, int ref, double ab_mean,
                      Runs&& runs) {
  double sum = 0, sq = 0, nodes = 0;
  int agree = 0;
  for (int t = 0; t < spec.trees; ++t) {
    const Run& r = runs(t, i);
    sum += r.evals;
    sq += r.evals * r.evals;
    nodes += r.nodes;
    agree += r.value == runs(t, ref).value;
  }
  const double n = spec.trees, mean = sum / n;
  const double var = n > 1 ? std::max(0.0, (sq - n * mean * mean) / (n - 1)) : 0.0;
  TreesGridRow row;
  row.width = c.w.first == c.w.second ? std::to_string(c.w.first)
                                      : std::to_string(c.w.first) + "-" + std::to_string(c.w.second);
  row.depth = c.depth;
  row.bound = c.bound;
  row.types = spec.types;
  row.searcher = name;
  row.trees = spec.trees;
  row.leaf_evals_mean = mean;
  row.leaf_evals_ci95 = 1.96 * std::sqrt(var / n);
  row.nodes_mean = nodes / n;
  row.ratio_to_alphabeta = ab_mean > 0 ? mean / ab_mean : 0;
  row.agree_pct = 100.0 * agree / n;
  return row;
}

}  // namespace

std::vector<TreesGridRow> run_trees_grid(const TreesGridSpec& spec, std::vector<std::string>* skipped) {
  check_searchers_and_counts(spec);
  const std::vector<Cell> cells = grid_cells(spec, skipped);
  // The searchers run: alpha-beta always, for the ratio.
  std::vector<std::string> run = spec.searchers;
  if (std::find(run.begin(), run.end(), "alphabeta") == run.end()) run.push_back("alphabeta");
  const std::vector<Run> results = run_trees(spec, cells, run);

  const int nrun = static_cast<int>(run.size());
  const int ab_index = static_cast<int>(std::find(run.begin(), run.end(), "alphabeta") - run.begin());
  std::vector<TreesGridRow> rows;
  for (std::size_t ci = 0; ci < cells.size(); ++ci) {
    auto runs = [&](int t, int i) -> const Run& { return results[(ci * spec.trees + t) * nrun + i]; };
    double ab_mean = 0;
    for (int t = 0; t < spec.trees; ++t) ab_mean += runs(t, ab_index).evals;
    ab_mean /= spec.trees;
    for (int i = 0; i < static_cast<int>(spec.searchers.size()); ++i) {
      int ref = i;  // the first searcher of the same family
      for (int j = 0; j < i; ++j)
        if (family(run[j]) == family(run[i])) {
          ref = j;
          break;
        }
      rows.push_back(cell_row(spec, cells[ci], run[i], i, ref, ab_mean, runs));
    }
  }
  return rows;
}

std::string trees_csv(const std::vector<TreesGridRow>& rows) {
  std::string s =
      "width,depth,bound,types,searcher,trees,leaf_evals_mean,leaf_evals_ci95,nodes_mean,ratio_to_alphabeta,"
      "agree_pct\n";
  for (const auto& r : rows)
    s += r.width + "," + std::to_string(r.depth) + "," + std::to_string(r.bound) + "," + std::to_string(r.types) + "," +
         r.searcher + "," + std::to_string(r.trees) + "," + fmt(r.leaf_evals_mean, 1) + "," +
         fmt(r.leaf_evals_ci95, 1) + "," + fmt(r.nodes_mean, 1) + "," + fmt(r.ratio_to_alphabeta, 3) + "," +
         fmt(r.agree_pct, 1) + "\n";
  return s;
}

std::string trees_markdown(const std::vector<TreesGridRow>& rows) {
  std::string s =
      "| width | depth | bound | types | searcher | trees | leaf evals (mean) | 95% CI | nodes (mean) | ratio to "
      "alpha-beta | agree % |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : rows)
    s += "| " + r.width + " | " + std::to_string(r.depth) + " | " + std::to_string(r.bound) + " | " +
         std::to_string(r.types) + " | " + r.searcher + " | " + std::to_string(r.trees) + " | " +
         fmt(r.leaf_evals_mean, 1) + " | +-" + fmt(r.leaf_evals_ci95, 1) + " | " + fmt(r.nodes_mean, 1) + " | " +
         fmt(r.ratio_to_alphabeta, 3) + " | " + fmt(r.agree_pct, 1) + " |\n";
  return s;
}

}  // namespace bao::experiments
