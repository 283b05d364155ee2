// Searchers that take opponent models, for Bao, made by name with parameters as configs
// write them (docs/opponent-models.md):
//   om-plain(model=E[,horizon=H])     OM search, the recursion as written
//   om-beta(model=E[,horizon=H])      OM search with beta-pruning (full-depth OM: with
//                                     iterative deepening under node/time limits)
//   om-probe(model=E)                 OM search with alpha-beta probes (beta-passing)
//   om-bounded(model=E,bound=B)       OM search with bounded-difference pruning; a leaf
//                                     where |V0 - Vop| > B stops the search with an error
//   root-om(model=E[@D][,model_depth=d-1|d|N][,own_depth=d-2|d|N][,manage_risk=false])
//                                     root OM (models/root_om.h): predict each reply with
//                                     alpha-beta on the model to model_depth, score the
//                                     result with MAX's own alpha-beta to own_depth (d:
//                                     the published "perfect" flag)
//   prom-plain(types=E1:p1+E2:p2...[,own=p0][,tt_mb=M])
//                                     PrOM search with a full-window probe per type;
//                                     type 0 is MAX's own evaluation with probability
//                                     `own` (default: 1 - the others)
//   prom-beta(types=...[,own=p0][,tt_mb=M])
//                                     the same with beta-passing
//   prom-1p(types=...[,own=p0][,tt_mb=M])
//                                     one pass, every function at every leaf
//   sp-prom(types=...[,own=p0],bound=B[,tt_mb=M])
//                                     PrOM with similarity pruning: exact where every
//                                     type is within B of V0 (not checked)
//   mstar-1p / mstar-plain(models=E1+E2...), mstar-ab(models=...,bound=B),
//   ddom-plain / ddom-ab(model=E,model_depth=d)
//                                     M* and (D,d)-OM search (models/multi_model.h)
// tt_mb (om-beta, the PrOM searchers, mstar-1p, ddom-plain: the full-depth searchers):
// a table of exact values by (position, remaining depth), M MiB (default 16, 0 = none).
// E names an evaluator (models/evaluators.h). The searcher's own evaluator (the `eval`
// argument) is V0. Each searcher's parameters are declared once, in its registration.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "search/registry.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::models {

// Every searcher of the toolkit, in the order help and docs list them: the plain ones
// (search/searcher.h), OM, root OM, PrOM, M* and (D,d)-OM.
const search::SearcherRegistry& searchers();

// Throws InputError naming an unknown searcher or evaluator, a missing or bad parameter.
std::unique_ptr<search::Searcher> make_searcher(std::string_view spec, const Rules& rules,
                                                std::shared_ptr<const search::Evaluator> eval);

// All searcher names, comma separated.
std::string searcher_names();

// The evaluator names `spec` gives make_evaluator, as the factories read them: model=E
// (root-om's model=E@D: E), each E of models=E1+E2+... and of types=E1:p1+...; an item
// the factories refuse before making its evaluator (empty, or a type without ':') is left
// out. bao serve checks them, so that a request names no weights file.
std::vector<std::string> spec_evaluators(const search::Spec& spec);

}  // namespace bao::models
