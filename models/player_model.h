// A player as opponent modelling describes one: its evaluator, search depth and searcher
// (the types of bao learn-types, written EVAL@DEPTH), and the searcher that predicts its
// moves.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "search/searcher.h"

namespace bao::models {

struct PlayerModel {
  std::string eval = "default";  // an evaluator name (models::make_evaluator)
  int depth = 4;                 // alpha-beta (or the searcher's) depth limit
  std::string searcher = "alphabeta(tt_mb=1)";
  // "EVAL@DEPTH", the form parse_player_model reads.
  std::string describe() const { return eval + "@" + std::to_string(depth); }
};

// "EVAL" or "EVAL@DEPTH" read without looking the evaluator up (each game checks its own
// names); a comma-separated list. Throws InputError for a bad depth or no evaluator.
PlayerModel read_player_model(std::string_view text, int default_depth, const std::string& searcher);
std::vector<PlayerModel> read_player_models(std::string_view text, int default_depth, const std::string& searcher);

// Reads "EVAL" or "EVAL@DEPTH" (depth 1..64; default_depth when absent). Throws
// InputError for a bad depth or an unknown evaluator.
PlayerModel parse_player_model(std::string_view text, int default_depth, const std::string& searcher);
// A comma-separated list of models.
std::vector<PlayerModel> parse_player_models(std::string_view text, int default_depth, const std::string& searcher);

// Predicts a model's moves: owns the model's searcher (not thread-safe; one per thread).
class MovePredictor {
 public:
  MovePredictor(const PlayerModel& m, const Rules& rules);
  // The move the model plays at p (p must be a position where the game goes on).
  Move predict(const Position& p);

 private:
  std::unique_ptr<search::Searcher> searcher_;
  search::Limits limits_;
};

}  // namespace bao::models
