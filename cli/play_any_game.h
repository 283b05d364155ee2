// bao play --game G: a game of any registered game in the terminal (search/any_game.h),
// you against an engine, two people or two engines. Moves are the game's text; the board
// is drawn after every move. Bao keeps its own loop (cmd_play.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "search/any_game.h"
#include "search/result.h"

namespace bao::cli {

struct AnyPlayOptions {
  bool human[2] = {true, false};  // side 0 (the first to move) and side 1
  std::string searcher = "alphabeta";
  std::string eval;  // empty: the game's first evaluator
  search::Limits limits;
  int ply_cap = 300;
  bool quiet = false;
};

// Plays from `start` until the game ends, the ply cap, `quit` or the end of input.
// Returns the process's exit status.
int play_any_game(const search::AnyGame& g, const search::AnyState& start, const AnyPlayOptions& o);

}  // namespace bao::cli
