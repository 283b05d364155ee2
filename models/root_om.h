// Root OM (docs/opponent-models.md, "Where OM search is used in a game"): the searcher
//   root-om(model=E[@D][,model_depth=d-1|d|N][,own_depth=d-2|d|N][,manage_risk=false])
// that models::make_searcher makes for the name root-om.
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
// fixed-depth iterations, models/deepen.h); the inner searches share the budget.
#pragma once

#include <memory>

#include "engine/rules.h"
#include "search/evaluator.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::models {

// The searcher for `spec`, whose name is root-om; `eval` is MAX's own evaluator. Takes the
// parameters out of the spec. Throws InputError naming the parameter for a missing model,
// an unknown evaluator, a bad or repeated depth, a bad manage_risk or an unknown
// parameter (the message lists the known ones).
std::unique_ptr<search::Searcher> make_root_om(search::Spec& spec, const Rules& rules,
                                               std::shared_ptr<const search::Evaluator> eval);

}  // namespace bao::models
