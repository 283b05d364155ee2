// Alpha-beta's parameters as its registration declares them, and the options they give:
// shared by the Bao searchers (search/plain_searchers.cpp) and the one for any game
// (search/generic_searchers.h).
#pragma once

#include <vector>

#include "search/alphabeta.h"
#include "search/registry.h"

namespace bao::search {

std::vector<Param> alphabeta_params();
// Throws InputError for options that contradict each other (mtdf with an aspiration window).
AlphaBetaOptions alphabeta_options(Args& a);

}  // namespace bao::search
