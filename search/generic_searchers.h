// The searchers that run on any game meeting the search concepts, made from their
// registry entries' parameters (the same schema as on Bao: a spec means the same thing on
// every game). Each declares the concept it needs:
//
//   minimax                                 Game
//   alphabeta                               StagedGame (Lazy SMP with threads > 1)
//   om-plain, om-beta, om-probe, om-bounded Game (search/om.h; model= names the game's evaluator)
//   prom-1p, prom-plain, prom-beta, sp-prom Game (search/prom.h; types= the game's evaluators)
//   mcts, om-mcts, prom-mcts                Game (search/mcts.h; model= and types= the game's
//                                           evaluators, on MAX's scale as OM's)
//   root-om                                 StagedGame (search/root_om_search.h; model= the
//                                           opponent's evaluator, scored for the opponent)
//
// Every other registered searcher is refused by name with what it needs that a generic
// game does not give (its factory reads Bao's evaluators and positions). The opponent-model
// searchers search to a depth limit, or with a node limit alone deepen one ply at a time
// and play the deepest search that ended within the budget (as alpha-beta's iterative
// deepening does under a node limit).
//
// Minimax and alpha-beta score every leaf with the evaluator of the side to move at the
// root, negated for the other side (RootView): a minimax player maximises its own function
// and takes its opponent to minimise the same function, which for a function that is not
// zero-sum (Carmel and Markovitch's checkers f) differs from each side scoring itself.
#pragma once

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/text_input.h"
#include "search/alphabeta_params.h"
#include "search/any_game.h"
#include "search/lazy_smp.h"
#include "search/mcts.h"
#include "search/mcts_params.h"
#include "search/minimax.h"
#include "search/om.h"
#include "search/opponent_types.h"
#include "search/prom.h"
#include "search/registry.h"
#include "search/root_om_search.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::search {

// What a generic factory needs of the game beyond the concept: its evaluators by name and
// its move text.
template <Game G>
struct GenericContext {
  G game;
  std::function<typename G::Eval(std::string_view)> evaluator;  // throws InputError for an unknown name
  std::function<std::string(const typename G::State&, const typename G::Move&)> move_text;
  std::string game_spec;
};

template <Game G>
AnyResult to_any(const GenericContext<G>& ctx, const typename G::State& root, const Result<typename G::Move>& r) {
  AnyResult out = any_figures(r);
  if (!r.has_move) return out;
  out.best = ctx.move_text(root, r.best);
  // The principal variation as text: each move written at the state it is played in.
  typename G::State s = root;
  for (const auto& m : r.pv) {
    typename G::Children ch;
    ctx.game.children(s, ch);
    bool found = false;
    for (const auto& c : ch) {
      if (!(c.move == m)) continue;
      out.pv.push_back(ctx.move_text(s, m));
      s = c.pos;
      found = true;
      break;
    }
    if (!found) break;
  }
  return out;
}

// An evaluator seen from the root's side to move (*root, set before each search): eval(s,
// root) for the root's side, its negation for the other. The same values as `eval` for a
// zero-sum function; for one that is not (f(b, 0) + f(b, 1) != 0) it is the minimax
// player's view, Carmel and Markovitch's MM (docs/checkers.md, MinimaxView).
template <class Eval>
struct RootView {
  Eval eval;
  std::shared_ptr<const int> root;
  template <class State>
  int operator()(const State& s, int side) const {
    const int r = *root;
    const int v = eval(s, r);
    return side == r ? v : -v;
  }
};

// A searcher whose algorithm object has Result<Move> search(state, limits). With
// `root_side`, the side to move at the root is written there before each search (RootView).
template <Game G, class Impl>
class GenericSearcher final : public AnySearcher {
 public:
  GenericSearcher(GenericContext<G> ctx, std::unique_ptr<Impl> impl, std::string description, bool needs_depth,
                  std::shared_ptr<int> root_side = nullptr)
      : ctx_(std::move(ctx)),
        impl_(std::move(impl)),
        description_(std::move(description)),
        needs_depth_(needs_depth),
        root_side_(std::move(root_side)) {}
  AnyResult search(const AnyState& a, const Limits& limits) override {
    check_limits(limits, description_);
    if (needs_depth_ && limits.depth == 0) throw InputError(description_ + " needs a depth limit");
    typename G::State s;
    std::memcpy(static_cast<void*>(&s), a.bytes.data(), sizeof s);
    if (root_side_) *root_side_ = ctx_.game.side_to_move(s);
    if constexpr (requires { impl_->search(s, limits, [](const auto&) {}); })
      return to_any(ctx_, s, impl_->search(s, limits, [](const auto&) {}));
    else
      return to_any(ctx_, s, impl_->search(s, limits));
  }
  std::string describe() const override { return description_; }

 private:
  GenericContext<G> ctx_;
  std::unique_ptr<Impl> impl_;
  std::string description_;
  bool needs_depth_;
  std::shared_ptr<int> root_side_;
};

// OM and PrOM search of one kind, as a searcher: to the limit's depth; with a node limit
// alone, searches of depth 1, 2, ... while their nodes together stay within the limit, the
// deepest such search's move played (depth 1's when even it exceeds the limit). A search
// that ends beyond the limit is not used: so the move depends only on the position and the
// budget, as alpha-beta's does under a node limit. Nodes and leaves count every search made.
template <Game G>
class GenericModelSearcher final : public AnySearcher {
 public:
  using Run = std::function<ModelResult<typename G::Move>(const typename G::State&, int depth)>;
  GenericModelSearcher(GenericContext<G> ctx, Run run, std::string description)
      : ctx_(std::move(ctx)), run_(std::move(run)), description_(std::move(description)) {}
  AnyResult search(const AnyState& a, const Limits& limits) override {
    check_limits(limits, description_);
    if (limits.depth == 0 && limits.nodes == 0)
      throw InputError(description_ + " searches to a depth or within a node budget: give a depth or node limit");
    typename G::State s;
    std::memcpy(static_cast<void*>(&s), a.bytes.data(), sizeof s);
    const auto t0 = std::chrono::steady_clock::now();
    Result<typename G::Move> r;
    const auto take = [&](const ModelResult<typename G::Move>& m, int depth) {
      r.has_move = m.has_move;
      r.best = m.best;
      r.value = static_cast<int>(std::lround(m.value));
      r.pv.clear();
      if (m.has_move) r.pv.push_back(m.best);
      r.depth = depth;
    };
    if (limits.depth > 0) {
      const auto m = run_(s, limits.depth);
      take(m, limits.depth);
      r.nodes = m.nodes;
      r.leaf_evals = m.leaf_evals();
    } else {
      for (int depth = 1; depth < kMaxPly; ++depth) {
        const auto m = run_(s, depth);
        r.nodes += m.nodes;
        r.leaf_evals += m.leaf_evals();
        if (depth == 1 || r.nodes <= limits.nodes) take(m, depth);
        if (r.nodes >= limits.nodes || !m.has_move) break;
      }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return to_any(ctx_, s, r);
  }
  std::string describe() const override { return description_; }

 private:
  GenericContext<G> ctx_;
  Run run_;
  std::string description_;
};

// MCTS of one kind (search/mcts.h) as a searcher: an iteration budget from iterations=, a
// node limit (iterations) or a time limit; a depth limit is its horizon.
template <Game G>
class GenericMctsSearcher final : public AnySearcher {
 public:
  using Eval = typename G::Eval;
  GenericMctsSearcher(GenericContext<G> ctx, std::vector<Eval> fns, MctsParams p, std::string description)
      : ctx_(ctx),
        iterations_(p.iterations),
        mcts_(ctx.game, std::move(fns), std::move(p)),
        description_(std::move(description)) {}
  AnyResult search(const AnyState& a, const Limits& limits) override {
    check_limits(limits, description_);
    if (!iterations_ && !limits.nodes && !limits.time_ms)
      throw InputError(
          description_ +
          " needs an iteration budget: iterations= in its spec, a node limit (iterations) or a time limit");
    typename G::State s;
    std::memcpy(static_cast<void*>(&s), a.bytes.data(), sizeof s);
    const auto o = mcts_.search(s, limits);
    Result<typename G::Move> r;
    r.has_move = o.has_move;
    r.best = o.best;
    r.value = static_cast<int>(std::lround(o.value));
    r.pv.assign(o.pv.begin(), o.pv.end());
    r.depth = o.depth;
    r.nodes = o.nodes;
    r.leaf_evals = o.leaf_evals();
    r.seconds = o.seconds;
    return to_any(ctx_, s, r);
  }
  std::string describe() const override { return description_; }

 private:
  GenericContext<G> ctx_;
  std::uint64_t iterations_;
  Mcts<G> mcts_;
  std::string description_;
};

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
    const G game = ctx.game;
    return std::make_unique<GenericModelSearcher<G>>(
        ctx,
        [=](const typename G::State& s, int depth) {
          PromSearch<G> prom(game, fns);
          if (tt_mb > 0) prom.set_table(tt_mb);
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
  throw InputError("searcher '" + name + "' does not run on " + ctx.game_spec +
                   ": its factory needs Bao's positions and evaluator objects (search::Evaluator), which this game "
                   "does not provide; on this game: minimax, alphabeta, om-plain, om-beta, om-probe, om-bounded, "
                   "prom-1p, prom-plain, prom-beta, sp-prom, root-om, mcts, om-mcts, prom-mcts");
}

}  // namespace bao::search
