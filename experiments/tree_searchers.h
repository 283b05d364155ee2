// The searchers of random game trees as `bao trees` and the Python module run them
// (docs/opponent-models.md). The trees are a registered game ("trees(...)",
// search/random_tree_traits.h) and a searcher is made by the game registry from its spec,
// as on every game; what an experiment decides (which of the tree's functions a searcher
// models, the bound B, (D,d)-OM's model depth) is written into the spec where the spec
// does not give it, so every parameter reaches the search through the one path.
#pragma once

#include <string>
#include <vector>

#include "search/any_game.h"
#include "search/random_tree.h"

namespace bao::experiments {

// The registered searchers that run on random trees (models::searchers(), in its order).
const std::vector<std::string>& tree_searcher_names();

// `bao trees`' default list of searchers, comma separated (the registry's grid defaults).
std::string default_tree_searchers();

// The game spec of the tree p: "trees(width=3,depth=4,bound=100,step=100,...)".
std::string tree_game_spec(const search::TreeParams& p);

// What an experiment decides for a search of a tree with `types` functions v0 ... :
// the OM searchers' model vK, PrOM's probabilities (one per function, v0's first; empty:
// uniform), M*'s models (every type after V0, in order), the bound B, and (D,d)-OM's
// model depth (half the search's depth, at least 1).
struct TreeSearchDefaults {
  int types = 2;
  int model = 1;
  std::vector<double> probs;
  int bound = 0;
  int depth = 1;
};

// `spec` with each parameter of its searcher's schema that it lacks and `d` decides
// (model, types and own, models, bound, a (D,d)-OM's model_depth); the rest as given.
// An unknown searcher's spec comes back as it is (the registry then names it).
// Throws InputError for a malformed spec.
std::string tree_searcher_spec(const std::string& spec, const TreeSearchDefaults& d);

// The search of `spec` (a spec tree_searcher_spec filled) from g's root to depth, MAX
// evaluating with `eval`. Throws InputError as the registry does (an unknown searcher, one
// the trees do not run, a parameter not read there, a bad value) and what the search
// throws (BoundViolation, bad probabilities).
search::AnyResult search_tree(const search::AnyGame& g, const std::string& spec, const std::string& eval, int depth);

// Why the searcher `spec` cannot search a random tree with `types` functions (its error on
// a tree of the default shape with the experiments' defaults filled in), or "" when it can.
std::string tree_refusal(const std::string& spec, int types = 2);

}  // namespace bao::experiments
