// Alpha-beta's lazy legality (search/alphabeta.h) on a game made for it: seeded trees in
// which some moves are "long" (set aside when a node's children are generated, decided
// later, legal or not), some "quiet" (their leaf children score at most the evaluator's
// takasa_bound of the parent), some illegal. Bao's long moves are nearly all infinite, so
// on Bao a wrongly skipped move rarely changes a value; here the long moves are legal
// three times in four and often the best, so any move skipped that could matter shows as
// a value different from minimax's.
#include <gtest/gtest.h>

#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <string>

#include "search/alphabeta.h"
#include "search/game_concepts.h"
#include "search/minimax.h"

namespace bao::search {
namespace {

inline std::uint64_t mix(std::uint64_t x) {  // SplitMix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct ToyMove {
  std::uint8_t i = 0;
  bool operator==(const ToyMove&) const = default;
};
struct ToyState {
  std::uint64_t id = 0;
  int ply = 0;
  int cap = kMaxEval;  // reached by a quiet move: its score for the mover is at most this
};
struct ToyChild {
  ToyMove move;
  ToyState pos;
};

struct ToyGame {
  using State = ToyState;
  using Move = ToyMove;
  using Child = ToyChild;
  using Children = boost::container::static_vector<ToyChild, 8>;
  using MoveList = boost::container::static_vector<ToyMove, 8>;
  struct Candidates {
    int n = 0;
  };
  static constexpr int kMoveIndexes = 8;

  static int width(const State& s) { return static_cast<int>(mix(s.id) % 6); }  // 0: no move
  static std::uint64_t bits(const State& s, int i) { return mix(s.id * 31 + static_cast<std::uint64_t>(i) + 7); }
  static bool legal(const State& s, int i) { return bits(s, i) % 4 != 0; }
  static bool is_long(const State& s, int i) { return (bits(s, i) >> 8) % 3 == 0; }
  static bool is_quiet(const State& s, int i) { return (bits(s, i) >> 16) % 2 == 0; }
  // The bound of s's quiet children, from the mover's view.
  static int bound(const State& s) { return static_cast<int>(mix(s.id ^ 0xabcdef) % 121) - 60; }
  static Child child_of(const State& s, int i) {
    State c{mix(s.id + static_cast<std::uint64_t>(i) + 1), s.ply + 1, is_quiet(s, i) ? bound(s) : kMaxEval};
    return Child{ToyMove{static_cast<std::uint8_t>(i)}, c};
  }

  void children(const State& s, Children& out) const {
    out.clear();
    for (int i = 0; i < width(s); ++i)
      if (legal(s, i)) out.push_back(child_of(s, i));
  }
  int side_to_move(const State& s) const { return s.ply % 2; }
  std::uint64_t hash(const State& s) const { return s.id; }
  int quick_winner(const State&) const { return -1; }
  int winner(const State& s) const { return (s.ply % 2) ^ 1; }
  int move_index(const Move& m) const { return m.i; }
  int order_hint(const State&, const Child&) const { return 0; }

  static std::uint8_t move_code(const Move& m) { return m.i; }
  static Move code_move(std::uint8_t c) { return ToyMove{c}; }
  Candidates candidates(const State& s) const { return Candidates{width(s)}; }
  bool child(const State& s, const Candidates& c, const Move& m, Child& out) const {
    if (m.i >= c.n || !legal(s, m.i)) return false;
    out = child_of(s, m.i);
    return true;
  }
  static bool skipped(const Move* skip, int n, int i) {
    for (int k = 0; k < n; ++k)
      if (skip[k].i == i) return true;
    return false;
  }
  void children_except(const State& s, const Candidates& c, const Move* skip, int n, Children& out) const {
    out.clear();
    for (int i = 0; i < c.n; ++i)
      if (!skipped(skip, n, i) && legal(s, i)) out.push_back(child_of(s, i));
  }
  void children_deferring(const State& s, const Candidates& c, const Move* skip, int n, Children& out,
                          MoveList* deferred) const {
    out.clear();
    if (deferred) deferred->clear();
    for (int i = 0; i < c.n; ++i) {
      if (skipped(skip, n, i)) continue;
      if (deferred && is_long(s, i))
        deferred->push_back(ToyMove{static_cast<std::uint8_t>(i)});
      else if (legal(s, i))
        out.push_back(child_of(s, i));
    }
  }
  int deferred_children(const State& s, const Move& m, const Move*, int, Child* out) const {
    if (!legal(s, m.i)) return 0;
    out[0] = child_of(s, m.i);
    return 1;
  }
  // Every move is quiet here: ToyEval::takasa_bound then bounds all of a node's children.
  static bool quiet(const Move&) { return true; }
  bool quiet_child_may_win(const State&) const { return false; }
};
static_assert(DeferringGame<ToyGame>);

// A seeded score of the position for the side that moved there, at most the position's
// cap (a child of a quiet move: its parent's bound), from `side`'s view.
struct ToyEval {
  int operator()(const ToyState& s, int side) const {
    const int mover = (s.ply % 2) ^ 1;                         // the side that moved to s
    int v = static_cast<int>(mix(s.id ^ 0x5555) % 201) - 100;  // for the mover
    if (v > s.cap) v = s.cap;
    return side == mover ? v : -v;
  }
  // Only the children of s's quiet-flagged moves are capped, so the bound over all of s's
  // children (ToyGame::quiet says every move is quiet) is the cap only when every move is.
  int takasa_bound(const ToyState& s, int) const {
    for (int i = 0; i < ToyGame::width(s); ++i)
      if (!ToyGame::is_quiet(s, i)) return kMaxEval;
    return ToyGame::bound(s);
  }
};

TEST(LazyLegality, ValuesAreMinimaxOnTreesWithLongMoves) {
  const ToyGame game;
  Minimax<ToyGame, ToyEval> mm(game, ToyEval{});
  AlphaBetaOptions lazy, every;
  lazy.tt_mb = every.tt_mb = 1;
  every.lazy_legality = false;
  AlphaBeta<ToyGame, ToyEval> a(game, ToyEval{}, lazy), b(game, ToyEval{}, every);
  int checked = 0;
  for (std::uint64_t root = 1; root <= 3000; ++root) {
    const ToyState s{mix(root), 0, kMaxEval};
    if (ToyGame::width(s) == 0) continue;
    const int depth = 1 + static_cast<int>(root % 5);
    SCOPED_TRACE("root " + std::to_string(root) + " depth " + std::to_string(depth));
    const auto ref = mm.search(s, Limits{depth, 0, 0});
    ASSERT_EQ(a.search(s, Limits{depth, 0, 0}).value, ref.value);
    ASSERT_EQ(b.search(s, Limits{depth, 0, 0}).value, ref.value);
    ++checked;
  }
  EXPECT_GT(checked, 2000);
}

}  // namespace
}  // namespace bao::search
