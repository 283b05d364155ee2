// The registrations of OM search (om-plain, om-beta, om-probe, om-bounded; model=E) and
// PrOM search (prom-1p, prom-plain, prom-beta, sp-prom; types=E1:p1+...) on Bao
// (search/om.h, search/prom.h), each also on the random trees. Two functions, so that
// models::searchers() lists them where help and docs have them.
#pragma once

#include "search/registry.h"

namespace bao::models {

void register_om(search::SearcherRegistry& r);
void register_prom(search::SearcherRegistry& r);

}  // namespace bao::models
