// Root OM on any game (the algorithm; its parameters and Bao's searcher: models/root_om.h,
// docs/opponent-models.md, "Where OM search is used in a game"). An iteration of depth d
// scores each root move m in two searches:
//   1. the reply the model predicts: alpha-beta with the model's evaluator from the
//      position after m, scored for the side to move there (the opponent as a minimax
//      player with that function), to model_depth plies;
//   2. MAX's own alpha-beta with its evaluator on the position after that reply, to
//      own_depth plies (0: the position evaluated statically).
// The move's OM value is the second search's value, from MAX's side; a game that ends
// after m or after the reply scores as such. When m leaves MAX to move (a game whose
// moves do not alternate: Kalah's extra move) there is no reply to predict, and the
// position after m is scored by MAX's own alpha-beta to d-1 plies. With manage_risk each
// move's own minimax value risk(m) (own alpha-beta after m to d-1 plies) is found too, and
// a move whose OM value exceeds risk(m) is chosen only if risk(m) >= base - risk_margin,
// base the largest risk(m). The highest OM value among the moves allowed is played, the
// first in the game's order among equals; the model's first-found reply stands for its
// equally good ones (Bao's ties=pessimistic is Bao's searcher's alone).
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "search/alphabeta.h"
#include "search/model_search.h"
#include "search/score.h"

namespace bao::search {

struct RootOmDepths {
  int model = 0;  // 0: d-1, -1: d, else a fixed depth
  int own = 0;    // 0: d-2, -1: d, else a fixed depth
  int model_at(int d) const { return model == 0 ? d - 1 : model == -1 ? d : model; }
  int own_at(int d) const { return own == 0 ? d - 2 : own == -1 ? d : own; }
};

// Eval: a callable (state, side) -> int with a shared root side (RootView of
// search/generic_searchers.h): before each inner search `own_root` is set to MAX (its own
// function, which the other side minimises) and `model_root` to the side the model plays.
template <StagedGame G, class Eval>
class RootOmSearch {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  RootOmSearch(G game, Eval own, std::shared_ptr<int> own_root, Eval model, std::shared_ptr<int> model_root,
               RootOmDepths depths, bool manage_risk, int risk_margin, AlphaBetaOptions inner)
      : game_(game),
        own_eval_(own),
        own_root_(std::move(own_root)),
        model_root_(std::move(model_root)),
        own_(game, own, inner),
        model_(game, model, inner),
        depths_(depths),
        manage_risk_(manage_risk),
        risk_margin_(risk_margin) {}

  ModelResult<Move> search(const State& root, int d) {
    ModelResult<Move> out;
    typename G::Children moves;
    game_.children(root, moves);
    const int max_side = game_.side_to_move(root);
    if (moves.empty()) {
      out.value = terminal_score(game_.winner(root), max_side, 0);
      return out;
    }
    std::vector<int> om(moves.size()), risk(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      om[i] = om_value(moves[i].pos, d, max_side, out);
      if (manage_risk_) risk[i] = own_value(moves[i].pos, d - 1, max_side, 1, out);
    }
    int base = -kInfinity;
    if (manage_risk_)
      for (int v : risk) base = std::max(base, v);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const bool allowed = !manage_risk_ || om[i] <= risk[i] || std::int64_t{risk[i]} + risk_margin_ >= base;
      if (!allowed || (out.has_move && om[i] <= out.value)) continue;
      out.has_move = true;
      out.best = moves[i].move;
      out.best_index = static_cast<int>(i);
      out.value = om[i];
    }
    return out;
  }

 private:
  // MAX's own value of s (reached `ply` plies below the root) from a search of `depth`
  // plies (0 or less: the evaluation), a finished game scored as such.
  int own_value(const State& s, int depth, int max_side, int ply, ModelResult<Move>& out) {
    typename G::Children ch;
    game_.children(s, ch);
    if (ch.empty()) return terminal_score(game_.winner(s), max_side, ply);
    if (depth <= 0) {
      *own_root_ = max_side;
      ++out.evals[0];
      return own_eval_(s, max_side);
    }
    *own_root_ = max_side;  // MAX's function, minimised by the other side (MinimaxView)
    Limits l;
    l.depth = depth;
    const auto r = own_.search(s, l, [](const auto&) {});
    out.nodes += r.nodes;
    out.evals[0] += r.leaf_evals;
    const int v = game_.side_to_move(s) == max_side ? r.value : -r.value;
    return is_decisive(v) ? (v > 0 ? v - ply : v + ply) : v;
  }

  int om_value(const State& after, int d, int max_side, ModelResult<Move>& out) {
    typename G::Children replies;
    game_.children(after, replies);
    if (replies.empty()) return terminal_score(game_.winner(after), max_side, 1);
    if (game_.side_to_move(after) == max_side) return own_value(after, d - 1, max_side, 1, out);
    *model_root_ = game_.side_to_move(after);
    Limits l;
    l.depth = std::max(1, depths_.model_at(d));
    const auto r = model_.search(after, l, [](const auto&) {});
    out.nodes += r.nodes;
    out.evals[1] += r.leaf_evals;
    for (const auto& c : replies)
      if (c.move == r.best) return own_value(c.pos, depths_.own_at(d), max_side, 2, out);
    return own_value(replies[0].pos, depths_.own_at(d), max_side, 2, out);  // the model returned no move
  }

  G game_;
  Eval own_eval_;
  std::shared_ptr<int> own_root_, model_root_;
  AlphaBeta<G, Eval> own_, model_;
  RootOmDepths depths_;
  bool manage_risk_;
  int risk_margin_;
};

}  // namespace bao::search
