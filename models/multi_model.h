// M* and (D,d)-OM search on Bao (docs/opponent-models.md; search/mstar.h, search/ddom.h):
// M* with n models, the searcher's own evaluator level n (MAX), the first model MIN's
// (level n-1), the next that model's model of MAX, and so on, the last playing minimax;
// (D,d)-OM, MAX searching the iteration's depth D and MIN predicted at every MIN node by
// alpha-beta on the model to d plies (never past MAX's horizon). Their names and
// parameters are declared in their registrations (multi_model.cpp; `bao search --list`).
// Depth, node and time limits are those of every searcher (iterative deepening over
// fixed-depth iterations, models/deepen_afresh.h).
#pragma once

#include <memory>

#include "engine/bao/rules.h"
#include "search/evaluator.h"
#include "search/registry.h"
#include "search/searcher.h"

namespace bao::models {

// Registers the searchers above; `eval` of each factory is MAX's own evaluator.
void register_multi_model(search::SearcherRegistry& r);

}  // namespace bao::models
