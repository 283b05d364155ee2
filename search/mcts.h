// Monte-Carlo tree search on the game concept (search/game.h): UCT with an evaluator at
// the leaves, MCTS-Solver bounds, implicit minimax backups and opponent models at MIN's
// nodes. One class serves three searchers (models/mcts_searchers.cpp):
//
//   mcts        UCT (Kocsis and Szepesvari 2006): at every node the child with the
//               highest UCB1 value q + c * sqrt(ln N / n) for the side to move, q its
//               mean playout value in [0, 1] from that side's view.
//   om-mcts     MIN's nodes follow an opponent model instead of UCB (the OM-search
//               assumption, Iida et al. 1993, Donkers 2003, carried to MCTS): the model's
//               move distribution at a MIN node is a softmax over its alpha-beta scores of
//               the children (model_depth plies from the node) at temperature tau;
//               tau = 0 is the model's best reply, and among replies the model scores
//               equal MIN plays the one worst for MAX (UCB on MIN's side), OM's
//               pessimistic tie rule.
//   prom-mcts   MIN's node follows a mixture of types (PrOM's assumption, Donkers et al.
//               2001): each visit draws a type with its probability and plays that type's
//               distribution. Drawing afresh at every MIN node (not once per iteration)
//               keeps the types' probabilities fixed down the tree, as PrOM's recursion
//               does, so the node's value tends to sum_k Pr(k) * value(type k's move).
//
// Two options change how the model is used (both off by default):
//
//   reply=search   each type's reply at a MIN node is the move of its own alpha-beta
//                  search from that node, model_depth plies (the MCTS analogue of root
//                  OM at d: the model plays as an opponent of that depth does), found once
//                  when the node is expanded. The searcher may supply that search
//                  (set_reply: Bao's alpha-beta with its table and move ordering, so the
//                  reply is the opponent program's own move); without one it is the first
//                  child, in the game's order, with the type's lowest model_depth-ply score.
//                  One move per type: tau must be 0.
//   prior=w        the model is a prior, not a forced reply (PUCT: Rosin 2011; Silver et
//                  al. 2017): at a MIN node child j is selected by q_j + c * P_j *
//                  sqrt(N) / (1 + n_j) with P_j = w * sum_k Pr(k) * (type k's weight on j,
//                  normalised) + (1 - w) / children, and the node's value and bounds are
//                  the minimum over its children, as without a model: MIN is free to
//                  reply otherwise, the model only says where to look first. An unvisited
//                  child's q is the parent's mean from MIN's view (first-play urgency),
//                  mixed with its implicit minimax value when alpha > 0.
//
// An iteration descends from the root by the tree policy to a node not visited before,
// whose playout value is the evaluator's score of it (V0, mapped to [0, 1] by
// 1 / (1 + exp(-(v - center) / scale))) after an optional rollout of `rollout` plies
// (uniformly random or evaluator-greedy, seeded); a node is expanded (all its children
// made at once, from the pool) on its second visit. A finished game scores 1, 0 or 1/2.
//
// MCTS-Solver (Winands, Bjornsson and Saito 2008), in the score-bounded form of Cazenave
// and Saffidine (2010): every node keeps bounds [lo, hi] on its exact value in evaluator
// units (MAX's scale): a finished game and a node at the horizon (Limits::depth plies
// from the root) are exact; an expanded node's bounds are its children's, combined as
// its value is (the maximum at MAX, the minimum at MIN, the model's combination under a
// model). A node is solved when lo == hi, or when lo is a win (hi a loss): a forced win
// is proven, not averaged. Selection skips children whose bounds show them worse than a
// sibling's proven value; a solved child ends the iteration with its exact value. With a
// horizon the solved values are the depth-limited tree's minimax (or OM, PrOM) values.
//
// Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014): with alpha > 0
// every child is evaluated at expansion and every node keeps the minimax value mm of those
// evaluations over its expanded subtree (combined as the bounds are); selection uses
// (1 - alpha) * q + alpha * map(mm). Progressive bias (Chaslot et al. 2008), with bias > 0:
// + bias * map(V0(child)) / (n + 1) for the side to move.
//
// Counts: Result::nodes are iterations, and a node limit caps them; positions (tree nodes
// made, rollout plies, the model searches' nodes) are counted beside them. The tree is a
// transposition-free pool of nodes (one per path), allocated once per searcher and grown
// only when a search needs more than the last one: an iteration allocates nothing. When
// the pool is full, nodes stop being expanded and are scored again as leaves.
// Deterministic: the generator is seeded by seed and the root's hash, so a search depends
// on (seed, root, limits) alone (under a time limit, on when it stops).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "engine/bao/long_moves.h"
#include "engine/error.h"
#include "engine/random.h"
#include "search/game_concepts.h"
#include "search/model_search.h"
#include "search/result.h"
#include "search/score.h"

namespace bao::search {

// Deliberate faults, for the tests' counter-tests only: MIN's backup with MAX's sign
// (MIN maximises), or MIN's model ignored (MIN plays UCB and minimises).
enum class MctsFault { None, FlipMinSign, IgnoreModel };

struct MctsParams {
  double c = 0.7;       // UCB1's exploration constant (values in [0, 1])
  double scale = 40;    // evaluator units per logistic unit in the map to [0, 1]
  double center = 0;    // the evaluation mapped to 1/2
  int rollout = 0;      // plies played after the leaf before it is scored
  bool greedy = false;  // rollout policy: the child best under V0 for the mover (else uniform)
  bool solver = true;   // MCTS-Solver bounds
  double alpha = 0;     // weight of the implicit minimax value in selection
  double bias = 0;      // progressive bias weight
  std::uint64_t seed = 1;
  std::uint64_t iterations = 0;     // at most this many iterations (0: the limits decide)
  std::size_t max_nodes = 1 << 21;  // the pool's largest size, in nodes
  // Opponent model at MIN's nodes: off for mcts; probs[k] is the weight of function k
  // (om-mcts: the model's 1), summing to 1.
  bool model = false;
  std::vector<double> probs;
  double tau = 0;             // softmax temperature, evaluator units (0: the best reply)
  int model_depth = 1;        // plies of each type's alpha-beta from the MIN node (1: its children scored)
  bool reply_search = false;  // each type's reply is its own search's move (one move; tau = 0)
  double prior = 0;           // > 0: the model is a PUCT prior of this weight at MIN's nodes, MIN minimises
  MctsFault fault = MctsFault::None;
};

// The parameters MCTS searches the random trees (search/random_tree.h) with: their values
// lie in [0, 1000], 500 maps to 1/2 and a logistic unit is 100; a model searches to the
// leaves, as OM and PrOM search do there. probs: one weight per function for a model at
// MIN's nodes (om-mcts, prom-mcts), or none (mcts).
inline MctsParams random_tree_params(std::uint64_t iterations, std::vector<double> probs = {}) {
  MctsParams p;
  p.center = 500;
  p.scale = 100;
  p.iterations = iterations;
  p.model_depth = kMaxPly;
  p.model = !probs.empty();
  p.probs = std::move(probs);
  return p;
}

// A model search's result (search/model_search.h: the move, its index, the value on MAX's
// scale, the evaluations per function) with nodes counting iterations, and what MCTS adds.
// value is exact when solved, else the chosen child's estimate in evaluator units.
template <class Move>
struct MctsResult : ModelResult<Move> {
  bool solved = false;                                // the root's value is proven (to the horizon, if one was set)
  boost::container::static_vector<Move, kMaxPly> pv;  // the most visited line
  std::uint64_t tree_nodes = 0;                       // nodes in the tree
  std::uint64_t positions = 0;                        // tree nodes, rollout plies and model-search nodes
  int depth = 0;                                      // the deepest ply the tree reached
  bool pool_full = false;                             // expansions were refused for want of pool
  double seconds = 0;
};

template <Game G, class Eval = typename G::Eval>
class Mcts {
  static_assert(kMaxChildren<G> < 256, "a node counts its children in a byte");

 public:
  using State = typename G::State;
  using Move = typename G::Move;
  using Fn = Eval;
  // The reply of type k (an index into the functions) at a MIN node, by its own search
  // (reply=search); nodes: that search's nodes, added to the positions counted.
  using ReplyFn = std::function<Move(int k, const State& s, std::uint64_t& nodes)>;

  // fns[0] is MAX's own V0, fns[k] the model (om-mcts) or the types. Throws InputError
  // for parameters out of range or probabilities that do not match the functions.
  Mcts(G game, std::vector<Fn> fns, MctsParams p)
      : game_(std::move(game)), fns_(fns), p_(std::move(p)), scorer_(game_, std::move(fns)) {
    if (!(p_.c >= 0) || !(p_.scale > 0) || p_.rollout < 0 || !(p_.alpha >= 0 && p_.alpha <= 1) || !(p_.bias >= 0) ||
        !(p_.tau >= 0) || p_.model_depth < 1 || p_.max_nodes < 2 || !(p_.prior >= 0 && p_.prior <= 1))
      throw InputError("mcts: a parameter is out of range");
    if (p_.reply_search && p_.tau > 0)
      throw InputError("mcts: reply=search predicts one move per type, so tau must be 0, found " +
                       std::to_string(p_.tau));
    if (p_.model) {
      if (p_.probs.size() != fns_.size())
        throw InputError("mcts: " + std::to_string(p_.probs.size()) + " type probabilities for " +
                         std::to_string(fns_.size()) + " functions");
      double sum = 0;
      for (std::size_t k = 0; k < p_.probs.size(); ++k) {
        if (!(p_.probs[k] >= 0)) throw InputError("mcts: a type probability is negative");
        sum += p_.probs[k];
        if (p_.probs[k] > 0) types_.push_back(static_cast<int>(k));
      }
      if (std::abs(sum - 1) > 1e-9) throw InputError("mcts: the type probabilities sum to " + std::to_string(sum));
    }
    eval_children_ = p_.alpha > 0 || p_.bias > 0;
    model_ = p_.model && p_.fault != MctsFault::IgnoreModel;
    prior_ = model_ && p_.prior > 0;
    flip_ = p_.fault == MctsFault::FlipMinSign;
  }

  const MctsParams& params() const { return p_; }
  // The search that gives each type's reply under reply=search (else the first best child).
  void set_reply(ReplyFn f) { reply_ = std::move(f); }
  // The visits of the node the last search reached by `line` from its root (0: not in
  // its tree): how the tree policy spread its iterations, for tests and analysis.
  std::uint32_t visits(std::span<const Move> line) const {
    if (nodes_.empty()) return 0;
    const Node* n = &nodes_[0];
    for (const Move& m : line) {
      const Node* next = nullptr;
      for (int j = 0; j < n->n && !next; ++j)
        if (nodes_[n->first + j].move == m) next = &nodes_[n->first + j];
      if (!next) return 0;
      n = next;
    }
    return n->visits;
  }
  static std::size_t node_bytes() { return sizeof(Node); }  // one node of the pool

  // Searches root within limits: depth is the horizon (0: none), nodes caps iterations
  // as params().iterations does, time_ms the wall time. At least one iteration runs; the
  // search ends early once the root is solved.
  MctsResult<Move> search(const State& root, const Limits& limits) {
    const auto t0 = std::chrono::steady_clock::now();
    MctsResult<Move> r;
    max_side_ = game_.side_to_move(root);
    horizon_ = limits.depth;
    rng_ = SplitMix64(p_.seed ^ game_.hash(root) ^ 0x6d637473u);
    evals_.fill(0);
    positions_ = 0;
    model_positions_ = 0;
    scorer_.reset();
    scorer_.clear_budget();  // the first iteration runs whole, whatever stopped the last search
    pool_full_ = false;
    max_ply_ = 0;
    std::uint64_t cap = p_.iterations;
    if (limits.nodes) cap = cap ? std::min<std::uint64_t>(cap, limits.nodes) : limits.nodes;
    if (!cap && limits.time_ms <= 0)
      throw InputError("mcts: give a number of iterations (iterations= or a node limit) or a time limit");
    reserve(cap);
    nodes_.clear();
    policy_.clear();
    nodes_.push_back(make_node(root, Move{}, 0));
    Node& rt = nodes_[0];
    if (rt.exact) {
      r.value = rt.lo;
      r.solved = true;
      finish(r, t0);
      return r;
    }
    rt.visits = 1;  // the root is expanded at once
    if (!expand(0)) {
      if (!nodes_[0].exact) throw InputError("mcts: the node pool cannot hold the root's children");
      r.value = nodes_[0].lo;  // no move: the game is over
      r.solved = true;
      finish(r, t0);
      return r;
    }
    Limits timing{0, 0, limits.time_ms};
    timing.halt = limits.halt;
    const StopRule stop = StopRule::of(timing, t0);
    // After the first iteration, the deadline reaches inside the iteration too: the
    // model's alpha-beta (model_depth up to 32 plies: minutes) and the proofs of long
    // moves stop at it, and the iteration they were in is dropped whole.
    ProofLimit proof = proof_limit();
    proof.deadline = std::min(proof.deadline, stop.deadline());
    if (!proof.halt) proof.halt = limits.halt;
    ProofLimitScope proofs(proof);
    std::uint64_t it = 0;
    try {
      do {
        iterate();
        ++it;
        if (it == 1 && stop.active()) {
          scorer_.set_budget(StopRule(0, stop.deadline(), limits.halt));
          proofs.arm();
        }
      } while ((!cap || it < cap) && !(p_.solver && solved(nodes_[0])) && !(stop.active() && timed_out(stop, it)));
    } catch (const SearchStopped&) {
    } catch (const ProofStopped&) {
    }
    scorer_.clear_budget();
    r.nodes = it;
    choose(r);
    finish(r, t0);
    return r;
  }

 private:
  struct Node {
    State pos;
    double sum = 0;  // playout values, MAX's view, in [0, 1]
    double lo = -kWin, hi = kWin;
    double mm = 0;     // implicit minimax value (evaluator units, MAX's view)
    float mmq = 0.5f;  // map(mm)
    float evq = 0.5f;  // map(V0), for progressive bias
    std::uint32_t visits = 0;
    std::uint32_t first = 0;   // the first child in the pool
    std::uint32_t policy = 0;  // the first of its children's type weights in policy_
    Move move{};
    std::uint8_t n = 0;  // children (0 until expanded)
    std::uint8_t ply = 0;
    bool expanded = false;
    bool evaluated = false;  // mm and evq hold V0
    bool exact = false;      // a finished game or the horizon: lo == hi is its value
    bool max = false;        // MAX to move
  };

  void reserve(std::uint64_t iterations) {
    const std::uint64_t want = iterations ? 2 + iterations * static_cast<std::uint64_t>(kMaxChildren<G>) : ~0ull;
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(want, p_.max_nodes));
    try {
      if (nodes_.capacity() < n) nodes_.reserve(n);
      if (p_.model && policy_.capacity() < n * types_.size()) policy_.reserve(n * types_.size());
    } catch (const std::bad_alloc&) {
      throw InputError("mcts: out of memory allocating a node pool of " + std::to_string((n * sizeof(Node)) >> 20) +
                       " MiB; lower pool_mb");
    }
  }

  // The clock is read every 64 iterations without a model (an iteration is a few
  // microseconds), every iteration with one (an iteration may run the model's searches).
  bool timed_out(const StopRule& stop, std::uint64_t it) const {
    return ((it & 63) == 0 || p_.model) && (stop.halted() || std::chrono::steady_clock::now() >= stop.deadline());
  }

  double map(double v) const { return 1.0 / (1.0 + std::exp(-(v - p_.center) / p_.scale)); }
  double unmap(double q) const {
    q = std::clamp(q, 1e-9, 1 - 1e-9);
    return std::clamp(p_.center + p_.scale * std::log(q / (1 - q)), double(-kMaxEval), double(kMaxEval));
  }
  // The playout value of an exact value: a finished game 1, 0 or 1/2, else map().
  double exact_q(double v) const {
    if (v > kWin - kMaxPly - 1) return 1;
    if (v < -(kWin - kMaxPly - 1)) return 0;
    return map(v);
  }
  static bool solved(const Node& n) { return n.lo >= n.hi || is_win(n.lo) || is_loss(n.hi); }
  static bool is_win(double v) { return v > kWin - kMaxPly - 1; }
  static bool is_loss(double v) { return v < -(kWin - kMaxPly - 1); }

  int eval(const State& s) {
    ++evals_[0];
    return fns_[0](s, max_side_);
  }

  Node make_node(const State& s, const Move& m, int ply) {
    Node n;
    n.pos = s;
    n.move = m;
    n.ply = static_cast<std::uint8_t>(ply);
    n.max = game_.side_to_move(s) == max_side_;
    ++positions_;
    max_ply_ = std::max(max_ply_, ply);
    const int w = game_.quick_winner(s);
    if (w >= 0) {
      n.exact = true;
      n.lo = n.hi = n.mm = terminal_score(w, max_side_, ply);
    } else if (horizon_ > 0 && ply >= horizon_) {
      n.exact = true;
      n.lo = n.hi = n.mm = eval(s);
      n.evaluated = true;
    }
    n.mmq = n.evq = static_cast<float>(exact_q(n.mm));
    return n;
  }

  // Makes the children of node i; false when it has none (a finished game: i becomes
  // exact) or the pool is full (i stays a leaf).
  bool expand(std::uint32_t i) {
    game_.children(nodes_[i].pos, buf_);
    if (buf_.empty()) {
      Node& n = nodes_[i];
      n.exact = true;
      n.lo = n.hi = n.mm = terminal_score(game_.winner(n.pos), max_side_, n.ply);
      n.mmq = static_cast<float>(exact_q(n.mm));
      return false;
    }
    if (nodes_.size() + buf_.size() > nodes_.capacity() ||
        (p_.model && !nodes_[i].max && policy_.size() + buf_.size() * types_.size() > policy_.capacity())) {
      pool_full_ = true;
      return false;
    }
    const std::uint32_t first = static_cast<std::uint32_t>(nodes_.size());
    const int ply = nodes_[i].ply + 1;
    for (const auto& c : buf_) {
      nodes_.push_back(make_node(c.pos, c.move, ply));
      Node& k = nodes_.back();
      if (eval_children_ && !k.exact) {
        k.mm = eval(k.pos);
        k.mmq = k.evq = static_cast<float>(map(k.mm));
        k.evaluated = true;
      }
    }
    Node& n = nodes_[i];
    n.first = first;
    n.n = static_cast<std::uint8_t>(buf_.size());
    n.expanded = true;
    if (p_.model && !n.max) {
      const std::size_t policy_size = policy_.size();
      try {
        model_policy(i);
      } catch (...) {
        // A limit stopped the model's search: the node goes back to a leaf, its children
        // and their weights unmade, so the tree holds no node without its policy.
        nodes_[i].expanded = false;
        nodes_[i].n = 0;
        nodes_.resize(first);
        policy_.resize(policy_size);
        throw;
      }
    }
    refresh(i);
    return true;
  }

  // Each type's distribution over node i's children (MIN to move), in policy_: for tau
  // = 0 the weight 1 on each of the type's best replies (its lowest scores), else the
  // softmax of -score / tau.
  void model_policy(std::uint32_t i) {
    Node& n = nodes_[i];
    n.policy = static_cast<std::uint32_t>(policy_.size());
    std::array<double, kMaxChildren<G>> score{};
    int below = p_.model_depth - 1;  // plies below each child
    if (horizon_ > 0) below = std::min(below, horizon_ - n.ply - 1);
    if (p_.reply_search) {
      for (int k : types_) {
        const int pick = searched_reply(k, i, std::max(below, 0));
        for (int j = 0; j < n.n; ++j) policy_.push_back(j == pick ? 1.0 : 0.0);
      }
      return;
    }
    for (int k : types_) {
      double lowest = std::numeric_limits<double>::infinity();
      for (int j = 0; j < n.n; ++j) {
        const Node& c = nodes_[n.first + j];
        score[j] = c.exact && k == 0 ? c.lo : scorer_.score(k, c.pos, std::max(below, 0), max_side_);
        lowest = std::min(lowest, score[j]);
      }
      double total = 0;
      for (int j = 0; j < n.n; ++j) {
        const double w = p_.tau == 0 ? (score[j] == lowest ? 1.0 : 0.0) : std::exp(-(score[j] - lowest) / p_.tau);
        policy_.push_back(w);
        total += w;
      }
      if (p_.tau > 0)
        for (int j = 0; j < n.n; ++j) policy_[policy_.size() - n.n + j] /= total;
    }
  }

  // Type k's reply at MIN's node i (reply=search), as the index of a child: the move of
  // the searcher's reply function, else the first child with the type's lowest score
  // `below` plies under it (alpha-beta's move in the game's order).
  int searched_reply(int k, std::uint32_t i, int below) {
    const Node& n = nodes_[i];
    if (reply_) {
      if constexpr (std::equality_comparable<Move>) {
        std::uint64_t searched = 0;
        const Move m = reply_(k, n.pos, searched);
        model_positions_ += searched;
        for (int j = 0; j < n.n; ++j)
          if (nodes_[n.first + j].move == m) return j;
      }
      throw InputError("mcts: the model's searched reply is not a legal move of the node");
    }
    int pick = 0;
    double lowest = std::numeric_limits<double>::infinity();
    for (int j = 0; j < n.n; ++j) {
      const Node& c = nodes_[n.first + j];
      const double v = c.exact && k == 0 ? c.lo : scorer_.score(k, c.pos, below, max_side_);
      if (v < lowest) {
        lowest = v;
        pick = j;
      }
    }
    return pick;
  }

  // Node i's bounds and minimax value from its children's: the maximum at MAX, the
  // minimum at MIN, and under a model sum_k Pr(k) * (the minimum over type k's best
  // replies, tau = 0, or type k's expectation). True when something changed.
  bool refresh(std::uint32_t i) {
    Node& n = nodes_[i];
    const Values v = combine(n);
    const double mm = p_.alpha > 0 ? v.mm : n.mm;
    const bool changed = v.lo != n.lo || v.hi != n.hi || mm != n.mm;
    n.lo = v.lo;
    n.hi = v.hi;
    if (is_win(v.lo)) n.hi = v.lo;   // a proven win: no child can do better than a win
    if (is_loss(v.hi)) n.lo = v.hi;  // a proven loss
    if (mm != n.mm) {
      n.mm = mm;
      n.mmq = static_cast<float>(exact_q(mm));
    }
    return changed;
  }

  // A node's bounds and minimax value, combined from its children's in one pass.
  struct Values {
    double lo, hi, mm;
  };
  Values combine(const Node& n) const {
    const Node* c = &nodes_[n.first];
    if (n.max || !model_ || prior_) {
      const bool max = n.max || flip_;
      Values v{c[0].lo, c[0].hi, c[0].mm};
      for (int j = 1; j < n.n; ++j) {
        v.lo = max ? std::max(v.lo, c[j].lo) : std::min(v.lo, c[j].lo);
        v.hi = max ? std::max(v.hi, c[j].hi) : std::min(v.hi, c[j].hi);
        v.mm = max ? std::max(v.mm, c[j].mm) : std::min(v.mm, c[j].mm);
      }
      return v;
    }
    Values sum{0, 0, 0};
    for (std::size_t t = 0; t < types_.size(); ++t) {
      const double* w = &policy_[n.policy + t * n.n];
      const double start = p_.tau == 0 ? std::numeric_limits<double>::infinity() : 0.0;
      Values part{start, start, start};
      for (int j = 0; j < n.n; ++j) {
        if (w[j] == 0) continue;
        if (p_.tau == 0) {
          part = {std::min(part.lo, c[j].lo), std::min(part.hi, c[j].hi), std::min(part.mm, c[j].mm)};
        } else {
          part = {part.lo + w[j] * c[j].lo, part.hi + w[j] * c[j].hi, part.mm + w[j] * c[j].mm};
        }
      }
      const double p = p_.probs[static_cast<std::size_t>(types_[t])];
      sum = {sum.lo + p * part.lo, sum.hi + p * part.hi, sum.mm + p * part.mm};
    }
    return sum;
  }

  // The value of child c for the side to move at its parent, in [0, 1].
  double score(const Node& c, bool max) const {
    double q = c.sum / c.visits;
    if (p_.alpha > 0) q = (1 - p_.alpha) * q + p_.alpha * c.mmq;
    return max || flip_ ? q : 1 - q;
  }

  // UCB1 over node n's children j with allowed(j); -1 when none is allowed. With the
  // solver, a child that cannot reach `bound` (n's lower bound at MAX, the upper bound of
  // the replies it chooses among at MIN) is skipped.
  template <class Allowed>
  int ucb(const Node& n, double bound, Allowed&& allowed) const {
    const bool prune = p_.solver;
    int pick = -1, fallback = -1;
    double best = -std::numeric_limits<double>::infinity();
    const double log_n = std::log(static_cast<double>(std::max<std::uint32_t>(n.visits, 1)));
    for (int j = 0; j < n.n; ++j) {
      if (!allowed(j)) continue;
      const Node& c = nodes_[n.first + j];
      if (prune && (n.max ? c.hi < bound : c.lo > bound)) continue;
      // A solved child's value is known: visits go to the unsolved ones while any is left.
      if (prune && solved(c)) {
        if (fallback < 0) fallback = j;
        continue;
      }
      double u;
      if (c.visits == 0) {
        // Unvisited children first: in the game's order, or best evaluation first.
        u = 1e9 + (eval_children_ ? (n.max ? c.evq : 1 - c.evq) : -j * 1e-3);
      } else {
        u = score(c, n.max) + p_.c * std::sqrt(log_n / c.visits);
        if (p_.bias > 0) u += p_.bias * (n.max ? c.evq : 1 - c.evq) / (c.visits + 1);
      }
      if (u > best) {
        best = u;
        pick = j;
      }
    }
    return pick >= 0 ? pick : fallback;
  }

  // The model's prior on child j of MIN's node n (prior=w): w times the types' mixture
  // of their normalised weights on j, plus (1 - w) spread evenly.
  double prior_of(const Node& n, int j) const {
    double p = 0;
    for (std::size_t t = 0; t < types_.size(); ++t) {
      const double* w = &policy_[n.policy + t * n.n];
      double total = 0;
      for (int k = 0; k < n.n; ++k) total += w[k];
      if (total > 0) p += p_.probs[static_cast<std::size_t>(types_[t])] * w[j] / total;
    }
    return p_.prior * p + (1 - p_.prior) / n.n;
  }

  // PUCT at MIN's node n (prior=w): q + c * P * sqrt(N) / (1 + n) from MIN's view, the
  // solver's skips as in ucb(); an unvisited child's q is the parent's mean for MIN.
  int puct(const Node& n) const {
    int pick = -1, fallback = -1;
    double best = -std::numeric_limits<double>::infinity();
    const double root_n = std::sqrt(static_cast<double>(std::max<std::uint32_t>(n.visits, 1)));
    const double fpu = n.visits ? 1 - n.sum / n.visits : 0.5;
    for (int j = 0; j < n.n; ++j) {
      const Node& c = nodes_[n.first + j];
      if (p_.solver && c.lo > n.hi) continue;
      if (p_.solver && solved(c)) {
        if (fallback < 0) fallback = j;
        continue;
      }
      double q = fpu;
      if (c.visits) {
        q = score(c, false);
      } else if (p_.alpha > 0 && c.evaluated) {
        q = (1 - p_.alpha) * fpu + p_.alpha * (1 - c.mmq);
      }
      const double u = q + p_.c * prior_of(n, j) * root_n / (1 + c.visits);
      if (u > best) {
        best = u;
        pick = j;
      }
    }
    return pick >= 0 ? pick : fallback >= 0 ? fallback : 0;
  }

  // The child of node i the tree policy plays.
  int select(const Node& n) {
    if (n.max || !model_) {
      const int j = ucb(n, n.max ? n.lo : n.hi, [](int) { return true; });
      return j >= 0 ? j : 0;
    }
    if (prior_) return puct(n);
    // Draw a type by its probability, then its move.
    std::size_t t = 0;
    if (types_.size() > 1) {
      double u = rng_.uniform();
      for (; t + 1 < types_.size(); ++t) {
        u -= p_.probs[static_cast<std::size_t>(types_[t])];
        if (u < 0) break;
      }
    }
    const double* w = &policy_[n.policy + t * n.n];
    if (p_.tau == 0) {
      // Among the type's best replies MIN plays the worst for MAX (OM's tie rule).
      double hi = std::numeric_limits<double>::infinity();
      for (int j = 0; j < n.n; ++j)
        if (w[j] > 0) hi = std::min(hi, nodes_[n.first + j].hi);
      const int j = ucb(n, hi, [&](int k) { return w[k] > 0; });
      if (j >= 0) return j;
      for (int k = 0; k < n.n; ++k)
        if (w[k] > 0) return k;
    }
    double u = rng_.uniform();
    int last = 0;
    for (int j = 0; j < n.n; ++j) {
      if (w[j] <= 0) continue;
      last = j;
      u -= w[j];
      if (u < 0) return j;
    }
    return last;
  }

  // A leaf's playout value (MAX's view, [0, 1]): V0 after the rollout.
  double leaf_value(std::uint32_t i) {
    Node& n = nodes_[i];
    if (n.exact) return exact_q(n.lo);
    if (p_.rollout == 0) {
      if (!n.evaluated) {
        n.mm = eval(n.pos);
        n.mmq = n.evq = static_cast<float>(map(n.mm));
        n.evaluated = true;
      }
      return n.evq;
    }
    State s = n.pos;
    int ply = n.ply;
    for (; ply - n.ply < p_.rollout; ++ply) {
      if (horizon_ > 0 && ply >= horizon_) break;
      const int w = game_.quick_winner(s);
      if (w >= 0) return exact_q(terminal_score(w, max_side_, ply));
      game_.children(s, buf_);
      if (buf_.empty()) return exact_q(terminal_score(game_.winner(s), max_side_, ply));
      std::size_t pick = 0;
      if (p_.greedy) {
        const bool max = game_.side_to_move(s) == max_side_;
        int best = 0;
        for (std::size_t j = 0; j < buf_.size(); ++j) {
          const int v = eval(buf_[j].pos);
          if (j == 0 || (max ? v > best : v < best)) {
            best = v;
            pick = j;
          }
        }
      } else {
        pick = rng_.below(static_cast<std::uint32_t>(buf_.size()));
      }
      s = buf_[pick].pos;
      ++positions_;
    }
    const int w = game_.quick_winner(s);
    return w >= 0 ? exact_q(terminal_score(w, max_side_, ply)) : map(eval(s));
  }

  void iterate() {
    std::array<std::uint32_t, kMaxPly + 1> path;
    int len = 0;
    std::uint32_t i = 0;
    double value;
    for (;;) {
      path[len++] = i;
      Node& n = nodes_[i];
      if (n.exact || (p_.solver && len > 1 && solved(n))) {
        value = exact_q(n.lo);
        break;
      }
      if (!n.expanded) {
        if (n.visits == 0 || len > kMaxPly - 1 || !expand(i)) {
          value = leaf_value(i);
          break;
        }
      }
      i = nodes_[i].first + static_cast<std::uint32_t>(select(nodes_[i]));
    }
    // Bottom up: each node's bounds from its children's, then the playout value kept
    // within them (a node skipping a solved child still backs up at least its value).
    bool changed = true;
    for (int k = len - 1; k >= 0; --k) {
      Node& n = nodes_[path[k]];
      if (changed && n.expanded && k < len - 1) changed = refresh(path[k]);
      if (p_.solver) value = std::clamp(value, exact_q(n.lo), exact_q(n.hi));
      ++n.visits;
      n.sum += value;
    }
  }

  // The move: the first child with the root's value when solved, else the most visited
  // child not proven worse than another (ties: the better estimate, then the first).
  void choose(MctsResult<Move>& r) {
    const Node& root = nodes_[0];
    r.has_move = true;
    r.solved = p_.solver && solved(root);
    int pick = -1;
    if (r.solved) {
      for (int j = 0; j < root.n && pick < 0; ++j) {
        const Node& c = nodes_[root.first + j];
        if (solved(c) && (c.lo == root.lo || (is_win(root.lo) && is_win(c.lo)))) pick = j;
      }
    }
    if (pick < 0) {
      // The most visited unsolved child (ties: the better estimate, then the first),
      // unless a solved child's proven value is at least its estimate.
      double best_q = 0;
      int proven = -1;
      for (int j = 0; j < root.n; ++j) {
        const Node& c = nodes_[root.first + j];
        if (p_.solver && c.hi < root.lo) continue;
        if (p_.solver && solved(c)) {
          if (proven < 0 || c.lo > nodes_[root.first + proven].lo) proven = j;
          continue;
        }
        const double q = c.visits ? score(c, true) : 0;
        if (pick < 0 || c.visits > nodes_[root.first + pick].visits ||
            (c.visits == nodes_[root.first + pick].visits && q > best_q)) {
          pick = j;
          best_q = q;
        }
      }
      if (proven >= 0 && (pick < 0 || exact_q(nodes_[root.first + proven].lo) >= best_q)) pick = proven;
      if (pick < 0) pick = 0;
    }
    const Node& c = nodes_[root.first + pick];
    r.best_index = pick;
    r.best = c.move;
    r.value = r.solved ? root.lo : (solved(c) && p_.solver ? c.lo : c.visits ? unmap(score(c, true)) : 0.0);
    r.pv.push_back(c.move);
    for (const Node* n = &c; n->expanded && r.pv.size() < r.pv.capacity();) {
      int b = 0;
      for (int j = 1; j < n->n; ++j)
        if (nodes_[n->first + j].visits > nodes_[n->first + b].visits) b = j;
      n = &nodes_[n->first + b];
      if (n->visits == 0) break;
      r.pv.push_back(n->move);
    }
  }

  void finish(MctsResult<Move>& r, std::chrono::steady_clock::time_point t0) {
    r.tree_nodes = nodes_.size();
    r.positions = positions_ + scorer_.nodes() + model_positions_;
    for (int k = 0; k < kMaxTypes; ++k) r.evals[k] = evals_[k] + scorer_.evals()[k];
    r.depth = max_ply_;
    r.pool_full = pool_full_;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  // The types' alpha-beta scores of MIN's children, on the search's counts.
  class Scorer : public ModelSearch<G, Eval> {
   public:
    using ModelSearch<G, Eval>::ModelSearch;
    int score(int k, const State& s, int depth, int max_side) { return this->value(k, s, depth, max_side); }
    std::uint64_t nodes() const { return this->nodes_; }
    const std::array<std::uint64_t, kMaxTypes>& evals() const { return this->evals_; }
    void reset() {
      this->nodes_ = 0;
      this->evals_.fill(0);
    }
  };

  G game_;
  std::vector<Fn> fns_;
  MctsParams p_;
  Scorer scorer_;
  std::vector<int> types_;  // functions with a positive probability
  bool eval_children_ = false;
  bool model_ = false, flip_ = false;  // MIN follows the model; the sign fault
  bool prior_ = false;                 // the model is MIN's prior, not its forced reply
  ReplyFn reply_;
  std::uint64_t model_positions_ = 0;  // the reply function's nodes
  std::vector<Node> nodes_;
  std::vector<double> policy_;
  typename G::Children buf_;
  SplitMix64 rng_{0};
  int max_side_ = 0, horizon_ = 0, max_ply_ = 0;
  std::array<std::uint64_t, kMaxTypes> evals_{};
  std::uint64_t positions_ = 0;
  bool pool_full_ = false;
};

}  // namespace bao::search
