// Searchers that learn the opponent's type during a game and search with what they
// learned (docs/opponent-models.md, "Learning the opponent's type during a game"):
//
//   root-om-learn(types=E1@D1+E2@D2+...[,epsilon=0.05][,floor=0.001][,own_depth=d-2|d|N])
//   prom-learn(types=E1@D1+E2@D2+...[,own=0.5][,epsilon=0.05][,floor=0.001][,tt_mb=16])
//
// Each type is a player EVAL@DEPTH (alpha-beta on EVAL to DEPTH plies). The searcher
// keeps a belief over the types (models/online_type_tracker.h) from one of its moves to
// the next, updated by Bayes' rule after each opponent reply as Prob-maxn updates its
// type probabilities (Sturtevant, Zinkevich and Bowling 2006), and starts each game from
// the uniform belief (Searcher::new_game, called by the game loop).
//
// root-om-learn searches as root-om(model=Ek@Dk,own_depth=...) (models/root_om.h) with
// the most probable type k (the first listed among equals; with the uniform belief, the
// first type): root OM whose model is the maximum-posterior (evaluator, depth) pair.
//
// prom-learn searches as prom-beta (search/prom.h) with MAX's own type at `own` and the
// types sharing 1 - own in proportion to the belief. PrOM searches every type to its own
// depth, so its types are evaluators: types with the same evaluator and different depths
// are one PrOM type whose probability is their sum, and the depths only steer the learning
// (which depth's replies the opponent plays). Its predicted reply is the most probable
// type's, searched to that type's depth.
//
// Both add the types' searches (one alpha-beta per type per informative reply) to the
// move's nodes and seconds. Under a node or time limit each type's search has that limit
// too, so a move may take up to twice its limit.
#pragma once

#include "search/registry.h"

namespace bao::models {

// Registers root-om-learn and prom-learn; `eval` of their factories is MAX's own
// evaluator. A missing or bad types= (models/online_type_tracker.h, parse_depth_types), a
// bad epsilon, floor or own, or a bad own_depth is an InputError naming the parameter.
void register_learning_om(search::SearcherRegistry& r);

}  // namespace bao::models
