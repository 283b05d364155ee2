#include "experiments/player.h"

#include "models/all_searchers.h"
#include "models/evaluators.h"

namespace bao::experiments {

Player make_player(const PlayerConfig& pc, const Rules& rules) {
  Player p;
  p.searcher = models::make_searcher(models::resolve_weight_paths(pc.searcher, pc.searcher_dir), rules,
                                     models::make_evaluator(models::resolve_weight_paths(pc.eval, pc.eval_dir)));
  p.limits.depth = pc.depth;
  p.limits.nodes = pc.nodes;
  p.limits.time_ms = pc.time_ms;
  return p;
}

Player make_any_player(const PlayerConfig& pc, const search::AnyGame& game) {
  Player p;
  p.any = game.make_searcher(models::searchers(), pc.searcher, pc.eval);
  p.limits.depth = pc.depth;
  p.limits.nodes = pc.nodes;
  p.limits.time_ms = pc.time_ms;
  return p;
}

}  // namespace bao::experiments
