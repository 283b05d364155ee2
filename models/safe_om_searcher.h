// safe-om(model=E, eps=X[, exploit=om|root][, bank=false|true][, tt_mb=M]): safe OM
// search on Bao. At the root MAX may play only a move whose minimax value under its own
// evaluator V0, searched to the iteration's depth d, is within an allowance of the best;
// among those it plays the one the exploiting component values highest.
//
//   exploit=om (default): the exploiting value is full-depth OM search's with model E
//     (search/safe_om.h, SafeOmSearch) and the allowance is eps.
//   exploit=root: the exploiting value is root OM at d's (models/root_om.h with
//     model_depth=d, own_depth=d-2, ties=first: the reply E's alpha-beta to d plies
//     predicts, then MAX's own alpha-beta to d-2 plies after it), and each move's minimax
//     value is MAX's own alpha-beta to d-1 plies after it. Two inner tables of tt_mb MiB.
//   bank=true (exploit=root only): the allowance is the banked-gifts balance of
//     search::GiftBank (Ganzfried and Sandholm 2012/2015): it opens at eps in each game,
//     the risk of each move played is deducted, and after each opponent reply what the
//     reply yielded above the chosen move's guaranteed value (MAX's own alpha-beta of the
//     position reached, to the previous iteration's d-2 plies, within the search's limits)
//     is added. A position that is not one opponent reply after this searcher's last move
//     opens a new game.
//
// The safety is relative to MAX's own depth-d minimax value under V0, not to the game's
// value: a move "risks" x when MAX's own search to depth d values it x below the best. An
// opponent that searches deeper, or that models MAX, can beat a move MAX's search calls
// safe; E9s (docs/results.md) measures that.
//
// Depth, node and time limits are those of every searcher (models/deepen_afresh.h); with
// bank=true the gift's search takes the node and time limits too and counts in the
// move's nodes (cut short, it adds no gift).
#pragma once

#include "search/registry.h"

namespace bao::models {

// Registers safe-om. A bad exploit, or bank=true without exploit=root, is an InputError
// naming the parameter.
void register_safe_om(search::SearcherRegistry& r);

}  // namespace bao::models
