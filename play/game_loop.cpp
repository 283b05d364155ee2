#include "play/game_loop.h"

#include <stdexcept>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"

namespace bao::play {

PlayedGame play_game(const Position& start, const Rules& rules, search::Searcher* const searchers[2],
                     const search::Limits limits[2], int ply_cap, bool keep, bool predict) {
  PlayedGame g;
  Position p = start;
  searchers[0]->new_game();
  if (searchers[1] != searchers[0]) searchers[1]->new_game();
  while (true) {
    g.result = outcome(p, rules);
    if (g.result != Outcome::Ongoing) {
      g.reason = outcome_reason(p, rules);
      return g;
    }
    if (g.plies >= ply_cap) {
      g.capped = true;
      g.reason = "ply cap (" + std::to_string(ply_cap) + " plies)";
      return g;
    }
    search::Searcher& s = *searchers[p.side];
    const search::BaoResult r = s.search(p, limits[p.side]);
    g.nodes[p.side] += r.nodes;
    g.seconds[p.side] += r.seconds;
    // Checked: an illegal move would leave apply_move's result unspecified and the
    // record wrong.
    if (!r.has_move || !is_legal(p, r.best, rules))
      throw std::logic_error("searcher " + s.describe() + " returned " +
                             (r.has_move ? "the illegal move " + format_move(r.best, p.side) : "no move") +
                             " in the game in progress " + format_position(p));
    if (keep) {
      g.positions.push_back(p);
      g.results.push_back(r);
    }
    // After the legality check: a prediction searches the position after r.best.
    if (predict) g.predicted.push_back(s.predicted_reply(p, r));
    g.moves.push_back(r.best);
    p = apply_move(p, r.best, rules);
    ++g.plies;
  }
}

double match_game(const Position& start, const Rules& rules, search::Searcher& mine, search::Searcher& theirs, int side,
                  const search::Limits& limits, int ply_cap) {
  search::Searcher* searchers[2];
  searchers[side] = &mine;
  searchers[side ^ 1] = &theirs;
  const search::Limits both[2] = {limits, limits};
  return play_game(start, rules, searchers, both, ply_cap).score(side);
}

}  // namespace bao::play
