#include "models/player_model.h"

#include <stdexcept>

#include "engine/error.h"
#include "engine/text_input.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/result.h"

namespace bao::models {

PlayerModel read_player_model(std::string_view text, int default_depth, const std::string& searcher) {
  PlayerModel m;
  m.searcher = searcher;
  m.depth = default_depth;
  const auto at = text.find('@');
  m.eval = std::string(text.substr(0, at));
  if (at != std::string_view::npos) {
    const std::string d(text.substr(at + 1));
    int depth = 0;
    if (!to_int(d, depth) || depth < 1 || depth > 64)
      throw InputError("player '" + std::string(text) + "': the depth after '@' must be a number in 1..64");
    m.depth = depth;
  }
  if (m.eval.empty()) throw InputError("player '" + std::string(text) + "': no evaluator named");
  return m;
}

std::vector<PlayerModel> read_player_models(std::string_view text, int default_depth, const std::string& searcher) {
  std::vector<PlayerModel> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string_view::npos) comma = text.size();
    out.push_back(read_player_model(text.substr(at, comma - at), default_depth, searcher));
    at = comma + 1;
  }
  return out;
}

PlayerModel parse_player_model(std::string_view text, int default_depth, const std::string& searcher) {
  PlayerModel m = read_player_model(text, default_depth, searcher);
  make_evaluator(m.eval);  // throws for an unknown one
  return m;
}

std::vector<PlayerModel> parse_player_models(std::string_view text, int default_depth, const std::string& searcher) {
  std::vector<PlayerModel> out = read_player_models(text, default_depth, searcher);
  for (const PlayerModel& m : out) make_evaluator(m.eval);
  return out;
}

MovePredictor::MovePredictor(const PlayerModel& m, const Rules& rules)
    : searcher_(models::make_searcher(m.searcher, rules, make_evaluator(m.eval))) {
  limits_.depth = m.depth;
}

Move MovePredictor::predict(const Position& p) {
  const search::BaoResult r = searcher_->search(p, limits_);
  if (!r.has_move) throw std::logic_error("MovePredictor: no move in a position where the game goes on");
  return r.best;
}

}  // namespace bao::models
