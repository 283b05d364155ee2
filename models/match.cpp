#include "models/match.h"

#include <stdexcept>

namespace bao::models {

Rng rng_stream(std::uint64_t seed, std::uint64_t index) {
  // Mix the index through one SplitMix step of its own, so neighbouring streams differ
  // in every bit of their state.
  Rng mix(index * 0xd1b54a32d192ed03ull + 0x8bb84b93962eacc9ull);
  return Rng(seed ^ mix.next());
}

Position random_opening(const Rules& rules, std::uint64_t seed, std::uint64_t index, int min_plies, int max_plies) {
  Rng rng = rng_stream(seed, index);
  MoveList moves;
  for (;;) {
    Position p = start_position(rules.variant);
    const int plies = min_plies + static_cast<int>(rng.below(static_cast<std::uint32_t>(max_plies - min_plies + 1)));
    bool over = false;
    for (int i = 0; i < plies && !over; ++i) {
      generate_moves(p, rules, moves);
      if (moves.empty()) {
        over = true;
        break;
      }
      p = apply_move(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))], rules);
    }
    if (!over && outcome(p, rules) == Outcome::Ongoing) return p;
  }
}

GameRecord play_game(const Position& start, const Rules& rules, search::Searcher* const players[2],
                     const search::Limits& limits, int ply_cap, bool keep) {
  GameRecord g;
  Position p = start;
  while (true) {
    const Outcome o = outcome(p, rules);
    if (o != Outcome::Ongoing) {
      g.winner = o == Outcome::SouthWins ? 0 : 1;
      return g;
    }
    if (g.plies >= ply_cap) return g;
    const search::BaoResult r = players[p.side]->search(p, limits);
    if (!r.has_move) throw std::logic_error("play_game: a searcher returned no move in a game that goes on");
    if (keep) {
      g.positions.push_back(p);
      g.results.push_back(r);
    }
    p = apply_move(p, r.best, rules);
    ++g.plies;
  }
}

}  // namespace bao::models
