// Two rules at PrOM's MIN nodes in which Donkers' 2002 program differs from the
// definition search/prom.h follows (his `prom_search`, Engine.pas of jeroendonkers/bao,
// commit e418109; docs/reference-program.md (b) and (c)). The defaults are the
// definition's, so a searcher that is not given them searches as before.
//
// * ties: which of a type's equally good replies it is predicted to play. pessimistic
//   (the default): the one with the lowest PrOM value, the worst for MAX. first: the first
//   in the game's order, as his type probe (an alpha-beta, `ab_search`) keeps the first
//   move that reaches its best value and PrOM searches that move alone.
// * decisive: what a decisive value (a game's end, search/score.h is_decisive) at a MIN
//   node does. expect (the default): it enters the expectation like any other value. exit:
//   as his `isRealValue` tests, the first type whose probe value is decisive (types in
//   order, MAX's own first) ends the node with that value, before the later types are
//   probed; otherwise each predicted child is searched in the order the types first
//   predict it, and the first whose PrOM value is decisive ends the node with it.
//
// The spec parameters `ties=pessimistic|first` and `decisive=expect|exit` of prom-beta
// (every game's) are read here.
#pragma once

#include <vector>

#include "engine/param.h"

namespace bao::search {

class Args;

enum class PromTies { Pessimistic, First };
enum class PromDecisive { Expect, Exit };

struct PromMinRules {
  PromTies ties = PromTies::Pessimistic;
  PromDecisive decisive = PromDecisive::Expect;
  bool operator==(const PromMinRules&) const = default;
};

// ties and decisive, as prom-beta declares them. Their defaults are empty, so that the
// canonical text of a spec that does not name them (Args::canonical) stays as it was.
std::vector<bao::Param> prom_min_rule_params();

// Reads ties= and decisive= of the spec `a` reads (absent: the defaults). Throws
// InputError naming the parameter and the values it accepts for any other text.
PromMinRules read_prom_min_rules(Args& a);

}  // namespace bao::search
