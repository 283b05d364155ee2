// Lazy SMP: one position searched by several threads that share one transposition table.
//
// The main thread runs the ordinary alpha-beta search (search/alphabeta.h) with the
// caller's limits, and its result is the result. Each helper searches the same root with
// its own killers, history and move buffers, with the main search's depth limit alone
// (every id_step depths), storing into the shared table; helper k starts its root moves k
// places on, so the threads begin in different subtrees, and every thread searches a
// child that another thread is inside after the node's other children (BusyPositions,
// search/busy_positions.h), so the threads split a node's work more than they repeat it.
// When the main search ends, the helpers are told to stop (a flag checked at every node,
// and by long-move proofs through the helper's Scope) and joined before search() returns.
//
// Exactness: an entry in the table is a bound on the exact value of its position at its
// depth, whichever thread stored it, and alpha-beta cuts off only with entries of its own
// remaining depth (unless tt_deeper), so the main thread's finished iteration of depth d
// still returns the depth-d minimax value and a move of that value. What the threads
// change is how many nodes the main thread visits, and that depends on their timing: a
// threaded search is not repeatable node for node, so tournaments refuse it
// (experiments/config.cpp).
//
// The result's node, evaluation and table counts are those of all threads together (the
// work done; its nodes per second is the whole machine's), and its time runs from the
// helpers' start to their join; a node limit counts the main thread's nodes. Helper
// threads are started for each search and joined at its end; with one thread nothing is
// started and the search is the plain one.
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

#include "search/alphabeta.h"

namespace bao::search {

// What a helper thread sets up around its search: nothing (Scope for games without
// per-thread state). Bao's long-move proofs need a scope (search/searcher.cpp).
struct NoHelperScope {
  struct Stopped {};
  explicit NoHelperScope(const std::atomic<bool>*) {}
};

// Scope: constructed in each helper thread with the stop flag before its search; a
// Scope::Stopped thrown out of the search ends that helper quietly.
template <StagedGame G, class Eval, class Scope = NoHelperScope>
class LazySmp {
 public:
  using State = typename G::State;
  using R = typename AlphaBeta<G, Eval>::R;

  // threads >= 1: the main search and threads - 1 helpers. Only the main search allocates
  // a table (options.tt_mb); the helpers share it.
  LazySmp(const G& game, const Eval& eval, const AlphaBetaOptions& options, int threads) : main_(game, eval, options) {
    AlphaBetaOptions helper = options;
    helper.tt_mb = 0;
    if (threads > 1) {
      busy_ = std::make_unique<BusyPositions>();
      main_.share_busy(busy_.get());
    }
    for (int k = 1; k < threads; ++k) {
      helpers_.push_back(std::make_unique<AlphaBeta<G, Eval>>(game, eval, helper));
      helpers_.back()->help(main_.table(), &halt_, k);
      helpers_.back()->share_busy(busy_.get());
    }
  }

  int threads() const { return static_cast<int>(helpers_.size()) + 1; }

  template <class Info>
  R search(const State& root, const Limits& limits, Info&& info) {
    if (helpers_.empty()) return main_.search(root, limits, info);
    const auto start = std::chrono::steady_clock::now();
    halt_.store(false, std::memory_order_relaxed);
    Limits helper_limits;
    helper_limits.depth = limits.depth > 0 ? limits.depth : kMaxPly - 1;
    std::vector<std::exception_ptr> errors(helpers_.size());
    std::vector<std::thread> pool;
    pool.reserve(helpers_.size());
    R r;
    {
      // The table's generation is started before any helper probes it.
      main_.begin_table_search();
      Joiner joiner{halt_, pool};
      for (std::size_t k = 0; k < helpers_.size(); ++k)
        pool.emplace_back([&, k] {
          try {
            Scope scope(&halt_);
            try {
              helpers_[k]->search(root, helper_limits);
            } catch (const typename Scope::Stopped&) {
            }
          } catch (...) {
            errors[k] = std::current_exception();
          }
        });
      r = main_.search(root, limits, info);
    }  // the helpers are stopped and joined here, also when the main search throws
    for (const auto& e : errors)
      if (e) std::rethrow_exception(e);
    for (const auto& h : helpers_) {
      const auto c = h->counts();
      r.nodes += c.nodes;
      r.leaf_evals += c.evals;
      r.tt_probes += c.probes;
      r.tt_hits += c.hits;
    }
    r.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();  // helpers started and joined
    return r;
  }

 private:
  struct Joiner {
    std::atomic<bool>& halt;
    std::vector<std::thread>& pool;
    ~Joiner() {
      halt.store(true, std::memory_order_relaxed);
      for (auto& t : pool) t.join();
    }
  };

  AlphaBeta<G, Eval> main_;
  std::vector<std::unique_ptr<AlphaBeta<G, Eval>>> helpers_;
  std::atomic<bool> halt_{false};
  std::unique_ptr<BusyPositions> busy_;  // threads > 1: the positions the threads are inside
};

}  // namespace bao::search
