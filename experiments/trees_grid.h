// The random-tree grid of `bao trees`: for every cell (width, depth, bound) of a grid and
// every searcher, the mean leaf evaluations (both functions counted) with a 95% interval,
// mean nodes, the ratio to alpha-beta, and how often the root value agrees with the first
// exact implementation of the searcher's family (OM: om-*, PrOM: prom-*). Trees are
// searched in parallel with OpenMP; every number depends only on the seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "experiments/tree_searchers.h"

namespace bao::experiments {

struct TreesGridSpec {
  std::vector<std::pair<int, int>> widths;  // [wmin, wmax] per grid value (equal: fixed)
  std::vector<int> depths;
  std::vector<int> bounds;
  int types = 2;  // evaluation functions: V0 and types-1 opponent types (PrOM: uniform)
  int trees = 100;
  std::vector<std::string> searchers;
  std::uint64_t seed = 1;
  int threads = 0;                     // 0: OpenMP's default
  std::uint64_t max_leaves = 1 << 20;  // cells whose full tree has more leaves are skipped
};

struct TreesGridRow {
  std::string width;  // "3" or "2-5"
  int depth, bound, types;
  std::string searcher;
  int trees;
  double leaf_evals_mean, leaf_evals_ci95, nodes_mean, ratio_to_alphabeta, agree_pct;
};

// Throws InputError for an unknown searcher or a bad grid. `skipped` gets a line per cell
// left out by max_leaves.
std::vector<TreesGridRow> run_trees_grid(const TreesGridSpec& spec, std::vector<std::string>* skipped = nullptr);

std::string trees_csv(const std::vector<TreesGridRow>& rows);
std::string trees_markdown(const std::vector<TreesGridRow>& rows);

}  // namespace bao::experiments
