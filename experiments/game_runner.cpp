#include "experiments/game_runner.h"

#include <stdexcept>

#include "engine/notation.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"

namespace bao::experiments {

Player make_player(const PlayerConfig& pc, const Rules& rules) {
  Player p;
  p.searcher = models::make_searcher(pc.searcher, rules, models::make_evaluator(pc.eval));
  p.limits.depth = pc.depth;
  p.limits.nodes = pc.nodes;
  p.limits.time_ms = pc.time_ms;
  return p;
}

GameOutcome play_game(const Position& start, const Rules& rules, Player* players[2], int ply_cap) {
  GameOutcome g;
  Position p = start;
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
    Player& pl = *players[p.side];
    const search::BaoResult r = pl.searcher->search(p, pl.limits);
    g.nodes[p.side] += r.nodes;
    g.seconds[p.side] += r.seconds;
    // The searcher's move is checked: a bad one would make apply_move's result
    // unspecified and the record wrong.
    if (!r.has_move || !is_legal(p, r.best, rules))
      throw std::logic_error("searcher " + pl.searcher->describe() + " returned " +
                             (r.has_move ? "the illegal move " + format_move(r.best, p.side) : "no move") +
                             " in the game in progress " + format_position(p));
    g.moves.push_back(format_move(r.best, p.side));
    p = apply_move(p, r.best, rules);
    ++g.plies;
  }
}

}  // namespace bao::experiments
