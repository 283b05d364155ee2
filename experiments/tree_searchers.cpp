#include "experiments/tree_searchers.h"

#include "engine/error.h"
#include "models/opponent_searchers.h"

namespace bao::experiments {

using search::RandomTreeGame;

const std::vector<std::string>& tree_searcher_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const search::SearcherEntry& e : models::searchers().entries())
      if (e.tree) out.push_back(e.name);
    return out;
  }();
  return names;
}

std::string default_tree_searchers() {
  std::string out;
  for (const search::SearcherEntry& e : models::searchers().entries())
    if (e.tree_grid_default) out += (out.empty() ? "" : ",") + e.name;
  return out;
}

search::ModelResult<RandomTreeGame::Move> run_tree_searcher(
    const std::string& name, const RandomTreeGame& game,
    const std::vector<search::ModelSearch<RandomTreeGame>::Fn>& fns, const TreeSearchArgs& a) {
  const std::string why = tree_refusal(name);
  if (!why.empty()) throw InputError(why);
  return models::searchers().find(name)->tree(game, fns, a);
}

std::string tree_refusal(const std::string& name) {
  const search::SearcherEntry* e = models::searchers().find(name);
  if (e && e->tree) return "";
  if (e) return "searcher '" + name + "' does not run on random trees (" + e->not_on_trees + ")";
  std::string list;
  for (const auto& n : tree_searcher_names()) list += (list.empty() ? "" : ", ") + n;
  return "unknown searcher '" + name + "' (known on trees: " + list + ")";
}

}  // namespace bao::experiments
