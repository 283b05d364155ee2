// Three rules at PrOM's MIN nodes in which Donkers' 2002 program differs from the
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
// * probe_fail: what a type's probe predicts where no child comes out inside its window
//   (its beta bound, passed down from the MIN node above, is below every child's value).
//   repeat (the default): the probe is repeated with the full window, so the type
//   predicts its true best reply. bound: the child with the lowest fail-soft bound of the
//   failed probe, the first of equals in the game's order, with that bound as the type's
//   value, as his `ab_search` keeps it (`if val > bestval` over values that all fail
//   against `-beta`, bestval starting below every value; where his table holds the
//   position, its move is searched first and wins ties, which ours, without a probe
//   table, cannot follow). In an exact search the window always holds the type's value
//   (a MIN node's value under a type is at most that of the MAX node above it, whose
//   value set the bound), so no probe of prom-beta fails and the rule changes nothing;
//   in his program a probe fails where his table's inexact entries (deeper searches,
//   bounds) raise a value above the bound.
//
// The spec parameters `ties=pessimistic|first`, `decisive=expect|exit` and
// `probe_fail=repeat|bound` of prom-beta (every game's) are read here.
#pragma once

#include <vector>

#include "engine/param.h"

namespace bao::search {

class Args;

enum class PromTies { Pessimistic, First };
enum class PromDecisive { Expect, Exit };
enum class PromProbeFail { Repeat, Bound };

struct PromMinRules {
  PromTies ties = PromTies::Pessimistic;
  PromDecisive decisive = PromDecisive::Expect;
  PromProbeFail probe_fail = PromProbeFail::Repeat;
  bool operator==(const PromMinRules&) const = default;
};

// ties, decisive and probe_fail, as prom-beta declares them, in that order. Their defaults are empty, so that the
// canonical text of a spec that does not name them (Args::canonical) stays as it was.
std::vector<bao::Param> prom_min_rule_params();

// Reads ties=, decisive= and probe_fail= of the spec `a` reads (absent: the defaults). Throws
// InputError naming the parameter and the values it accepts for any other text.
PromMinRules read_prom_min_rules(Args& a);

}  // namespace bao::search
