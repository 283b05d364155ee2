#include "models/mcts_searchers.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "search/alphabeta_searcher.h"
#include "search/bao_game.h"
#include "search/mcts.h"
#include "search/mcts_params.h"
#include "search/opponent_types.h"
#include "search/registry.h"
#include "search/tt.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;
using T = search::Param::Type;

std::vector<search::Param> common_params() {
  return {
      {"c", T::Text, "0.7", 0, 0, "UCB1's exploration constant (playout values in [0, 1])"},
      {"scale", T::Text, "40", 0, 0, "evaluator units per logistic unit: a leaf scores 1/(1+exp(-v/scale))"},
      {"rollout", T::Int, "0", 0, search::kMaxPly, "plies played from a leaf before it is scored", false,
       search::Param::Cost::Plies},
      {"policy", T::Text, "random", 0, 0, "the rollout's moves: random (seeded) or greedy (best under V0)"},
      {"solver", T::Bool, "true", 0, 0, "MCTS-Solver: proven values kept as bounds, forced wins not averaged"},
      {"alpha", T::Text, "0", 0, 0, "weight of the implicit minimax value in selection, in [0, 1]"},
      {"bias", T::Text, "0", 0, 0, "progressive bias weight (the child's V0 / (visits + 1))"},
      {"seed", T::Int, "1", 0, std::int64_t{1} << 62, "the rollouts' and type draws' seed"},
      {"iterations", T::Int, "0", 0, std::int64_t{1} << 40,
       "iterations per search (0: the node or time limit decides)"},
      {"pool_mb", T::Int, "256", 1, search::kMaxTableMb, "the node pool's largest size, MiB", false,
       search::Param::Cost::Memory},
  };
}

std::vector<search::Param> model_params() {
  return {{"tau", T::Text, "0", 0, 0, "softmax temperature of MIN's model, evaluator units (0: its best replies)"},
          {"model_depth", T::Int, "1", 1, 32, "plies of the model's alpha-beta from MIN's node (1: the children)",
           false, search::Param::Cost::Plies},
          {"reply", T::Text, "scores", 0, 0,
           "MIN's model: scores (each child's model_depth-ply score, tau's softmax) or search (the move of "
           "alphabeta(tt_mb=4) with the model to model_depth, once per position)"},
          {"prior", T::Text, "0", 0, 0,
           "0: MIN plays the model's reply; w in (0, 1]: the model is a PUCT prior of weight w and MIN minimises"}};
}

search::MctsParams read_params(search::Args& a, bool model) { return search::read_mcts_params<BaoGame>(a, model); }

// reply=search: the model's reply at a MIN node is the move alpha-beta with the model's
// evaluator plays there at model_depth, with the table and ordering of E8's opponent
// (alphabeta(tt_mb=4)), so the model plays as that program does at that depth. Each
// search starts from an empty table (search/tt.h), so the reply is a function of the
// position alone and a cached reply equals a recomputed one: the cache (direct-mapped,
// allocated once) is kept across searches and games.
constexpr std::size_t kModelTableMb = 4;
constexpr std::size_t kReplyCacheSize = std::size_t{1} << 14;

class MctsSearcher final : public search::Searcher {
 public:
  MctsSearcher(std::string description, const Rules& rules, std::vector<std::shared_ptr<const Evaluator>> evals,
               search::MctsParams p)
      : description_(std::move(description)), rules_(rules), evals_(std::move(evals)), iterations_(p.iterations) {
    std::vector<search::EvalFn> fns;
    for (const auto& e : evals_) fns.push_back(search::EvalFn{e.get()});
    const bool reply_search = p.model && p.reply_search;
    const int depth = p.model_depth;
    mcts_ = std::make_unique<search::Mcts<BaoGame>>(BaoGame{rules}, std::move(fns), std::move(p));
    if (reply_search) {
      models_.resize(evals_.size());
      cache_.assign(kReplyCacheSize, CacheEntry{});
      mcts_->set_reply(
          [this, depth](int k, const Position& s, std::uint64_t& nodes) { return reply(k, s, depth, nodes); });
    }
  }
  void check(const search::Limits& limits) const override {
    search::check_limits(limits, description_);
    if (!iterations_ && !limits.nodes && !limits.time_ms)
      throw InputError(
          description_ +
          " needs an iteration budget: iterations= in its spec, a node limit (iterations) or a time limit");
  }
  search::BaoResult search(const Position& p, const search::Limits& limits, const search::InfoFn& info) override {
    check(limits);
    limits_ = limits;
    start_ = std::chrono::steady_clock::now();
    const auto o = mcts_->search(p, limits);
    search::BaoResult r;
    r.has_move = o.has_move;
    r.best = o.best;
    r.value = static_cast<int>(std::lround(o.value));
    r.pv = o.pv;
    r.depth = o.depth;
    r.nodes = o.nodes;
    r.positions = o.positions;
    r.leaf_evals = o.leaf_evals();
    r.seconds = o.seconds;
    if (info && r.has_move) info(r);
    return r;
  }
  std::string describe() const override { return description_; }
  std::vector<const Evaluator*> evaluators() const override {
    std::vector<const Evaluator*> out;
    for (const auto& e : evals_) out.push_back(e.get());
    return out;
  }

 private:
  struct CacheEntry {
    std::uint64_t key = 0;
    bao::Move move{};
    bool used = false;
  };

  // Function k's alpha-beta move at s to depth plies, from the cache when it holds s.
  // Under a time limit the model's search gets what is left of it (none left: the
  // iteration stops, search/mcts.h drops it), and a reply it cut short is not cached.
  bao::Move reply(int k, const Position& s, int depth, std::uint64_t& nodes) {
    const std::uint64_t key = s.key ^ (static_cast<std::uint64_t>(k) + 1) * 0x9e3779b97f4a7c15ull;
    CacheEntry& e = cache_[key & (kReplyCacheSize - 1)];
    if (e.used && e.key == key) return e.move;
    auto& ab = models_[static_cast<std::size_t>(k)];
    if (!ab) {
      search::AlphaBetaOptions o;
      o.tt_mb = kModelTableMb;
      ab = search::make_alphabeta_searcher(rules_, evals_[static_cast<std::size_t>(k)], o, 1, "alphabeta(tt_mb=4)");
    }
    search::Limits l;
    l.depth = depth;
    l.halt = limits_.halt;
    if (limits_.time_ms > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          start_ + std::chrono::milliseconds(limits_.time_ms) - std::chrono::steady_clock::now());
      if (left.count() <= 0) throw search::SearchStopped{};
      l.time_ms = left.count();
    }
    const search::BaoResult r = ab->search(s, l, {});
    nodes = r.nodes;
    if (!r.has_move) throw InputError(description_ + ": the model's search found no reply at a MIN node");
    if (r.depth >= depth) e = CacheEntry{key, r.best, true};
    return r.best;
  }

  std::string description_;
  Rules rules_;
  std::vector<std::shared_ptr<const Evaluator>> evals_;
  std::uint64_t iterations_;
  std::unique_ptr<search::Mcts<BaoGame>> mcts_;
  std::vector<std::unique_ptr<search::Searcher>> models_;  // reply=search: function k's alpha-beta, made at first use
  std::vector<CacheEntry> cache_;
  search::Limits limits_;  // the search's, for the model's searches under a time limit
  std::chrono::steady_clock::time_point start_;
};

// The most a searcher may hold: the pool of pool_mb, and under a model each MIN node's
// weights, one double per type and child (search/mcts.h reserves them beside the pool).
// types: the functions a MIN node may follow (om-mcts 1, prom-mcts at most its types
// and MAX's own).
// Under reply=search, each type's alpha-beta table beside them.
std::uint64_t pool_bytes(search::Args& a, std::uint64_t types) {
  const std::uint64_t pool = static_cast<std::uint64_t>(a.get_int("pool_mb")) << 20;
  const std::uint64_t tables = types && a.get_text("reply") == "search" ? types * (kModelTableMb << 20) : 0;
  return pool + pool / search::Mcts<BaoGame>::node_bytes() * types * sizeof(double) + tables;
}

// prom-mcts's types=E1:p1+E2:p2+...: the items, and MAX's own.
std::uint64_t type_count(search::Args& a) {
  const std::string types = a.get_text("types");
  return 2 + static_cast<std::uint64_t>(std::count(types.begin(), types.end(), '+'));
}

std::vector<search::Param> joined(std::vector<search::Param> a, const std::vector<search::Param>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

void register_mcts(search::SearcherRegistry& r) {
  r.add({.name = "mcts",
         .summary = "Monte-Carlo tree search: UCT on evaluator leaves, MCTS-Solver, implicit minimax (alpha)",
         .kind = search::SearcherKind::Mcts,
         .params = common_params(),
         .make =
             [](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
               search::MctsParams p = read_params(a, false);
               return std::make_unique<MctsSearcher>(
                   a.spec().text, rules, std::vector<std::shared_ptr<const Evaluator>>{std::move(eval)}, std::move(p));
             },
         .tree_grid_default = false,
         .family = "",
         .bench_params = "iterations=20000",
         .memory = [](search::Args& a) { return pool_bytes(a, 0); }});
  r.add(
      {.name = "om-mcts",
       .summary = "MCTS whose MIN nodes follow an opponent model (softmax of its scores, tau=0: its best reply)",
       .kind = search::SearcherKind::Mcts,
       .params = joined(joined({model_param()}, model_params()), common_params()),
       .make =
           [](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
             search::MctsParams p = read_params(a, true);
             p.probs = {0.0, 1.0};
             std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval), make_evaluator(a.get_text("model"))};
             return std::make_unique<MctsSearcher>(a.spec().text, rules, std::move(evals), std::move(p));
           },
       .tree_grid_default = false,
       .family = "",
       .bench_params = "model=material,iterations=20000",
       .memory = [](search::Args& a) { return pool_bytes(a, 1); }});
  r.add({.name = "prom-mcts",
         .summary = "MCTS whose MIN nodes follow a mixture of opponent types, a type drawn per visit",
         .kind = search::SearcherKind::Mcts,
         .params = joined(joined(search::types_params(), model_params()), common_params()),
         .make =
             [](search::Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) {
               search::MctsParams p = read_params(a, true);
               std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
               read_types(a, evals, p.probs);
               return std::make_unique<MctsSearcher>(a.spec().text, rules, std::move(evals), std::move(p));
             },
         .tree_grid_default = false,
         .family = "",
         .bench_params = "types=material:0.5,iterations=20000",
         .memory = [](search::Args& a) { return pool_bytes(a, type_count(a)); }});
}

}  // namespace bao::models
