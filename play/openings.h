// Opening positions for games between engines: seeded random walks from the variant's
// start, and position strings read from text. Tournaments, the GA and TD-Leaf tuners and
// type learning all draw their openings here, so one seed gives all of them the same
// openings (OpeningStream::kTournament, the default).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "engine/random.h"

namespace bao::play {

// Which random walks random_opening draws for a seed and an index.
//   kTournament: the one stream of tournaments and, by default, of the learners.
//   kLearnersV1: the learners' first stream (their own generator before they shared this
//     one): a different hash of seed and index (stream_v1), and each ply drawn from
//     generate_moves' order rather than generate_children's. It exists to reproduce the
//     committed weights in models/weights/, which were learned with it: the recorded
//     commands of td-short and td-long name it (bao learn-eval --opening-stream v1) and
//     re-make them byte for byte (tests/weights_remake_test.sh).
enum class OpeningStream { kTournament, kLearnersV1 };

// The stream named "tournament" or "v1", as bao learn-eval and learn-types spell them;
// throws InputError for another name.
OpeningStream parse_opening_stream(const std::string& name);

// The generator of stream `index` under `seed`. Streams are independent of each other,
// so opening k is the same whatever was drawn before it and whatever the thread count.
SplitMix64 stream(std::uint64_t seed, std::uint64_t index);
// The same for OpeningStream::kLearnersV1: SplitMix64(seed ^ m), m the first output of
// SplitMix64(index * 0xd1b54a32d192ed03 + 0x8bb84b93962eacc9).
SplitMix64 stream_v1(std::uint64_t seed, std::uint64_t index);

// Opening `index` for `seed`: from the variant's start, a number of plies drawn from
// [min_plies, max_plies] (0 <= min_plies <= max_plies), each a uniformly drawn legal
// move. A walk that ends the game is redrawn from the same stream, so the result is a
// game in progress. Throws InputError for a bad range, or when 10,000 walks all end the
// game. `which` picks the stream and the order the legal moves are drawn from.
Position random_opening(const Rules& rules, std::uint64_t seed, std::uint64_t index, int min_plies, int max_plies,
                        OpeningStream which = OpeningStream::kTournament);

// Calls read(text, where) for each position line of `text`: blank lines and lines starting
// with '#' skipped, blanks around the text cut, `where` "SOURCE:LINE: " for messages.
void for_each_opening_line(const std::string& text, const std::string& source,
                           const std::function<void(const std::string&, const std::string&)>& read);

// Position strings, one a line; blank lines and lines starting with '#' are skipped.
// Throws InputError naming `source` and the line for a malformed position or one where
// the game is already over.
std::vector<Position> read_openings(const std::string& text, const std::string& source, const Rules& rules);

}  // namespace bao::play
