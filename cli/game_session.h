// A game being played or looked at, for `bao play` and `bao serve`: the start position,
// the moves so far with the positions they led to, undo, and the record of the game as
// `bao replay` reads it. Also the engine players both commands build: a searcher with its
// evaluator and limits, from options or from a player of an experiment config.
#pragma once

#include <string>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/movegen.h"
#include "engine/bao/position.h"
#include "engine/bao/record.h"
#include "engine/bao/rules.h"
#include "experiments/config.h"
#include "experiments/player.h"
#include "search/searcher.h"

namespace bao::cli {

class GameSession {
 public:
  GameSession(const Rules& rules, const Position& start);

  const Rules& rules() const { return rules_; }
  const Position& start() const { return start_; }
  const Position& current() const { return positions_.back(); }
  // The position before ply i (0-based); position(plies()) is the current one.
  const Position& position(std::size_t i) const { return positions_.at(i); }
  std::size_t plies() const { return moves_.size(); }
  const std::vector<Move>& moves() const { return moves_; }
  bool over() const { return outcome(current(), rules_) != Outcome::Ongoing; }

  MoveList legal() const;
  // Plays `text` (the lenient reader of engine/bao/notation.h) and returns the move.
  // Throws InputError with parse_move's message ("move 12N: ... (legal: ...)"), or
  // "the game is over (...)" after the end.
  Move play_text(const std::string& text);
  // Plays a move that must be legal (a searcher's).
  void play(const Move& m);
  // Takes back the last ply; false when there is none.
  bool undo();

  // "move 12N": the label of the next ply, as game records and messages number plies.
  std::string next_label() const;
  // The canonical texts of the moves.
  std::vector<std::string> move_texts() const;
  // The game as engine/bao/record.h holds it, with the players' names as headers and a
  // winner header when the game is over: write_game() of it is a record that
  // read_game (bao replay) reads back to the same moves.
  GameRecord to_record(const std::string& south, const std::string& north) const;

 private:
  Rules rules_;
  Position start_;
  std::vector<Move> moves_;
  std::vector<Position> positions_;  // positions_[i]: before ply i; back(): current
  // The move number of ply i: the sides alternate, and a game from a position with North
  // to move starts with "1: ... a5R".
  int number(std::size_t i) const { return 1 + static_cast<int>((i + (start_.side == North ? 1 : 0)) / 2); }
};

// "South wins (North's front row is empty)", or "" while the game goes on.
std::string result_text(const Position& p, const Rules& rules);

// The principal variation as move texts, the first for `side` (bao play, bao search and
// bao serve print it).
std::string format_pv(const search::BaoResult& r, int side);

// An engine player: a player as experiment configs describe it (searcher, evaluator,
// limits, name) and as experiments::make_player makes it.
struct Engine {
  experiments::PlayerConfig config;
  experiments::Player player;
  // The config's name, else "searcher/eval depth D" with the limits given.
  std::string label() const;
};
// Throws InputError for an unknown searcher or evaluator, or limits it cannot take.
Engine make_engine(const experiments::PlayerConfig& config, const Rules& rules);
// The player NAME of the experiment config FILE (experiments/config.h). Throws
// InputError when the file does not load or has no such player.
experiments::PlayerConfig player_from_config(const std::string& file, const std::string& player);

}  // namespace bao::cli
