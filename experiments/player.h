// A tournament player built from its config: searcher and limits (games are played by
// play/game_loop.h).
#pragma once

#include <memory>

#include "engine/bao/rules.h"
#include "experiments/config.h"
#include "search/any_game.h"
#include "search/searcher.h"

namespace bao::experiments {

// A player ready to play: its searcher and its limits. A searcher may be reused from
// game to game: by the Searcher contract a search's result depends only on the position,
// the limits and the searcher's settings, so a game's content depends only on its inputs.
struct Player {
  std::unique_ptr<search::Searcher> searcher;  // Bao's
  std::unique_ptr<search::AnySearcher> any;    // another game's (Config::game)
  search::Limits limits;
};
// Makes the searcher with models::make_searcher (every searcher, opponent-model ones
// included). Throws InputError for an unknown searcher or evaluator (load_config checks
// them first).
Player make_player(const PlayerConfig& pc, const Rules& rules);
// The same for another game than Bao, through AnyGame::make_searcher.
Player make_any_player(const PlayerConfig& pc, const search::AnyGame& game);

}  // namespace bao::experiments
