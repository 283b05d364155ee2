#include "search/alphabeta_params.h"

#include <cstdint>
#include <string>

#include "engine/error.h"
#include "search/score.h"
#include "search/searcher.h"

namespace bao::search {
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
          {"extend", T::Bool, flag(d.extend), 0, 0,
           "Donkers' 2002 extension: 0.3 ply more below a node with captures whose parent had none, from the "
           "root's grandchildren on (Bao)"},
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
                     .shuffle = static_cast<std::uint64_t>(a.get_int("shuffle")),
                     .extend = a.get_bool("extend")};
  // MTD(f)'s root searches are null-window ones: an aspiration window would be ignored.
  if (o.mtdf && o.aspiration > 0)
    throw InputError(a.name() + ": aspiration has no effect with mtdf=true (MTD(f) searches null windows); give one");
  return o;
}

}  // namespace bao::search
