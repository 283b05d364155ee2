// Probabilistic opponent-model search (PrOM), after Donkers et al. (2001, 2003) and
// Donkers' thesis Nosce Hostem (2003, ch. 4); definitions as fixed in
// docs/opponent-models.md. Functions, costs and the game: search/model_search.h.
//
// Opponent types k with probabilities p[k] (summing to 1; type 0 is MAX's own V0): leaves
// score V0; MAX nodes take the maximum; MIN nodes sum_k p[k] * value(c_k), where c_k is
// type k's move: the child with the lowest minimax value under fn[k], ties to the lowest
// PrOM value, then to the first in the game's order. At the root MAX plays the child with
// the highest PrOM value, the first of equals. Implementations, returning the same root
// value and move:
//   prom_plain  one pass carrying each type's minimax value beside the PrOM value;
//   prom_beta   probes with alpha-beta per type at MIN nodes (beta-passing), then PrOM
//               search of the chosen children only.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "engine/error.h"
#include "search/model_search.h"

namespace bao::search {

template <Game G>
class PromSearch : public ModelSearch<G> {
 public:
  // (game, fns): one function per opponent type, type 0 (V0) first; throws InputError
  // unless 1 to kMaxTypes are given.
  using ModelSearch<G>::ModelSearch;
  using typename ModelSearch<G>::Move;
  using typename ModelSearch<G>::State;

  // PrOM search to depth over the types with probability p[k] > 0; value is the root
  // PrOM value. Throws InputError unless p has one probability per function, none
  // negative or nan, summing to 1.
  ModelResult<Move> prom_plain(const State& root, int depth, const std::vector<double>& p) {
    set_probs(p);
    return run_prom(root, [&](const State& c) { return prom_plain_node(c, depth - 1, 1).prom; });
  }
  ModelResult<Move> prom_beta(const State& root, int depth, const std::vector<double>& p) {
    set_probs(p);
    return run_prom(root, [&](const State& c) { return prom_beta_node(c, depth - 1, 1); });
  }

 private:
  using Ties = typename ModelSearch<G>::Ties;

  // A node's PrOM value and each active type's minimax value.
  struct Vec {
    double prom;
    std::array<int, kMaxTypes> v;
  };

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

  Vec prom_plain_node(const State& s, int depth, int ply) {
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
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) return uniform(this->over(s, ply), this->over(s, ply));
    if (this->is_max(s)) {
      Vec r = uniform(-kInfinity, -kInfinity);
      for (int i = 0; i < n; ++i) {
        const Vec c = prom_plain_node(ch[i].pos, depth - 1, ply + 1);
        r.prom = std::max(r.prom, c.prom);
        for (int k : active_) r.v[k] = std::max(r.v[k], c.v[k]);
      }
      return r;
    }
    Vec kids[kMaxChildren<G>];
    for (int i = 0; i < n; ++i) kids[i] = prom_plain_node(ch[i].pos, depth - 1, ply + 1);
    Vec r;
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
    this->count_node();
    int t;
    if (this->decided(s, ply, t)) return t;
    if (depth <= 0) return this->eval(0, s);
    auto& ch = this->buf_[ply];
    this->game_.children(s, ch);
    const int n = static_cast<int>(ch.size());
    if (n == 0) return this->over(s, ply);
    if (this->is_max(s)) {
      double best = -kInfinity;
      for (int i = 0; i < n; ++i) best = std::max(best, prom_beta_node(ch[i].pos, depth - 1, ply + 1));
      return best;
    }
    // Each child's PrOM value, searched once however many types choose it.
    double value[kMaxChildren<G>];
    bool known[kMaxChildren<G>] = {};
    double sum = 0;
    for (int k : active_) {
      Ties ties;
      this->probe_min(k, ch, depth - 1, ply + 1, ties);
      int pick = ties.index[0];
      for (int j = 0; j < ties.n; ++j) {
        const int i = ties.index[j];
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

  std::vector<double> probs_;
  std::vector<int> active_;  // the types with p[k] > 0
};

}  // namespace bao::search
