// The registrations of the plain searchers (SearcherKind::Plain), which search with V0
// alone: minimax (the reference), alphabeta, engine (the strength mode, alpha-beta with
// forward pruning; docs/strength.md) and random (a baseline). models::searchers()
// (models/all_searchers.h) lists them first.
#pragma once

#include "search/registry.h"

namespace bao::search {

void register_plain_searchers(SearcherRegistry& r);

}  // namespace bao::search
