#include "search/prom_min_rules.h"

#include <string>

#include "engine/error.h"
#include "search/registry.h"

namespace bao::search {

std::vector<bao::Param> prom_min_rule_params() {
  using T = bao::Param::Type;
  return {{"ties", T::Text, "", 0, 0,
           "a type's equally good replies: pessimistic (the default: the worst for MAX) or first (the first in "
           "the game's order, Donkers 2002)"},
          {"decisive", T::Text, "", 0, 0,
           "a decisive probe or child value at a MIN node: expect (the default: averaged like any other) or exit "
           "(it ends the node, Donkers 2002)"},
          {"probe_fail", T::Text, "", 0, 0,
           "a type's probe with no child inside its window: repeat (the default: again with the full window) or "
           "bound (the child with the lowest fail-soft bound, Donkers 2002)"}};
}

PromMinRules read_prom_min_rules(Args& a) {
  PromMinRules r;
  const std::string ties = a.get_text("ties");
  if (ties == "first")
    r.ties = PromTies::First;
  else if (!ties.empty() && ties != "pessimistic")
    throw InputError(a.name() + ": parameter ties expects pessimistic or first, found '" + ties + "'");
  const std::string decisive = a.get_text("decisive");
  if (decisive == "exit")
    r.decisive = PromDecisive::Exit;
  else if (!decisive.empty() && decisive != "expect")
    throw InputError(a.name() + ": parameter decisive expects expect or exit, found '" + decisive + "'");
  const std::string probe_fail = a.get_text("probe_fail");
  if (probe_fail == "bound")
    r.probe_fail = PromProbeFail::Bound;
  else if (!probe_fail.empty() && probe_fail != "repeat")
    throw InputError(a.name() + ": parameter probe_fail expects repeat or bound, found '" + probe_fail + "'");
  return r;
}

}  // namespace bao::search
