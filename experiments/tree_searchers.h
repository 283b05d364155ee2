// The searchers of random game trees by name, as `bao trees` and the Python module run
// them (docs/opponent-models.md): one place that maps a name to an algorithm.
#pragma once

#include <string>
#include <vector>

#include "search/model_search.h"
#include "search/random_tree.h"

namespace bao::experiments {

// What a tree search runs with: fn[0] is V0, fn[1..] the opponent types.
struct TreeSearchArgs {
  int depth = 1;
  int model = 1;              // OM: the model's function (alphabeta, minimax: the function searched)
  int bound = 0;              // om-bounded, sp-prom: B (mstar-ab: adjacent levels within
                              // B at level 1, 2B from level 2 on: each type is within B of V0)
  std::vector<double> probs;  // PrOM: one probability per function
  int levels = 0;             // M*: the modelling levels (0: one per function but V0)
  int model_depth = 0;        // (D,d)-OM: the model's depth d (0: depth / 2, at least 1)
};

// The registered searchers that run on random trees (models::searchers(), in its order).
const std::vector<std::string>& tree_searcher_names();

// `bao trees`' default list of searchers, comma separated (the registry's grid defaults).
std::string default_tree_searchers();

// The search `name` from the tree's root on the functions fns. Throws InputError for an
// unknown name (and whatever the searcher throws: BoundViolation, bad probabilities).
search::ModelResult<search::RandomTreeGame::Move> run_tree_searcher(
    const std::string& name, const search::RandomTreeGame& game,
    const std::vector<search::ModelSearch<search::RandomTreeGame>::Fn>& fns, const TreeSearchArgs& args);

}  // namespace bao::experiments
