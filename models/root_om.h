// Root OM (docs/opponent-models.md, "Where OM search is used in a game"): the searcher
//   root-om(model=E[@D][,model_depth=d-1|d|N][,own_depth=d-2|d|N][,manage_risk=false])
// registered as root-om.
//
// An iteration of depth d scores each root move m in two searches:
//   1. the reply the model predicts: alpha-beta on the model's evaluator E from the
//      position after m, to model_depth plies: d-1 (default), d (the published "perfect
//      opponent", the depth the real opponent searches) or a fixed N; E@D is model_depth=D;
//   2. MAX's own alpha-beta on the position after that reply, to own_depth plies: d-2
//      (default; at d < 3 the position is evaluated statically), d (the published
//      "perfect" flag) or a fixed N.
// The move's OM value is the second search's value (a decisive score moved up the two
// plies); the game ending after m or after the reply scores as such. The highest OM value
// is chosen, the first move in the game's order among equals.
// manage_risk=true adds each move's own minimax value risk(m) (alpha-beta, own
// evaluator, depth d-1 after m, so the root's own minimax value base is the largest of
// them): a move whose OM value exceeds risk(m) may be chosen only if risk(m) >= base.
//
// Depth, node and time limits are those of every searcher (iterative deepening over
// fixed-depth iterations, models/deepen_afresh.h); the inner searches share the budget.
#pragma once

#include <memory>

#include "engine/rules.h"
#include "search/evaluator.h"
#include "search/registry.h"
#include "search/searcher.h"

namespace bao::models {

// Registers root-om; `eval` of its factory is MAX's own evaluator. A missing model, an
// unknown evaluator, a bad or repeated depth or a bad manage_risk is an InputError that
// names the parameter.
void register_root_om(search::SearcherRegistry& r);

}  // namespace bao::models
