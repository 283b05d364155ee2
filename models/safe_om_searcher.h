// safe-om(model=E, eps=X[, tt_mb=M]): safe OM search on Bao (search/safe_om.h): at the
// root only moves whose minimax value under the searcher's own evaluator is within eps of
// the best; among them the highest OM value with model E. Depth, node and time limits are
// those of every searcher (models/deepen_afresh.h).
#pragma once

#include "search/registry.h"

namespace bao::models {

void register_safe_om(search::SearcherRegistry& r);

}  // namespace bao::models
