// Opponent-model search (OM) and probabilistic opponent-model search (PrOM), after
// Iida et al. (1993), Carmel & Markovitch (1996, 1998), Donkers et al. (2001, 2003) and
// Donkers' thesis Nosce Hostem (2003); definitions as fixed in docs/opponent-models.md.
//
// Written once against the game concept (search/game.h), so the same code runs on Bao and
// on random game trees. Evaluation functions are given on MAX's scale (MAX = the side to
// move at the root): fn[0] is MAX's own V0, fn[k] for k >= 1 are opponent models/types.
// A finished game scores terminal_score(winner, MAX, ply) under every function.
//
// OM (one model `m`): every node has a pair (v0, vop). Leaves: (V0, Vm). MAX nodes take
// the maximum of each. MIN nodes take the pair of the predicted move c* = the child with
// the lowest vop; ties go to the lowest v0 (Donkers' pessimistic rule), then to the first
// child in the game's order. At the root MAX plays the child with the highest v0, the
// first of equals. Implementations, all returning the same root value and move:
//   om_plain    the recursion as written;
//   om_beta     one pass with beta-pruning on vop (a MAX node stops once its vop exceeds
//               the best vop of its MIN parent; strictly, so ties are still resolved);
//               leaves evaluate Vm first and V0 only when it can matter;
//   om_probe    at MIN nodes alpha-beta probes on Vm find c* (and the children tied with
//               it), then only those are searched with OM (beta-passing);
//   om_bounded  om_beta plus the cuts that |V0 - Vm| <= B at every leaf allows (then at
//               every node): a MAX node also stops once v0 - B exceeds its parent's best
//               vop, and a MIN node stops once its vop can raise neither its MAX parent's
//               v0 (vop + B <= parent's v0) nor its vop. Every leaf it evaluates is
//               checked and a broken bound throws BoundViolation.
// PrOM (types k with probabilities p[k], summing to 1, type 0 = V0): leaves V0; MAX nodes
// the maximum; MIN nodes sum_k p[k] * value(c_k), where c_k is type k's move (the child
// with the lowest minimax value under fn[k], ties to the lowest PrOM value, then first).
//   prom_plain  one pass carrying each type's minimax value beside the PrOM value;
//   prom_beta   probes with alpha-beta per type at MIN nodes (beta-passing), then PrOM
//               search of the chosen children only.
// Costs are counted as evaluation calls per function (the thesis's measure) and nodes.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/game.h"
#include "search/score.h"

namespace bao::search {

inline constexpr int kMaxTypes = 8;

class BoundViolation : public InputError {
 public:
  using InputError::InputError;
};

template <Game G>
class OpponentSearch {
 public:
  using State = typename G::State;
  using Move = typename G::Move;
  // An evaluation function: a state and the MAX side -> a value on MAX's scale.
  using Fn = std::function<int(const State&, int max_side)>;

  struct Pair {
    int v0, vop;
  };

  struct Outcome {
    bool has_move = false;
    Move best{};
    int best_index = -1;
    double value = 0;  // OM: the root v0; PrOM: the root PrOM value; alpha-beta: the value
    int value_op = 0;  // OM: the root vop
    std::uint64_t nodes = 0;
    std::array<std::uint64_t, kMaxTypes> evals{};  // evaluation calls per function
    std::uint64_t leaf_evals() const {
      std::uint64_t t = 0;
      for (auto e : evals) t += e;
      return t;
    }
  };

  OpponentSearch(G game, std::vector<Fn> fns)
      : game_(std::move(game)), fns_(std::move(fns)), buf_(new typename G::Children[kMaxPly + 1]) {
    if (fns_.empty() || fns_.size() > kMaxTypes)
      throw InputError("opponent-model search: between 1 and " + std::to_string(kMaxTypes) +
                       " evaluation functions are needed, got " + std::to_string(fns_.size()));
  }

  const G& game() const { return game_; }

  // A transposition table for om_beta (full-depth OM): exact pairs by (hash, remaining
  // depth), model and horizon being fixed per search. Entries of earlier searches are
  // ignored, so searches stay deterministic. 0 MiB: off.
  void set_table(std::size_t mib) {
    table_.assign(mib ? (mib << 20) / sizeof(PairEntry) : 0, PairEntry{});
    generation_ = 0;
  }
  int functions() const { return static_cast<int>(fns_.size()); }

  // Plain fixed-depth alpha-beta (no table, no ordering) on fn[k]: the cost baseline.
  Outcome alphabeta(const State& root, int depth, int k) {
    return run(root, [&](Outcome& o) {
      auto& ch = buf_[0];
      int best = -kInfinity;
      for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
        const int v = ab(k, ch[i].pos, depth - 1, best, kInfinity, 1);
        if (i == 0 || v > best) {
          best = v;
          o.best_index = i;
        }
      }
      o.value = best;
    });
  }

  // The minimax value of s under fn[k] searched to depth (0: its evaluation), on the scale
  // of max_side, found with alpha-beta.
  int value(int k, const State& s, int depth, int max_side) {
    max_side_ = max_side;
    return ab(k, s, depth, -kInfinity, kInfinity, 1);
  }

  // Plain minimax on fn[k] (no pruning): the reference.
  Outcome minimax(const State& root, int depth, int k) {
    return run(root, [&](Outcome& o) {
      auto& ch = buf_[0];
      int best = -kInfinity;
      for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
        const int v = ab(k, ch[i].pos, depth - 1, -kInfinity, kInfinity, 1);
        if (i == 0 || v > best) {
          best = v;
          o.best_index = i;
        }
      }
      o.value = best;
    });
  }

  // OM search with model fn[m]. horizon > 0: nodes at that ply or deeper are searched with
  // plain alpha-beta on V0 (their pair is (v, v)).
  Outcome om_plain(const State& root, int depth, int m, int horizon = 0) {
    return run_om(root, depth, [&](const State& c, int d) { return om_plain_node(c, d, 1, m, horizon); });
  }
  Outcome om_beta(const State& root, int depth, int m, int horizon = 0) {
    if (!table_.empty() && ++generation_ == 0) {  // wrapped: clear, so old entries cannot match
      std::fill(table_.begin(), table_.end(), PairEntry{});
      generation_ = 1;
    }
    return run_om(root, depth, [&](const State& c, int d) { return om_beta_node(c, d, 1, m, kInfinity, horizon); });
  }
  Outcome om_probe(const State& root, int depth, int m) {
    return run_om(root, depth, [&](const State& c, int d) { return om_probe_node(c, d, 1, m, false, 0); });
  }
  Outcome om_bounded(const State& root, int depth, int m, int bound) {
    bound_ = bound;
    // The root is a MAX node with no MIN parent: its children get the root's running
    // maxima for the MIN-node cut.
    Outcome o;
    start(root, o);
    if (!o.has_move) return finish(o);
    auto& ch = buf_[0];
    Pair r{-kInfinity, -kInfinity};
    for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
      const Pair p = om_bounded_node(ch[i].pos, depth - 1, 1, m, kInfinity, r.v0, r.vop);
      if (i == 0 || p.v0 > r.v0) o.best_index = i;
      r.v0 = std::max(r.v0, p.v0);
      r.vop = std::max(r.vop, p.vop);
    }
    o.value = r.v0;
    o.value_op = r.vop;
    return finish(o);
  }

  // PrOM over the types with probability p[k] > 0 (p.size() == functions()).
  Outcome prom_plain(const State& root, int depth, const std::vector<double>& p) {
    set_probs(p);
    return run_prom(root, [&](const State& c) { return prom_plain_node(c, depth - 1, 1).prom; });
  }
  Outcome prom_beta(const State& root, int depth, const std::vector<double>& p) {
    set_probs(p);
    return run_prom(root, [&](const State& c) { return prom_beta_node(c, depth - 1, 1); });
  }

 private:
  struct Vec {
    double prom;
    std::array<int, kMaxTypes> v;
  };

  void set_probs(const std::vector<double>& p) {
    if (p.size() != fns_.size())
      throw InputError("PrOM: " + std::to_string(p.size()) + " probabilities for " + std::to_string(fns_.size()) +
                       " types");
    double sum = 0;
    active_.clear();
    for (std::size_t k = 0; k < p.size(); ++k) {
      if (p[k] < 0) throw InputError("PrOM: type " + std::to_string(k) + " has a negative probability");
      sum += p[k];
      if (p[k] > 0) active_.push_back(static_cast<int>(k));
    }
    if (std::abs(sum - 1.0) > 1e-9)
      throw InputError("PrOM: the type probabilities sum to " + std::to_string(sum) + ", not 1");
    probs_ = p;
  }

  // Sets up a search at root (MAX = the side to move there); generates the root's children.
  void start(const State& root, Outcome& o) {
    for (auto& e : evals_) e = 0;
    nodes_ = 1;
    max_side_ = game_.side_to_move(root);
    auto& ch = buf_[0];
    game_.children(root, ch);
    o.has_move = !ch.empty() && game_.quick_winner(root) < 0;
    if (!o.has_move) o.value = terminal_score(game_.winner(root), max_side_, 0);
  }
  Outcome& finish(Outcome& o) {
    if (o.has_move && o.best_index >= 0) o.best = buf_[0][o.best_index].move;
    o.nodes = nodes_;
    o.evals = evals_;
    return o;
  }
  template <class Body>
  Outcome run(const State& root, Body&& body) {
    Outcome o;
    start(root, o);
    if (o.has_move) body(o);
    return finish(o);
  }
  // Root of an OM search: MAX picks the child with the highest v0, the first of equals.
  template <class Child>
  Outcome run_om(const State& root, int depth, Child&& child) {
    return run(root, [&](Outcome& o) {
      auto& ch = buf_[0];
      Pair r{-kInfinity, -kInfinity};
      for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
        const Pair p = child(ch[i].pos, depth - 1);
        if (i == 0 || p.v0 > r.v0) o.best_index = i;
        r.v0 = std::max(r.v0, p.v0);
        r.vop = std::max(r.vop, p.vop);
      }
      o.value = r.v0;
      o.value_op = r.vop;
    });
  }

  // Root of a PrOM search: MAX picks the child with the highest PrOM value, the first of
  // equals.
  template <class Child>
  Outcome run_prom(const State& root, Child&& child) {
    return run(root, [&](Outcome& o) {
      auto& ch = buf_[0];
      double best = 0;
      for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
        const double v = child(ch[i].pos);
        if (i == 0 || v > best) {
          best = v;
          o.best_index = i;
        }
      }
      o.value = best;
    });
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

  // Fail-soft alpha-beta on fn[k], MAX maximising, MIN minimising.
  int ab(int k, const State& s, int depth, int alpha, int beta, int ply) {
    ++nodes_;
    int t;
    if (decided(s, ply, t)) return t;
    if (depth <= 0) return eval(k, s);
    auto& ch = buf_[ply];
    game_.children(s, ch);
    if (ch.empty()) return over(s, ply);
    if (is_max(s)) {
      int best = -kInfinity;
      for (const auto& c : ch) {
        const int v = ab(k, c.pos, depth - 1, alpha, beta, ply + 1);
        best = std::max(best, v);
        alpha = std::max(alpha, v);
        if (alpha >= beta) break;
      }
      return best;
    }
    int best = kInfinity;
    for (const auto& c : ch) {
      const int v = ab(k, c.pos, depth - 1, alpha, beta, ply + 1);
      best = std::min(best, v);
      beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    return best;
  }

  // Below the OM horizon alpha-beta on V0 takes over: the pair is (v, v). The node is
  // counted by ab.
  Pair below_horizon(const State& s, int depth, int ply) {
    --nodes_;
    const int v = ab(0, s, depth, -kInfinity, kInfinity, ply);
    return {v, v};
  }

  // MIN's preference: lower vop, then lower v0 (the pessimistic tie rule).
  static bool min_prefers(const Pair& a, const Pair& b) { return a.vop < b.vop || (a.vop == b.vop && a.v0 < b.v0); }

  Pair om_plain_node(const State& s, int depth, int ply, int m, int horizon) {
    ++nodes_;
    int t;
    if (decided(s, ply, t)) return {t, t};
    if (depth <= 0) return {eval(0, s), eval(m, s)};
    if (horizon > 0 && ply >= horizon) return below_horizon(s, depth, ply);
    auto& ch = buf_[ply];
    game_.children(s, ch);
    if (ch.empty()) return {over(s, ply), over(s, ply)};
    if (is_max(s)) {
      Pair r{-kInfinity, -kInfinity};
      for (const auto& c : ch) {
        const Pair p = om_plain_node(c.pos, depth - 1, ply + 1, m, horizon);
        r.v0 = std::max(r.v0, p.v0);
        r.vop = std::max(r.vop, p.vop);
      }
      return r;
    }
    Pair best{0, 0};
    bool have = false;
    for (const auto& c : ch) {
      const Pair p = om_plain_node(c.pos, depth - 1, ply + 1, m, horizon);
      if (!have || min_prefers(p, best)) best = p;
      have = true;
    }
    return best;
  }

  // beta: the best (lowest) vop of the MIN parent so far; a MAX node (or leaf) whose vop
  // exceeds it cannot be MIN's choice.
  Pair om_beta_node(const State& s, int depth, int ply, int m, int beta, int horizon) {
    ++nodes_;
    int t;
    if (decided(s, ply, t)) return {t, t};
    PairEntry* entry = nullptr;
    std::uint64_t key = 0;
    if (!table_.empty() && depth > 0) {
      key = game_.hash(s);
      entry = &table_[key % table_.size()];
      if (entry->generation == generation_ && entry->key == key && entry->depth == depth) {
        ++table_hits_;
        return {from_table(entry->v0, ply), from_table(entry->vop, ply)};
      }
    }
    // Only exact pairs are stored (deeper nodes may have used the slot meanwhile).
    auto store = [&](const Pair& p) {
      if (!entry) return p;
      entry->key = key;
      entry->generation = generation_;
      entry->depth = static_cast<std::uint16_t>(depth);
      entry->v0 = to_table(p.v0, ply);
      entry->vop = to_table(p.vop, ply);
      return p;
    };
    if (depth <= 0) {
      const int vop = eval(m, s);
      if (vop > beta) return {-kInfinity, vop};  // not chosen: V0 is not needed
      return {eval(0, s), vop};
    }
    if (horizon > 0 && ply >= horizon) return below_horizon(s, depth, ply);
    auto& ch = buf_[ply];
    game_.children(s, ch);
    if (ch.empty()) return {over(s, ply), over(s, ply)};
    if (is_max(s)) {
      Pair r{-kInfinity, -kInfinity};
      for (const auto& c : ch) {
        const Pair p = om_beta_node(c.pos, depth - 1, ply + 1, m, beta, horizon);
        r.v0 = std::max(r.v0, p.v0);
        r.vop = std::max(r.vop, p.vop);
        if (r.vop > beta) return r;  // beta cut on vop (a bound, not stored)
      }
      return store(r);
    }
    // A MIN node's pair is exact: pruned children were not chosen.
    Pair best{0, 0};
    bool have = false;
    for (const auto& c : ch) {
      const Pair p = om_beta_node(c.pos, depth - 1, ply + 1, m, have ? best.vop : kInfinity, horizon);
      if (!have || min_prefers(p, best)) best = p;
      have = true;
    }
    return store(best);
  }

  // vop_known: the caller's probe has already found this node's vop (= known_vop).
  Pair om_probe_node(const State& s, int depth, int ply, int m, bool vop_known, int known_vop) {
    ++nodes_;
    int t;
    if (decided(s, ply, t)) return {t, t};
    if (depth <= 0) return {eval(0, s), vop_known ? known_vop : eval(m, s)};
    auto& ch = buf_[ply];
    game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) return {over(s, ply), over(s, ply)};
    if (is_max(s)) {
      Pair r{-kInfinity, -kInfinity};
      for (int i = 0; i < n; ++i) {
        const Pair p = om_probe_node(ch[i].pos, depth - 1, ply + 1, m, false, 0);
        r.v0 = std::max(r.v0, p.v0);
        r.vop = std::max(r.vop, p.vop);
      }
      return r;
    }
    // Probe: the lowest vop and the children that reach it. A child above the best so
    // far fails high against the window (-inf, best + 1) and is rejected cheaply.
    int best_vop = kInfinity;
    std::uint8_t tied[64] = {};
    int ntied = 0;
    for (int i = 0; i < n; ++i) {
      const int v = ab(m, ch[i].pos, depth - 1, -kInfinity, best_vop == kInfinity ? kInfinity : best_vop + 1, ply + 1);
      if (v < best_vop) {
        best_vop = v;
        ntied = 0;
      }
      if (v == best_vop) tied[ntied++] = static_cast<std::uint8_t>(i);
    }
    // OM search of the predicted move (and of moves tied with it, for the tie rule).
    Pair best{0, best_vop};
    for (int j = 0; j < ntied; ++j) {
      const Pair p = om_probe_node(ch[tied[j]].pos, depth - 1, ply + 1, m, true, best_vop);
      if (j == 0 || p.v0 < best.v0) best.v0 = p.v0;
    }
    return best;
  }

  // As om_beta_node, with the bounded-difference cuts. a_v0, a_vop: the MAX parent's
  // running maxima (for a MIN node).
  Pair om_bounded_node(const State& s, int depth, int ply, int m, int beta, int a_v0, int a_vop) {
    ++nodes_;
    int t;
    if (decided(s, ply, t)) return {t, t};
    if (depth <= 0) {
      const int v0 = eval(0, s), vop = eval(m, s);
      if (std::abs(v0 - vop) > bound_)
        throw BoundViolation("om-bounded: the evaluations differ by " + std::to_string(std::abs(v0 - vop)) +
                             " at a leaf (V0 " + std::to_string(v0) + ", model " + std::to_string(vop) +
                             "), more than the bound B = " + std::to_string(bound_) +
                             "; the search would be unsound, so it stops");
      return {v0, vop};
    }
    auto& ch = buf_[ply];
    game_.children(s, ch);
    if (ch.empty()) return {over(s, ply), over(s, ply)};
    if (is_max(s)) {
      Pair r{-kInfinity, -kInfinity};
      for (const auto& c : ch) {
        const Pair p = om_bounded_node(c.pos, depth - 1, ply + 1, m, beta, r.v0, r.vop);
        r.v0 = std::max(r.v0, p.v0);
        r.vop = std::max(r.vop, p.vop);
        // vop >= v0 - B: once either bound exceeds beta, MIN will not choose this node.
        const int vop_floor = std::max(r.vop, r.v0 == -kInfinity ? -kInfinity : r.v0 - bound_);
        if (vop_floor > beta) return {r.v0, vop_floor};
      }
      return r;
    }
    Pair best{0, 0};
    bool have = false;
    for (const auto& c : ch) {
      const Pair p = om_bounded_node(c.pos, depth - 1, ply + 1, m, have ? best.vop : kInfinity, -kInfinity, -kInfinity);
      if (!have || min_prefers(p, best)) best = p;
      have = true;
      // This node's vop will be <= best.vop and its v0 <= vop + B: once neither can
      // raise the MAX parent's maxima, the rest does not matter to it.
      if (a_v0 > -kInfinity && best.vop <= a_vop && best.vop + bound_ <= a_v0) return {-kInfinity, -kInfinity};
    }
    return best;
  }

  Vec prom_plain_node(const State& s, int depth, int ply) {
    ++nodes_;
    Vec r;
    int t;
    const bool is_decided = decided(s, ply, t);
    if (is_decided || depth <= 0) {
      const int v0 = is_decided ? t : eval(0, s);
      r.prom = v0;
      for (int k : active_) r.v[k] = (is_decided || k == 0) ? v0 : eval(k, s);
      return r;
    }
    auto& ch = buf_[ply];
    game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) {
      const int v = over(s, ply);
      r.prom = v;
      for (int k : active_) r.v[k] = v;
      return r;
    }
    if (is_max(s)) {
      r.prom = -kInfinity;
      for (int k : active_) r.v[k] = -kInfinity;
      for (int i = 0; i < n; ++i) {
        const Vec c = prom_plain_node(ch[i].pos, depth - 1, ply + 1);
        r.prom = std::max(r.prom, c.prom);
        for (int k : active_) r.v[k] = std::max(r.v[k], c.v[k]);
      }
      return r;
    }
    Vec kids[kMaxTreeWidthOrMoves];
    for (int i = 0; i < n; ++i) kids[i] = prom_plain_node(ch[i].pos, depth - 1, ply + 1);
    r.prom = 0;
    for (int k : active_) {
      int pick = 0;
      for (int i = 1; i < n; ++i)
        if (kids[i].v[k] < kids[pick].v[k] || (kids[i].v[k] == kids[pick].v[k] && kids[i].prom < kids[pick].prom))
          pick = i;
      r.v[k] = kids[pick].v[k];
      r.prom += probs_[k] * kids[pick].prom;
    }
    return r;
  }

  double prom_beta_node(const State& s, int depth, int ply) {
    ++nodes_;
    int t;
    if (decided(s, ply, t)) return t;
    if (depth <= 0) return eval(0, s);
    auto& ch = buf_[ply];
    game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) return over(s, ply);
    if (is_max(s)) {
      double best = -kInfinity;
      for (int i = 0; i < n; ++i) best = std::max(best, prom_beta_node(ch[i].pos, depth - 1, ply + 1));
      return best;
    }
    double value[kMaxTreeWidthOrMoves];
    bool known[kMaxTreeWidthOrMoves] = {};
    double sum = 0;
    for (int k : active_) {
      // Probe type k's move: the lowest minimax value under fn[k], and the ties.
      int best = kInfinity;
      std::uint8_t tied[kMaxTreeWidthOrMoves] = {};
      int ntied = 0;
      for (int i = 0; i < n; ++i) {
        const int v = ab(k, ch[i].pos, depth - 1, -kInfinity, best == kInfinity ? kInfinity : best + 1, ply + 1);
        if (v < best) {
          best = v;
          ntied = 0;
        }
        if (v == best) tied[ntied++] = static_cast<std::uint8_t>(i);
      }
      int pick = tied[0];
      for (int j = 0; j < ntied; ++j) {
        const int i = tied[j];
        if (!known[i]) {
          value[i] = prom_beta_node(ch[i].pos, depth - 1, ply + 1);
          known[i] = true;
        }
        if (value[i] < value[pick]) pick = i;
      }
      sum += probs_[k] * value[pick];
    }
    return sum;
  }

  static constexpr int kMaxTreeWidthOrMoves = 64;

  struct PairEntry {
    std::uint64_t key = 0;
    std::int32_t v0 = 0, vop = 0;
    std::uint16_t generation = 0;  // 0: empty
    std::uint16_t depth = 0;
  };
  std::vector<PairEntry> table_;
  std::uint16_t generation_ = 0;
  std::uint64_t table_hits_ = 0;

 public:
  std::uint64_t table_hits() const { return table_hits_; }

 private:
  G game_;
  std::vector<Fn> fns_;
  std::unique_ptr<typename G::Children[]> buf_;
  int max_side_ = 0;
  int bound_ = 0;
  std::vector<double> probs_;
  std::vector<int> active_;
  std::uint64_t nodes_ = 0;
  std::array<std::uint64_t, kMaxTypes> evals_{};
};

}  // namespace bao::search
