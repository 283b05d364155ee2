// Opening positions of a tournament: seeded random positions some plies from the start,
// or position strings read from a file. Each opening is played twice, colours swapped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/random.h"
#include "engine/rules.h"

namespace bao::experiments {

// The generator of stream `index` under `seed`: streams are independent of each other,
// so opening k is the same whatever was drawn before it (and whatever the thread count).
SplitMix64 stream(std::uint64_t seed, std::uint64_t index);

// Opening `index` for `seed`: from the variant's start, a number of plies drawn from
// [min_plies, max_plies], each a uniformly drawn legal move. A walk that ends the game
// is redrawn (a later attempt of the same stream), so the result is a game in progress.
Position random_opening(const Rules& rules, std::uint64_t seed, int index, int min_plies, int max_plies);

// Position strings, one a line; blank lines and lines starting with '#' are skipped.
// Throws InputError naming `source` and the line for a malformed position or one where
// the game is already over.
std::vector<Position> read_openings(const std::string& text, const std::string& source, const Rules& rules);

}  // namespace bao::experiments
