// The opponent types of the PrOM searchers as a spec gives them,
// types=E1:p1+E2:p2+...[,own=p0]: each type an evaluator name and its probability, MAX's
// own type (type 0, the searcher's own evaluator) the rest or own=. One schema and one
// reader for every game: Bao's searchers (models/) make search::Evaluator objects of the
// names, the generic ones (search/generic_searchers.h) the game's evaluators.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "search/registry.h"

namespace bao::search {

// types (required) and own, as the PrOM searchers declare them.
std::vector<Param> types_params();

// Reads types= and own= of the spec `a` reads. Returns one probability per type, MAX's own
// first (own=, or 1 minus the others' sum, at least 0); add_type(name) is called for each
// type's evaluator name, in order, once its probability has been read (it makes the
// evaluator and throws for an unknown name). Throws InputError naming the fault: an item
// that is not evaluator:probability, a probability outside [0, 1], no type or more than
// kMaxTypes - 1, types that add up to more than 1 without own=, own= and the types not
// adding up to 1.
std::vector<double> read_opponent_types(Args& a, const std::function<void(const std::string& evaluator)>& add_type);

}  // namespace bao::search
