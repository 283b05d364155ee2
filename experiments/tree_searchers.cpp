#include "experiments/tree_searchers.h"

#include "engine/error.h"
#include "models/all_searchers.h"
#include "search/registry.h"
#include "search/spec.h"

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

namespace {

// The spec's parameters a tree search reads, over the arguments the caller set: every
// parameter the schema declares that TreeSearchArgs holds, read against the schema (its
// ranges and types). Any other parameter given is refused: a tree search would not read it.
TreeSearchArgs tree_args(search::Spec& spec, const search::SearcherEntry& e, TreeSearchArgs a) {
  // Keys the schema lacks are refused; its required keys (Bao's evaluators: model, types)
  // have no meaning on a tree, whose functions are the tree's own.
  search::check_against_schema(spec, e.params, search::RequiredKeys::Ignored);
  search::Args args(spec, e.params);
  const auto given = [&](const char* key) { return spec.params.count(key) > 0; };
  if (given("bound")) a.bound = static_cast<int>(args.get_int("bound"));
  if (given("eps")) a.eps = static_cast<int>(args.get_int("eps"));
  if (given("w")) a.w = args.get_real("w", 0, 1, "the weight of the worst reply");
  if (given("levels")) a.levels = static_cast<int>(args.get_int("levels"));
  if (given("model_depth")) a.model_depth = static_cast<int>(args.get_int("model_depth"));
  if (given("iterations")) a.iterations = static_cast<std::uint64_t>(args.get_int("iterations"));
  if (!spec.params.empty())  // a parameter of the schema that the tree's search has no field for
    throw InputError("searcher '" + spec.text + "': parameter " + spec.params.begin()->first +
                     " is not read on random trees (there: bound, eps, w, levels, model_depth, iterations)");
  return a;
}

}  // namespace

search::ModelResult<RandomTreeGame::Move> run_tree_searcher(
    const std::string& text, const RandomTreeGame& game,
    const std::vector<search::ModelSearch<RandomTreeGame>::Fn>& fns, const TreeSearchArgs& a) {
  const std::string why = tree_refusal(text);
  if (!why.empty()) throw InputError(why);
  search::Spec spec = search::parse_spec(text);
  const search::SearcherEntry* e = models::searchers().find(spec.name);
  return e->tree(game, fns, tree_args(spec, *e, a));
}

std::string tree_refusal(const std::string& text) {
  std::string name;
  try {
    name = search::parse_spec(text).name;
  } catch (const InputError& err) {
    return err.what();
  }
  const search::SearcherEntry* e = models::searchers().find(name);
  if (e && e->tree) return "";
  if (e) return "searcher '" + name + "' does not run on random trees (" + e->not_on_trees + ")";
  std::string list;
  for (const auto& n : tree_searcher_names()) list += (list.empty() ? "" : ", ") + n;
  return "unknown searcher '" + name + "' (known on trees: " + list + ")";
}

}  // namespace bao::experiments
