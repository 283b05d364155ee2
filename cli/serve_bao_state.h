// Bao's positions, rules and games as `bao serve` reads and writes them (docs/serve.md):
// a state with its four rows of pits and its legal moves for the board, the rules options
// of a request, and the game a request names (a start and the moves played from it).
#pragma once

#include "cli/game_session.h"
#include "cli/serve_request.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"

namespace bao::cli {

const char* side_word(int side);

// A position for the page: its text, stage, hands, houses, takasia, outcome, the rows of
// pits as `bao show` draws them, every legal move with the position it leads to, and the
// board as text when `with_board_text`.
json state_json(const Position& p, const Rules& rules, bool with_board_text = true);

json rules_json(const Rules& r);
// "variant" and "rules" ({"long_move_limit": 100, ...}) as --variant and --rule read them.
Rules rules_from(const json& j);
// The game a request names: "position" (the start; default the variant's) and the
// "moves" played from it, each read leniently and named by its ply in errors.
GameSession session_from(const json& j, const Rules& rules);

}  // namespace bao::cli
