// The exact margin of a game with a score (Kalah) under perfect play, on the Game concept
// (search/game_concepts.h) plus a score hook: iterative-deepening MTD(f) (Plaat, Schaeffer,
// Pijls and de Bruin, 1996) over a fail-soft null-window alpha-beta with a transposition
// table, as Irving, Donkers and Uiterwijk solved Kalah ("Solving Kalah", ICGA Journal
// 23(3), 2000).
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
//   int order(s, child)           a move ordering score, higher first
//   void prefetch(s)              starts loading what exact(s) will read (a hint)
// The solver relies on the rest, final - banked, depending only on what rest_key hashes
// (Kalah: the houses and the side to move, not the stores), so the table keeps bounds on
// the rest and a position reached with other stores reuses them. banked +- open bounds
// every node before its moves are generated: a window outside it is decided at once.
//
// Iterative deepening: before the exact search, MTD(f) runs at depth limits 1, 1 + step,
// ... up to MarginOptions::deepen_to moves, a leaf at the limit scored banked(s) (the
// stores' difference, the rest guessed 0). Those iterations leave in the table a best
// move at the nodes the exact search meets first, and give it its first guess. Bounds
// carry their draft: those found with no line cut by the limit hold at any depth (the
// game's own bounds, kExact) and decide the root as soon as they meet; the others are
// used only at the same limit or a smaller one.
//
// Resuming and the first guess (MarginOptions::lower, upper, guess): each null-window test
// that no limit cut is a proven bound on the value, so a stopped solve can hand its bounds
// to the next one, which starts within them. Given bounds are taken as proven: a test that
// proves the contrary (an upper bound below a given lower one, a lower bound above a given
// upper one) stops the solve with Result::contradiction set, never a value. The first
// guess only orders the tests (MTD(f)'s f): the value is exact whatever it is.
//
// The game must end on every line (no position recurs on a path: Kalah's seeds only move
// towards a store, docs/kalah.md), so every bound in the table holds on every path.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "search/solver/budget.h"
#include "search/solver/margin_table.h"

namespace bao::search::solver {

struct MarginOptions {
  int deepen_to = 16;   // last depth-limited iteration (moves); 0: the exact search alone
  int deepen_step = 2;  // moves added per iteration
  bool order = true;    // false: moves in the generator's order (the table's move first)
  // Enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin 1996) at nodes
  // with at least this many seeds still open: the table's bounds of every child are
  // read before any is searched, and one that already decides the window ends the node.
  // 0: never.
  int etc_min_open = 0;
  // Nodes with fewer seeds than this still open neither read nor write the table: near
  // the endgame database their subtrees are small, and a probe, a cache miss at a random
  // address in gigabytes, costs more than the few nodes it saves. 0: every node.
  int table_min_open = 0;
  // Bounds on the value proven before (a stopped solve's), taken as proven.
  std::optional<int> lower, upper;
  // The exact search's first guess; unset: the last depth-limited iteration's value, or
  // without iterations the store difference.
  std::optional<int> guess;
  // Called after every null-window test of the exact search that ended (no budget stop):
  // the test's beta, its fail-soft result and the root's proven bounds after it.
  std::function<void(int beta, int result, int lower, int upper)> on_test;
};

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
    int best = -1;        // index in g.children(s) of a move reaching the value, -1 if none
    int tests = 0;        // null-window tests run, all iterations
    int iterations = 0;   // depth-limited iterations finished
    int first_guess = 0;  // the exact search's first guess
    // Non-empty when a test proved the contrary of a given bound (MarginOptions::lower or
    // upper): the bounds then say nothing, and solved is false.
    std::string contradiction;
  };

  MarginSolver(const G& g, const H& hook, std::size_t table_mb, MarginOptions options = {})
      : g_(g), h_(hook), options_(options), table_(table_mb) {}

  // The table, to keep it in a file between runs (search/solver/margin_table_file.h):
  // every bound in it holds on every path, in any later solve of the same game.
  MarginTable& table() { return table_; }

  Result solve(const State& s, Budget& budget) {
    budget_ = &budget;
    Result r;
    if (h_.over(s)) {
      r.solved = true;
      r.value = r.lower = r.upper = h_.final_margin(s);
      if ((options_.lower && r.value < *options_.lower) || (options_.upper && r.value > *options_.upper)) {
        r.solved = false;
        r.contradiction = "the game is over with the margin " + std::to_string(r.value) + ", outside the given bounds";
      }
      return r;
    }
    lower_ = h_.banked(s) - h_.open(s);
    upper_ = h_.banked(s) + h_.open(s);
    contradiction_.clear();
    if (options_.lower) lower_ = std::max(lower_, *options_.lower);
    if (options_.upper) upper_ = std::min(upper_, *options_.upper);
    if (lower_ > upper_) {
      r.contradiction = "the given bounds leave no value within the game's own bounds [" +
                        std::to_string(h_.banked(s) - h_.open(s)) + ", " + std::to_string(h_.banked(s) + h_.open(s)) +
                        "]";
      return r;
    }
    int guess = h_.banked(s);
    for (int d = 1; d <= options_.deepen_to && d < MarginTable::kExact && lower_ < upper_ && contradiction_.empty();
         d += std::max(1, options_.deepen_step)) {
      const int v = mtdf(s, guess, d, r.tests);
      if (budget.stopped()) break;
      guess = v;
      ++r.iterations;
    }
    if (options_.guess) guess = *options_.guess;
    r.first_guess = std::clamp(guess, lower_, upper_);
    if (!budget.stopped() && contradiction_.empty()) mtdf(s, guess, MarginTable::kExact, r.tests);
    r.lower = lower_;
    r.upper = upper_;
    r.contradiction = contradiction_;
    if (lower_ < upper_ || !contradiction_.empty()) return r;
    r.solved = true;
    r.value = lower_;
    r.best = best_move(s, r.value);
    if (budget.stopped()) {
      r.best = -1;
    } else if (r.best < 0) {
      // Every child proved worse than the value for the mover: only a given bound can
      // have put it there.
      r.solved = false;
      r.contradiction =
          "no move reaches the value " + std::to_string(r.value) + " that the given bounds implied: they do not hold";
    }
    return r;
  }

 private:
  static constexpr std::uint8_t kNoMove = MarginTable::kNoMove;

  // MTD(f) at one depth limit: null-window tests narrow [lo, hi], starting within the
  // exact bounds, until they meet; a test that no limit cut narrows the exact bounds too.
  // Returns the value at this depth (the exact value at kExact), or the guess when stopped.
  int mtdf(const State& s, int guess, int depth, int& tests) {
    int lo = lower_, hi = upper_;
    guess = std::clamp(guess, lo, hi);
    while (lo < hi) {
      const int beta = guess == lo ? guess + 1 : guess;
      cut_ = false;
      const int v = search(s, beta - 1, beta, depth);
      if (budget_->stopped()) return guess;
      ++tests;
      if (!cut_ && contradicts(v, beta)) return lo;
      if (v < beta) {
        hi = std::min(hi, v);
        if (!cut_) upper_ = std::min(upper_, v);
      } else {
        lo = std::max(lo, v);
        if (!cut_) lower_ = std::max(lower_, v);
      }
      lo = std::max(lo, lower_);
      hi = std::min(hi, upper_);
      if (depth == MarginTable::kExact && options_.on_test) options_.on_test(beta, v, lower_, upper_);
      if (lower_ >= upper_) return lower_;
      if (lo >= hi) break;  // below a limit, bounds from other drafts may cross
      guess = std::clamp(v, lo, hi);
    }
    return lo;
  }

  // Whether a proven test result v (against beta) contradicts a given bound; if so, says
  // how in contradiction_ and stops the solve.
  bool contradicts(int v, int beta) {
    if (v < beta && options_.lower && v < *options_.lower)
      contradiction_ = "a test proved the value at most " + std::to_string(v) + ", below the given lower bound " +
                       std::to_string(*options_.lower);
    else if (v >= beta && options_.upper && v > *options_.upper)
      contradiction_ = "a test proved the value at least " + std::to_string(v) + ", above the given upper bound " +
                       std::to_string(*options_.upper);
    else
      return false;
    lower_ = upper_ = 0;
    return true;
  }

  // Fail-soft alpha-beta on South's margin to `depth` moves (kExact: to the end): a result
  // v <= alpha is an upper bound on the value, v >= beta a lower bound, anything between
  // exact. Sets cut_ when a line was cut by the limit, so the result holds at this depth only.
  int search(const State& s, int alpha, int beta, int depth) {
    if (h_.over(s)) return h_.final_margin(s);
    const int banked = h_.banked(s);
    if (int rest; h_.exact(s, rest)) return banked + rest;
    const int open = h_.open(s);
    int lo = banked - open, hi = banked + open;
    const bool tabled = open >= options_.table_min_open;
    const std::uint64_t key = tabled ? h_.rest_key(s) : 0;
    std::uint8_t table_move = kNoMove;
    bool limited = false;  // bounds from a depth-limited entry in use
    if (const MarginTable::Entry* e = tabled ? table_.find(key) : nullptr) {
      table_move = e->best;
      if (e->draft >= depth) {
        lo = std::max(lo, banked + e->lo);
        hi = std::min(hi, banked + e->hi);
        limited = e->draft != MarginTable::kExact;
      }
    }
    if (lo >= beta || lo == hi || hi <= alpha) {
      cut_ = cut_ || limited;
      return lo >= beta || lo == hi ? lo : hi;
    }
    if (depth == 0) {
      cut_ = true;
      return std::clamp(banked, lo, hi);
    }
    if (budget_->tick(
            [this] { return "margin within [" + std::to_string(lower_) + ", " + std::to_string(upper_) + "]"; }))
      return alpha;  // unwinding: the caller discards it
    const bool outer_cut = cut_;
    cut_ = limited;
    const int a = std::max(alpha, lo), b = std::min(beta, hi);
    const int child_depth = depth == MarginTable::kExact ? depth : depth - 1;
    const std::uint64_t nodes_before = budget_->nodes();
    Children kids;
    g_.children(s, kids);
    // Every child's table bucket and database value start loading now, together: a probe
    // is a cache miss at a random address in gigabytes, and nearly all of a node's time
    // is spent waiting on its probes when they are made one after another.
    for (const auto& c : kids) {
      if (h_.open(c.pos) >= options_.table_min_open) table_.prefetch(h_.rest_key(c.pos));
      h_.prefetch(c.pos);
    }
    const bool south = g_.side_to_move(s) == 0;
    order(s, kids, table_move);
    if (options_.etc_min_open > 0 && open >= options_.etc_min_open) {
      int cut_value;
      if (transposition_cut(kids, south, a, b, child_depth, cut_value)) {
        cut_ = outer_cut || cut_;
        return cut_value;
      }
    }
    int best = south ? lo - 1 : hi + 1, best_index = -1;
    for (int i = 0; i < static_cast<int>(kids.size()); ++i) {
      const int v = south ? search(kids[i].pos, std::max(a, best), b, child_depth)
                          : search(kids[i].pos, a, std::min(b, best), child_depth);
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
    const bool node_cut = cut_;
    if (tabled)
      table_.record(key, new_lo - banked, new_hi - banked, move,
                    node_cut ? static_cast<std::uint8_t>(depth) : MarginTable::kExact, budget_->nodes() - nodes_before);
    cut_ = outer_cut || node_cut;
    return best <= a ? new_hi : new_lo;
  }

  // Whether a child's bounds in the table (or its end, or the database) already give the
  // mover a value at least b (South) or at most a (North); cut_ says whether they hold
  // at this depth only.
  bool transposition_cut(const Children& kids, bool south, int a, int b, int child_depth, int& value) {
    for (const auto& c : kids) {
      const State& t = c.pos;
      int lo, hi;
      bool limited = false;
      if (h_.over(t)) {
        lo = hi = h_.final_margin(t);
      } else if (int rest; h_.exact(t, rest)) {
        lo = hi = h_.banked(t) + rest;
      } else {
        if (h_.open(t) < options_.table_min_open) continue;
        const MarginTable::Entry* e = table_.find(h_.rest_key(t));
        if (!e || e->draft < child_depth) continue;
        lo = h_.banked(t) + e->lo;
        hi = h_.banked(t) + e->hi;
        limited = e->draft != MarginTable::kExact;
      }
      if (south ? lo >= b : hi <= a) {
        cut_ = cut_ || limited;
        value = south ? lo : hi;
        return true;
      }
    }
    return false;
  }

  // The table's move first, then the hook's score (Kalah: extra moves, then captures);
  // an insertion sort of at most a row of moves, without the heap. Without ordering the
  // table's move still goes first (the generator's order after it).
  void order(const State& s, Children& kids, std::uint8_t first) const {
    const int n = static_cast<int>(kids.size());
    int key[Children::static_capacity];
    for (int i = 0; i < n; ++i)
      key[i] = g_.move_index(kids[i].move) == first ? 1 << 24 : options_.order ? h_.order(s, kids[i]) : 0;
    for (int i = 1; i < n; ++i)
      for (int j = i; j > 0 && key[j] > key[j - 1]; --j) {
        std::swap(key[j], key[j - 1]);
        std::swap(kids[j], kids[j - 1]);
      }
  }

  // A move whose child is worth the value for the mover: the table's move at s when it
  // is (the move of the last test that proved the mover's side, whose child's bound is
  // in the table), else the first in generator order. Trying the table's move first
  // spares refuting the moves before it in generator order, each a search of its own:
  // Kalah(5,6) with empty capture spent a third of its solve there.
  int best_move(const State& s, int value) {
    Children kids;
    g_.children(s, kids);
    const int n = static_cast<int>(kids.size());
    int first = -1;
    if (h_.open(s) >= options_.table_min_open)
      if (const MarginTable::Entry* e = table_.find(h_.rest_key(s)))
        for (int i = 0; i < n && first < 0; ++i)
          if (g_.move_index(kids[i].move) == e->best) first = i;
    const bool south = g_.side_to_move(s) == 0;
    const auto reaches = [&](int i) {
      const int v = south ? search(kids[i].pos, value - 1, value, MarginTable::kExact)
                          : search(kids[i].pos, value, value + 1, MarginTable::kExact);
      return !budget_->stopped() && (south ? v >= value : v <= value);
    };
    if (first >= 0 && reaches(first)) return first;
    for (int i = 0; i < n && !budget_->stopped(); ++i)
      if (i != first && reaches(i)) return i;
    return -1;
  }

  const G& g_;
  H h_;
  MarginOptions options_;
  MarginTable table_;
  Budget* budget_ = nullptr;
  int lower_ = 0, upper_ = 0;
  bool cut_ = false;
  std::string contradiction_;
};

}  // namespace bao::search::solver
