// The searchers of the random trees (search/random_tree.h) as the thesis' tree experiments
// measure them (`bao trees`, docs/opponent-models.md), made from the same registry
// entries and parameter schemas as on every game (search/random_tree_traits.h registers
// the trees; GameRuntime calls make_tree_searcher in place of the generic factories).
//
// What is the trees' own: the baselines are ModelSearch's (minimax and alpha-beta without
// table or ordering, children in the game's order), the model searches run without move
// ordering, and the costs are counted per function as the thesis counts them (nodes, and
// for MCTS the positions made). A search runs to the limit's depth, by default to the
// leaves; node and time limits are not read.
//
// The functions. A searcher's functions are MAX's evaluator first, then the tree's other
// types v0 ... v(types-1) in order, then any noisy evaluator (own, opp, opp_model) its
// spec names: with MAX on v0 that is the list V0, V1, ... of the thesis' experiments, and
// model=vK is function K. M*'s are MAX's evaluator and models= in order (level by level).
// The parameters each searcher reads from its spec (the registry's schema, its defaults
// and ranges):
//
//   minimax, alphabeta                   (MAX's evaluator: the function searched)
//   random                               seed
//   om-plain, om-beta, om-probe          model
//   om-bounded                           model, bound
//   prom-1p, prom-plain                  types, own
//   prom-beta                            types, own, ties, decisive
//   sp-prom                              types, own, bound
//   safe-om                              model, eps
//   robust-om                            model, w, pruned
//   mstar-1p, mstar-plain                models (the levels: one per model)
//   mstar-ab                             models, bound (B between V0 and each type, so
//                                        adjacent levels within B at level 1, 2B above)
//   ddom-plain, ddom-ab                  model, model_depth
//   mcts                                 iterations (0: kTreeIterations)
//   om-mcts                              model, iterations, model_depth (absent: to the leaves)
//   prom-mcts                            types, own, iterations, model_depth (as om-mcts)
//
// A parameter of the schema the tree search does not read (a table's size, OM's horizon,
// MCTS's exploration constants, which on the trees are search/mcts.h's
// random_tree_params) is refused by name rather than ignored. root-om and engine do not
// run on the trees: they need a StagedGame (move codes for alpha-beta's tables), which
// the trees do not offer.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "search/any_game.h"
#include "search/ddom.h"
#include "search/mcts.h"
#include "search/model_search.h"
#include "search/mstar.h"
#include "search/om.h"
#include "search/opponent_types.h"
#include "search/prom.h"
#include "search/prom_min_rules.h"
#include "search/random_mover.h"
#include "search/random_tree.h"
#include "search/random_tree_support.h"
#include "search/registry.h"
#include "search/robust_om.h"
#include "search/safe_om.h"
#include "search/spec.h"

namespace bao::search {

// MCTS iterations on a tree when its spec gives none: enough for the trees' default shapes
// (the solver proves trees of 4096 leaves in under 1500).
inline constexpr std::uint64_t kTreeIterations = 20000;

struct TreeEvalDecl {
  std::string name, summary;
  TreeEval eval;
};

// The tree's evaluators (search/random_tree_traits.h), pointing at g.
inline std::vector<TreeEvalDecl> tree_evaluators(const RandomTreeGame& g) {
  const TreeParams& p = g.params();
  std::vector<TreeEvalDecl> out;
  for (int k = 0; k < p.types; ++k) {
    std::string summary = "V0: MAX's own function, the base value clamped to 0..1000";
    if (k > 0) {
      summary = "opponent type ";
      summary += std::to_string(k);
      summary += ": V0 plus an offset within B per node";
    }
    out.push_back({tree_function(k), summary, TreeEval{&g, k}});
  }
  out.push_back({"own", "the base value plus MAX's noise (own_noise)", TreeEval{&g, 0, 0, p.own_noise}});
  out.push_back({"opp", "the base value plus the opponent's noise (opp_noise)", TreeEval{&g, 0, 1, p.opp_noise}});
  out.push_back({"opp_model", "another copy at opp_noise: a model of the opponent with an error of its own",
                 TreeEval{&g, 0, 2, p.opp_noise}});
  return out;
}

// A search of a tree from a node to a depth, as an AnySearcher: the result's value_exact,
// value_op and evals (per evaluator of the game) carry what the experiments measure.
class TreeSearcher final : public AnySearcher {
 public:
  using Fns = std::vector<TreeEval>;
  using Run =
      std::function<ModelResult<RandomTreeGame::Move>(const RandomTreeGame&, const Fns&, const TreeNode&, int depth)>;
  // fn_index[i]: the game's evaluator (tree_evaluators' order) that function i is.
  TreeSearcher(const RandomTreeGame& g, std::vector<int> fn_index, Run run, std::string description)
      : game_(std::make_unique<RandomTreeGame>(g)),
        fn_index_(std::move(fn_index)),
        run_(std::move(run)),
        description_(std::move(description)) {
    const auto all = tree_evaluators(*game_);
    evaluators_ = static_cast<int>(all.size());
    for (int i : fn_index_) fns_.push_back(all[static_cast<std::size_t>(i)].eval);
  }
  AnyResult search(const AnyState& a, const Limits& limits) override {
    if (limits.nodes || limits.time_ms)
      throw InputError(description_ +
                       " on a random tree searches to a depth (by default to the leaves); node and time limits are "
                       "not read there");
    TreeNode s;
    std::memcpy(static_cast<void*>(&s), a.bytes.data(), sizeof s);
    const int depth = limits.depth > 0 ? limits.depth : std::max(1, game_->params().depth - s.ply);
    const auto t0 = std::chrono::steady_clock::now();
    const auto o = run_(*game_, fns_, s, depth);
    AnyResult r;
    r.has_move = o.has_move;
    if (o.has_move) {
      r.best = std::to_string(o.best);
      r.pv.push_back(r.best);
    }
    r.value = static_cast<int>(std::lround(o.value));
    r.value_exact = o.value;
    r.value_op = o.value_op;
    r.depth = depth;
    r.nodes = o.nodes;
    r.leaf_evals = o.leaf_evals();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.evals.assign(static_cast<std::size_t>(evaluators_), 0);
    for (std::size_t i = 0; i < fn_index_.size(); ++i) r.evals[static_cast<std::size_t>(fn_index_[i])] += o.evals[i];
    return r;
  }
  std::string describe() const override { return description_; }

 private:
  std::unique_ptr<RandomTreeGame> game_;  // the functions point at it
  std::vector<int> fn_index_;
  Fns fns_;
  int evaluators_ = 0;
  Run run_;
  std::string description_;
};

namespace tree_detail {

// The functions of one search: MAX's first, then the tree's types, then those named.
struct Functions {
  std::vector<std::string> names;  // every evaluator of the game, in its order
  std::vector<int> index;          // per function: its evaluator's index in names
  std::string game_spec;

  int evaluator(const std::string& name) const {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<int>(i);
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown evaluator '" + name + "' for " + game_spec + " (known: " + known + ")");
  }
  // The function named `name`, added after the others when not yet one of them.
  int function(const std::string& name) {
    const int e = evaluator(name);
    for (std::size_t i = 0; i < index.size(); ++i)
      if (index[i] == e) return static_cast<int>(i);
    index.push_back(e);
    return static_cast<int>(index.size()) - 1;
  }
};

inline TreeSearcher::Run mcts_run(std::uint64_t iterations, std::vector<double> probs, int model_depth) {
  return [=](const RandomTreeGame& g, const TreeSearcher::Fns& fns, const TreeNode& root, int depth) {
    MctsParams p = random_tree_params(iterations ? iterations : kTreeIterations, probs);
    if (model_depth > 0) p.model_depth = model_depth;  // else the model searches to the leaves
    Limits l;
    l.depth = depth;
    const auto o = Mcts<RandomTreeGame>(g, fns, p).search(root, l);
    ModelResult<RandomTreeGame::Move> r = o;  // the model search's part
    r.nodes = o.positions;                    // the trees' cost: positions made, not iterations
    return r;
  };
}

// types=/own= over the functions f: one probability per function, 0 for those not named.
inline std::vector<double> type_probs(Args& a, Functions& f) {
  std::vector<int> at{0};
  const std::vector<double> given = read_opponent_types(a, [&](const std::string& e) { at.push_back(f.function(e)); });
  std::vector<double> probs(f.index.size(), 0.0);
  for (std::size_t i = 0; i < given.size(); ++i) probs[static_cast<std::size_t>(at[i])] += given[i];
  return probs;
}

// The searchers with one opponent model: OM's, safe OM, robust OM, (D,d)-OM.
inline bool is_model_family(const std::string& name) {
  return name == "om-plain" || name == "om-beta" || name == "om-probe" || name == "om-bounded" || name == "safe-om" ||
         name == "robust-om" || name == "ddom-plain" || name == "ddom-ab";
}

inline TreeSearcher::Run model_family_run(Args& a, Functions& f) {
  using Fns = TreeSearcher::Fns;
  using Out = ModelResult<RandomTreeGame::Move>;
  const std::string name = a.name();
  const int m = f.function(a.get_text("model"));
  const int bound = name == "om-bounded" ? static_cast<int>(a.get_int("bound")) : 0;
  if (name == "safe-om") refuse_root_exploit(a.get_text("exploit"), a.get_bool("bank"), "the random trees");
  const int eps = name == "safe-om" ? static_cast<int>(a.get_int("eps")) : 0;
  const double w = name == "robust-om" ? a.get_real("w", 0, 1, "the weight of the worst reply") : 0;
  const bool pruned = name == "robust-om" ? a.get_bool("pruned") : true;
  const int d = name.rfind("ddom-", 0) == 0 ? static_cast<int>(a.get_int("model_depth")) : 0;
  return [=](const RandomTreeGame& t, const Fns& fns, const TreeNode& root, int depth) -> Out {
    if (name == "safe-om") return SafeOmSearch<RandomTreeGame>(t, fns).safe_om(root, depth, m, eps);
    if (name == "robust-om") {
      RobustOmSearch<RandomTreeGame> s(t, fns);
      return pruned ? s.robust_ab(root, depth, m, w) : s.robust_plain(root, depth, m, w);
    }
    if (name == "ddom-plain") return DdOmSearch<RandomTreeGame>(t, fns).ddom_plain(root, depth, d, m);
    if (name == "ddom-ab") return DdOmSearch<RandomTreeGame>(t, fns).ddom_ab(root, depth, d, m);
    OmSearch<RandomTreeGame> s(t, fns);
    if (name == "om-plain") return s.om_plain(root, depth, m);
    if (name == "om-beta") return s.om_beta(root, depth, m);
    if (name == "om-probe") return s.om_probe(root, depth, m);
    return s.om_bounded(root, depth, m, bound);
  };
}

// M* with MAX's evaluator and models= in order: one level per model.
inline TreeSearcher::Run mstar_run(Args& a, Functions& f) {
  using Fns = TreeSearcher::Fns;
  using Out = ModelResult<RandomTreeGame::Move>;
  const std::string name = a.name();
  const std::string list = a.get_text("models");
  for (const std::string& item : plus_items(list)) {
    if (item.empty()) throw InputError(name + ": models='" + list + "' has an empty name (write E1+E2+...)");
    f.index.push_back(f.evaluator(item));  // each level its own function, repeats too
  }
  const int levels = static_cast<int>(f.index.size()) - 1;
  const int bound = name == "mstar-ab" ? static_cast<int>(a.get_int("bound")) : 0;
  return [=](const RandomTreeGame& t, const Fns& fns, const TreeNode& root, int depth) -> Out {
    MStarSearch<RandomTreeGame> s(t, fns);
    if (name == "mstar-1p") return s.mstar_1p(root, depth, levels);
    if (name == "mstar-plain") return s.mstar_plain(root, depth, levels);
    return s.mstar_ab(root, depth, levels, levels >= 2 ? 2 * bound : bound);
  };
}

}  // namespace tree_detail

// The searcher of `a`'s spec on the tree g, MAX evaluating with `eval`; throws InputError for
// a searcher the trees do not run, a parameter the tree search does not read, an unknown
// evaluator or a bad value.
inline std::unique_ptr<AnySearcher> make_tree_searcher(Args& a, const RandomTreeGame& g, std::string_view eval,
                                                       const std::string& game_spec) {
  using Fns = TreeSearcher::Fns;
  using Out = ModelResult<RandomTreeGame::Move>;
  const std::string name = a.name();
  if (!runs_on_trees(name))
    throw InputError("searcher '" + name + "' does not run on random trees (" + game_spec +
                     "): " + tree_refusal_reason(name));
  tree_detail::Functions f;
  for (const auto& e : tree_evaluators(g)) f.names.push_back(e.name);
  f.game_spec = game_spec;
  f.function(std::string(eval));
  if (name != "mstar-1p" && name != "mstar-plain" && name != "mstar-ab")
    for (int k = 0; k < g.params().types; ++k) f.function(tree_function(k));
  TreeSearcher::Run run;
  if (name == "minimax" || name == "alphabeta") {
    const bool ab = name == "alphabeta";
    run = [ab](const RandomTreeGame& t, const Fns& fns, const TreeNode& root, int depth) {
      OmSearch<RandomTreeGame> s(t, fns);
      return ab ? s.alphabeta(root, depth, 0) : s.minimax(root, depth, 0);
    };
  } else if (name == "random") {
    const auto seed = static_cast<std::uint64_t>(a.get_int("seed"));
    run = [seed](const RandomTreeGame& t, const Fns&, const TreeNode& root, int) {
      Out o;
      o.nodes = 1;
      RandomMover<RandomTreeGame> mover(t, seed);
      o.best_index = mover.choose(root);
      o.has_move = o.best_index >= 0;
      if (o.has_move) o.best = mover.children()[static_cast<std::size_t>(o.best_index)].move;
      return o;
    };
  } else if (tree_detail::is_model_family(name)) {
    run = tree_detail::model_family_run(a, f);
  } else if (name == "prom-1p" || name == "prom-plain" || name == "prom-beta" || name == "sp-prom") {
    const std::vector<double> probs = tree_detail::type_probs(a, f);
    const int bound = name == "sp-prom" ? static_cast<int>(a.get_int("bound")) : 0;
    const PromMinRules min_rules = name == "prom-beta" ? read_prom_min_rules(a) : PromMinRules{};
    run = [=](const RandomTreeGame& t, const Fns& fns, const TreeNode& root, int depth) -> Out {
      PromSearch<RandomTreeGame> s(t, fns);
      s.set_min_rules(min_rules);
      if (name == "prom-1p") return s.prom_1p(root, depth, probs);
      if (name == "prom-plain") return s.prom_plain(root, depth, probs);
      if (name == "prom-beta") return s.prom_beta(root, depth, probs);
      return s.sp_prom(root, depth, probs, bound);
    };
  } else if (name == "mstar-1p" || name == "mstar-plain" || name == "mstar-ab") {
    run = tree_detail::mstar_run(a, f);
  } else {  // the MCTS family
    const auto iterations = static_cast<std::uint64_t>(a.get_int("iterations"));
    const int model_depth = name != "mcts" && a.has("model_depth") ? static_cast<int>(a.get_int("model_depth")) : 0;
    std::vector<double> probs;
    if (name == "om-mcts") {
      const int m = f.function(a.get_text("model"));
      probs.assign(f.index.size(), 0.0);
      probs[static_cast<std::size_t>(m)] = 1;
    } else if (name == "prom-mcts") {
      probs = tree_detail::type_probs(a, f);
    }
    run = tree_detail::mcts_run(iterations, std::move(probs), model_depth);
  }
  if (!a.spec().params.empty())
    throw InputError("searcher '" + a.spec().text + "': parameter " + a.spec().params.begin()->first +
                     " is not read on random trees (search/random_tree_searchers.h lists what each searcher reads "
                     "there)");
  return std::make_unique<TreeSearcher>(g, std::move(f.index), std::move(run), a.spec().text);
}

}  // namespace bao::search
