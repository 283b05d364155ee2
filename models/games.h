// The game registry: every game the toolkit plays, one registration line each
// (models/games.cpp). The command line's --game, configs and Python read it.
#pragma once

#include <memory>
#include <string_view>

#include "search/any_game.h"

namespace bao::models {

const search::GameRegistry& games();
// games().make(spec): throws InputError naming an unknown game or a bad parameter.
std::unique_ptr<search::AnyGame> make_game(std::string_view spec);

}  // namespace bao::models
