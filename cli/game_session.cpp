#include "cli/game_session.h"

#include <algorithm>

#include "engine/bao/notation.h"
#include "engine/error.h"

namespace bao::cli {

GameSession::GameSession(const Rules& rules, const Position& start) : rules_(rules), start_(start) {
  positions_.push_back(start);
}

MoveList GameSession::legal() const {
  MoveList out;
  generate_moves(current(), rules_, out);
  return out;
}

std::string GameSession::next_label() const {
  return "move " + ply_label(number(plies()), static_cast<Side>(current().side));
}

Move GameSession::play_text(const std::string& text) {
  const char* over = outcome_reason(current(), rules_);
  if (*over) throw InputError(next_label() + ": the game is over (" + over + ")");
  const Move m = parse_move(text, current(), rules_, next_label());
  play(m);
  return m;
}

void GameSession::play(const Move& m) {
  positions_.push_back(apply_move(current(), m, rules_));
  moves_.push_back(m);
}

bool GameSession::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  positions_.pop_back();
  return true;
}

std::vector<std::string> GameSession::move_texts() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < moves_.size(); ++i) out.push_back(format_move(moves_[i], positions_[i].side));
  return out;
}

GameRecord GameSession::to_record(const std::string& south, const std::string& north) const {
  GameRecord g;
  g.rules = rules_;
  g.start = start_;
  if (!south.empty()) g.headers.emplace_back("South", south);
  if (!north.empty()) g.headers.emplace_back("North", north);
  g.headers.emplace_back("variant", variant_name(rules_.variant));
  if (!(start_ == start_position(rules_.variant))) g.headers.emplace_back("position", format_position(start_));
  g.result = outcome(current(), rules_);
  g.reason = outcome_reason(current(), rules_);
  if (g.result != Outcome::Ongoing)
    g.headers.emplace_back("winner", g.result == Outcome::SouthWins ? "South" : "North");
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    GamePly ply{number(i), static_cast<Side>(positions_[i].side), moves_[i], MoveList{}, positions_[i + 1]};
    generate_moves(positions_[i], rules_, ply.legal);
    g.plies.push_back(ply);
  }
  return g;
}

std::string result_text(const Position& p, const Rules& rules) {
  const Outcome o = outcome(p, rules);
  if (o == Outcome::Ongoing) return "";
  return std::string(o == Outcome::SouthWins ? "South wins" : "North wins") + " (" + outcome_reason(p, rules) + ")";
}

std::string Engine::label() const {
  if (!config.name.empty()) return config.name;
  std::string s = config.searcher + "/" + config.eval;
  if (config.depth) s += " depth " + std::to_string(config.depth);
  if (config.nodes) s += " nodes " + std::to_string(config.nodes);
  if (config.time_ms) s += " time " + std::to_string(config.time_ms) + " ms";
  return s;
}

Engine make_engine(const experiments::PlayerConfig& config, const Rules& rules) {
  Engine e{config, experiments::make_player(config, rules)};
  // Limits no searcher takes (none, a depth past the last ply), then those this one
  // cannot take (minimax without a depth), as load_config checks a config's players:
  // refused now, not at the engine's first move, and without searching.
  search::check_limits(e.player.limits, "engine '" + e.label() + "'");
  e.player.searcher->check(e.player.limits);
  return e;
}

experiments::PlayerConfig player_from_config(const std::string& file, const std::string& player) {
  const experiments::Config c = experiments::load_config(file, {});
  const auto it = c.players.find(player);
  if (it == c.players.end()) {
    std::string known;
    for (const auto& [name, pc] : c.players) known += (known.empty() ? "" : ", ") + name;
    throw InputError(file + ": no player '" + player + "' (players: " + known + ")");
  }
  return it->second;
}

std::string format_pv(const search::BaoResult& r, int side) {
  std::string s;
  for (std::size_t i = 0; i < r.pv.size(); ++i) {
    if (i) s += ' ';
    s += format_move(r.pv[i], side ^ static_cast<int>(i % 2));
  }
  return s;
}

}  // namespace bao::cli
