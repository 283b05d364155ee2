// The opponent's type learned during a game from its replies: the belief a searcher
// keeps between its moves (models/learning_om_searchers.h; docs/opponent-models.md,
// "Learning the opponent's type during a game").
//
// The types are players EVAL@DEPTH (models/player_model.h): alpha-beta on evaluator EVAL
// to DEPTH plies, as `alphabeta(tt_mb=4)` plays it. At each of its own searches the owner
// shows the tracker the position it must move in (see); if that position follows the
// owner's last move by one opponent reply, each type's move at the position after the
// owner's move is computed and the belief is updated by Bayes' rule, as Prob-maxn updates
// its opponent-type probabilities after each observed move (Sturtevant, Zinkevich and
// Bowling 2006): the likelihood of the reply under a type is 1 - epsilon if the type plays
// it, epsilon / (legal moves - 1) otherwise, and each probability is then lifted to at
// least `floor` (models/type_estimators.h, TypeBelief, the on-line learner of
// bao learn-types). A forced reply tells nothing.
//
// A position that does not follow the last move by one reply (the first search of a game,
// a position from elsewhere) starts the belief afresh from uniform; so does new_game().
// A search of the position last seen again changes nothing. Everything is deterministic:
// the belief after a game depends only on the game's moves.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "models/player_model.h"
#include "models/type_estimators.h"
#include "search/searcher.h"

namespace bao::models {

class OnlineTypeTracker {
 public:
  // types: at least one, each evaluator known (models/evaluators.h); epsilon in (0, 1),
  // floor in [0, 1/K). Throws InputError for bad values (TypeBelief's checks).
  OnlineTypeTracker(const Rules& rules, std::vector<PlayerModel> types, double epsilon, double floor);

  // Forgets the game: uniform belief, no last move.
  void new_game();
  // The owner is to move at p: updates the belief from the opponent's reply that led to p
  // (see above). Each type's search runs to its depth within the node and time limits of
  // `limits` (its depth ignored): exact under a depth limit, as far as it gets under the
  // others. Returns the nodes the types' searches took (0 without an update).
  std::uint64_t see(const Position& p, const search::Limits& limits = {});
  // Type k's move at p (a position where the game goes on), searched to its depth within
  // limits' nodes and time; none if the game is over at p.
  std::optional<Move> predict(const Position& p, int k, const search::Limits& limits = {});
  // The owner played m at p (the position see() was last shown).
  void played(const Position& p, const Move& m);

  const std::vector<double>& probs() const { return belief_.probs(); }
  // The index of the most probable type, the first listed among equals.
  int most_probable() const;
  const std::vector<PlayerModel>& types() const { return types_; }
  // Replies observed in this game, and those that updated the belief (not forced).
  int replies() const { return replies_; }
  int informative() const { return informative_; }

 private:
  Rules rules_;
  std::vector<PlayerModel> types_;
  double epsilon_, floor_;
  TypeBelief belief_;
  std::vector<std::unique_ptr<search::Searcher>> predictors_;  // one alpha-beta per type
  std::optional<Position> seen_;                               // the position last shown to see()
  std::optional<Position> after_;                              // the position after the owner's last move
  int replies_ = 0, informative_ = 0;
};

// The types of a learning searcher, "E1@D1+E2@D2+...": each an evaluator and a depth
// (1 to 63). Throws InputError naming `who`, the parameter and the bad item: an empty
// item, no '@DEPTH', a bad depth, an unknown evaluator, or a type listed twice.
std::vector<PlayerModel> parse_depth_types(const std::string& who, const std::string& text);

}  // namespace bao::models
