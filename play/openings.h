// Opening positions for games between engines: seeded random walks from the variant's
// start, and position strings read from text. Tournaments, the GA and TD-Leaf tuners and
// type learning all draw their openings here, so one seed gives all of them the same
// openings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/random.h"
#include "engine/rules.h"

namespace bao::play {

// The generator of stream `index` under `seed`. Streams are independent of each other,
// so opening k is the same whatever was drawn before it and whatever the thread count.
SplitMix64 stream(std::uint64_t seed, std::uint64_t index);

// Opening `index` for `seed`: from the variant's start, a number of plies drawn from
// [min_plies, max_plies] (0 <= min_plies <= max_plies), each a uniformly drawn legal
// move. A walk that ends the game is redrawn from the same stream, so the result is a
// game in progress. Throws InputError for a bad range, or when 10,000 walks all end the
// game.
Position random_opening(const Rules& rules, std::uint64_t seed, std::uint64_t index, int min_plies, int max_plies);

// Position strings, one a line; blank lines and lines starting with '#' are skipped.
// Throws InputError naming `source` and the line for a malformed position or one where
// the game is already over.
std::vector<Position> read_openings(const std::string& text, const std::string& source, const Rules& rules);

}  // namespace bao::play
