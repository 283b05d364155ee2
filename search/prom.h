// Probabilistic opponent-model search (PrOM), after Donkers et al. (2001, 2003), Donkers'
// thesis Nosce Hostem (2003, ch. 4) and Donkers, van den Herik and Uiterwijk, "Similarity
// Pruning in PrOM Search" (ACG 2005); what each implementation prunes and why:
// docs/opponent-models.md. Functions, costs and the game: search/model_search.h.
//
// Opponent types k with probabilities p[k] (summing to 1; type 0 is MAX's own V0): leaves
// score V0; MAX nodes take the maximum; MIN nodes sum_k p[k] * value(c_k), where c_k is
// type k's move: the child with the lowest minimax value under fn[k], ties to the lowest
// PrOM value, then to the first in the game's order. At the root MAX plays the child with
// the highest PrOM value, the first of equals. Implementations, returning the same root
// value and move:
//   prom_1p     one pass carrying each type's minimax value beside the PrOM value (every
//               function at every leaf: no pruning);
//   prom_plain  the published plain PrOM: at MIN nodes a full-window alpha-beta probe per
//               type finds its move c_k (and the children tied with it); each predicted
//               child is searched once;
//   prom_beta   the same with beta-passing: type k's probe runs in (-inf, beta_k), and a
//               predicted child is entered with beta_k = v_k + 1 for the types that
//               predicted it, +inf for the others (MAX nodes pass the vector down);
//   sp_prom     similarity pruning, exact where every type is within B of V0 at every
//               leaf: a MAX node first searches every child with alpha-beta on V0 and
//               drops a child whose value is more than the gap below the best (the
//               bounded-gain property: a PrOM value exceeds the V0 minimax value by at
//               most (1 - p[0]) * 2B per MIN level below); the MIN nodes' probes of the
//               types k >= 1 run in the window [v0 - B, v0 + B] around the node's V0 value.
//               The published gap (1 - p[0]) * B * (d - 1) is the same for odd depths d
//               and one B per MIN level too small for even ones; SpGap::Published offers
//               it, and it may then drop the best move (tested).
// All four are full-depth searches and may keep a transposition table (set_table) of
// exact values by (position, remaining depth): prom_1p the whole vector, the probing
// searches the PrOM value (see the table comment in the class for why that is exact).
// The probing searches may instead follow Donkers' 2002 program at MIN nodes
// (set_min_rules, search/prom_min_rules.h): each type's first of equally good replies,
// a decisive value that ends the node, and a failed probe's lowest bound as the type's
// prediction.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/exact_table.h"
#include "search/model_search.h"
#include "search/prom_min_rules.h"
#include "search/score.h"

namespace bao::search {

template <Game G, class Eval = typename G::Eval>
class PromSearch : public ModelSearch<G, Eval> {
 public:
  // (game, fns): one function per opponent type, type 0 (V0) first; throws InputError
  // unless 1 to kMaxTypes are given.
  using ModelSearch<G, Eval>::ModelSearch;
  using typename ModelSearch<G, Eval>::Move;
  using typename ModelSearch<G, Eval>::State;

  // A transposition table for every PrOM search: exact values by (hash, remaining depth),
  // the types, probabilities and (sp_prom) bound being fixed per search. Entries of
  // earlier searches are ignored, so searches stay deterministic. 0 MiB: off. Throws
  // InputError when the table cannot be had (more than 80% of the machine's memory).
  void set_table(std::size_t mib) { table_.resize(mib, "the PrOM value table (tt_mb)"); }
  // The rules at MIN nodes of the probing searches (prom_plain, prom_beta, sp_prom) from
  // the next search on; prom_1p keeps the definition's. Default: the definition's.
  void set_min_rules(const PromMinRules& r) { min_rules_ = r; }
  // Table hits over all searches so far.
  std::uint64_t table_hits() const { return table_.hits(); }

  // PrOM search to depth over the types with probability p[k] > 0; value is the root
  // PrOM value. Throws InputError unless p has one probability per function, none
  // negative or nan, summing to 1.
  ModelResult<Move> prom_1p(const State& root, int depth, const std::vector<double>& p) {
    set_probs(p);
    table_.new_search();
    return run_prom(root, [&](const State& c) { return one_pass_node(c, depth - 1, 1).prom; });
  }
  ModelResult<Move> prom_plain(const State& root, int depth, const std::vector<double>& p) {
    return probing(root, depth, p, Probes::Full, 0, SpGap::Safe);
  }
  ModelResult<Move> prom_beta(const State& root, int depth, const std::vector<double>& p) {
    return probing(root, depth, p, Probes::Beta, 0, SpGap::Safe);
  }
  // bound: B, every type promised within B of V0 at every leaf (not checked: where it is
  // broken the result may differ from PrOM's). gap: the safe gap or the published one.
  enum class SpGap { Safe, Published };
  ModelResult<Move> sp_prom(const State& root, int depth, const std::vector<double>& p, int bound,
                            SpGap gap = SpGap::Safe) {
    return probing(root, depth, p, Probes::Similar, std::max(0, bound), gap);
  }

 private:
  using Ties = typename ModelSearch<G, Eval>::Ties;

  // A node's PrOM value and each active type's minimax value.
  struct Vec {
    double prom;
    std::array<int, kMaxTypes> v;
  };

  // The table (ExactTable) holds a node's value at a remaining depth: for prom_1p the
  // whole Vec, for the probing searches the PrOM value alone.
  //
  // Why a probing search's value is exact whatever `beta` the node was entered with:
  // beta only narrows the upper end of the MIN nodes' probe windows, and
  // ModelSearch::probe_min repeats a probe with the full window when no child comes out
  // inside its window, so with the lower end at -inf a probe always finds the exact
  // lowest value and every child tied with it: the predicted children, hence the value,
  // are those of the full-window search. MAX nodes take the plain maximum. sp_prom
  // also raises the lower end of the types' probes to v0 - B - 1 and drops MAX nodes'
  // children by similarity_gap(remaining depth): where every type is within B of V0 the
  // lowest value lies inside the window and the dropped children are below the best
  // (docs/opponent-models.md), so the value is again the PrOM value and a hit returns
  // what the search would. Where the bound is broken sp_prom is not PrOM anyway, and a
  // hit may return what the node gave under another beta. With probe_fail=bound
  // (search/prom_min_rules.h) a failed probe predicts from its bound, and the value then
  // depends on the beta the node was entered with: a node with a failed probe below it
  // is not stored. prom_beta's probes never fail (the bound a MIN node's type gets is
  // above its value: prom_min_rules.h), so there its table is the default's.
  //
  // Scores: within one search a node at remaining depth r lies at ply depth - r, so the
  // terminal scores inside a stored value are those the search would find again. The
  // types' values go through to_table/from_table as every table's; the PrOM value, a
  // mixture of scores, is stored as it is.
  // The stored value of s at this remaining depth (nullptr: none); key: s's hash.
  const Vec* look_up(const State& s, int depth, std::uint64_t& key) {
    key = table_.enabled() ? this->game_.hash(s) : 0;
    return table_.find(key, depth);
  }
  // Stores r (with the types' values when `types`, prom_1p's).
  void store(std::uint64_t key, int depth, int ply, const Vec& r, bool types) {
    if (!table_.enabled()) return;
    Vec e{r.prom, {}};
    if (types)
      for (int k : active_) e.v[k] = to_table(r.v[k], ply);
    table_.store(key, depth, e);
  }
  Vec read(const Vec& e, int ply) const {
    Vec r;
    r.prom = e.prom;
    for (int k : active_) r.v[k] = from_table(e.v[k], ply);
    return r;
  }

  void set_probs(const std::vector<double>& p) {
    if (p.size() != this->fns_.size())
      throw InputError("PrOM: " + std::to_string(p.size()) + " probabilities for " + std::to_string(this->fns_.size()) +
                       " types");
    double sum = 0;
    active_.clear();
    for (std::size_t k = 0; k < p.size(); ++k) {
      if (!(p[k] >= 0)) throw InputError("PrOM: type " + std::to_string(k) + " has a negative or no probability");
      sum += p[k];
      if (p[k] > 0) active_.push_back(static_cast<int>(k));
    }
    if (!(std::abs(sum - 1.0) <= 1e-9))  // nan and inf too
      throw InputError("PrOM: the type probabilities sum to " + std::to_string(sum) + ", not 1");
    probs_ = p;
  }

  // Root of a PrOM search: MAX picks the child with the highest PrOM value, the first of
  // equals.
  template <class Child>
  ModelResult<Move> run_prom(const State& root, Child&& child) {
    return this->run(
        root, [&](ModelResult<Move>& o) { this->pick_max(o, [&](int i) { return child(this->buf_[0][i].pos); }); });
  }

  // Every active type's value is v (a leaf's V0, a finished game).
  Vec uniform(double prom, int v) const {
    Vec r;
    r.prom = prom;
    for (int k : active_) r.v[k] = v;
    return r;
  }

  Vec one_pass_node(const State& s, int depth, int ply) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return uniform(t, t);
    if (depth <= 0) {
      const int v0 = this->eval(0, s);
      Vec r = uniform(v0, v0);
      for (int k : active_)
        if (k != 0) r.v[k] = this->eval(k, s);
      return r;
    }
    std::uint64_t key;
    if (const Vec* e = look_up(s, depth, key)) return read(*e, ply);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) return uniform(this->over(s, ply), this->over(s, ply));
    Vec r = uniform(-kInfinity, -kInfinity);
    if (this->is_max(s)) {
      for (int i = 0; i < n; ++i) {
        const Vec c = one_pass_node(ch[i].pos, depth - 1, ply + 1);
        r.prom = std::max(r.prom, c.prom);
        for (int k : active_) r.v[k] = std::max(r.v[k], c.v[k]);
      }
    } else {
      Vec kids[kMaxChildren<G>];
      for (int i = 0; i < n; ++i) kids[i] = one_pass_node(ch[i].pos, depth - 1, ply + 1);
      r.prom = 0;
      for (int k : active_) {
        int pick = 0;
        for (int i = 1; i < n; ++i)
          if (kids[i].v[k] < kids[pick].v[k] || (kids[i].v[k] == kids[pick].v[k] && kids[i].prom < kids[pick].prom))
            pick = i;
        r.v[k] = kids[pick].v[k];
        r.prom += probs_[k] * kids[pick].prom;
      }
    }
    store(key, depth, ply, r, true);
    return r;
  }

  // ---- the probing searches --------------------------------------------------------

  // How MIN nodes probe: full windows, beta-passing, or beta-passing with similarity
  // pruning.
  enum class Probes { Full, Beta, Similar };
  using Bounds = std::array<int, kMaxTypes>;  // beta per type: each type's value is below

  ModelResult<Move> probing(const State& root, int depth, const std::vector<double>& p, Probes probes, int bound,
                            SpGap gap) {
    set_probs(p);
    probes_ = probes;
    bound_ = bound;
    gap_ = gap;
    table_.new_search();
    Bounds none;
    none.fill(kInfinity);
    return this->run(root, [&](ModelResult<Move>& o) {
      bool keep[kMaxChildren<G>];
      similar_children(this->buf_[0], depth - 1, 1, keep);
      o.value = -kInfinity;
      for (int i = 0; i < static_cast<int>(this->buf_[0].size()); ++i) {
        if (!keep[i]) continue;
        const double v = probe_node(this->buf_[0][i].pos, depth - 1, 1, none);
        if (o.best_index < 0 || v > o.value) {
          o.value = v;
          o.best_index = i;
        }
      }
    });
  }

  // The gap by which a child's PrOM value may exceed its V0 minimax value when it has
  // `depth` plies below it: (1 - p[0]) * 2B per MIN level, a MIN child having
  // ceil(depth / 2) of them; the published (1 - p[0]) * B * depth agrees for even depth.
  double similarity_gap(int depth) const {
    const int levels = gap_ == SpGap::Published ? depth : 2 * ((depth + 1) / 2);
    return (1.0 - probs_[0]) * bound_ * levels;
  }

  // Similarity pruning at a MAX node whose children ch have `depth` plies below them:
  // keep[i] is false for a child whose alpha-beta value under V0 is more than the gap
  // below the best child's (its PrOM value is then below the best one's). Every child is
  // kept by the other searches.
  void similar_children(const typename G::Children& ch, int depth, int ply, bool* keep) {
    const int n = static_cast<int>(ch.size());
    std::fill(keep, keep + n, true);
    if (probes_ != Probes::Similar) return;
    const double gap = similarity_gap(depth);
    int value[kMaxChildren<G>];
    int best = -kInfinity;
    for (int i = 0; i < n; ++i) {
      // A value at or below alpha is below best - gap: an upper bound will do.
      const int alpha = best == -kInfinity ? -kInfinity : static_cast<int>(std::ceil(best - gap)) - 1;
      value[i] = this->template minimax_node<true>(0, ch[i].pos, depth, alpha, kInfinity, ply);
      best = std::max(best, value[i]);
    }
    for (int i = 0; i < n; ++i) keep[i] = !(value[i] + gap < best);
  }

  // The PrOM value of s; beta[k]: type k's minimax value of s is below it (MIN nodes).
  double probe_node(const State& s, int depth, int ply, const Bounds& beta) {
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return t;
    if (depth <= 0) return this->eval(0, s);
    std::uint64_t key;
    if (const Vec* e = look_up(s, depth, key)) return e->prom;  // exact whatever beta (see above)
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) return this->over(s, ply);
    const std::uint64_t failures = this->probe_failures();
    Vec r{-kInfinity, {}};
    if (this->is_max(s)) {
      bool keep[kMaxChildren<G>];
      similar_children(ch, depth - 1, ply + 1, keep);
      for (int i = 0; i < n; ++i)
        if (keep[i]) r.prom = std::max(r.prom, probe_node(ch[i].pos, depth - 1, ply + 1, beta));
    } else {
      r.prom = probe_min_node(ch, depth, ply, beta);
    }
    if (min_rules_.probe_fail == PromProbeFail::Repeat || this->probe_failures() == failures)
      store(key, depth, ply, r, false);
    return r.prom;
  }

  // A MIN node: each type's probe predicts its move(s); every predicted child is searched
  // once, entered with beta = v_k + 1 for the types k that predicted it. With ties=first a
  // type predicts the first of its tied children alone; with decisive=exit a decisive
  // probe value, then a decisive child value, ends the node; with probe_fail=bound a
  // probe that fails against beta[k] predicts the child of its lowest bound, entered
  // with that bound + 1 (search/prom_min_rules.h).
  double probe_min_node(const typename G::Children& ch, int depth, int ply, const Bounds& beta) {
    const int n = static_cast<int>(ch.size());
    const bool first = min_rules_.ties == PromTies::First;
    const bool exit = min_rules_.decisive == PromDecisive::Exit;
    const bool keep_bound = min_rules_.probe_fail == PromProbeFail::Bound;
    Ties ties[kMaxTypes];
    int v[kMaxTypes];
    bool probed[kMaxTypes] = {}, active[kMaxTypes] = {};
    for (int k : active_) probed[k] = active[k] = true;
    // Similarity pruning needs the node's V0 value, even where type 0 is not a type.
    if (probes_ == Probes::Similar) probed[0] = true;
    for (int k = 0; k < this->functions(); ++k) {
      if (!probed[k]) continue;
      int lo = -kInfinity, hi = probes_ == Probes::Full ? kInfinity : beta[k];
      if (probes_ == Probes::Similar && k > 0) {
        lo = v[0] - bound_ - 1;
        hi = std::min(hi, v[0] + bound_ + 1);
      }
      v[k] = this->probe_min(k, ch, depth - 1, ply + 1, ties[k], lo, hi, keep_bound);
      if (exit && active[k] && is_decisive(v[k])) return v[k];
      if (first) ties[k].n = 1;
    }
    // The children to search: in the game's order, or with decisive=exit in the order
    // the types first predict them (his order, which decides which decisive value ends
    // the node).
    std::uint8_t order[kMaxChildren<G>];
    int wanted = 0;
    bool listed[kMaxChildren<G>] = {};
    if (exit) {
      for (int k : active_)
        for (int j = 0; j < ties[k].n; ++j) {
          const std::uint8_t i = ties[k].index[j];
          if (listed[i]) continue;
          listed[i] = true;
          order[wanted++] = i;
        }
    } else {
      for (int k : active_)
        for (int j = 0; j < ties[k].n; ++j) listed[ties[k].index[j]] = true;
      for (int i = 0; i < n; ++i)
        if (listed[i]) order[wanted++] = static_cast<std::uint8_t>(i);
    }
    double value[kMaxChildren<G>];
    for (int w = 0; w < wanted; ++w) {
      const int i = order[w];
      Bounds cb;
      cb.fill(kInfinity);
      for (int k : active_)
        for (int j = 0; j < ties[k].n; ++j)
          if (ties[k].index[j] == i) cb[k] = v[k] + 1;
      value[i] = probe_node(ch[i].pos, depth - 1, ply + 1, cb);
      if (exit && is_decisive(static_cast<int>(std::lround(value[i])))) return value[i];
    }
    double sum = 0;
    for (int k : active_) {
      int pick = ties[k].index[0];
      for (int j = 1; j < ties[k].n; ++j)
        if (value[ties[k].index[j]] < value[pick]) pick = ties[k].index[j];
      sum += probs_[k] * value[pick];
    }
    return sum;
  }

  std::vector<double> probs_;
  std::vector<int> active_;  // the types with p[k] > 0
  Probes probes_ = Probes::Full;
  int bound_ = 0;  // sp_prom's B
  SpGap gap_ = SpGap::Safe;
  PromMinRules min_rules_;
  ExactTable<Vec> table_;  // exact values (see above); the types' ones node-relative
};

}  // namespace bao::search
