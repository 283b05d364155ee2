#include "experiments/tree_searchers.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/games.h"
#include "search/random_tree_searchers.h"
#include "search/random_tree_support.h"
#include "search/registry.h"
#include "search/spec.h"

namespace bao::experiments {

const std::vector<std::string>& tree_searcher_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const search::SearcherEntry& e : models::searchers().entries())
      if (search::runs_on_trees(e.name)) out.push_back(e.name);
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

// A real number written so that reading it back gives the same double.
std::string exact(double x) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}

}  // namespace

std::string tree_game_spec(const search::TreeParams& p) {
  char seed[24];
  std::snprintf(seed, sizeof seed, "%" PRIu64, p.seed);
  const std::string width =
      p.wmin == p.wmax ? std::to_string(p.wmin) : std::to_string(p.wmin) + "-" + std::to_string(p.wmax);
  return "trees(width=" + width + ",depth=" + std::to_string(p.depth) + ",bound=" + std::to_string(p.bound) +
         ",step=" + std::to_string(p.step) + ",spread=" + exact(p.spread) + ",seed=" + seed +
         ",types=" + std::to_string(p.types) + ",own_noise=" + std::to_string(p.own_noise) +
         ",opp_noise=" + std::to_string(p.opp_noise) + ")";
}

std::string tree_searcher_spec(const std::string& text, const TreeSearchDefaults& d) {
  search::Spec spec = search::parse_spec(text);
  const search::SearcherEntry* e = models::searchers().find(spec.name);
  if (!e) return text;
  auto& params = spec.params;
  const auto fill = [&](const std::string& key, const std::string& value) {
    for (const search::Param& p : e->params)
      if (p.name == key && !params.count(key)) params[key] = value;
  };
  fill("model", search::tree_function(d.model));
  bool has_types = false;
  for (const search::Param& p : e->params) has_types |= p.name == "types";
  if (has_types && !params.count("types")) {
    std::vector<double> probs = d.probs;
    if (probs.empty()) probs.assign(static_cast<std::size_t>(d.types), 1.0 / d.types);
    // Every function a type, V0's probability as own=: the PrOM of the experiments.
    std::string types;
    for (std::size_t k = 1; k < probs.size(); ++k) {
      if (!types.empty()) types += '+';
      types += search::tree_function(static_cast<int>(k));
      types += ':';
      types += exact(probs[k]);
    }
    if (types.empty()) {  // one function: V0 is the only type
      types = search::tree_function(0);
      types += ':';
      types += exact(probs.at(0));
    }
    fill("types", types);
    fill("own", probs.size() > 1 ? exact(probs[0]) : "0");
  }
  std::string models;
  for (int k = 1; k < d.types; ++k) {
    if (!models.empty()) models += '+';
    models += search::tree_function(k);
  }
  if (!models.empty()) fill("models", models);
  fill("bound", std::to_string(d.bound));
  if (spec.name.rfind("ddom-", 0) == 0) fill("model_depth", std::to_string(std::max(1, d.depth / 2)));
  if (params.empty()) return spec.name;
  std::string out = spec.name;
  for (const auto& [k, v] : params) {
    out += out.size() == spec.name.size() ? '(' : ',';
    out += k;
    out += '=';
    out += v;
  }
  return out + ")";
}

search::AnyResult search_tree(const search::AnyGame& g, const std::string& spec, const std::string& eval, int depth) {
  search::Limits l;
  l.depth = depth;
  return g.make_searcher(models::searchers(), spec, eval)->search(g.start(), l);
}

std::string tree_refusal(const std::string& text, int types) {
  try {
    const auto g = models::make_game("trees(types=" + std::to_string(types) + ")");
    TreeSearchDefaults d;
    d.types = types;
    d.bound = 100;
    d.depth = 4;
    g->make_searcher(models::searchers(), tree_searcher_spec(text, d), "v0");
  } catch (const InputError& err) {
    return err.what();
  }
  return "";
}

}  // namespace bao::experiments
