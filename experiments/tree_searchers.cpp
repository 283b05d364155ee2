#include "experiments/tree_searchers.h"

#include <algorithm>

#include "engine/error.h"
#include "models/opponent_searchers.h"
#include "search/ddom.h"
#include "search/mstar.h"
#include "search/om.h"
#include "search/prom.h"

namespace bao::experiments {

using search::RandomTreeGame;

const std::vector<std::string>& tree_searcher_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const search::SearcherEntry& e : models::searchers().entries())
      if (e.not_on_trees.empty()) out.push_back(e.name);
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
  const auto root = game.root();
  if (name.rfind("mstar-", 0) == 0) {
    search::MStarSearch<RandomTreeGame> s(game, fns);
    const int n = a.levels > 0 ? a.levels : static_cast<int>(fns.size()) - 1;
    if (name == "mstar-1p") return s.mstar_1p(root, a.depth, n);
    if (name == "mstar-plain") return s.mstar_plain(root, a.depth, n);
    if (name == "mstar-ab") return s.mstar_ab(root, a.depth, n, n >= 2 ? 2 * a.bound : a.bound);
  } else if (name.rfind("ddom-", 0) == 0) {
    search::DdOmSearch<RandomTreeGame> s(game, fns);
    const int d = a.model_depth > 0 ? a.model_depth : std::max(1, a.depth / 2);
    if (name == "ddom-plain") return s.ddom_plain(root, a.depth, d, a.model);
    if (name == "ddom-ab") return s.ddom_ab(root, a.depth, d, a.model);
  } else if (name.find("prom") != std::string::npos) {
    search::PromSearch<RandomTreeGame> s(game, fns);
    if (name == "prom-1p") return s.prom_1p(root, a.depth, a.probs);
    if (name == "prom-plain") return s.prom_plain(root, a.depth, a.probs);
    if (name == "prom-beta") return s.prom_beta(root, a.depth, a.probs);
    if (name == "sp-prom") return s.sp_prom(root, a.depth, a.probs, a.bound);
  } else {
    search::OmSearch<RandomTreeGame> s(game, fns);
    if (name == "alphabeta") return s.alphabeta(root, a.depth, a.model);
    if (name == "minimax") return s.minimax(root, a.depth, a.model);
    if (name == "om-plain") return s.om_plain(root, a.depth, a.model);
    if (name == "om-beta") return s.om_beta(root, a.depth, a.model);
    if (name == "om-probe") return s.om_probe(root, a.depth, a.model);
    if (name == "om-bounded") return s.om_bounded(root, a.depth, a.model, a.bound);
  }
  if (const search::SearcherEntry* e = models::searchers().find(name); e && !e->not_on_trees.empty())
    throw InputError("searcher '" + name + "' does not run on random trees (" + e->not_on_trees + ")");
  std::string list;
  for (const auto& n : tree_searcher_names()) list += (list.empty() ? "" : ", ") + n;
  throw InputError("unknown searcher '" + name + "' (known on trees: " + list + ")");
}

}  // namespace bao::experiments
