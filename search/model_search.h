// Fixed-depth search with several evaluation functions on MAX's scale: the common ground
// of opponent-model search (search/om.h) and probabilistic opponent-model search
// (search/prom.h), after Donkers' thesis Nosce Hostem (2003), definitions as fixed in
// docs/opponent-models.md.
//
// Written once against the game concept (search/game.h), so the same code runs on Bao and
// on random game trees. MAX is the side to move at the root. fn[0] is MAX's own V0,
// fn[k] for k >= 1 are opponent models/types. A finished game scores
// terminal_score(winner, MAX, ply) under every function. Costs are counted as evaluation
// calls per function (the thesis's measure) and nodes.
//
// ModelSearch itself offers the baselines on one function: plain minimax and alpha-beta
// (no table, no ordering, children in the game's order; at the root the first of equal
// moves). Its protected part is what OM and PrOM share: root handling, the recursion on
// one function and the probe that finds MIN's predicted moves.
//
// Move ordering (set_ordering, off by default so the baselines and the published cost
// comparisons on random trees keep the game's order): the alpha-beta recursion on one
// function (minimax_node with pruning: the probes at MIN nodes, the horizon, sp-prom's
// similarity test) then tries killers, history and the game's order_hint first
// (search/ordering.h, as alpha-beta does without its hash move), and OM's pair search (om.h) takes children by
// order_hint (order_by_hint). Values stay exact: a fail-soft alpha-beta value inside its window is the minimax value in
// any child order, and outside it the callers use only the side it fails on (ModelSearch::probe_min, om.h, prom.h);
// OM's pair search gives the same pair in any order (maxima at MAX nodes, the least (vop, v0) at MIN nodes); the loops
// that choose a move or collect ties (the root, the probes' ties, PrOM's MIN nodes) keep the game's order, so "the
// first of equals" is unchanged. History and killers start empty at every search: a search's nodes do not depend on the
// searches before it.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/bao/long_moves.h"
#include "engine/error.h"
#include "search/bao_game.h"
#include "search/ordering.h"
#include "search/result.h"
#include "search/score.h"

namespace bao::search {

inline constexpr int kMaxTypes = 8;  // evaluation functions per search, V0 included

// Thrown out of a search whose budget (ModelSearch::set_budget) ran out. The search's
// result is lost, the nodes it visited are told; the searcher stays usable. Iterative
// deepening catches it and keeps the last finished iteration.
struct SearchStopped {
  std::uint64_t nodes = 0;
};

// What a search from a root returns.
template <class Move>
struct ModelResult {
  bool has_move = false;  // false: the game is over at the root (value: its score)
  Move best{};
  int best_index = -1;  // the root child played, in the game's order
  double value = 0;     // OM: the root v0; PrOM: the root PrOM value; else the minimax value
  int value_op = 0;     // OM: the root vop; else 0
  std::uint64_t nodes = 0;
  std::array<std::uint64_t, kMaxTypes> evals{};  // evaluation calls per function
  std::uint64_t leaf_evals() const {
    std::uint64_t t = 0;
    for (auto e : evals) t += e;
    return t;
  }
};

template <Game G, class Eval = typename G::Eval>
class ModelSearch {
  // Child indices (probe ties) live in bytes.
  static_assert(kMaxChildren<G> < 0xff, "more children than a byte can index");

 public:
  using State = typename G::State;
  using Move = typename G::Move;
  // An evaluation function: a state and the MAX side -> a value on MAX's scale; by
  // default the game's own type (BaoGame: EvalFn, random trees: TreeEval), called
  // directly.
  using Fn = Eval;

  // Throws InputError unless 1 to kMaxTypes functions are given.
  ModelSearch(G game, std::vector<Fn> fns)
      : game_(std::move(game)), fns_(std::move(fns)), buf_(new typename G::Children[kMaxPly + 1]) {
    if (fns_.empty() || fns_.size() > kMaxTypes)
      throw InputError("opponent-model search: between 1 and " + std::to_string(kMaxTypes) +
                       " evaluation functions are needed, got " + std::to_string(fns_.size()));
  }

  const G& game() const { return game_; }

  // Later searches stop (throw SearchStopped) where `budget` says, until clear_budget().
  // Without a budget a search is never interrupted and its counts are unchanged.
  void set_budget(const StopRule& budget) { budget_ = budget; }
  void clear_budget() { budget_ = StopRule(); }
  // Move ordering in the alpha-beta recursion (see the header comment); off by default.
  void set_ordering(bool on) { ordering_ = on; }
  int functions() const { return static_cast<int>(fns_.size()); }
  // Probes run (probe_min calls) and those of them that failed (no child inside the
  // window), over all searches so far.
  std::uint64_t probes() const { return probes_; }
  std::uint64_t probe_failures() const { return probe_failures_; }

  // Fixed-depth alpha-beta on fn[k]: the cost baseline.
  ModelResult<Move> alphabeta(const State& root, int depth, int k) {
    return run(root, [&](ModelResult<Move>& o) {
      pick_max(o, [&](int i) {
        const int alpha = i == 0 ? -kInfinity : static_cast<int>(o.value);
        return minimax_node<true>(k, buf_[0][i].pos, depth - 1, alpha, kInfinity, 1);
      });
    });
  }

  // Fixed-depth minimax on fn[k], every node searched (no pruning): the full-tree cost.
  ModelResult<Move> minimax(const State& root, int depth, int k) {
    return run(root, [&](ModelResult<Move>& o) {
      pick_max(o, [&](int i) { return minimax_node<false>(k, buf_[0][i].pos, depth - 1, 0, 0, 1); });
    });
  }

  // The minimax value of s under fn[k] searched to depth (0: its evaluation), on the scale
  // of max_side, found with alpha-beta.
  int value(int k, const State& s, int depth, int max_side) {
    max_side_ = max_side;
    return minimax_node<true>(k, s, depth, -kInfinity, kInfinity, 1);
  }

 protected:
  // The children of a MIN node that reach the lowest probe value, in the game's order.
  struct Ties {
    int n = 0;
    std::array<std::uint8_t, kMaxChildren<G>> index{};
  };

  // Sets up a search at root (MAX = the side to move there); the root's children are in
  // buf_[0]. body(o) runs when MAX has a move; o gets the move named by o.best_index.
  // Under a budget with a deadline, a proof of a long move (rules.md 8, which can take
  // seconds) stops at the deadline too (engine/bao/long_moves.h: ProofLimit), and the search
  // stops as when the budget runs out (SearchStopped); without one nothing changes.
  template <class Body>
  ModelResult<Move> run(const State& root, Body&& body) {
    ProofLimit proof;
    proof.deadline = budget_.deadline();
    proof.halt = budget_.halt();
    ProofLimitScope proofs(proof);
    proofs.arm();  // nothing when there is no deadline
    try {
      ModelResult<Move> o;
      for (auto& e : evals_) e = 0;
      nodes_ = 1;
      if (ordering_) ordering_tables_.clear();
      max_side_ = game_.side_to_move(root);
      auto& ch = buf_[0];
      game_.children(root, ch);
      o.has_move = !ch.empty() && game_.quick_winner(root) < 0;
      if (!o.has_move) o.value = terminal_score(game_.winner(root), max_side_, 0);
      if (o.has_move) body(o);
      if (o.has_move && o.best_index >= 0) o.best = ch[o.best_index].move;
      o.nodes = nodes_;
      o.evals = evals_;
      return o;
    } catch (const ProofStopped&) {
      throw SearchStopped{nodes_};
    }
  }

  // MAX at the root plays the child i with the highest value(i), the first of equals.
  template <class Value>
  void pick_max(ModelResult<Move>& o, Value&& value) {
    for (int i = 0; i < static_cast<int>(buf_[0].size()); ++i) {
      const auto v = value(i);
      if (i == 0 || v > o.value) {
        o.value = v;
        o.best_index = i;
      }
    }
  }

  // Every node of every search passes here: the node count, and the budget's check.
  void count_node() {
    ++nodes_;
    if (budget_.active() && budget_.passed(nodes_)) [[unlikely]]
      throw SearchStopped{nodes_};
  }

  bool is_max(const State& s) const { return game_.side_to_move(s) == max_side_; }
  int eval(int k, const State& s) {
    ++evals_[k];
    return fns_[k](s, max_side_);
  }
  // A finished game at s (known without generating moves): its value in t.
  bool decided(const State& s, int ply, int& t) const {
    const int w = game_.quick_winner(s);
    if (w < 0) return false;
    t = terminal_score(w, max_side_, ply);
    return true;
  }
  int over(const State& s, int ply) const { return terminal_score(game_.winner(s), max_side_, ply); }

  // The value of s under fn[k], MAX maximising and MIN minimising: fail-soft alpha-beta
  // with kPrune, plain minimax (the window unused) without.
  template <bool kPrune>
  int minimax_node(int k, const State& s, int depth, int alpha, int beta, int ply) {
    count_node();
    int t;
    if (decided(s, ply, t)) return t;
    if (depth <= 0) return eval(k, s);
    auto& ch = buf_[ply];
    game_.children(s, ch);
    if (ch.empty()) return over(s, ply);
    const bool max = is_max(s);
    int best = max ? -kInfinity : kInfinity;
    const int n = static_cast<int>(ch.size());
    std::uint8_t order[kMaxChildren<G>];
    const bool ordered = kPrune && ordering_ && n > 1;
    if (ordered) ordering_tables_.order(game_, s, ch, ordering_tables_.killers(ply), no_first, order);
    for (int j = 0; j < n; ++j) {
      const auto& c = ch[ordered ? order[j] : j];
      const int v = minimax_node<kPrune>(k, c.pos, depth - 1, alpha, beta, ply + 1);
      if (max) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (kPrune && alpha >= beta) {
        if (ordered) ordering_tables_.reward_cutoff(game_, game_.side_to_move(s), ply, depth, c.move);
        break;
      }
    }
    return best;
  }

  // OM's pair search (om.h) takes children by order_hint alone, its result being the
  // same in any order; the game's order without ordering.
  void order_by_hint(const State& s, const typename G::Children& ch, std::uint8_t* order) const {
    if (ordering_)
      search::order_by_hint(game_, s, ch, order);
    else
      game_order(static_cast<int>(ch.size()), order);
  }

  // The probe at a MIN node (Donkers 2003, beta-passing): alpha-beta on fn[k] finds the
  // lowest value of the children ch (at `ply`, searched to `depth`) and, in ties, every
  // child reaching it, the move(s) opponent type k is predicted to play. A child above
  // the best so far fails high against the window (alpha, best + 1) and is rejected
  // cheaply; a child equal to it returns its exact value. The caller may promise that the
  // lowest value lies in (alpha, bound): the first child's window is then (alpha, bound)
  // rather than (alpha, inf). Should no child come out inside the window (a broken
  // promise, a failed probe), the probe is repeated with the full window, so the result
  // stays exact; with keep_bound it is not, and the probe returns the lowest fail-soft
  // value its children returned against (alpha, bound), with the first child in the
  // game's order that returned it as the one predicted (Donkers' 2002 `ab_search`:
  // search/prom_min_rules.h, probe_fail=bound).
  int probe_min(int k, const typename G::Children& ch, int depth, int ply, Ties& ties, int alpha = -kInfinity,
                int bound = kInfinity, bool keep_bound = false) {
    ++probes_;
    int lowest_at = 0;
    int lowest = kInfinity;
    const int best = probe_window(k, ch, depth, ply, ties, alpha, bound, lowest, lowest_at);
    if (ties.n > 0 || (alpha == -kInfinity && bound == kInfinity)) return best;
    ++probe_failures_;
    if (keep_bound) {
      ties.n = 1;
      ties.index[0] = static_cast<std::uint8_t>(lowest_at);
      return lowest;
    }
    return probe_window(k, ch, depth, ply, ties, -kInfinity, kInfinity, lowest, lowest_at);
  }

  G game_;
  std::vector<Fn> fns_;
  std::unique_ptr<typename G::Children[]> buf_;  // children per ply
  int max_side_ = 0;
  std::uint64_t nodes_ = 0;
  std::array<std::uint64_t, kMaxTypes> evals_{};

 private:
  // One pass of probe_min over ch with the window (alpha, bound): the lowest value inside
  // it (kInfinity: none) and its ties; `lowest` and `lowest_at` get the lowest value any
  // child returned and the first child returning it.
  int probe_window(int k, const typename G::Children& ch, int depth, int ply, Ties& ties, int alpha, int bound,
                   int& lowest, int& lowest_at) {
    int best = kInfinity;
    ties.n = 0;
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const int beta = best == kInfinity ? bound : std::min(bound, best + 1);
      const int v = minimax_node<true>(k, ch[i].pos, depth, alpha, beta, ply);
      if (v < lowest) {
        lowest = v;
        lowest_at = i;
      }
      if (v >= beta || v <= alpha) continue;  // fails high or low: not the lowest, or unknown
      if (v < best) {
        best = v;
        ties.n = 0;
      }
      ties.index[ties.n++] = static_cast<std::uint8_t>(i);
    }
    return best;
  }

  static bool no_first(const Move&) { return false; }  // no hash move: no table
  StopRule budget_;
  bool ordering_ = false;
  MoveOrdering<G> ordering_tables_;
  std::uint64_t probes_ = 0, probe_failures_ = 0;
};

}  // namespace bao::search
