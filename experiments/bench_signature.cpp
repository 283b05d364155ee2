#include "experiments/bench_signature.h"

#include <memory>

#include "engine/bao/bench_positions.h"
#include "engine/bao/notation.h"
#include "engine/bao/rules.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"

namespace bao::experiments {

BenchReport run_bench(int depth, const std::string& searcher, const std::string& eval) {
  BenchReport rep;
  rep.nodes_by_depth.assign(static_cast<std::size_t>(depth) + 1, 0);
  const auto evaluator = models::make_evaluator(eval);
  // One searcher per variant, reused: every search starts from an empty table anyway.
  std::unique_ptr<search::Searcher> searchers[2];
  for (const BenchPosition& bp : bench_positions()) {
    Rules rules;
    rules.variant = bp.variant;
    const Position p = parse_position(bp.position, bp.variant);
    auto& s = searchers[static_cast<int>(bp.variant)];
    if (!s) s = models::make_searcher(searcher, rules, evaluator);
    std::uint64_t previous = 0;
    search::Limits limits;
    limits.depth = depth;
    const search::BaoResult r = s->search(p, limits, [&](const search::BaoResult& it) {
      if (it.depth < static_cast<int>(rep.nodes_by_depth.size())) rep.nodes_by_depth[it.depth] += it.nodes - previous;
      previous = it.nodes;
    });
    rep.nodes += r.nodes;
    rep.leaf_evals += r.leaf_evals;
    rep.tt_probes += r.tt_probes;
    rep.tt_hits += r.tt_hits;
    rep.seconds += r.seconds;
    rep.per_position.push_back(
        {bp.kind, r.has_move ? format_move(r.best, p.side) : std::string("none"), r.value, r.nodes});
  }
  return rep;
}

}  // namespace bao::experiments
