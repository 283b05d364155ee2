// What a search is asked (limits) and what it returns (result), for any game.
#pragma once

#include <atomic>
#include <boost/container/static_vector.hpp>
#include <chrono>
#include <cstdint>

#include "search/score.h"

namespace bao::search {

// The most threads any parallel run of the toolkit takes (tournaments, tuners, tree
// grids): far more OpenMP threads crashed the process (100000: a segfault).
inline constexpr int kMaxThreads = 1024;

// At least one limit is set; 0 means "no limit" for each. A search always completes
// depth 1, so it has a move even under a tiny node or time limit.
struct Limits {
  int depth = 0;             // iterations up to this depth (plies)
  std::uint64_t nodes = 0;   // stop once this many nodes were visited
  std::int64_t time_ms = 0;  // stop once this much wall time has passed
  // Stop as at the deadline once this flag is set (null: none), read where the clock is:
  // another thread ends the search (bao serve, when the client has gone). Not a limit of
  // its own: a search needs one of the three above.
  const std::atomic<bool>* halt = nullptr;
};

// Where a search stops: once it has visited `nodes` nodes (0: never) or at `deadline`
// (time_point::max(): never). Every searcher asks passed(nodes) at each node of an
// iteration it may abandon; the clock is read once in 1024 nodes, so the check costs two
// comparisons per node. Alpha-beta, minimax and the opponent-model searches share it.
class StopRule {
 public:
  using Clock = std::chrono::steady_clock;
  StopRule() = default;
  StopRule(std::uint64_t nodes, Clock::time_point deadline, const std::atomic<bool>* halt = nullptr)
      : nodes_(nodes), deadline_(deadline), halt_(halt) {}
  // A search's node and time limits, counted from its start, and its halt flag.
  static StopRule of(const Limits& l, Clock::time_point start) {
    return {l.nodes, l.time_ms ? start + std::chrono::milliseconds(l.time_ms) : Clock::time_point::max(), l.halt};
  }
  bool active() const { return nodes_ != 0 || deadline_ != Clock::time_point::max() || halt_; }
  Clock::time_point deadline() const { return deadline_; }  // max: none
  const std::atomic<bool>* halt() const { return halt_; }
  bool halted() const { return halt_ && halt_->load(std::memory_order_relaxed); }
  bool passed(std::uint64_t nodes) const {
    return (nodes_ && nodes >= nodes_) ||
           ((nodes & 1023) == 0 && (halted() || (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_)));
  }

 private:
  std::uint64_t nodes_ = 0;
  Clock::time_point deadline_ = Clock::time_point::max();
  const std::atomic<bool>* halt_ = nullptr;
};

template <class Move>
struct Result {
  bool has_move = false;  // false: the game is over at the root
  Move best{};
  int value = 0;  // from the side to move's view
  boost::container::static_vector<Move, kMaxPly> pv;
  int depth = 0;                 // deepest finished iteration
  std::uint64_t nodes = 0;       // positions visited (interior and leaves); MCTS: iterations
  std::uint64_t positions = 0;   // MCTS: positions made (tree, rollouts, model searches); else 0
  std::uint64_t leaf_evals = 0;  // evaluation function calls
  std::uint64_t tt_probes = 0, tt_hits = 0;
  double seconds = 0;
};

}  // namespace bao::search
