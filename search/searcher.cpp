#include "search/searcher.h"

#include <algorithm>
#include <chrono>

#include "engine/error.h"
#include "engine/long_moves.h"
#include "search/alphabeta.h"
#include "search/alphabeta_params.h"
#include "search/bao_game.h"
#include "search/lazy_smp.h"
#include "search/minimax.h"
#include "search/om.h"
#include "search/plain_searcher.h"
#include "search/random_mover.h"
#include "search/registry.h"
#include "search/spec.h"
#include "search/tt.h"

namespace bao::search {
namespace {

// A Lazy SMP helper's long-move proofs stop when the main search ends (engine/long_moves.h).
struct ProofHelperScope {
  using Stopped = ProofStopped;
  explicit ProofHelperScope(const std::atomic<bool>* halt) : scope(limit(halt)) { scope.arm(); }
  static ProofLimit limit(const std::atomic<bool>* halt) {
    ProofLimit l;
    l.halt = halt;
    return l;
  }
  ProofLimitScope scope;
};

using BaoAlphaBeta = LazySmp<BaoGame, EvalFn, ProofHelperScope>;

class AlphaBetaSearcher final : public Searcher {
 public:
  AlphaBetaSearcher(const Rules& rules, std::shared_ptr<const Evaluator> eval, AlphaBetaOptions o, int threads,
                    std::string description)
      : eval_(std::move(eval)),
        opt_(o),
        description_(std::move(description)),
        impl_(std::make_unique<BaoAlphaBeta>(BaoGame{rules}, EvalFn{eval_.get()}, o, threads)) {}
  // A proof of a long move can take seconds (rules.md 8, engine/long_moves.h), far past a
  // time limit that the search checks only between nodes. So the proofs of this thread get
  // the search's deadline (and a lap bound the caller set, ProofLimit), armed once the
  // first iteration has finished (a search always completes depth 1); a proof that passes
  // it throws ProofStopped out of move generation, and the search returns its last finished
  // iteration, as when its own limit stops it (the unfinished iteration is thrown away;
  // entries already in the table are exact). Nodes and evaluations are then those of the
  // finished iterations; seconds are the whole search's. A search that is not stopped is
  // unchanged.
  BaoResult search(const Position& p, const Limits& limits, const InfoFn& info) override {
    check(limits);
    const auto start = std::chrono::steady_clock::now();
    ProofLimit proof = proof_limit();
    if (limits.time_ms > 0)
      proof.deadline = std::min(proof.deadline, start + std::chrono::milliseconds(limits.time_ms));
    ProofLimitScope proofs(proof);
    BaoResult last;
    try {
      return impl_->search(p, limits, [&](const BaoResult& r) {
        last = r;
        proofs.arm();
        if (info) info(r);
      });
    } catch (const ProofStopped&) {
      last.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return last;
    }
  }
  std::string describe() const override { return description_; }
  std::size_t table_bytes() const override { return opt_.tt_mb << 20; }
  int threads() const override { return impl_->threads(); }
  std::vector<const Evaluator*> evaluators() const override { return {eval_.get()}; }

 private:
  std::shared_ptr<const Evaluator> eval_;
  AlphaBetaOptions opt_;
  std::string description_;
  std::unique_ptr<BaoAlphaBeta> impl_;
};

}  // namespace

void check_limits(const Limits& l, std::string_view who) {
  // The message's start is made only for a message: a search checks its limits and
  // allocates nothing.
  const auto at = [&] { return who.empty() ? std::string() : std::string(who) + ": "; };
  if (l.depth < 0) throw InputError(at() + "depth must be at least 1, found " + std::to_string(l.depth));
  if (l.depth > kMaxPly - 1)  // the searchers' per-ply buffers end there
    throw InputError(at() + "depth must be at most " + std::to_string(kMaxPly - 1) +
                     " (the deepest ply a search reaches), found " + std::to_string(l.depth));
  if (l.depth == 0 && l.nodes == 0 && l.time_ms <= 0)
    throw InputError(at() + "a search needs a limit: a depth of at least 1, a node count or a time");
  if (l.time_ms < 0) throw InputError(at() + "time must be positive, found " + std::to_string(l.time_ms) + " ms");
}

namespace {
std::string flag(bool b) { return b ? "true" : "false"; }

using T = Param::Type;

}  // namespace

std::vector<Param> alphabeta_params() {
  const AlphaBetaOptions d;
  return {table_param(),
          {"tt_deeper", T::Bool, flag(d.tt_deeper), 0, 0, "also cut off with deeper entries (not exact)"},
          {"ordering", T::Bool, flag(d.ordering), 0, 0, "hash move, killers, history, capture size"},
          {"aspiration", T::Int, std::to_string(d.aspiration), 0, kMaxEval,
           "root window half-width after depth 1 (0: full window)"},
          {"staged", T::Bool, flag(d.staged), 0, 0, "hash move and killers before generating the rest"},
          {"pvs", T::Bool, flag(d.pvs), 0, 0, "principal-variation search"},
          {"id_step", T::Int, std::to_string(d.id_step), 1, kMaxPly - 1,
           "with a depth limit alone, iterations every id_step depths ending at the limit"},
          {"lazy_legality", T::Bool, flag(d.lazy_legality), 0, 0,
           "moves still going after 64 laps decided after the others, where a bound says they matter"},
          {"mtdf", T::Bool, flag(d.mtdf), 0, 0,
           "each iteration's root value by MTD(f) null-window searches (Donkers' 2002 search)"},
          {"shuffle", T::Int, "0", 0, std::int64_t{1} << 62,
           "seed of a pseudo-random rotation of the move order at every namua-stage node (Donkers' 2002 "
           "program; 0: none)"},
          {"threads", T::Int, "1", 1, kMaxSearchThreads,
           "Lazy SMP: threads sharing the table, at most the machine's hardware threads; the same value and "
           "move, not the same node count (refused in tournaments)",
           false, Param::Cost::Threads}};
}

AlphaBetaOptions alphabeta_options(Args& a) {
  AlphaBetaOptions o{.tt_mb = static_cast<std::size_t>(a.get_int("tt_mb")),
                     .tt_deeper = a.get_bool("tt_deeper"),
                     .ordering = a.get_bool("ordering"),
                     .aspiration = static_cast<int>(a.get_int("aspiration")),
                     .staged = a.get_bool("staged"),
                     .pvs = a.get_bool("pvs"),
                     .id_step = static_cast<int>(a.get_int("id_step")),
                     .lazy_legality = a.get_bool("lazy_legality"),
                     .prune = {},
                     .mtdf = a.get_bool("mtdf"),
                     .shuffle = static_cast<std::uint64_t>(a.get_int("shuffle"))};
  // MTD(f)'s root searches are null-window ones: an aspiration window would be ignored.
  if (o.mtdf && o.aspiration > 0)
    throw InputError(a.name() + ": aspiration has no effect with mtdf=true (MTD(f) searches null windows); give one");
  return o;
}

namespace {

// Alpha-beta's memory: its table, and with Lazy SMP each helper's own search (its per-ply
// buffers, 0.3 MiB on Bao) and the positions the threads mark busy.
std::uint64_t alphabeta_memory(Args& a) {
  const auto table = static_cast<std::uint64_t>(a.get_int("tt_mb")) << 20;
  const auto helpers = static_cast<std::uint64_t>(a.get_int("threads") - 1);
  return table + (helpers > 0 ? helpers * AlphaBeta<BaoGame, EvalFn>::own_bytes() + sizeof(BusyPositions) : 0);
}

// The strength mode's defaults: the options whose SPRT was accepted (docs/strength.md).
constexpr ForwardPruning kEngineDefaults{.qsearch = 0,
                                         .null_move = false,
                                         .null_reduction = 2,
                                         .lmr = false,
                                         .lmr_captures = false,
                                         .lmr_after = 3,
                                         .futility = false,
                                         .futility_margin = 24,
                                         .partial_iteration = false};

std::vector<Param> engine_params() {
  std::vector<Param> p = alphabeta_params();
  const ForwardPruning& d = kEngineDefaults;
  p.insert(p.end(), {{"qsearch", T::Int, std::to_string(d.qsearch), 0, 16,
                      "plies of compulsory captures searched past the horizon (0: none)"},
                     {"null_move", T::Bool, flag(d.null_move), 0, 0, "null-move pruning"},
                     {"null_r", T::Int, std::to_string(d.null_reduction), 1, 4, "the null move's depth reduction"},
                     {"lmr", T::Bool, flag(d.lmr), 0, 0, "late-move reductions of takasa moves"},
                     {"lmr_captures", T::Bool, flag(d.lmr_captures), 0, 0, "with lmr: late capture moves too"},
                     {"lmr_after", T::Int, std::to_string(d.lmr_after), 1, kMaxMoves,
                      "moves searched at full depth before reducing"},
                     {"futility", T::Bool, flag(d.futility), 0, 0, "futility pruning at one ply to go"},
                     {"futility_margin", T::Int, std::to_string(d.futility_margin), 0, kMaxEval,
                      "futility's margin in evaluation units"},
                     {"partial_iteration", T::Bool, flag(d.partial_iteration), 0, 0,
                      "stopped by time or nodes: the unfinished iteration's move if it displaced the last one's"}});
  return p;
}
}  // namespace

namespace {
// The strength mode (search/forward_pruning.h, docs/strength.md): alpha-beta's options and
// the forward pruning ones.
void register_engine(SearcherRegistry& r) {
  r.add({.name = "engine",
         .summary = "the strength mode: alpha-beta with the forward pruning SPRTs accepted (not exact; "
                    "docs/strength.md)",
         .params = engine_params(),
         .make = [](Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           AlphaBetaOptions o = alphabeta_options(a);
           o.prune = ForwardPruning{.qsearch = static_cast<int>(a.get_int("qsearch")),
                                    .null_move = a.get_bool("null_move"),
                                    .null_reduction = static_cast<int>(a.get_int("null_r")),
                                    .lmr = a.get_bool("lmr"),
                                    .lmr_captures = a.get_bool("lmr_captures"),
                                    .lmr_after = static_cast<int>(a.get_int("lmr_after")),
                                    .futility = a.get_bool("futility"),
                                    .futility_margin = static_cast<int>(a.get_int("futility_margin")),
                                    .partial_iteration = a.get_bool("partial_iteration")};
           const int threads = static_cast<int>(a.get_int("threads"));
           return std::make_unique<AlphaBetaSearcher>(rules, std::move(eval), o, threads, a.canonical());
         },
         .tree = {},
         .not_on_trees = "forward pruning needs quiet moves and a null move, which the random trees lack",
         .tree_grid_default = false,
         .family = "",
         .bench_params = "",
         .memory = alphabeta_memory});
}
}  // namespace

void register_plain_searchers(SearcherRegistry& r) {
  r.add({.name = "minimax",
         .summary = "plain depth-limited minimax, the reference (depth limit only)",
         .params = {},
         .make = [](Args&, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           auto impl = std::make_unique<Minimax<BaoGame, EvalFn>>(BaoGame{rules}, EvalFn{eval.get()});
           return std::make_unique<PlainSearcher<Minimax<BaoGame, EvalFn>>>(
               std::move(impl), std::move(eval),
               PlainSearcher<Minimax<BaoGame, EvalFn>>::Options{.description = "minimax", .needs_depth = true});
         },
         .tree =
             [](const RandomTreeGame& g, const TreeFns& fns, const TreeSearchArgs& a) {
               return OmSearch<RandomTreeGame>(g, fns).minimax(g.root(), a.depth, a.model);
             },
         .not_on_trees = {},
         .tree_grid_default = false,
         .family = "",
         .bench_params = ""});
  r.add({.name = "alphabeta",
         .summary = "alpha-beta with a transposition table, move ordering and iterative deepening",
         .params = alphabeta_params(),
         .make = [](Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           const AlphaBetaOptions o = alphabeta_options(a);
           const int threads = static_cast<int>(a.get_int("threads"));  // read before canonical() names it
           return std::make_unique<AlphaBetaSearcher>(rules, std::move(eval), o, threads, a.canonical());
         },
         .tree =
             [](const RandomTreeGame& g, const TreeFns& fns, const TreeSearchArgs& a) {
               return OmSearch<RandomTreeGame>(g, fns).alphabeta(g.root(), a.depth, a.model);
             },
         .not_on_trees = {},
         .tree_grid_default = true,
         .family = "",
         .bench_params = "",
         .memory = alphabeta_memory});
  register_engine(r);
  r.add({.name = "random",
         .summary = "a uniformly random legal move, the same for the same seed and position (a baseline)",
         .params = {{"seed", T::Int, "1", 0, std::int64_t{1} << 62, "the generator's seed"}},
         .make = [](Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           const auto seed = static_cast<std::uint64_t>(a.get_int("seed"));
           return std::make_unique<PlainSearcher<RandomMover<BaoGame>>>(
               std::make_unique<RandomMover<BaoGame>>(BaoGame{rules}, seed), std::move(eval),
               PlainSearcher<RandomMover<BaoGame>>::Options{.description = a.canonical()});
         },
         .tree =
             [](const RandomTreeGame& g, const TreeFns&, const TreeSearchArgs&) {
               TreeResult o;
               o.nodes = 1;
               RandomMover<RandomTreeGame> mover(g, 1);
               o.best_index = mover.choose(g.root());
               o.has_move = o.best_index >= 0;
               if (o.has_move) o.best = mover.children()[static_cast<std::size_t>(o.best_index)].move;
               return o;
             },
         .not_on_trees = {},
         .tree_grid_default = false,
         .family = "",
         .bench_params = ""});
}

namespace {
const SearcherRegistry& plain_registry() {
  static const SearcherRegistry r = [] {
    SearcherRegistry x;
    register_plain_searchers(x);
    return x;
  }();
  return r;
}
}  // namespace

std::string searcher_names() { return plain_registry().names(); }

std::unique_ptr<Searcher> make_searcher(std::string_view text, const Rules& rules,
                                        std::shared_ptr<const Evaluator> eval) {
  return plain_registry().make(text, rules, std::move(eval));
}

}  // namespace bao::search
