// The one registry of every searcher (models::searchers()), made by name with parameters
// as configs write them ("om-beta(model=material)"; docs/opponent-models.md). Each entry
// states its kind (search::SearcherKind) and is registered in the file named for what it
// registers:
//   plain           search/plain_searchers.cpp (minimax, alphabeta, engine, random)
//   opponent-model  models/om_prom_searchers.cpp (OM, PrOM), models/root_om.cpp,
//                   models/learning_om_searchers.cpp (root-om-learn, prom-learn),
//                   models/safe_om_searcher.cpp, models/robust_om_searcher.cpp,
//                   models/multi_model.cpp (M*, (D,d)-OM)
//   mcts            models/mcts_searchers.cpp (mcts, om-mcts, prom-mcts)
// This file only gathers them: no registration calls back into it. Each searcher's name,
// summary and parameters are declared once, in its registration; `bao search --list` and
// docs/commands.md print them. E, in a parameter, names an evaluator
// (models/evaluators.h); the searcher's own evaluator (the `eval` argument) is V0.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "search/registry.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::models {

// Every searcher of the toolkit, in the order help and docs list them: the plain ones,
// OM, root OM, the learning root OM and PrOM, safe OM, robust OM, the MCTS family, PrOM, M* and (D,d)-OM.
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
