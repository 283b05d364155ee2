// Plays one game between two players from an opening, with a ply cap.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "experiments/config.h"
#include "search/searcher.h"

namespace bao::experiments {

// A player ready to play: its searcher and its limits. A searcher may be reused from
// game to game: by the Searcher contract a search's result depends only on the position,
// the limits and the searcher's settings, so a game's content depends only on its inputs.
struct Player {
  std::unique_ptr<search::Searcher> searcher;
  search::Limits limits;
};
// Makes the searcher with models::make_searcher (every searcher, opponent-model ones
// included). Throws InputError for an unknown searcher or evaluator (load_config checks
// them first).
Player make_player(const PlayerConfig& pc, const Rules& rules);

struct GameOutcome {
  std::vector<std::string> moves;     // canonical notation, from the opening on
  Outcome result = Outcome::Ongoing;  // Ongoing: stopped at the ply cap
  bool capped = false;
  std::string reason;  // outcome_reason(...) for a win, "ply cap (N plies)" when capped
  int plies = 0;
  std::uint64_t nodes[2] = {0, 0};  // searched by South's and North's player
  double seconds[2] = {0, 0};       // their search time
};

// Plays from `start` (a game in progress), `players[s]` moving for side s, until the
// game ends or `ply_cap` plies were played (then capped, with no winner). Throws
// std::logic_error if a searcher returns no move or an illegal one while the game goes
// on (a searcher bug, never the config's fault).
GameOutcome play_game(const Position& start, const Rules& rules, Player* players[2], int ply_cap);

}  // namespace bao::experiments
