// The endpoints of `bao serve` for any registered game (search/any_game.h): a request
// names its game by a spec, "game": "kalah(houses=6,seeds=4)", and positions and moves
// are the game's text. The registry's games with their parameters and evaluators; a
// game's position with its legal moves and drawing; a move played; a search; the
// evaluation curve of a game's positions (docs/serve.md). Bao through its spec
// ("bao(variant=kujifunza)") answers in this generic form; Bao's own endpoints, without
// "game", keep their form with the rows of pits.
#pragma once

#include <functional>
#include <memory>
#include <semaphore>
#include <string>
#include <vector>

#include "cli/serve_api.h"
#include "cli/serve_request.h"
#include "experiments/eval_curve.h"
#include "search/any_game.h"

namespace bao::cli {

// A state of any game as the API writes it (docs/serve.md, "generic state"); `board`
// only when `with_board`.
json any_state_json(const search::AnyGame& g, const search::AnyState& s, bool with_board);

// The states of a game from `start` (the game's start when empty) through `moves`, the
// start first; throws InputError naming the ply whose move is illegal.
std::vector<search::AnyState> any_replay(const search::AnyGame& g, const std::string& start,
                                         const std::vector<std::string>& moves);

// The names of the game's evaluators, in its order (the first is its default).
std::vector<std::string> any_evaluator_names(const search::AnyGame& g);

// A curve of experiments::any_curve as the API writes its points.
json any_curve_points(const search::AnyGame& g, const std::vector<experiments::AnyCurvePoint>& curve);

class AnyGameApi {
 public:
  // `searches`, the server's search slots, outlives this.
  AnyGameApi(const ServeOptions& o, std::counting_semaphore<1024>& searches);
  ~AnyGameApi();

  // GET /api/registry: every registered game (name, summary, default spec, parameters,
  // evaluators, side names) and the searcher names.
  json registry() const;
  // POST /api/position, /api/play, /api/search with "game"; POST /api/evaluate.
  json position(const json& j) const;
  json play(const json& j) const;
  json search(const json& j, const std::function<bool()>& client_gone) const;
  json evaluate(const json& j, const std::function<bool()>& client_gone) const;

 private:
  const ServeOptions& o_;
  std::counting_semaphore<1024>& searches_;
};

}  // namespace bao::cli
