// Learning opponent-type probabilities on any registered game (search/any_game.h): what
// `bao learn-types --game G` runs for a game other than Bao. The same learners as Bao's
// (models/type_learning.h), read through the game registry:
//   off-line, em and count: on seeded positions (random walks of [min_plies, max_plies]
//     plies from the start, play/any_game_loop.h's openings, index i for observation i),
//     the real opponent's move is compared with each type's, and offline_estimates turns
//     the agreements into probabilities per sample;
//   on-line, epsilon: the player and the opponent play from seeded openings (the player
//     is the first side in even games), and a TypeBelief is updated after each opponent
//     move.
// A player or type is an evaluator of the game at a depth (EVAL@DEPTH) searched by a
// registered searcher (default alpha-beta). What needs the value of every move (the
// bayes estimator, held-out predictions) is Bao's alone and is refused by name.
// Deterministic for a seed whatever the thread count.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "models/player_model.h"
#include "models/type_learning.h"
#include "search/any_game.h"

namespace bao::models {

// "EVAL" or "EVAL@DEPTH" against g's evaluators (depth 1..64, default_depth when absent);
// a comma-separated list. Throws InputError naming an evaluator g lacks (and g's).
std::vector<PlayerModel> parse_game_player_models(const search::AnyGame& g, std::string_view text, int default_depth,
                                                  const std::string& searcher);

OfflineResult learn_game_types_offline(const search::AnyGame& g, const PlayerModel& opponent,
                                       const std::vector<PlayerModel>& types, const OfflineOptions& o);

std::vector<OnlineStep> learn_game_types_online(const search::AnyGame& g, const PlayerModel& opponent,
                                                const std::vector<PlayerModel>& types, const PlayerModel& player,
                                                const OnlineOptions& o,
                                                const std::function<void(const OnlineStep&)>& step = {});

}  // namespace bao::models
