// Which registered searchers the random trees (the game trees(...),
// search/random_tree_traits.h) run, and why not the others: read by their maker
// (search/random_tree_searchers.h), the registry's docs table and Python's
// bao.searcher_info, so the answer is written once.
#pragma once

#include <string>
#include <string_view>

namespace bao::search {

inline bool runs_on_trees(std::string_view name) {
  for (const char* n : {"minimax",     "alphabeta",  "random",     "om-plain", "om-beta", "om-probe",  "om-bounded",
                        "prom-1p",     "prom-plain", "prom-beta",  "sp-prom",  "safe-om", "robust-om", "mstar-1p",
                        "mstar-plain", "mstar-ab",   "ddom-plain", "ddom-ab",  "mcts",    "om-mcts",   "prom-mcts"})
    if (name == n) return true;
  return false;
}

// The name of the tree's function k as an evaluator: "v0", "v1", ... (appended, not
// "v" + text: GCC 12 warns falsely, -Wrestrict, on a short literal plus a string).
inline std::string tree_function(int k) {
  std::string name = std::to_string(k);
  name.insert(0, 1, 'v');
  return name;
}

// "" for a searcher the trees run.
inline std::string tree_refusal_reason(std::string_view name) {
  if (runs_on_trees(name)) return "";
  return "it needs a StagedGame (move codes for alpha-beta's tables), which the random trees do not offer";
}

}  // namespace bao::search
