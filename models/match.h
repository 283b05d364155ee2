// A small, self-contained game loop for the learners (models/ may not use experiments/):
// seeded openings, one game between two searchers with a ply cap, and a portable
// random generator with normal deviates, so every learning run is fixed by its seed on
// any platform and for any thread count.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/random.h"
#include "engine/rules.h"
#include "search/searcher.h"

namespace bao::models {

// The learners' generator (engine/random.h).
using Rng = SplitMix64;

// The generator of stream `index` under `seed`: independent of what was drawn before.
Rng rng_stream(std::uint64_t seed, std::uint64_t index);

// Opening `index` for `seed`: from the variant's start, a number of uniformly drawn
// legal moves in [min_plies, max_plies]; a walk that ends the game is drawn again.
Position random_opening(const Rules& rules, std::uint64_t seed, std::uint64_t index, int min_plies, int max_plies);

struct GameRecord {
  int winner = -1;  // 0 South, 1 North, -1 stopped at the ply cap
  int plies = 0;
  std::vector<Position> positions;         // positions before each ply (only when asked for)
  std::vector<search::BaoResult> results;  // each ply's search result (only when asked for)
};

// Plays from `start` with players[s] moving for side s under `limits` until the game ends
// or ply_cap plies were played. With keep = true the record holds every position before a
// ply and that ply's search result. Throws std::logic_error if a searcher returns no move
// while the game goes on.
GameRecord play_game(const Position& start, const Rules& rules, search::Searcher* const players[2],
                     const search::Limits& limits, int ply_cap, bool keep = false);

// The score of `side` in a game: 1 win, 0.5 capped, 0 loss.
inline double score_for(const GameRecord& g, int side) { return g.winner < 0 ? 0.5 : g.winner == side ? 1.0 : 0.0; }

}  // namespace bao::models
