// The exact margin of a game with a score (Kalah) under perfect play, on the Game concept
// (search/game_concepts.h) plus a score hook: MTD(f) (Plaat, Schaeffer, Pijls and de
// Bruin, 1996) over a fail-soft null-window alpha-beta with a transposition table, as
// Irving, Donkers and Uiterwijk solved Kalah ("Solving Kalah", ICGA Journal 23(3), 2000).
//
// Values are South's (side 0): South maximises the final margin, North minimises it. A
// node's side is g.side_to_move(node), whoever moved into it, so a move that keeps the
// turn (Kalah's extra move) needs nothing else.
//
// The score hook H (structural):
//   bool over(s)                  the game has ended at s
//   int final_margin(s)           the margin of a finished game
//   int banked(s)                 the part of the final margin already fixed at s
//   int open(s)                   how far the rest can still move it: the final margin
//                                 lies within banked(s) +- open(s)
//   std::uint64_t rest_key(s)     a hash of what the rest of the game depends on
//   bool exact(s, int& rest)      the rest from an endgame database, when it holds s
// The solver relies on the rest, final - banked, depending only on what rest_key hashes
// (Kalah: the houses and the side to move, not the stores), so the table keeps bounds on
// the rest and a position reached with other stores reuses them. banked +- open bounds
// every node before its moves are generated: a window outside it is decided at once.
//
// The game must end on every line (no position recurs on a path: Kalah's seeds only move
// towards a store, docs/kalah.md), so every bound in the table holds on every path.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "search/solver/budget.h"

namespace bao::search::solver {

template <class G, class H>
class MarginSolver {
 public:
  using State = typename G::State;
  using Children = typename G::Children;

  struct Result {
    bool solved = false;  // false: the budget ran out first
    int value = 0;        // the margin, South's view (solved)
    int lower = 0;        // the bounds proven so far (equal to value when solved)
    int upper = 0;
    int best = -1;  // index in g.children(s) of a move reaching the value, -1 if none
    int tests = 0;  // null-window tests run
  };

  MarginSolver(const G& g, const H& hook, std::size_t table_mb) : g_(g), h_(hook) {
    std::size_t buckets = 1;
    while ((buckets * 2) * kWays * sizeof(Entry) <= table_mb * (std::size_t{1} << 20)) buckets *= 2;
    table_.assign(buckets * kWays, Entry{});
    mask_ = buckets - 1;
  }

  // MTD(f): null-window tests narrow [lower, upper] from banked +- open until they meet.
  Result solve(const State& s, Budget& budget) {
    budget_ = &budget;
    Result r;
    if (h_.over(s)) {
      r.solved = true;
      r.value = r.lower = r.upper = h_.final_margin(s);
      return r;
    }
    lower_ = h_.banked(s) - h_.open(s);
    upper_ = h_.banked(s) + h_.open(s);
    int guess = h_.banked(s);
    while (lower_ < upper_) {
      const int beta = guess == lower_ ? guess + 1 : guess;
      const int v = search(s, beta - 1, beta);
      if (budget.stopped()) break;
      ++r.tests;
      if (v < beta)
        upper_ = std::min(upper_, v);
      else
        lower_ = std::max(lower_, v);
      guess = std::clamp(v, lower_, upper_);
    }
    r.lower = lower_;
    r.upper = upper_;
    if (lower_ < upper_) return r;
    r.solved = true;
    r.value = lower_;
    r.best = best_move(s, r.value);
    if (budget.stopped()) r.best = -1;
    return r;
  }

  // Fail-soft alpha-beta on South's margin: a result v <= alpha is an upper bound on the
  // value, v >= beta a lower bound, anything between exact (public for tests).
  int search(const State& s, int alpha, int beta) {
    if (h_.over(s)) return h_.final_margin(s);
    const int banked = h_.banked(s), open = h_.open(s);
    if (int rest; h_.exact(s, rest)) return banked + rest;
    int lo = banked - open, hi = banked + open;
    const std::uint64_t key = h_.rest_key(s);
    Entry* e = find(key);
    if (e) {
      lo = std::max(lo, banked + e->lo);
      hi = std::min(hi, banked + e->hi);
    }
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (budget_->tick(
            [this] { return "margin within [" + std::to_string(lower_) + ", " + std::to_string(upper_) + "]"; }))
      return alpha;  // unwinding: the caller discards it
    const int a = std::max(alpha, lo), b = std::min(beta, hi);
    const std::uint64_t nodes_before = budget_->nodes();
    Children kids;
    g_.children(s, kids);
    const bool south = g_.side_to_move(s) == 0;
    order(s, kids, e ? e->best : kNoMove);
    int best = south ? lo - 1 : hi + 1, best_index = -1;
    for (int i = 0; i < static_cast<int>(kids.size()); ++i) {
      const int v = south ? search(kids[i].pos, std::max(a, best), b) : search(kids[i].pos, a, std::min(b, best));
      if (budget_->stopped()) return alpha;
      if (south ? v > best : v < best) best = v, best_index = i;
      if (south ? best >= b : best <= a) break;
    }
    // Within [lo, hi]: a bound outside it says less than the one already known.
    int new_lo = lo, new_hi = hi;
    if (best <= a)
      new_hi = std::min(hi, std::max(best, lo));
    else if (best >= b)
      new_lo = std::max(lo, std::min(best, hi));
    else
      new_lo = new_hi = best;
    const std::uint8_t move =
        best_index >= 0 ? static_cast<std::uint8_t>(g_.move_index(kids[best_index].move)) : kNoMove;
    record(key, new_lo - banked, new_hi - banked, move, work(budget_->nodes() - nodes_before));
    return best <= a ? new_hi : new_lo;
  }

 private:
  static constexpr std::size_t kWays = 4;
  static constexpr std::uint8_t kNoMove = 0xff;
  // Bounds on the rest (final - banked), the best move found, and the work the entry
  // cost (log2 of the nodes below it), which decides what a full bucket gives up.
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t lo = -0x7fff, hi = 0x7fff;
    std::uint8_t best = kNoMove;
    std::uint8_t used = 0;
    std::uint8_t work = 0;
  };

  static std::uint8_t work(std::uint64_t nodes) {
    std::uint8_t w = 0;
    while (nodes > 1) nodes >>= 1, ++w;
    return w;
  }

  // The table's move first, then the game's hint (Kalah: stored seeds, extra moves); an
  // insertion sort of at most a row of moves, without the heap.
  void order(const State& s, Children& kids, std::uint8_t first) const {
    const int n = static_cast<int>(kids.size());
    int key[Children::static_capacity];
    for (int i = 0; i < n; ++i) key[i] = g_.move_index(kids[i].move) == first ? 1 << 20 : g_.order_hint(s, kids[i]);
    for (int i = 1; i < n; ++i)
      for (int j = i; j > 0 && key[j] > key[j - 1]; --j) {
        std::swap(key[j], key[j - 1]);
        std::swap(kids[j], kids[j - 1]);
      }
  }

  // The first move (in generator order) whose child is worth the value for the mover.
  int best_move(const State& s, int value) {
    Children kids;
    g_.children(s, kids);
    const bool south = g_.side_to_move(s) == 0;
    for (int i = 0; i < static_cast<int>(kids.size()); ++i) {
      const int v = south ? search(kids[i].pos, value - 1, value) : search(kids[i].pos, value, value + 1);
      if (budget_->stopped()) return -1;
      if (south ? v >= value : v <= value) return i;
    }
    return -1;
  }

  Entry* find(std::uint64_t key) {
    Entry* b = &table_[(key & mask_) * kWays];
    for (std::size_t i = 0; i < kWays; ++i)
      if (b[i].used && b[i].key == key) return &b[i];
    return nullptr;
  }

  // A new position takes an empty slot, else the slot that cost the least work.
  void record(std::uint64_t key, int lo, int hi, std::uint8_t best, std::uint8_t work) {
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
          if (b[i].work < slot->work) slot = &b[i];
      }
      *slot = Entry{};
      slot->key = key;
      slot->used = 1;
    }
    slot->lo = static_cast<std::int16_t>(std::max<int>(slot->lo, lo));
    slot->hi = static_cast<std::int16_t>(std::min<int>(slot->hi, hi));
    if (best != kNoMove) slot->best = best;
    slot->work = std::max(slot->work, work);
  }

  const G& g_;
  H h_;
  Budget* budget_ = nullptr;
  int lower_ = 0, upper_ = 0;
  std::vector<Entry> table_;
  std::size_t mask_ = 0;
};

}  // namespace bao::search::solver
