// The adapters that carry a search template on a game G as an AnySearcher
// (search/any_game.h): the game's context (its evaluators by name, its move text), a
// result's moves as text, the root's view of an evaluator, and the three shapes of
// searcher the generic factories (search/generic_searchers.h) build: one whose algorithm
// has search(state, limits), a fixed-depth model search deepened under a node budget, and
// MCTS.
#pragma once

#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "search/any_game.h"
#include "search/game_concepts.h"
#include "search/mcts.h"
#include "search/mcts_params.h"
#include "search/model_search.h"
#include "search/result.h"
#include "search/searcher.h"

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

}  // namespace bao::search
