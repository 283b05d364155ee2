#include "experiments/tournament.h"

#include <exception>
#include <optional>

#include "engine/bao/notation.h"
#include "experiments/player.h"
#include "play/any_game_loop.h"
#include "play/game_loop.h"
#include "play/openings.h"

namespace bao::experiments {

std::vector<Pairing> make_pairings(const Config& c) {
  std::vector<Pairing> out;
  auto add = [&](const std::string& a, const std::string& b) { out.push_back({a + " vs " + b, a, b}); };
  const auto& e = c.entrants;
  switch (c.schedule) {
    case Schedule::Pairing:
      add(e[0], e[1]);
      break;
    case Schedule::RoundRobin:
      for (std::size_t i = 0; i < e.size(); ++i)
        for (std::size_t j = i + 1; j < e.size(); ++j) add(e[i], e[j]);
      break;
    case Schedule::Gauntlet:
      for (std::size_t j = 1; j < e.size(); ++j) add(e[0], e[j]);
      break;
  }
  return out;
}

std::vector<Position> make_openings(const Config& c) {
  // load_config read the file, once (its hash stands for it in the identity), and kept
  // its first `openings` positions.
  if (c.game) return {};
  if (!c.openings_file.empty()) return c.file_openings;
  std::vector<Position> out;
  for (int i = 0; i < c.openings; ++i)
    out.push_back(
        play::random_opening(c.rules, c.seed, static_cast<std::uint64_t>(i), c.opening_min_plies, c.opening_max_plies));
  return out;
}

std::vector<search::AnyState> make_any_openings(const Config& c) {
  if (!c.game) return {};
  if (!c.openings_file.empty()) return c.file_any_openings;
  std::vector<search::AnyState> out;
  for (int i = 0; i < c.openings; ++i)
    out.push_back(play::random_any_opening(*c.game, c.seed, static_cast<std::uint64_t>(i), c.opening_min_plies,
                                           c.opening_max_plies));
  return out;
}

std::vector<ScheduledGame> make_schedule(const Config& c, const std::vector<Pairing>& pairings) {
  std::vector<ScheduledGame> out;
  for (int o = 0; o < c.openings; ++o)
    for (int p = 0; p < static_cast<int>(pairings.size()); ++p)
      for (int g = 0; g < 2; ++g) out.push_back({p, o, g});
  return out;
}

namespace {

// The record of a game played from `opening` as game `g` of pairing `pr`.
// A record's place in the tournament: pairing, opening, colours.
TournamentGame record_frame(const Pairing& pr, const ScheduledGame& g) {
  TournamentGame r;
  r.pairing = pr.name;
  r.first = pr.first;
  r.second = pr.second;
  r.opening_index = g.opening;
  r.game = g.game;
  r.south = g.game == 0 ? pr.first : pr.second;
  r.north = g.game == 0 ? pr.second : pr.first;
  return r;
}

TournamentGame make_record(const Pairing& pr, const ScheduledGame& g, const Position& opening,
                           const play::PlayedGame& out) {
  TournamentGame r = record_frame(pr, g);
  r.opening = format_position(opening);
  // Sides alternate every ply, from the opening's side to move.
  for (std::size_t k = 0; k < out.moves.size(); ++k)
    r.moves.push_back(format_move(out.moves[k], static_cast<int>((opening.side + k) % 2)));
  r.reason = out.reason;
  r.plies = out.plies;
  set_outcome(r, out.capped ? Outcome::Ongoing : out.result);
  r.nodes_south = out.nodes[0];
  r.nodes_north = out.nodes[1];
  r.time_south = out.seconds[0];
  r.time_north = out.seconds[1];
  bool any = false;
  for (std::size_t k = 0; k < out.predicted.size(); ++k) {
    // The reply comes from the side after the mover's.
    const int replier = static_cast<int>((opening.side + k + 1) % 2);
    r.predicted.push_back(out.predicted[k] ? format_move(*out.predicted[k], replier) : "");
    any = any || out.predicted[k].has_value();
  }
  if (!any) r.predicted.clear();
  return r;
}

// The record of another game's game, as make_record for Bao.
TournamentGame make_any_record(const Pairing& pr, const ScheduledGame& g, const search::AnyGame& game,
                               const search::AnyState& opening, const play::PlayedAnyGame& out) {
  TournamentGame r = record_frame(pr, g);
  r.opening = game.format_state(opening);
  r.moves = out.moves;
  r.reason = out.reason;
  r.plies = out.plies;
  set_any_outcome(r, out.winner, out.capped);
  r.nodes_south = out.nodes[0];
  r.nodes_north = out.nodes[1];
  r.time_south = out.seconds[0];
  r.time_north = out.seconds[1];
  r.game_spec = game.spec();
  return r;
}

}  // namespace

int shard_of(int opening, int pairing, int shards) { return (opening + pairing) % shards + 1; }

bool in_shard(const Config& c, const ScheduledGame& g) {
  return c.shards == 0 || shard_of(g.opening, g.pairing, c.shards) == c.shard;
}

GameFactory::GameFactory(const Config& c)
    : c_(c),
      pairings_(make_pairings(c)),
      openings_(make_openings(c)),
      any_openings_(make_any_openings(c)),
      schedule_(make_schedule(c, pairings_)) {}

std::string GameFactory::opening_text(int index) const {
  return c_.game ? c_.game->format_state(any_openings_.at(index)) : format_position(openings_.at(index));
}

std::string GameFactory::name(const ScheduledGame& g) const {
  return pairings_[g.pairing].name + "/" + std::to_string(g.opening) + "/" + std::to_string(g.game);
}

TournamentGame GameFactory::play(const ScheduledGame& g, PlayerCache& players) const {
  const Pairing& pr = pairings_[g.pairing];
  auto player = [&](const std::string& name) -> Player& {
    auto it = players.find(name);
    if (it == players.end())
      it = players
               .emplace(name, c_.game ? make_any_player(c_.players.at(name), *c_.game)
                                      : make_player(c_.players.at(name), c_.rules))
               .first;
    return it->second;
  };
  Player& south = player(g.game == 0 ? pr.first : pr.second);
  Player& north = player(g.game == 0 ? pr.second : pr.first);
  if (c_.game) {
    search::AnySearcher* const sides[2] = {south.any.get(), north.any.get()};
    const search::Limits limits[2] = {south.limits, north.limits};
    const search::AnyState& start = any_openings_[g.opening];
    return make_any_record(pr, g, *c_.game, start, play::play_any_game(*c_.game, start, sides, limits, c_.ply_cap));
  }
  search::Searcher* const both[2] = {south.searcher.get(), north.searcher.get()};
  const search::Limits limits[2] = {south.limits, north.limits};
  const play::PlayedGame out = play::play_game(openings_[g.opening], c_.rules, both, limits, c_.ply_cap, false, true);
  return make_record(pr, g, openings_[g.opening], out);
}

}  // namespace bao::experiments
