// The opponent-model searchers beyond OM and PrOM on any game G, made from their registry
// entries' parameters (the same schema as on Bao, models/safe_om_searcher.cpp,
// models/robust_om_searcher.cpp, models/multi_model.cpp), the evaluators named by the
// game's own names:
//
//   safe-om(model,eps,tt_mb)           search/safe_om.h, Game (exploit=om; root and bank: Bao)
//   robust-om(model,w,pruned)          search/robust_om.h, Game
//   mstar-1p(models,tt_mb), mstar-plain(models)
//                                      search/mstar.h, Game
//   mstar-ab(models,bound)             search/mstar.h, a Game whose sides alternate
//                                      (alternates<G>(): its gap bounds assume it)
//   ddom-plain(model,model_depth,tt_mb), ddom-ab(model,model_depth)
//                                      search/ddom.h, Game
//
// Each searches to the limit's depth, or deepens under a node budget
// (GenericModelSearcher). As on Bao, the search object is made once per searcher, with
// its table (tt_mb, where the algorithm keeps one) and ordered probes (the same values
// and moves, fewer nodes: search/model_search.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/ddom.h"
#include "search/game_concepts.h"
#include "search/generic_searcher.h"
#include "search/model_search.h"
#include "search/mstar.h"
#include "search/registry.h"
#include "search/robust_om.h"
#include "search/safe_om.h"
#include "search/spec.h"

namespace bao::search {

// Whether name is one of the searchers this file makes.
inline bool is_generic_om_variant(const std::string& name) {
  return name == "safe-om" || name == "robust-om" || name == "mstar-1p" || name == "mstar-plain" ||
         name == "mstar-ab" || name == "ddom-plain" || name == "ddom-ab";
}

// A model searcher running iterate(search, state, depth) on one search object S of G with
// fns (fns[0] MAX's own), a table of tt_mb MiB where S keeps one and tt_mb > 0.
template <Game G, class S, class Iterate>
std::unique_ptr<AnySearcher> make_model_variant(const GenericContext<G>& ctx, std::vector<typename G::Eval> fns,
                                                int tt_mb, Iterate iterate, std::string description) {
  auto search = std::make_shared<S>(ctx.game, std::move(fns));
  if constexpr (requires(S & s) { s.set_table(std::size_t{1}); })
    if (tt_mb > 0) search->set_table(static_cast<std::size_t>(tt_mb));
  search->set_ordering(true);
  return std::make_unique<GenericModelSearcher<G>>(
      ctx, [search, iterate](const typename G::State& s, int depth) { return iterate(*search, s, depth); },
      std::move(description));
}

// The searcher of `a`'s spec, one of is_generic_om_variant's, on G with MAX's evaluator
// eval. Throws InputError for a bad parameter, an unknown evaluator, or mstar-ab on a game
// whose sides need not alternate.
template <Game G>
std::unique_ptr<AnySearcher> make_generic_om_variant(Args& a, const GenericContext<G>& ctx, typename G::Eval eval) {
  using Eval = typename G::Eval;
  using State = typename G::State;
  const std::string name = a.name();
  if (name == "safe-om") {
    refuse_root_exploit(a.get_text("exploit"), a.get_bool("bank"), ctx.game_spec);
    const std::vector<Eval> fns{eval, ctx.evaluator(a.get_text("model"))};
    const int eps = static_cast<int>(a.get_int("eps"));
    return make_model_variant<G, SafeOmSearch<G>>(
        ctx, fns, static_cast<int>(a.get_int("tt_mb")),
        [eps](SafeOmSearch<G>& s, const State& root, int d) { return s.safe_om(root, d, 1, eps); }, a.canonical());
  }
  if (name == "robust-om") {
    const double w = a.get_real("w", 0, 1, "the weight of the worst reply");
    const std::vector<Eval> fns{eval, ctx.evaluator(a.get_text("model"))};
    const bool pruned = a.get_bool("pruned");
    return make_model_variant<G, RobustOmSearch<G>>(
        ctx, fns, 0,
        [w, pruned](RobustOmSearch<G>& s, const State& root, int d) {
          return pruned ? s.robust_ab(root, d, 1, w) : s.robust_plain(root, d, 1, w);
        },
        a.canonical());
  }
  if (name == "ddom-plain" || name == "ddom-ab") {
    const std::vector<Eval> fns{eval, ctx.evaluator(a.get_text("model"))};
    const int model_depth = static_cast<int>(a.get_int("model_depth"));
    const bool plain = name == "ddom-plain";
    // Only the full-depth recursion keeps a table (search/ddom.h says why ddom-ab cannot).
    const int tt_mb = plain ? static_cast<int>(a.get_int("tt_mb")) : 0;
    return make_model_variant<G, DdOmSearch<G>>(
        ctx, fns, tt_mb,
        [plain, model_depth](DdOmSearch<G>& s, const State& root, int d) {
          return plain ? s.ddom_plain(root, d, model_depth, 1) : s.ddom_ab(root, d, model_depth, 1);
        },
        a.canonical());
  }
  if (name == "mstar-1p" || name == "mstar-plain" || name == "mstar-ab") {
    if (name == "mstar-ab" && !alternates<G>())
      throw InputError("searcher 'mstar-ab' does not run on " + ctx.game_spec +
                       ": its gap bounds assume the sides alternate, and this game does not declare that every move "
                       "passes the turn (kAlternates); mstar-1p and mstar-plain compute the same M* value on it");
    std::vector<Eval> fns{eval};
    const std::string list = a.get_text("models");
    for (const std::string& item : plus_items(list)) {
      if (item.empty()) throw InputError(name + ": models='" + list + "' has an empty name (write E1+E2+...)");
      fns.push_back(ctx.evaluator(item));
    }
    if (fns.size() > static_cast<std::size_t>(kMaxTypes))
      throw InputError(name + ": at most " + std::to_string(kMaxTypes - 1) + " models");
    const int levels = static_cast<int>(fns.size()) - 1;
    if (name == "mstar-ab") {
      const int bound = static_cast<int>(a.get_int("bound"));
      return make_model_variant<G, MStarSearch<G>>(
          ctx, fns, 0,
          [levels, bound](MStarSearch<G>& s, const State& root, int d) { return s.mstar_ab(root, d, levels, bound); },
          a.canonical());
    }
    const bool one_pass = name == "mstar-1p";
    // Only M*-1p keeps a table (search/mstar.h says why the others cannot).
    const int tt_mb = one_pass ? static_cast<int>(a.get_int("tt_mb")) : 0;
    return make_model_variant<G, MStarSearch<G>>(
        ctx, fns, tt_mb,
        [levels, one_pass](MStarSearch<G>& s, const State& root, int d) {
          return one_pass ? s.mstar_1p(root, d, levels) : s.mstar_plain(root, d, levels);
        },
        a.canonical());
  }
  throw std::logic_error("make_generic_om_variant: '" + name + "' is not one of its searchers");
}

}  // namespace bao::search
