// robust-om(model=E, w=X): robust OM search on Bao (search/robust_om.h): at MIN's nodes
// (1 - w) times the value of the reply model E predicts plus w times the worst reply's;
// w = 0 is OM search, w = 1 minimax. Depth, node and time limits are those of every
// searcher (models/deepen_afresh.h).
#pragma once

#include "search/registry.h"

namespace bao::models {

void register_robust_om(search::SearcherRegistry& r);

}  // namespace bao::models
