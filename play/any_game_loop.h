// The game loop and the seeded openings for any registered game (search/any_game.h):
// what tournaments play when their config names a game other than Bao. Bao keeps its
// own loop (play/game_loop.h), whose records and learners need its typed moves and results.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/any_game.h"

namespace bao::play {

struct PlayedAnyGame {
  std::vector<std::string> moves;  // the game's move text, from the start position on
  int winner = -1;                 // 0 or 1 (the side that won); -1 for a draw or a capped game
  bool capped = false;
  std::string reason;  // AnyGame::outcome for a finished game, "ply cap (N plies)" when capped
  int plies = 0;
  std::uint64_t nodes[2] = {0, 0};  // searched by side 0's and side 1's player
  double seconds[2] = {0, 0};
};

// Plays from `start` until the game is over or ply_cap plies were played (capped).
// The side to move is asked every ply (AnyGame::side_to_move), so a game whose moves do
// not alternate (Kalah's extra move) is played as its rules say. Throws std::logic_error
// when a searcher returns no move or one that is not legal: a searcher bug.
PlayedAnyGame play_any_game(const search::AnyGame& game, const search::AnyState& start,
                            search::AnySearcher* const searchers[2], const search::Limits limits[2], int ply_cap);

// Opening `index` for `seed`: from the game's start, a number of plies drawn from
// [min_plies, max_plies], each a uniformly drawn legal move (in AnyGame::children's
// order), from the stream play::stream(seed, index) (play/openings.h), so an opening
// does not depend on the others or the thread count. A walk that ends the game is
// redrawn; throws InputError for a bad range or when 10,000 walks all end the game.
search::AnyState random_any_opening(const search::AnyGame& game, std::uint64_t seed, std::uint64_t index, int min_plies,
                                    int max_plies);

// Position texts of `game`, one a line; blank lines and lines starting with '#' are
// skipped. Throws InputError naming `source` and the line for a text the game does not
// read or a position where the game is already over.
std::vector<search::AnyState> read_any_openings(const search::AnyGame& game, const std::string& text,
                                                const std::string& source);

}  // namespace bao::play
