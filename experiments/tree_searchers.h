// The searchers of random game trees by name, as `bao trees` and the Python module run
// them (docs/opponent-models.md): one place that maps a name to an algorithm.
#pragma once

#include <string>
#include <vector>

#include "search/model_search.h"
#include "search/random_tree.h"
#include "search/registry.h"

namespace bao::experiments {

using search::TreeSearchArgs;

// The registered searchers that run on random trees (models::searchers(), in its order).
const std::vector<std::string>& tree_searcher_names();

// `bao trees`' default list of searchers, comma separated (the registry's grid defaults).
std::string default_tree_searchers();

// Why the searcher `spec` names cannot search a random tree ("searcher 'x' does not run
// on random trees (why)", "unknown searcher 'x' (known on trees: ...)", a malformed
// spec), or "" when it can.
std::string tree_refusal(const std::string& spec);

// The search `spec` names ("safe-om(eps=5)") from the tree's root on the functions fns.
// The spec's parameters that a tree search reads (bound, eps, w, levels, model_depth,
// iterations) replace args' fields, checked against the searcher's schema; another
// parameter, or an unknown one, is refused. Throws InputError for an unknown name (and
// whatever the searcher throws: BoundViolation, bad probabilities).
search::ModelResult<search::RandomTreeGame::Move> run_tree_searcher(
    const std::string& spec, const search::RandomTreeGame& game,
    const std::vector<search::ModelSearch<search::RandomTreeGame>::Fn>& fns, const TreeSearchArgs& args);

}  // namespace bao::experiments
