// The exact distance to the end of a win/loss game under perfect play, on the Game
// concept: the winner's shortest forced win, which is also the loser's longest loss.
//
// wins(s, attacker, d) is a null-window alpha-beta test, "can `attacker` force the end of
// the game with his win within d plies?" (an AND/OR search to depth d: OR where
// g.side_to_move is the attacker, AND elsewhere, so a side moving twice is handled).
// solve() deepens d = 0, 1, 2, ... and asks it for both sides at each d: the first d at which
// one side's test succeeds is the value and the exact distance, since a smaller d would
// have succeeded before (MTD(f) on the distance, with steps of one ply). The loser's
// longest loss is the same number: the loser delays as long as he can exactly when the
// winner hurries as fast as he can (the minimax of the distance).
//
// Every test is bounded by d, so a repetition only spends depth: no cycle can prove or
// refute anything, the table's results hold on every path (no graph-history problem), and
// the value is exact for the game as the rules define it, whatever length cap a game loop
// adds above the distance found.
//
// The table keeps per position and attacker the least d proven a win and the greatest d
// refuted, in a fixed array of 4-entry buckets (an entry with a smaller d is evicted first).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "search/solver/budget.h"

namespace bao::search::solver {

template <class G>
class DistanceSolver {
 public:
  using State = typename G::State;
  using Move = typename G::Move;
  using Children = typename G::Children;

  struct Result {
    int winner = -1;     // -1: open (the budget ran out first)
    int distance = 0;    // plies to the end under perfect play
    int best = -1;       // the index of the best move in g.children(s), -1 if none
    int depth_done = 0;  // the last d refuted for both sides (open: no end within it)
  };

  DistanceSolver(const G& g, std::size_t table_mb) : g_(g) {
    std::size_t buckets = 1;
    while ((buckets * 2) * kWays * sizeof(Entry) <= table_mb * (std::size_t{1} << 20)) buckets *= 2;
    table_.assign(buckets * kWays, Entry{});
    mask_ = buckets - 1;
  }

  Result solve(const State& s, Budget& budget, int max_depth = 1000) {
    budget_ = &budget;
    Result r;
    const int side = g_.side_to_move(s);
    for (int d = 0; d <= max_depth; ++d) {
      depth_ = d;
      for (int a : {side, side ^ 1}) {
        const bool w = wins(s, a, d);
        if (budget.stopped()) return r;
        if (w) {
          r.winner = a;
          r.distance = d;
          r.best = best_move(s, a, d);
          return r;
        }
      }
      r.depth_done = d;
    }
    return r;
  }

  // Whether attacker forces a win within d plies from s (public for tests).
  bool wins(const State& s, int attacker, int d) {
    const int q = g_.quick_winner(s);
    if (q >= 0) return q == attacker;
    const bool is_or = g_.side_to_move(s) == attacker;
    if (d == 0 && is_or) return false;  // an end at s with the attacker to move is his loss
    const std::uint64_t key = g_.hash(s) ^ (attacker ? kAttackerSalt : 0);
    if (const Entry* e = find(key)) {
      if (e->won <= d) return true;
      if (e->refuted >= d) return false;
    }
    if (budget_->tick([this] { return "distance " + std::to_string(depth_); })) return false;
    Children kids;
    g_.children(s, kids);
    bool result;
    if (kids.empty()) {
      result = g_.winner(s) == attacker;
    } else if (d == 0) {
      result = false;
    } else if (is_or) {
      result = false;
      // Ends and table hits first: a win found there costs no search.
      for (const auto& c : kids)
        if (g_.quick_winner(c.pos) == attacker || known(c.pos, attacker, d - 1) == 1) {
          result = true;
          break;
        }
      if (!result)
        for (const auto& c : kids)
          if (known(c.pos, attacker, d - 1) != 0 && wins(c.pos, attacker, d - 1)) {
            result = true;
            break;
          }
    } else {
      result = true;
      for (const auto& c : kids) {
        const int q2 = g_.quick_winner(c.pos);
        if ((q2 >= 0 && q2 != attacker) || known(c.pos, attacker, d - 1) == 0) {
          result = false;
          break;
        }
      }
      if (result)
        for (const auto& c : kids)
          if (!wins(c.pos, attacker, d - 1)) {
            result = false;
            break;
          }
    }
    if (budget_->stopped()) return false;
    record(key, result, d);
    return result;
  }

 private:
  static constexpr std::size_t kWays = 4;
  static constexpr std::uint64_t kAttackerSalt = 0x9e3779b97f4a7c15ull;
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t won = 0x7fff;  // least d proven
    std::int16_t refuted = -1;  // greatest d refuted
    std::uint8_t used = 0;
  };

  // 1: the table proves a win within d, 0: it refutes one, -1: unknown.
  int known(const State& s, int attacker, int d) const {
    const Entry* e = find(g_.hash(s) ^ (attacker ? kAttackerSalt : 0));
    if (!e) return -1;
    if (e->won <= d) return 1;
    if (e->refuted >= d) return 0;
    return -1;
  }

  int best_move(const State& s, int attacker, int d) {
    Children kids;
    g_.children(s, kids);
    const bool is_or = g_.side_to_move(s) == attacker;
    for (int i = 0; i < static_cast<int>(kids.size()); ++i) {
      // The winner's move reaches the end within d - 1; the loser's delays it past d - 2.
      if (is_or ? wins(kids[i].pos, attacker, d - 1) : (d < 2 || !wins(kids[i].pos, attacker, d - 2))) return i;
    }
    return kids.empty() ? -1 : 0;
  }

  const Entry* find(std::uint64_t key) const {
    const Entry* b = &table_[(key & mask_) * kWays];
    for (std::size_t i = 0; i < kWays; ++i)
      if (b[i].used && b[i].key == key) return &b[i];
    return nullptr;
  }

  void record(std::uint64_t key, bool won, int d) {
    Entry* b = &table_[(key & mask_) * kWays];
    Entry* slot = nullptr;
    for (std::size_t i = 0; i < kWays && !slot; ++i)
      if (b[i].used && b[i].key == key) slot = &b[i];
    if (!slot) {
      for (std::size_t i = 0; i < kWays && !slot; ++i)
        if (!b[i].used) slot = &b[i];
      if (!slot) {
        slot = &b[0];
        for (std::size_t i = 1; i < kWays; ++i)
          if (std::max<int>(b[i].refuted, 0) < std::max<int>(slot->refuted, 0)) slot = &b[i];
      }
      *slot = Entry{};
      slot->key = key;
      slot->used = 1;
    }
    if (won)
      slot->won = static_cast<std::int16_t>(std::min<int>(slot->won, d));
    else
      slot->refuted = static_cast<std::int16_t>(std::max<int>(slot->refuted, d));
  }

  const G& g_;
  Budget* budget_ = nullptr;
  int depth_ = 0;
  std::vector<Entry> table_;
  std::size_t mask_ = 0;
};

}  // namespace bao::search::solver
