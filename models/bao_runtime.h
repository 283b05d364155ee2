// Bao as a registered game (search/any_game.h): "bao(variant=kiswahili,...)" with every
// rules option (engine/bao/rules.h) as a parameter. Its searchers are the full searcher
// registry's (models/all_searchers.h) with its evaluators (models/evaluators.h).
#pragma once

#include "search/any_game.h"

namespace bao::models {

search::GameEntry bao_game_entry();

}  // namespace bao::models
