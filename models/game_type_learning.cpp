#include "models/game_type_learning.h"

#include <omp.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "engine/error.h"
#include "models/all_searchers.h"
#include "play/any_game_loop.h"
#include "search/registry.h"

namespace bao::models {

namespace {

// Predicts a model's moves on game g: owns the model's searcher (one per thread).
class GameMovePredictor {
 public:
  GameMovePredictor(const search::AnyGame& g, const PlayerModel& m)
      : searcher_(g.make_searcher(searchers(), m.searcher, m.eval)) {
    limits_.depth = m.depth;
  }
  std::string predict(const search::AnyState& s) {
    const search::AnyResult r = searcher_->search(s, limits_);
    if (!r.has_move) throw std::logic_error("GameMovePredictor: no move in a position where the game goes on");
    return r.best;
  }

 private:
  std::unique_ptr<search::AnySearcher> searcher_;
  search::Limits limits_;
};

void check_evaluator(const search::AnyGame& g, const PlayerModel& m) {
  std::string names;
  for (const search::EvaluatorInfo& e : g.evaluators()) {
    if (e.name == m.eval) return;
    names += (names.empty() ? "" : ", ") + e.name;
  }
  throw InputError("player '" + m.describe() + "': " + g.spec() + " has no evaluator '" + m.eval +
                   "' (its evaluators: " + names + ")");
}

// What only Bao's learner computes, refused by name.
void refuse_bao_only(const search::AnyGame& g, TypeEstimator e, bool held_out) {
  if (e == TypeEstimator::Bayes)
    throw InputError(
        "learn types: --estimator bayes needs every move's value under each type, which is computed for "
        "Bao only; on " +
        g.spec() + " give em, count (off-line) or epsilon (on-line)");
  if (held_out)
    throw InputError(
        "learn types: --held-out and --held-out-games score move distributions, computed for Bao only; "
        "not on " +
        g.spec());
}

}  // namespace

std::vector<PlayerModel> parse_game_player_models(const search::AnyGame& g, std::string_view text, int default_depth,
                                                  const std::string& searcher) {
  std::vector<PlayerModel> out = read_player_models(text, default_depth, searcher);
  for (const PlayerModel& m : out) check_evaluator(g, m);
  return out;
}

OfflineResult learn_game_types_offline(const search::AnyGame& g, const PlayerModel& opponent,
                                       const std::vector<PlayerModel>& types, const OfflineOptions& o) {
  check_offline_options(types, o);
  refuse_bao_only(g, o.estimator, o.held_out > 0 || o.held_out_games > 0);
  const int n = o.positions * o.repeats;
  std::vector<std::vector<char>> hits(static_cast<std::size_t>(n), std::vector<char>(types.size(), 0));
  std::string error;
#pragma omp parallel num_threads(o.threads > 0 ? o.threads : omp_get_max_threads())
  {
    try {
      GameMovePredictor real(g, opponent);
      std::vector<GameMovePredictor> preds;
      for (const PlayerModel& t : types) preds.emplace_back(g, t);
#pragma omp for schedule(dynamic, 1)
      for (int i = 0; i < n; ++i) {
        const search::AnyState s =
            play::random_any_opening(g, o.seed, static_cast<std::uint64_t>(i), o.min_plies, o.max_plies);
        const std::string m = real.predict(s);
        for (std::size_t t = 0; t < preds.size(); ++t) hits[static_cast<std::size_t>(i)][t] = preds[t].predict(s) == m;
      }
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
  }
  if (!error.empty()) throw InputError("learn types on " + g.spec() + ": " + error);
  return offline_estimates(hits, {}, o, types.size());
}

std::vector<OnlineStep> learn_game_types_online(const search::AnyGame& g, const PlayerModel& opponent,
                                                const std::vector<PlayerModel>& types, const PlayerModel& player,
                                                const OnlineOptions& o,
                                                const std::function<void(const OnlineStep&)>& step) {
  check_online_options(types, o);
  refuse_bao_only(g, o.estimator, false);
  TypeBelief belief(std::vector<double>(types.size(), 1.0), o.epsilon, o.floor);
  GameMovePredictor real(g, opponent), me(g, player);
  std::vector<GameMovePredictor> preds;
  for (const PlayerModel& t : types) preds.emplace_back(g, t);
  std::vector<OnlineStep> out;
  for (int game = 0; game < o.games; ++game) {
    search::AnyState s =
        play::random_any_opening(g, o.seed, static_cast<std::uint64_t>(game), o.min_plies, o.max_plies);
    const int opp_side = game % 2 == 0 ? 1 : 0;  // the player is the first side in even games
    for (int ply = 0; ply < o.ply_cap && !g.over(s); ++ply) {
      if (g.side_to_move(s) != opp_side) {
        s = g.apply(s, me.predict(s));
        continue;
      }
      const std::string m = real.predict(s);
      std::vector<char> hit(preds.size());
      for (std::size_t t = 0; t < preds.size(); ++t) hit[t] = preds[t].predict(s) == m;
      belief.observe(hit, static_cast<int>(g.children(s).size()));
      OnlineStep st{game, ply, belief.probs()};
      if (step) step(st);
      out.push_back(std::move(st));
      s = g.apply(s, m);
    }
  }
  return out;
}

}  // namespace bao::models
