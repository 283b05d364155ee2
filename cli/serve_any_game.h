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

#include "cli/serve_api.h"
#include "cli/serve_request.h"

namespace bao::cli {

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
