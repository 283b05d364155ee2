// M* and (D,d)-OM search on Bao (docs/opponent-models.md; search/mstar.h, search/ddom.h),
// registered by these names:
//   mstar-1p(models=E1+E2+...)         M* with n = the number of models: the searcher's
//   mstar-plain(models=E1+E2+...)      own evaluator is level n (MAX), E1 its model of
//   mstar-ab(models=E1+E2+...,bound=B) MIN (level n-1), E2 that model's model of MAX, and
//                                      so on; E_n plays minimax. mstar-ab prunes under
//                                      |f_i - f_(i+1)| <= B for adjacent levels and stops
//                                      with an error at a leaf where that is broken
//   ddom-plain(model=E,model_depth=d)  (D,d)-OM: MAX searches the iteration's depth D,
//   ddom-ab(model=E,model_depth=d)     MIN is predicted at every MIN node by alpha-beta
//                                      on E to d plies (never past MAX's horizon)
// Depth, node and time limits are those of every searcher (iterative deepening over
// fixed-depth iterations, models/deepen_afresh.h). mstar-1p and ddom-plain also take tt_mb=M: a
// table of exact values by (position, remaining depth), M MiB (default 16, 0 = none);
// the others have no table.
#pragma once

#include <memory>

#include "engine/rules.h"
#include "search/evaluator.h"
#include "search/registry.h"
#include "search/searcher.h"

namespace bao::models {

// Registers the searchers above; `eval` of each factory is MAX's own evaluator.
void register_multi_model(search::SearcherRegistry& r);

}  // namespace bao::models
