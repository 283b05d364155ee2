// The interface of every Bao searcher, and the check of the limits every searcher
// honours. Searchers are made by name with parameters (search/spec.h) from the one
// registry, models::searchers() (models/all_searchers.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "search/evaluator.h"
#include "search/result.h"

namespace bao::search {

// The most threads one search may take (alphabeta's threads, Lazy SMP): the bound every
// option that passes a thread count on to a search checks against.
inline constexpr std::int64_t kMaxSearchThreads = 256;

using BaoResult = Result<bao::Move>;
using InfoFn = std::function<void(const BaoResult&)>;

// Throws InputError for limits no searcher honours: a negative depth or time, a depth
// past kMaxPly - 1, or no limit at all. A non-empty `who` (the searcher) starts the
// message.
void check_limits(const Limits& l, std::string_view who = {});

class Searcher {
 public:
  virtual ~Searcher() = default;
  // Searches p (which must be valid for the rules given at creation) within limits;
  // info is called after each finished iteration. Throws InputError for limits the
  // searcher cannot honour (check). Every searcher honours every limit it takes: a node
  // or time limit stops it after at most its first iteration (depth 1) and the limit.
  virtual BaoResult search(const Position& p, const Limits& limits, const InfoFn& info = {}) = 0;
  // Throws InputError for limits this searcher cannot honour: check_limits' cases, and
  // its own (minimax without a depth). Searches nothing, so configs and engines are
  // checked before any game without the cost of a search.
  virtual void check(const Limits& limits) const { check_limits(limits); }
  // The searcher's name and every parameter's value, e.g. "alphabeta(tt_mb=16,...)".
  virtual std::string describe() const = 0;
  // Every evaluator it searches with (its own first, then models or types).
  virtual std::vector<const Evaluator*> evaluators() const = 0;
  // The memory of its tables (transposition or OM pair table), for a run's budget.
  virtual std::size_t table_bytes() const { return 0; }
  // The threads one search runs on (alphabeta's threads, Lazy SMP; at most
  // kMaxSearchThreads).
  virtual int threads() const { return 1; }
  // A new game starts: a searcher that learns about its opponent during a game
  // (models/learning_om_searchers.h) forgets what it learned; the rest keep nothing
  // between searches. The game loop (play/game_loop.h) calls it before a game's first
  // search, so a tournament's games stay independent of the order a thread plays them in.
  virtual void new_game() {}
  // The opponent's reply this searcher expects after playing r.best from p (r: its last
  // search of p), or none. Plain searchers give their principal variation's second move
  // (alpha-beta: the minimax reply, when the variation reaches it); opponent-model
  // searchers give their model's prediction (models/model_searcher.h, models/root_om.cpp), which
  // may cost a search outside r's nodes and time. Tournaments record it beside the reply
  // played, for the model's hit rate.
  virtual std::optional<bao::Move> predicted_reply(const Position& p, const BaoResult& r) {
    (void)p;
    if (r.pv.size() >= 2) return r.pv[1];
    return std::nullopt;
  }
};

}  // namespace bao::search
