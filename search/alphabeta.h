// Alpha-beta search (negamax, fail-soft) with iterative deepening, a transposition table,
// move ordering (hash move, killers, history, capture size), optional principal-variation
// search and aspiration windows; limits by depth, nodes or time.
//
// Staged move generation (with ordering): the hash move, then each killer that is legal,
// is played alone (G::child) and searched before the node's other children are
// generated, so a cutoff by one of them generates nothing else. The remaining children
// are ordered after those searches (history may have changed meanwhile).
//
// Iterative deepening (search/deepening.h): with a node or time limit every depth is an
// iteration (each finished one is a result to fall back on). With a depth limit D alone,
// the iterations before D serve only to order D's search (hash moves, killers, history),
// so they are id_step depths apart: ..., D - 2 id_step, D - id_step, D. On the bench positions
// id_step 3 took 16% to 29% fewer nodes than 1 at depths 6 to 12 (2: 10% to 30% fewer;
// docs/performance.md). The value at D is the same.
//
// Lazy legality (a DeferringGame, lazy_legality on): a child whose legality is costly to
// decide (a Bao move still going after 64 laps, which may take millions of laps to prove
// infinite, rules.md 8) is set aside when the node's children are generated and decided
// only if no other child cut the node off, and not at all when a bound on its value
// cannot beat what the node has (the larger of its best value and alpha): whether it
// ends or not, the node's value stays the same (or, failing low, becomes that bound,
// still an upper bound). The bound: a win at the child itself (kWin - ply - 1; the node
// is looking for a quicker win), and at a depth-1 node for a quiet move (a takasa move)
// whose leaf cannot be a quick win, the evaluator's (Evaluator::takasa_bound). The root's
// children are all decided.
//
// A node is one call of node(): with PVS a child whose null-window search fails high is
// searched again and counted again.
//
// Exactness: the table cuts off only with entries of the same remaining depth (unless
// tt_deeper), so a finished iteration of depth d returns exactly the depth-d minimax
// value. At the root, of moves of equal value the one first in the game's order is
// chosen (a move before the current best is searched with the window lowered by one), as
// minimax chooses. A leaf's value may be a bound outside the window
// (Evaluator::evaluate_within), which fail-soft alpha-beta propagates as the bound it is,
// so the root value stays exact. A search is deterministic: killers, history and table start empty.
// No heap allocation happens once a search has started.
//
// Forward pruning (search/forward_pruning.h: quiescence, null move, late-move reductions,
// futility) is the strength mode: off by default, and not exact when on.
//
// Donkers' 2002 program's search, as options (docs/reference-program.md): `mtdf`, each
// iteration's root value found by MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996),
// null-window searches closing in from the last iteration's value; of equally valued
// moves it plays the first in search order to reach the value (the last iteration's best
// first), not the first in the game's order. `shuffle` (a seed, 0: off): at every node
// where the game allows it (Bao: the namua stage, G::shuffles), the game's move order is
// rotated by a pseudo-random offset before ordering, which decides among equal moves and
// equally scored children. The offset is a function of the seed, the search's root and
// the node, so a search stays reproducible (the same seed, root and options give the same
// move and nodes whatever the thread count), while another seed or another root makes
// other choices; his program draws a fresh offset per node from one generator instead.
// Both keep the value exact (without tt_deeper). `extend` (a ForwardPruningGame's: Bao),
// his search extension (Engine.pas ab_search): depths count in tenths of a ply, and a
// node two or more plies below the root whose moves are captures (not quiet) while its
// parent's were quiet adds 0.3 ply to what its children search; a node is a leaf when
// less than a whole ply is left, so fractions below a ply are lost there. A node and its
// child are never both extended, so up to depth 8 no path collects a whole ply and the
// searched tree is the plain one (docs/results.md, "S2 hisarms"). The table keys carry
// the tenths a node passes on, so values stay exact for the extended tree. Unlike his, the
// table's move is searched with the extension too.
#pragma once

#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>

#include "engine/error.h"
#include "engine/random.h"
#include "search/busy_positions.h"
#include "search/deepening.h"
#include "search/forward_pruning.h"
#include "search/game_concepts.h"
#include "search/ordering.h"
#include "search/result.h"
#include "search/tt.h"

namespace bao::search {

struct AlphaBetaOptions {
  std::size_t tt_mb = kDefaultTableMb;  // the transposition table's size in MiB; 0: no table
  bool tt_deeper = false;               // also cut off with deeper entries (faster, not exact minimax)
  bool ordering = true;                 // hash move, killers, history, capture size; else game order
  int aspiration = 0;                   // root window half-width after depth 1; 0 = full window
  bool staged = true;                   // with ordering: hash move and killers searched before generating the rest
  bool pvs = true;                      // principal-variation search: later children get a null window first
  int id_step = 3;                      // with a depth limit alone: iterate every id_step depths, ending at it
  bool lazy_legality = true;            // a DeferringGame's costly moves: decided after the others, if needed
  ForwardPruning prune{};               // the strength mode (a ForwardPruningGame's): none by default
  bool mtdf = false;                    // each iteration's root by MTD(f) null-window searches
  std::uint64_t shuffle = 0;            // seed of the move order's rotation per node (G::shuffles); 0: none
  bool extend = false;                  // Donkers' 0.3-ply extension (a ForwardPruningGame's), see the header
};

template <class G>
struct DeferredList {  // the moves a node sets aside (lazy legality); nothing for other games
  struct type {};
};
template <DeferringGame G>
struct DeferredList<G> {
  using type = typename G::MoveList;
};

template <StagedGame G, class Eval>
class AlphaBeta {
  // Child indices live in bytes (move order); the table keeps the best move's code (0xff: none).
  static_assert(kMaxChildren<G> < 0xff, "more children than a byte can index");
  static constexpr std::uint8_t kNoCode = 0xff;

 public:
  using State = typename G::State;
  using Move = typename G::Move;
  using R = Result<Move>;
  using Killers = typename MoveOrdering<G>::Killers;

  AlphaBeta(G game, Eval eval, AlphaBetaOptions options)
      : game_(std::move(game)),
        eval_(std::move(eval)),
        opt_(options),
        tt_(options.tt_mb > 0 ? std::make_shared<TranspositionTable>(options.tt_mb) : nullptr),
        children_(new typename G::Children[kMaxPly + 1]),
        deferred_(new typename DeferredList<G>::type[kMaxPly + 1]) {
    if constexpr (!ForwardPruningGame<G>)
      if (options.extend)
        throw InputError("alphabeta: extend=true needs a game whose moves are captures or quiet ones (Bao)");
  }

  // The bytes one search holds beside its table: the object (principal variations, move
  // ordering) and its per-ply buffers. Each Lazy SMP helper holds one
  // (SearcherRegistry::memory_bytes counts them).
  static constexpr std::size_t own_bytes() {
    return sizeof(AlphaBeta) + (kMaxPly + 1) * (sizeof(typename G::Children) + sizeof(typename DeferredList<G>::type));
  }

  // Lazy SMP (search/lazy_smp.h): makes this search a helper of the one whose table is
  // `table`. It probes and stores there without starting the table's next search (the
  // main search did), stops as soon as `halt` is set, in its first iteration too, and
  // begins its root moves `rotation` places on in its order, so that helpers start in
  // different subtrees.
  void help(std::shared_ptr<TranspositionTable> table, const std::atomic<bool>* halt, int rotation) {
    tt_ = std::move(table);
    halt_ = halt;
    rotation_ = rotation;
  }

  // Lazy SMP: the positions every thread of the search marks while inside them; a child
  // another thread is inside is searched after the node's other children (never the
  // first child). Null: none (one thread).
  void share_busy(BusyPositions* busy) { busy_ = busy; }
  const std::shared_ptr<TranspositionTable>& table() const { return tt_; }

  // Searches in `table`, kept across searches: search() starts no new table search, so
  // entries of earlier searches into it (this one's or another AlphaBeta's sharing it)
  // stay and are used; the owner starts a fresh one (TranspositionTable::new_search).
  // Keys are XOR-ed with `key_salt`, so searches with different evaluators keep apart in
  // one table (Donkers' 2002 program marks its model's entries so, Engine.pas hash_opp).
  // Root OM's inner_table=shared (models/root_om.h) uses it; with tt_deeper, values are
  // not exact minimax values of the searched depth.
  void share_table(std::shared_ptr<TranspositionTable> table, std::uint64_t key_salt) {
    tt_ = std::move(table);
    keep_table_ = true;
    key_salt_ = key_salt * 0x9E3779B97F4A7C15ull;  // spread over the check and bucket bits (0 stays 0)
  }

  // Starts the table's next search now, before helpers use it; the next search() then
  // does not start another.
  void begin_table_search() {
    if (tt_) tt_->new_search();
    table_begun_ = true;
  }

  // What the last (or current) search has visited: its nodes, leaf evaluations, table
  // probes and hits so far.
  struct Counts {
    std::uint64_t nodes = 0, evals = 0, probes = 0, hits = 0;
  };
  Counts counts() const { return {nodes_, evals_, probes_, hits_}; }

  // info(result) is called after every finished iteration.
  template <class Info>
  R search(const State& root, const Limits& limits, Info&& info) {
    start_ = std::chrono::steady_clock::now();
    stop_rule_ = StopRule::of(limits, start_);
    nodes_ = evals_ = probes_ = hits_ = 0;
    stop_ = false;
    may_stop_ = false;
    ordering_.clear();
    if (tt_ && !halt_ && !table_begun_ && !keep_table_) tt_->new_search();
    table_begun_ = false;

    R r;
    auto& rc = root_children_;
    game_.children(root, rc);
    ++nodes_;
    if (rc.empty()) {
      r.value = terminal_score(game_.winner(root), game_.side_to_move(root), 0);
      finish(r);
      return r;
    }
    root_side_ = game_.side_to_move(root);
    root_key_ = game_.hash(root);
    if constexpr (ForwardPruningGame<G>) {
      if (opt_.extend) {  // the root is never extended; its children read its flag
        quiet_[0] = game_.quiet_moves(game_.candidates(root));
        tenths_[0] = 0;
      }
    }
    root_rotate_ = shuffled(root) ? shuffle_offset(root_key_, static_cast<int>(rc.size())) : 0;
    int prev_best = -1, prev_value = 0;
    const DepthPlan plan = DepthPlan::of(limits, opt_.id_step);
    deepen(plan, [&](int depth, bool may_stop) {
      may_stop_ = may_stop;
      int value;
      if (opt_.mtdf) {
        value = mtdf(depth, prev_value, prev_best);
      } else if (opt_.aspiration > 0 && depth > 1 && !is_decisive(prev_value)) {
        const int lo = prev_value - opt_.aspiration, hi = prev_value + opt_.aspiration;
        value = root_search(depth, lo, hi, prev_best);
        if (!stop_ && (value <= lo || value >= hi)) value = root_search(depth, -kInfinity, kInfinity, prev_best);
      } else {
        value = root_search(depth, -kInfinity, kInfinity, prev_best);
      }
      if (stop_) {
        // An unfinished iteration's move, where it displaced the last one's (searched first,
        // with ordering): better at this depth than that move's value at this depth.
        if (opt_.prune.partial_iteration && opt_.ordering && r.has_move && root_best_ >= 0 && root_best_ != prev_best) {
          r.best = rc[root_best_].move;
          r.pv.clear();
          for (int i = 0; i < pv_len_[0]; ++i) r.pv.push_back(pv_[0][i]);
        }
        return false;
      }
      prev_best = root_best_;
      prev_value = value;
      r.has_move = true;
      r.best = rc[root_best_].move;
      r.value = value;
      r.pv.clear();
      for (int i = 0; i < pv_len_[0]; ++i) r.pv.push_back(pv_[0][i]);
      r.depth = depth;
      // MTD(f)'s line, completed where no iteration follows: the last depth of the plan
      // here (before info reports it), else after the deepening ends.
      if (opt_.mtdf && depth == plan.last && r.pv.size() < 2) complete_pv(r);
      finish(r);
      info(static_cast<const R&>(r));
      return !(limits.depth == 0 && is_decisive(value));  // a forced result: deeper changes nothing
    });
    if (opt_.mtdf && !stop_ && r.has_move && r.depth != plan.last && r.pv.size() < 2) complete_pv(r);
    finish(r);
    return r;
  }

  R search(const State& root, const Limits& limits) {
    return search(root, limits, [](const R&) {});
  }

 private:
  void finish(R& r) const {
    r.nodes = nodes_;
    r.leaf_evals = evals_;
    r.tt_probes = probes_;
    r.tt_hits = hits_;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  void check_limits() {
    if (may_stop_ && stop_rule_.passed(nodes_)) stop_ = true;
    if (halt_ && halt_->load(std::memory_order_relaxed)) stop_ = true;
  }

  void set_pv(int ply, const Move& m) {
    pv_[ply][0] = m;
    std::memcpy(&pv_[ply][1], &pv_[ply + 1][0], sizeof(Move) * pv_len_[ply + 1]);
    pv_len_[ply] = pv_len_[ply + 1] + 1;
  }

  // A shuffled search (opt_.shuffle) rotates the order at s.
  bool shuffled(const State& s) const {
    if (opt_.shuffle == 0) return false;
    if constexpr (requires { G::shuffles(s); })
      return G::shuffles(s);
    else
      return true;
  }

  // The rotation of a shuffled node's n children: a function of the seed, the root and
  // the node's key (see the header).
  int shuffle_offset(std::uint64_t key, int n) const {
    if (n < 2) return 0;
    SplitMix64 r(opt_.shuffle * 0x9e3779b97f4a7c15ull ^ key ^ root_key_ * 0xd1b54a32d192ed03ull);
    return static_cast<int>(r.below(static_cast<std::uint32_t>(n)));
  }

  // MTD(f): null-window root searches around the guess g, each failing high (a lower bound)
  // or low (an upper bound) until the bounds meet. The move is the last fail-high search's:
  // the bounds meet only at a value some search failed high at, as every value a search
  // returns exceeds -kInfinity. A table with deeper entries (tt_deeper) can make the
  // bounds inconsistent, so after kMaxMtdfPasses searches a full-window one decides.
  static constexpr int kMaxMtdfPasses = 100;
  int mtdf(int depth, int guess, int prev_best) {
    int lower = -kInfinity, upper = kInfinity, g = guess, best = -1, best_len = 0;
    Move best_pv[kMaxPly + 1];
    for (int pass = 0; lower < upper; ++pass) {
      if (pass == kMaxMtdfPasses) return root_search(depth, -kInfinity, kInfinity, prev_best);
      const int beta = g == lower ? g + 1 : g;
      g = root_search(depth, beta - 1, beta, prev_best);
      if (stop_) return g;
      if (g < beta) {
        upper = g;
      } else {
        lower = g;
        best = root_best_;
        best_len = pv_len_[0];
        std::memcpy(best_pv, pv_[0], sizeof(Move) * static_cast<std::size_t>(best_len));
      }
    }
    root_best_ = best;
    pv_len_[0] = best_len;
    std::memcpy(pv_[0], best_pv, sizeof(Move) * static_cast<std::size_t>(best_len));
    return lower;
  }

  // MTD(f)'s line ends at the root move: a fail-high search proves only that the move
  // reaches the value (its child fails low, and a node that fails low has no best line).
  // After the last iteration, unless the search was stopped, the move's child is searched
  // once more with a window of width two around the value, which finds the line (and the
  // reply a tournament records as predicted) as alpha-beta's full window would. It
  // decides nothing: the move and value stay; its nodes are counted.
  void complete_pv(R& r) {
    const auto& rc = root_children_;
    int i = 0;
    while (i < static_cast<int>(rc.size()) && !(rc[i].move == r.best)) ++i;
    if (i == static_cast<int>(rc.size()) || r.depth < 2) return;
    const int v = search_child(rc[i].pos, root_side_, r.depth - 1, r.value - 1, r.value + 1, 0, false);
    if (stop_ || v != r.value) return;
    set_pv(0, rc[i].move);
    r.pv.clear();
    for (int k = 0; k < pv_len_[0]; ++k) r.pv.push_back(pv_[0][k]);
  }

  int root_search(int depth, int alpha, int beta, int prev_best) {
    auto& rc = root_children_;
    const int n = static_cast<int>(rc.size());
    std::uint8_t order[kMaxChildren<G>];
    game_order(n, order, root_rotate_);
    if (opt_.ordering && prev_best >= 0) {  // last iteration's best first
      int k = 0;
      while (order[k] != prev_best) ++k;
      for (; k > 0; --k) order[k] = order[k - 1];
      order[0] = static_cast<std::uint8_t>(prev_best);
    }
    if (rotation_ > 0 && n > 1) {
      std::uint8_t rotated[kMaxChildren<G>];
      for (int k = 0; k < n; ++k) rotated[k] = order[(k + rotation_) % n];
      std::memcpy(order, rotated, static_cast<std::size_t>(n));
    }
    // Lazy SMP: a move another thread is inside is searched after the others (never the
    // first); the tie rule below holds in any order.
    if (busy_ && depth - 1 >= BusyPositions::kMinDepth) {
      std::uint8_t now[kMaxChildren<G>], later[kMaxChildren<G>];
      int n_now = 0, n_later = 0;
      for (int k = 0; k < n; ++k) {
        if (k > 0 && busy_->busy(game_.hash(rc[order[k]].pos)))
          later[n_later++] = order[k];
        else
          now[n_now++] = order[k];
      }
      std::memcpy(order, now, static_cast<std::size_t>(n_now));
      std::memcpy(order + n_now, later, static_cast<std::size_t>(n_later));
    }
    int best = -kInfinity, top = -kInfinity;
    root_best_ = -1;
    pv_len_[0] = 0;
    // Ties go to the move first in game order (rotated, when shuffled): a move before the
    // current best has to reach best, a move after it has to exceed it.
    const auto rank = [&](int j) { return (j - root_rotate_ + n) % n; };
    for (int k = 0; k < n; ++k) {
      const int i = order[k];
      int a = alpha;
      if (root_best_ >= 0) a = std::max(alpha, rank(i) < rank(root_best_) ? best - 1 : best);
      const int v = search_child(rc[i].pos, root_side_, depth - 1, a, beta, 0, root_best_ >= 0);
      if (stop_) return best;
      top = std::max(top, v);
      if (root_best_ < 0 || v > a) {
        best = v;
        root_best_ = i;
        set_pv(0, rc[i].move);
        if (v >= beta) break;
      }
    }
    // Failing low, a move after the first can have a higher bound than the one kept as
    // best (it had to exceed alpha to displace it): the node's bound is the highest.
    return std::max(best, top);
  }

  // Looks the node up in the table (key): true, with v, when an entry of this remaining
  // depth (or deeper, with tt_deeper) decides the node within (alpha, beta); otherwise
  // hash_code is the best move of the deepest entry that names one.
  bool probe_table(std::uint64_t key, int depth, int alpha, int beta, int ply, std::uint8_t& hash_code, int& v) {
    TTEntry e[2];
    const int found = tt_->probe(key, e);
    ++probes_;
    int best_depth = -1;
    for (int i = 0; i < found; ++i) {
      const TTEntry& t = e[i];
      if (t.depth == depth || (opt_.tt_deeper && t.depth > depth)) {
        v = from_table(t.value, ply);
        if (t.bound == Bound::Exact || (t.bound == Bound::Lower && v >= beta) ||
            (t.bound == Bound::Upper && v <= alpha)) {
          ++hits_;
          return true;
        }
      }
      if (t.best != kNoCode && t.depth > best_depth) {
        best_depth = t.depth;
        hash_code = t.best;
      }
    }
    return false;
  }

  // The value of child position c of a node at ply (searched with depth remaining) within
  // (alpha, beta), from the node's view. With PVS, a child after the first (later) gets a
  // null window (alpha, alpha + 1) first and the full one only if it fails high inside it.
  // `side` is the node's side to move: a child where it moves again (a game that does not
  // alternate) is searched with the window as it is, not negated.
  int search_child(const State& c, int side, int depth, int alpha, int beta, int ply, bool later) {
    if (opt_.pvs && later && beta - alpha > 1) {
      const int v = child_node(c, side, depth, alpha, alpha + 1, ply + 1);
      if (stop_ || v <= alpha || v >= beta) return v;
    }
    return child_node(c, side, depth, alpha, beta, ply + 1);
  }

  // node(c) within (alpha, beta) from the view of `side`, to move at c's parent.
  int child_node(const State& c, int side, int depth, int alpha, int beta, int ply) {
    if (alternates<G>() || game_.side_to_move(c) != side) return -node(c, depth, -beta, -alpha, ply);
    return node(c, depth, alpha, beta, ply);
  }

  // What one node has found so far: its window, best value and move, the children searched.
  struct NodeState {
    int alpha = 0, beta = 0, depth = 0, ply = 0, side = 0;
    std::uint64_t key = 0;  // the position's hash, where the table, Lazy SMP or shuffle needs it
    int best = -kInfinity;
    std::uint8_t best_code = kNoCode;
    int searched = 0;
    Move done[3] = {};  // the moves searched before generation (hash move, killers)
    int n_done = 0;
    typename G::Candidates cands{};  // found once, by the first stage that needs them
    bool have_cands = false;
  };

  const typename G::Candidates& candidates(NodeState& ns, const State& s) {
    if (!ns.have_cands) {
      ns.cands = game_.candidates(s);
      ns.have_cands = true;
    }
    return ns.cands;
  }

  // Searches child c of the node; true when the node is finished (a cutoff, or stopped).
  bool visit(NodeState& ns, const typename G::Child& c) {
    return record(ns, c, search_child(c.pos, ns.side, ns.depth - 1, ns.alpha, ns.beta, ns.ply, ns.searched > 0));
  }

  // Child c searched, with value v: the node's best, window and PV updated; true when the
  // node is finished (a cutoff, or stopped).
  bool record(NodeState& ns, const typename G::Child& c, int v) {
    ++ns.searched;
    if (stop_) return true;
    if (v <= ns.best) return false;
    ns.best = v;
    ns.best_code = game_.move_code(c.move);
    if (v <= ns.alpha) return false;
    ns.alpha = v;
    set_pv(ns.ply, c.move);
    if (v < ns.beta) return false;
    if (opt_.ordering) ordering_.reward_cutoff(game_, ns.side, ns.ply, ns.depth, c.move);
    return true;
  }

  // Staged generation: the hash move, then each legal killer, alone. True when one of them
  // finished the node.
  bool visit_staged(NodeState& ns, const State& s, std::uint8_t hash_code, const Killers& killers) {
    typename G::Child c;
    if (hash_code != kNoCode && game_.child(s, candidates(ns, s), game_.code_move(hash_code), c)) {
      ns.done[ns.n_done++] = c.move;
      if (visit(ns, c)) return true;
    }
    for (int k = 0; k < 2; ++k) {
      const Move& m = killers.move[k];
      if (m == ordering_.none() || (ns.n_done > 0 && ns.done[0] == m)) continue;
      if (!game_.child(s, candidates(ns, s), m, c)) continue;
      ns.done[ns.n_done++] = m;
      if (visit(ns, c)) return true;
    }
    return false;
  }

  // A node's start, for node() and quiescence: counted, the limits checked, its PV
  // emptied; true, with v, when it is decided already (stopped, or a finished game).
  bool enter(const State& s, int ply, int& v) {
    ++nodes_;
    check_limits();
    v = 0;
    if (stop_) return true;
    pv_len_[ply] = 0;
    const int w = game_.quick_winner(s);
    if (w >= 0) v = terminal_score(w, game_.side_to_move(s), ply);
    return w >= 0;
  }

  int node(const State& s, int depth, int alpha, int beta, int ply) {
    if (int v; enter(s, ply, v)) return v;
    const int side = game_.side_to_move(s);
    if (depth == 0 || ply >= kMaxPly - 1) {  // the horizon, or the deepest ply the buffers hold
      if constexpr (ForwardPruningGame<G>)
        if (opt_.prune.qsearch > 0) return quiesce(s, alpha, beta, ply, opt_.prune.qsearch);
      ++evals_;
      // An evaluator that can bound its value by the window may skip costly terms
      // (Evaluator::evaluate_within); a fail-soft bound on the right side keeps the search exact.
      if constexpr (requires { eval_.within(s, side, alpha, beta); })
        return eval_.within(s, side, alpha, beta);
      else
        return eval_(s, side);
    }

    std::uint8_t hash_code = kNoCode;
    std::uint64_t key = 0;
    if (tt_ || busy_ || opt_.shuffle) key = game_.hash(s);
    std::uint64_t table_key = key ^ key_salt_;
    if constexpr (ForwardPruningGame<G>) {
      if (opt_.extend) {
        depth = extend_node(s, depth, ply);
        table_key ^= tenths_[ply] * 0xC2B2AE3D27D4EB4Full;  // the same position with other tenths is another tree
      }
    }
    if (tt_) {
      int v;
      if (probe_table(table_key, depth, alpha, beta, ply, hash_code, v)) return v;
    }
    NodeState ns;
    ns.alpha = alpha;
    ns.beta = beta;
    ns.depth = depth;
    ns.ply = ply;
    ns.side = side;
    ns.key = key;
    if constexpr (ForwardPruningGame<G>) {
      int v;
      if (opt_.prune.any() && prune_node(ns, s, v)) return v;
    }
    const BusyMark mark(depth >= BusyPositions::kMinDepth ? busy_ : nullptr, key);
    const Killers killers = ordering_.killers(ply);
    // Generation is skipped when the hash move or a killer finished the node.
    if (!(opt_.ordering && opt_.staged && visit_staged(ns, s, hash_code, killers)))
      visit_generated(ns, s, hash_code, killers);
    if (stop_) return 0;
    if (ns.searched == 0) return terminal_score(game_.winner(s), side, ply);  // no legal move
    if (tt_) {
      const Bound b = ns.best <= alpha ? Bound::Upper : ns.best >= beta ? Bound::Lower : Bound::Exact;
      tt_->store(table_key, depth, to_table(ns.best, ply), b, ns.best_code);
    }
    return ns.best;
  }

  // Donkers' extension (opt_.extend) at the node at ply >= 1, past the leaf test: its
  // depth in plies after it. The node's flag (its moves are quiet) and the tenths it
  // passes on are kept for its children: with captures after a quiet parent, two or more
  // plies below the root, 3 tenths more, a whole ply carried into the depth.
  int extend_node(const State& s, int depth, int ply) {
    const bool quiet = game_.quiet_moves(game_.candidates(s));
    int tenths = tenths_[ply - 1];
    if (ply >= 2 && !quiet && quiet_[ply - 1]) {
      tenths += 3;
      if (tenths >= 10) {
        tenths -= 10;
        ++depth;
      }
    }
    quiet_[ply] = quiet;
    tenths_[ply] = static_cast<std::uint8_t>(tenths);
    return depth;
  }

  // Generates the node's children and searches those not searched yet, best first.
  void visit_generated(NodeState& ns, const State& s, std::uint8_t hash_code, const Killers& killers) {
    auto& ch = children_[ns.ply];
    // The moves searched already are not played again.
    if constexpr (DeferringGame<G>)
      game_.children_deferring(s, candidates(ns, s), ns.done, ns.n_done, ch,
                               opt_.lazy_legality ? &deferred_[ns.ply] : nullptr);
    else
      game_.children_except(s, candidates(ns, s), ns.done, ns.n_done, ch);
    const int n = static_cast<int>(ch.size());
    // The children will probe the table (below the horizon they do not): start loading
    // their buckets now, so the misses overlap with ordering and the first subtrees.
    if (tt_ && ns.depth > 1)
      for (int i = 0; i < n; ++i) tt_->prefetch(game_.hash(ch[i].pos) ^ key_salt_);
    std::uint8_t order[kMaxChildren<G>];
    const int rotate = shuffled(s) ? shuffle_offset(ns.key, n) : 0;
    if (opt_.ordering)
      ordering_.order(
          game_, s, ch, killers, [&](const Move& m) { return game_.move_code(m) == hash_code; }, order, rotate);
    else
      game_order(n, order, rotate);
    // Lazy SMP: a child another thread is inside waits until the others are searched.
    const bool may_wait = busy_ && ns.depth - 1 >= BusyPositions::kMinDepth;
    std::uint8_t waiting[kMaxChildren<G>];
    int n_waiting = 0;
    const int reduce_from = reduce_after(ns, s);
    for (int k = 0; k < n; ++k) {
      const auto& c = ch[order[k]];
      if (may_wait && ns.searched > 0 && busy_->busy(game_.hash(c.pos))) {
        waiting[n_waiting++] = order[k];
        continue;
      }
      if (k >= reduce_from && ns.searched > 0 ? visit_reduced(ns, c) : visit(ns, c)) return;
    }
    for (int k = 0; k < n_waiting; ++k)
      if (visit(ns, ch[waiting[k]])) return;
    if constexpr (DeferringGame<G>) {
      if (opt_.lazy_legality) visit_deferred(ns, s);
    }
  }

  // Forward pruning before a node's moves (ForwardPruning: futility, null move): true, with
  // v, when the node is cut off without them.
  bool prune_node(NodeState& ns, const State& s, int& v) {
    const ForwardPruning& p = opt_.prune;
    const int depth = ns.depth, alpha = ns.alpha, beta = ns.beta, ply = ns.ply;
    const bool futile = p.futility && depth == 1 && !is_decisive(alpha);
    const bool null =
        p.null_move && depth > p.null_reduction && beta - alpha == 1 && !after_null_[ply] && !is_decisive(beta);
    if (!futile && !null) return false;
    ++evals_;
    const int stand = eval_(s, ns.side);
    // Every move quiet and none able to win at once: no child is far above the static value.
    if (futile && stand + p.futility_margin <= alpha && game_.quiet_moves(candidates(ns, s)) &&
        !game_.quiet_child_may_win(s)) {
      v = stand + p.futility_margin;
      return true;
    }
    if (!null || stand < beta) return false;
    after_null_[ply + 1] = true;  // no two null moves in a row
    const int nv = -node(game_.pass(s), depth - 1 - p.null_reduction, -beta, -beta + 1, ply + 1);
    after_null_[ply + 1] = false;
    if (stop_) {
      v = 0;
      return true;
    }
    if (nv < beta) return false;
    v = is_decisive(nv) ? beta : nv;  // a win found by passing is no proof
    return true;
  }

  // Late-move reductions: the index in the node's generated order from which moves are
  // reduced (kMaxChildren: none).
  int reduce_after(NodeState& ns, const State& s) {
    if constexpr (ForwardPruningGame<G>) {
      const ForwardPruning& p = opt_.prune;
      if (p.lmr && ns.depth >= 3 && (p.lmr_captures || game_.quiet_moves(candidates(ns, s)))) return p.lmr_after;
    }
    return kMaxChildren<G>;
  }

  // A late move searched one ply shallower with a null window; again as visit() does only
  // if it beats alpha there.
  bool visit_reduced(NodeState& ns, const typename G::Child& c) {
    const int v = child_node(c.pos, ns.side, ns.depth - 2, ns.alpha, ns.alpha + 1, ns.ply + 1);
    return !stop_ && v > ns.alpha ? visit(ns, c) : record(ns, c, v);
  }

  // Quiescence (ForwardPruning::qsearch) at a horizon node, counted already and not
  // decided by quick_winner: the static value as a stand-pat bound, and, when the side to
  // move must capture, its captures searched on for `left` more plies.
  int quiesce(const State& s, int alpha, int beta, int ply, int left) {
    const int side = game_.side_to_move(s);
    ++evals_;
    const int stand = eval_(s, side);
    if (stand >= beta || left == 0 || ply >= kMaxPly - 1) return stand;
    const auto cands = game_.candidates(s);
    if (game_.quiet_moves(cands)) return stand;
    auto& ch = children_[ply];
    game_.children_except(s, cands, nullptr, 0, ch);
    if (ch.empty()) return terminal_score(game_.winner(s), side, ply);  // no legal move (8)
    std::uint8_t order[kMaxChildren<G>];
    order_by_hint(game_, s, ch, order);
    int best = stand;
    alpha = std::max(alpha, stand);
    for (int k = 0; k < static_cast<int>(ch.size()); ++k) {
      const auto& c = ch[order[k]].pos;
      const int v = alternates<G>() || game_.side_to_move(c) != side
                        ? -quiesce_child(c, -beta, -alpha, ply + 1, left - 1)
                        : quiesce_child(c, alpha, beta, ply + 1, left - 1);
      if (stop_) return 0;
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (v >= beta) break;
    }
    return best;
  }

  int quiesce_child(const State& c, int alpha, int beta, int ply, int left) {
    if (int v; enter(c, ply, v)) return v;
    return quiesce(c, alpha, beta, ply, left);
  }

  // No cutoff came: the set-aside moves (lazy legality), in the game's order.
  void visit_deferred(NodeState& ns, const State& s) {
    int unproved = -kInfinity;  // the largest bound of the moves left undecided
    for (const Move& m : deferred_[ns.ply]) {
      if (ns.searched > 0) {  // the node has a legal move: m's legality alone cannot matter
        // No child's value exceeds a win at the child itself; the leaf of a quiet move
        // that cannot be a quick win does not exceed the evaluator's bound either.
        int bound = kWin - (ns.ply + 1);
        if (ns.depth == 1 && G::quiet(m) && !game_.quiet_child_may_win(s)) {
          if constexpr (requires { eval_.takasa_bound(s, ns.side); })
            bound = std::min(bound, eval_.takasa_bound(s, ns.side));
          else
            bound = std::min(bound, kMaxEval);
        }
        if (bound <= std::max(ns.best, ns.alpha)) {
          unproved = std::max(unproved, bound);
          continue;
        }
      }
      typename G::Child d[2];
      const int k = game_.deferred_children(s, m, ns.done, ns.n_done, d);
      for (int i = 0; i < k; ++i)
        if (visit(ns, d[i])) return;
    }
    // Failing low, the node's value is an upper bound: it must cover the undecided moves.
    if (ns.best <= ns.alpha) ns.best = std::max(ns.best, unproved);
  }

  G game_;
  Eval eval_;
  AlphaBetaOptions opt_;
  std::shared_ptr<TranspositionTable> tt_;
  std::unique_ptr<typename G::Children[]> children_;
  std::unique_ptr<typename DeferredList<G>::type[]> deferred_;  // per ply (lazy legality)
  typename G::Children root_children_;
  int root_side_ = 0, root_best_ = -1;
  std::uint64_t root_key_ = 0;  // the root's hash (shuffle)
  int root_rotate_ = 0;         // the root's rotation (shuffle)

  StopRule stop_rule_;
  std::chrono::steady_clock::time_point start_;
  bool stop_ = false, may_stop_ = false;
  const std::atomic<bool>* halt_ = nullptr;  // a helper's: the main search has ended
  BusyPositions* busy_ = nullptr;            // Lazy SMP: the positions the threads are inside
  int rotation_ = 0;                         // a helper's: its root moves start this far on
  bool table_begun_ = false;                 // begin_table_search() started this search's table
  bool keep_table_ = false;                  // share_table(): the table is kept across searches
  std::uint64_t key_salt_ = 0;               // share_table(): XOR-ed into every table key
  bool after_null_[kMaxPly + 1] = {};        // forward pruning: the node at this ply follows a null move
  bool quiet_[kMaxPly + 1] = {};             // extend: the node at this ply has quiet moves only
  std::uint8_t tenths_[kMaxPly + 1] = {};    // extend: the tenths of a ply the node at this ply passes on
  std::uint64_t nodes_ = 0, evals_ = 0, probes_ = 0, hits_ = 0;

  MoveOrdering<G> ordering_;
  Move pv_[kMaxPly + 1][kMaxPly + 1];
  int pv_len_[kMaxPly + 1] = {};
};

}  // namespace bao::search
