#include "play/any_game_loop.h"

#include <stdexcept>

#include "engine/error.h"
#include "play/openings.h"

namespace bao::play {

PlayedAnyGame play_any_game(const search::AnyGame& game, const search::AnyState& start,
                            search::AnySearcher* const searchers[2], const search::Limits limits[2], int ply_cap) {
  PlayedAnyGame g;
  search::AnyState s = start;
  while (true) {
    const auto children = game.children(s);
    if (children.empty()) {
      g.winner = game.winner(s);
      g.reason = game.outcome(s);
      return g;
    }
    if (g.plies >= ply_cap) {
      g.capped = true;
      g.reason = "ply cap (" + std::to_string(ply_cap) + " plies)";
      return g;
    }
    const int side = game.side_to_move(s);
    search::AnySearcher& who = *searchers[side];
    const search::AnyResult r = who.search(s, limits[side]);
    g.nodes[side] += r.nodes;
    g.seconds[side] += r.seconds;
    const search::AnyState* next = nullptr;
    for (const auto& [text, child] : children)
      if (r.has_move && text == r.best) next = &child;
    if (!next)
      throw std::logic_error("searcher " + who.describe() + " returned " +
                             (r.has_move ? "the illegal move " + r.best : std::string("no move")) +
                             " in the game in progress " + game.format_state(s));
    g.moves.push_back(r.best);
    s = *next;
    ++g.plies;
  }
}

search::AnyState random_any_opening(const search::AnyGame& game, std::uint64_t seed, std::uint64_t index, int min_plies,
                                    int max_plies) {
  if (min_plies < 0 || min_plies > max_plies)
    throw InputError("opening plies: expected 0 <= min <= max, found " + std::to_string(min_plies) + " to " +
                     std::to_string(max_plies));
  SplitMix64 rng = stream(seed, index);
  const int span = max_plies - min_plies + 1;
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const int plies = min_plies + static_cast<int>(rng.below(static_cast<std::uint32_t>(span)));
    search::AnyState s = game.start();
    bool over = false;
    for (int i = 0; i < plies && !over; ++i) {
      const auto children = game.children(s);
      over = children.empty();
      if (!over) s = children[rng.below(static_cast<std::uint32_t>(children.size()))].second;
    }
    if (!over && !game.over(s)) return s;
  }
  throw InputError("no random opening of " + std::to_string(min_plies) + " to " + std::to_string(max_plies) +
                   " plies leaves a game of " + game.spec() + " in progress");
}

std::vector<search::AnyState> read_any_openings(const search::AnyGame& game, const std::string& text,
                                                const std::string& source) {
  std::vector<search::AnyState> out;
  for_each_opening_line(text, source, [&](const std::string& line, const std::string& where) {
    search::AnyState s;
    try {
      s = game.parse_state(line);
    } catch (const InputError& err) {
      throw InputError(where + err.what());
    }
    if (game.over(s)) throw InputError(where + "the game is already over in this opening (" + game.outcome(s) + ")");
    out.push_back(s);
  });
  return out;
}

}  // namespace bao::play
