// mcts, om-mcts(model=E) and prom-mcts(types=E1:p1+...): Monte-Carlo tree search on Bao
// and on the random trees (search/mcts.h), registered with their parameters. A Bao
// search needs an iteration budget (iterations= or a node limit) or a time limit; a
// depth limit is the tree's horizon. Result::nodes counts iterations, Result::positions
// the positions made. With reply=search (om-mcts, prom-mcts) MIN's model is
// alphabeta(tt_mb=4) with the model's evaluator at model_depth, once per position (a
// cache kept across searches); with prior=w it is a PUCT prior and MIN minimises.
#pragma once

#include "search/registry.h"

namespace bao::models {

void register_mcts(search::SearcherRegistry& r);

}  // namespace bao::models
