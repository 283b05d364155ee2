// The one game loop: two searchers play a game from a position, with a ply cap. Used by
// tournaments (experiments/), the GA and TD-Leaf tuners and type learning (models/).
//
// Game records: three types exist on purpose, for three uses. bao::GameRecord
// (engine/bao/record.h) is a record read from text, with headers and every ply's legal
// moves, for replaying and checking human records. play::PlayedGame (here) is what the
// loop produced: moves, result and search costs, optionally each ply's position and
// search result (learners need them). experiments::TournamentGame (experiments/records.h)
// is one line of games.jsonl: a PlayedGame plus where it sits in a tournament (pairing,
// opening, colours, points).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/movegen.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "search/searcher.h"

namespace bao::play {

struct PlayedGame {
  std::vector<Move> moves;            // from the start position on
  Outcome result = Outcome::Ongoing;  // Ongoing: stopped at the ply cap
  bool capped = false;
  std::string reason;  // outcome_reason(...) for a win, "ply cap (N plies)" when capped
  int plies = 0;
  std::uint64_t nodes[2] = {0, 0};  // searched by South's and North's player
  double seconds[2] = {0, 0};       // their search time
  // Only with keep = true: the position before each ply and that ply's search result.
  std::vector<Position> positions;
  std::vector<search::BaoResult> results;
  // Only with predict = true: after each ply, the reply its player expected
  // (Searcher::predicted_reply), nullopt where it had none.
  std::vector<std::optional<Move>> predicted;

  // 0 South won, 1 North won, -1 capped.
  int winner() const { return result == Outcome::SouthWins ? 0 : result == Outcome::NorthWins ? 1 : -1; }
  // The points of `side`: 1 won, 0.5 capped, 0 lost.
  double score(int side) const { return capped ? 0.5 : winner() == side ? 1.0 : 0.0; }
};

// Plays from `start` (a game in progress or over), searchers[s] moving for side s under
// limits[s], until the game ends or ply_cap plies were played (then capped, no winner);
// each searcher's new_game() is called first.
// Throws std::logic_error if a searcher returns no move or an illegal one while the game
// goes on: a searcher bug, never the caller's input.
PlayedGame play_game(const Position& start, const Rules& rules, search::Searcher* const searchers[2],
                     const search::Limits limits[2], int ply_cap, bool keep = false, bool predict = false);

// One game of a match between two engines under the same limits: `mine` plays `side`
// from `start`, `theirs` the other side. Returns mine's points (PlayedGame::score).
double match_game(const Position& start, const Rules& rules, search::Searcher& mine, search::Searcher& theirs, int side,
                  const search::Limits& limits, int ply_cap);

}  // namespace bao::play
