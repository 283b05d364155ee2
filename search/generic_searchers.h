// The searchers that run on any game meeting the search concepts, made from their
// registry entries' parameters (the same schema as on Bao: a spec means the same thing on
// every game). Each declares the concept it needs:
//
//   minimax                                 Game
//   alphabeta                               StagedGame (Lazy SMP with threads > 1)
//   om-plain, om-beta, om-probe, om-bounded Game (search/om.h; model= names the game's evaluator)
//   prom-1p, prom-plain, prom-beta, sp-prom Game (search/prom.h; types= the game's evaluators)
//   safe-om, robust-om, mstar-1p, mstar-plain, ddom-plain, ddom-ab
//                                           Game (search/generic_om_searchers.h)
//   mstar-ab                                Game whose sides alternate (alternates<G>())
//   mcts, om-mcts, prom-mcts                Game (search/mcts.h; model= and types= the game's
//                                           evaluators, on MAX's scale as OM's)
//   root-om                                 StagedGame (search/root_om_search.h; model= the
//                                           opponent's evaluator, scored for the opponent)
//   random                                  Game (search/random_mover.h; no evaluator read)
//   engine                                  ForwardPruningGame (search/forward_pruning.h),
//                                           which Bao alone offers: refused elsewhere
//
// A searcher a game cannot run is refused by name with the game and the concept or
// capability it lacks. The opponent-model searchers search to a depth limit, or with a
// node limit alone deepen one ply at a time and play the deepest search that ended within
// the budget (as alpha-beta's iterative deepening does under a node limit).
//
// Minimax and alpha-beta score every leaf with the evaluator of the side to move at the
// root, negated for the other side (RootView): a minimax player maximises its own function
// and takes its opponent to minimise the same function, which for a function that is not
// zero-sum (Carmel and Markovitch's checkers f) differs from each side scoring itself.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/text_input.h"
#include "search/alphabeta_params.h"
#include "search/any_game.h"
#include "search/forward_pruning.h"
#include "search/generic_om_searchers.h"
#include "search/generic_searcher.h"
#include "search/lazy_smp.h"
#include "search/mcts.h"
#include "search/mcts_params.h"
#include "search/minimax.h"
#include "search/om.h"
#include "search/opponent_types.h"
#include "search/prom.h"
#include "search/prom_min_rules.h"
#include "search/random_mover.h"
#include "search/registry.h"
#include "search/root_om_search.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::search {

// root-om's depth parameter (model_depth, own_depth): `relative` ("d-1" or "d-2") -> 0,
// "d" -> -1, else a whole number from 0 (own) or 1 (model) to kMaxPly - 1.
inline int root_om_depth(const std::string& searcher, const char* param, const std::string& text, const char* relative,
                         int min) {
  if (text.empty() || text == relative) return 0;
  if (text == "d") return -1;
  int n = 0;
  if (!to_int(text, n) || n < min || n > kMaxPly - 1)
    throw InputError(searcher + ": parameter " + param + " expects " + relative + ", d or a whole number from " +
                     std::to_string(min) + " to " + std::to_string(kMaxPly - 1) + ", found '" + text + "'");
  return n;
}

// root-om on game G (search/root_om_search.h), with the parameters of Bao's (models/root_om.h):
// model=E or E@D, model_depth, own_depth, manage_risk, risk_margin; ties=first only.
template <StagedGame G>
std::unique_ptr<AnySearcher> make_generic_root_om(Args& a, const GenericContext<G>& ctx, typename G::Eval eval) {
  using Eval = typename G::Eval;
  const std::string name = a.name();
  std::string model = a.get_text("model");
  std::string md = a.has("model_depth") ? a.get_text("model_depth") : "";
  if (const auto at = model.find('@'); at != std::string::npos) {
    if (a.has("model_depth"))
      throw InputError(name + ": give the model's depth once, as model=EVAL@DEPTH or model_depth");
    md = model.substr(at + 1);
    if (md.empty()) md = "?";  // refused below as no depth
    model = model.substr(0, at);
  }
  RootOmDepths depths;
  depths.model = root_om_depth(name, "model_depth", md, "d-1", 1);
  depths.own = root_om_depth(name, "own_depth", a.get_text("own_depth"), "d-2", 0);
  const bool risk = a.get_bool("manage_risk");
  if (a.has("risk_margin") && !risk)
    throw InputError(name + ": parameter risk_margin needs manage_risk=true (it widens the risk filter)");
  const int margin = static_cast<int>(a.get_int("risk_margin"));
  const std::string ties = a.get_text("ties");
  if (!ties.empty() && ties != "first")
    throw InputError(name + ": ties=" + ties + " is Bao's root-om alone; on " + ctx.game_spec + " ties=first");
  const Eval model_eval = ctx.evaluator(model);
  AlphaBetaOptions inner;
  inner.tt_mb = 4;  // as Bao's root-om: two tables of 4 MiB
  const G game = ctx.game;
  auto own_root = std::make_shared<int>(0), model_root = std::make_shared<int>(0);
  // Shared: the searcher's Run is a copyable std::function; the search's tables are not.
  auto root_om = std::make_shared<RootOmSearch<G, RootView<Eval>>>(game, RootView<Eval>{eval, own_root}, own_root,
                                                                   RootView<Eval>{model_eval, model_root}, model_root,
                                                                   depths, risk, margin, inner);
  return std::make_unique<GenericModelSearcher<G>>(
      ctx, [root_om](const typename G::State& s, int depth) { return root_om->search(s, depth); }, a.canonical());
}

// random on G, or the refusal of a searcher G cannot run, naming what G lacks.
template <Game G>
std::unique_ptr<AnySearcher> make_generic_other(Args& a, const GenericContext<G>& ctx) {
  const std::string name = a.name();
  if (name == "random") {
    // No evaluator: a uniformly random legal move, drawn from (seed, position) alone.
    auto impl = std::make_unique<RandomMover<G>>(ctx.game, static_cast<std::uint64_t>(a.get_int("seed")));
    return std::make_unique<GenericSearcher<G, RandomMover<G>>>(ctx, std::move(impl), a.canonical(), false);
  }
  if (name == "engine") {
    if constexpr (ForwardPruningGame<G>)
      throw InputError("searcher 'engine' does not run on " + ctx.game_spec +
                       ": the strength mode's options were accepted by SPRTs on Bao alone (docs/strength.md); use "
                       "alphabeta");
    else
      throw InputError("searcher 'engine' does not run on " + ctx.game_spec +
                       ": its forward pruning needs a ForwardPruningGame (search/forward_pruning.h: quiet moves, a "
                       "pass for the null move), which this game does not offer; use alphabeta");
  }
  throw InputError("searcher '" + name + "' does not run on " + ctx.game_spec +
                   ": its factory needs Bao's positions and evaluator objects (search::Evaluator), which this game "
                   "does not provide");
}

// The searcher the spec being read by `a` names, on game G with evaluator eval; throws
// InputError for a searcher G cannot run.
template <StagedGame G>
std::unique_ptr<AnySearcher> make_generic_searcher(Args& a, const GenericContext<G>& ctx, typename G::Eval eval) {
  using Eval = typename G::Eval;
  const std::string name = a.name();
  auto root_side = std::make_shared<int>(0);
  const RootView<Eval> view{eval, root_side};
  if (name == "minimax") {
    auto impl = std::make_unique<Minimax<G, RootView<Eval>>>(ctx.game, view);
    return std::make_unique<GenericSearcher<G, Minimax<G, RootView<Eval>>>>(ctx, std::move(impl), "minimax", true,
                                                                            root_side);
  }
  if (name == "alphabeta") {
    const AlphaBetaOptions o = alphabeta_options(a);
    const int threads = static_cast<int>(a.get_int("threads"));
    auto impl = std::make_unique<LazySmp<G, RootView<Eval>>>(ctx.game, view, o, threads);
    return std::make_unique<GenericSearcher<G, LazySmp<G, RootView<Eval>>>>(ctx, std::move(impl), a.canonical(), false,
                                                                            root_side);
  }
  if (name == "om-plain" || name == "om-beta" || name == "om-probe" || name == "om-bounded") {
    const std::vector<Eval> fns{eval, ctx.evaluator(a.get_text("model"))};
    const int horizon = name == "om-plain" || name == "om-beta" ? static_cast<int>(a.get_int("horizon")) : 0;
    const int bound = name == "om-bounded" ? static_cast<int>(a.get_int("bound")) : 0;
    if (name == "om-beta") a.get_int("tt_mb");  // the table is Bao's searcher's; here none is kept
    const G game = ctx.game;
    return std::make_unique<GenericModelSearcher<G>>(
        ctx,
        [=](const typename G::State& s, int depth) {
          OmSearch<G> om(game, fns);
          if (name == "om-plain") return om.om_plain(s, depth, 1, horizon);
          if (name == "om-beta") return om.om_beta(s, depth, 1, horizon);
          if (name == "om-probe") return om.om_probe(s, depth, 1);
          return om.om_bounded(s, depth, 1, bound);
        },
        a.canonical());
  }
  if (name == "prom-1p" || name == "prom-plain" || name == "prom-beta" || name == "sp-prom") {
    std::vector<Eval> fns{eval};
    const std::vector<double> probs =
        read_opponent_types(a, [&](const std::string& e) { fns.push_back(ctx.evaluator(e)); });
    const int bound = name == "sp-prom" ? static_cast<int>(a.get_int("bound")) : 0;
    const auto tt_mb = static_cast<std::size_t>(a.get_int("tt_mb"));
    const PromMinRules min_rules = name == "prom-beta" ? read_prom_min_rules(a) : PromMinRules{};
    const G game = ctx.game;
    return std::make_unique<GenericModelSearcher<G>>(
        ctx,
        [=](const typename G::State& s, int depth) {
          PromSearch<G> prom(game, fns);
          if (tt_mb > 0) prom.set_table(tt_mb);
          prom.set_min_rules(min_rules);
          if (name == "prom-1p") return prom.prom_1p(s, depth, probs);
          if (name == "prom-plain") return prom.prom_plain(s, depth, probs);
          if (name == "prom-beta") return prom.prom_beta(s, depth, probs);
          return prom.sp_prom(s, depth, probs, bound);
        },
        a.canonical());
  }
  if (name == "root-om") return make_generic_root_om<G>(a, ctx, eval);
  if (name == "mcts" || name == "om-mcts" || name == "prom-mcts") {
    MctsParams p = read_mcts_params<G>(a, name != "mcts");
    std::vector<Eval> fns{eval};
    if (name == "om-mcts") {
      fns.push_back(ctx.evaluator(a.get_text("model")));
      p.probs = {0.0, 1.0};
    } else if (name == "prom-mcts") {
      p.probs = read_opponent_types(a, [&](const std::string& e) { fns.push_back(ctx.evaluator(e)); });
    }
    return std::make_unique<GenericMctsSearcher<G>>(ctx, std::move(fns), std::move(p), a.canonical());
  }
  if (is_generic_om_variant(name)) return make_generic_om_variant<G>(a, ctx, eval);
  return make_generic_other<G>(a, ctx);
}

}  // namespace bao::search
