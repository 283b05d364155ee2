#include "search/plain_searchers.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "search/alphabeta.h"
#include "search/alphabeta_params.h"
#include "search/alphabeta_searcher.h"
#include "search/bao_game.h"
#include "search/busy_positions.h"
#include "search/minimax.h"
#include "search/plain_searcher.h"
#include "search/random_mover.h"

namespace bao::search {
namespace {

std::string flag(bool b) { return b ? "true" : "false"; }

using T = Param::Type;

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

// The strength mode (search/forward_pruning.h, docs/strength.md): alpha-beta's options and
// the forward pruning ones.
void register_engine(SearcherRegistry& r) {
  r.add({.name = "engine",
         .summary = "the strength mode: alpha-beta with the forward pruning SPRTs accepted (not exact; "
                    "docs/strength.md)",
         .kind = SearcherKind::Plain,
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
           return make_alphabeta_searcher(rules, std::move(eval), o, threads, a.canonical());
         },
         .tree_grid_default = false,
         .family = "",
         .bench_params = "",
         .memory = alphabeta_memory});
}
}  // namespace

void register_plain_searchers(SearcherRegistry& r) {
  r.add({.name = "minimax",
         .summary = "plain depth-limited minimax, the reference (depth limit only)",
         .kind = SearcherKind::Plain,
         .params = {},
         .make = [](Args&, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           auto impl = std::make_unique<Minimax<BaoGame, EvalFn>>(BaoGame{rules}, EvalFn{eval.get()});
           return std::make_unique<PlainSearcher<Minimax<BaoGame, EvalFn>>>(
               std::move(impl), std::move(eval),
               PlainSearcher<Minimax<BaoGame, EvalFn>>::Options{.description = "minimax", .needs_depth = true});
         },
         .tree_grid_default = false,
         .family = "",
         .bench_params = ""});
  r.add({.name = "alphabeta",
         .summary = "alpha-beta with a transposition table, move ordering and iterative deepening",
         .kind = SearcherKind::Plain,
         .params = alphabeta_params(),
         .make = [](Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           const AlphaBetaOptions o = alphabeta_options(a);
           const int threads = static_cast<int>(a.get_int("threads"));  // read before canonical() names it
           return make_alphabeta_searcher(rules, std::move(eval), o, threads, a.canonical());
         },
         .tree_grid_default = true,
         .family = "",
         .bench_params = "",
         .memory = alphabeta_memory});
  register_engine(r);
  r.add({.name = "random",
         .summary = "a uniformly random legal move, the same for the same seed and position (a baseline)",
         .kind = SearcherKind::Plain,
         .params = {{"seed", T::Int, "1", 0, std::int64_t{1} << 62, "the generator's seed"}},
         .make = [](Args& a, const Rules& rules, std::shared_ptr<const Evaluator> eval) -> std::unique_ptr<Searcher> {
           const auto seed = static_cast<std::uint64_t>(a.get_int("seed"));
           return std::make_unique<PlainSearcher<RandomMover<BaoGame>>>(
               std::make_unique<RandomMover<BaoGame>>(BaoGame{rules}, seed), std::move(eval),
               PlainSearcher<RandomMover<BaoGame>>::Options{.description = a.canonical()});
         },
         .tree_grid_default = false,
         .family = "",
         .bench_params = ""});
}

}  // namespace bao::search
