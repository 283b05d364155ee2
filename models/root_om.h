// Root OM (docs/opponent-models.md, "Where OM search is used in a game"): the searcher
//   root-om(model=E[@D][,model_depth=d-1|d|N][,own_depth=d-2|d|N][,manage_risk=false]
//           [,risk_margin=0][,ties=first|pessimistic][,inner_table=fresh|shared])
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
// ties=first (default) scores the reply the model's alpha-beta picks among its equally
// good replies (the first it finds). ties=pessimistic scores the lowest own value over all of them:
// every reply r of the position after m is valued by the model's alpha-beta to
// model_depth-1 plies after r, and those equal to the best are the tied replies, each
// followed by step 2 (the game ending after m, or a single reply, scores as with first).
// Donkers' 2002 root OM takes the pessimistic minimum over equally good replies
// (Engine.pas om_searchtest; docs/reference-program.md). The predicted reply stays the
// model's own.
// manage_risk=true adds each move's own minimax value risk(m) (alpha-beta, own
// evaluator, depth d-1 after m, so the root's own minimax value base is the largest of
// them): a move whose OM value (first or pessimistic) exceeds risk(m) may be chosen only
// if risk(m) >= base - risk_margin (default 0: risk(m) >= base).
// risk_margin=k (evaluation units, 0 to 100000, only with manage_risk=true) admits a move
// whose own minimax value is within k units of the root's: Donkers' 2002 risk filter reads
// inexact values (deeper table entries, a warm table, a separate base value) and so admits
// moves a little below the best, and a margin is the controlled form of that
// (docs/reference-program.md, "inexact values in the risk filter").
//
// inner_table=fresh (default): each inner search is an alpha-beta with its own table,
// emptied at its start, so every value is the exact minimax value of its depth.
// inner_table=shared runs them as Donkers' 2002 program does (BaoOmMatch.pas basictest,
// Engine.pas ab_search, om_searchtest; docs/reference-program.md (a), H-a2): one table a
// move, emptied when the move's search starts, first warmed by MAX's full alpha-beta of
// the root to the iteration's depth (MTD(f), iterations by one ply: his `search`), then
// used by every inner search of the move (the model's under keys of their own, his
// hash_opp), entries of greater depth cutting off (tt_deeper) and each inner search one
// fixed-depth search. Unlike his, the table does not outlive the move (his lives through
// the game), and a leaf does not read the table (his clamps a leaf's value by a stored
// bound); docs/reference-program.md says why neither reaches a depth-6 search's values.
//
// Depth, node and time limits are those of every searcher (iterative deepening over
// fixed-depth iterations, models/deepen_afresh.h); the inner searches share the budget.
#pragma once

#include <memory>

#include "engine/bao/rules.h"
#include "search/evaluator.h"
#include "search/registry.h"
#include "search/searcher.h"

namespace bao::models {

// Registers root-om; `eval` of its factory is MAX's own evaluator. A missing model, an
// unknown evaluator, a bad or repeated depth, a bad manage_risk, a bad risk_margin or one
// given without manage_risk=true, a bad ties or a bad inner_table is an InputError that
// names the parameter.
void register_root_om(search::SearcherRegistry& r);

}  // namespace bao::models
