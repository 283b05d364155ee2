#include "play/openings.h"

#include <sstream>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"

namespace bao::play {

SplitMix64 stream(std::uint64_t seed, std::uint64_t index) {
  // Hash the seed and the index together so that nearby seeds and indices give
  // unrelated streams.
  SplitMix64 mix{seed};
  const std::uint64_t a = mix.next();
  SplitMix64 mix2{a ^ (index * 0xd1342543de82ef95ull + 0x632be59bd9b4e019ull)};
  return SplitMix64{mix2.next()};
}

SplitMix64 stream_v1(std::uint64_t seed, std::uint64_t index) {
  SplitMix64 mix{index * 0xd1b54a32d192ed03ull + 0x8bb84b93962eacc9ull};
  return SplitMix64{seed ^ mix.next()};
}

OpeningStream parse_opening_stream(const std::string& name) {
  if (name == "tournament") return OpeningStream::kTournament;
  if (name == "v1") return OpeningStream::kLearnersV1;
  throw InputError("opening stream: expected tournament or v1, found '" + name + "'");
}

namespace {

// One ply of a walk: a uniformly drawn legal move of p, in the order `which` draws from;
// false when p has no legal move.
bool random_ply(Position& p, const Rules& rules, OpeningStream which, SplitMix64& rng) {
  if (which == OpeningStream::kLearnersV1) {
    MoveList moves;
    generate_moves(p, rules, moves);
    if (moves.empty()) return false;
    p = apply_move(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))], rules);
    return true;
  }
  ChildList children;
  generate_children(p, rules, children);
  if (children.empty()) return false;
  p = children[rng.below(static_cast<std::uint32_t>(children.size()))].pos;
  return true;
}

}  // namespace

Position random_opening(const Rules& rules, std::uint64_t seed, std::uint64_t index, int min_plies, int max_plies,
                        OpeningStream which) {
  if (min_plies < 0 || min_plies > max_plies)
    throw InputError("opening plies: expected 0 <= min <= max, found " + std::to_string(min_plies) + " to " +
                     std::to_string(max_plies));
  SplitMix64 rng = which == OpeningStream::kLearnersV1 ? stream_v1(seed, index) : stream(seed, index);
  const int span = max_plies - min_plies + 1;
  // Bao games last dozens of plies, so a walk of a few plies rarely ends the game; the
  // attempt limit only guards against a pathological range.
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const int plies = min_plies + static_cast<int>(rng.below(static_cast<std::uint32_t>(span)));
    Position p = start_position(rules.variant);
    bool over = false;
    for (int i = 0; i < plies && !over; ++i) over = !random_ply(p, rules, which, rng);
    if (!over && outcome(p, rules) == Outcome::Ongoing) return p;
  }
  throw InputError("no random opening of " + std::to_string(min_plies) + " to " + std::to_string(max_plies) +
                   " plies leaves the game in progress");
}

void for_each_opening_line(const std::string& text, const std::string& source,
                           const std::function<void(const std::string&, const std::string&)>& read) {
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    const auto e = line.find_last_not_of(" \t");
    read(line.substr(b, e - b + 1), source + ":" + std::to_string(n) + ": ");
  }
}

std::vector<Position> read_openings(const std::string& text, const std::string& source, const Rules& rules) {
  std::vector<Position> out;
  for_each_opening_line(text, source, [&](const std::string& line, const std::string& where) {
    Position p;
    try {
      p = parse_position(line, rules.variant);
    } catch (const InputError& err) {
      throw InputError(where + err.what());
    }
    if (outcome(p, rules) != Outcome::Ongoing)
      throw InputError(where + "the game is already over in this opening (" + outcome_reason(p, rules) + ")");
    out.push_back(p);
  });
  return out;
}

}  // namespace bao::play
