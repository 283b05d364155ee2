// alphabeta(extend=true), Donkers' 2002 search extension (search/alphabeta.h; Engine.pas
// ab_search): against a reference written here from his rule in tenths of a ply (a plain
// negamax alpha-beta in the game's order, no table) at depth 10, where paths can collect
// a whole extra ply, on two positions where the value differs from the plain one and on
// seeded others; up to depth 8 the plain value and move (no path collects a whole ply);
// off by default; refused on a game without quiet moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/kalah/kalah_game.h"
#include "input_error.h"
#include "models/evaluators.h"
#include "play/openings.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/score.h"

namespace bao::search {
namespace {

const Rules kRules{};

using AB = AlphaBeta<BaoGame, EvalFn>;

// Games in progress after seeded random walks of `from` to `to` plies.
std::vector<Position> positions(std::uint64_t seed, int count, int from, int to) {
  std::vector<Position> out;
  for (std::uint64_t i = 0; static_cast<int>(out.size()) < count; ++i) {
    const Position p = play::random_opening(kRules, seed, i, from, to);
    if (outcome(p, kRules) == Outcome::Ongoing) out.push_back(p);
  }
  return out;
}

std::unique_ptr<AB> make(const Evaluator& eval, bool extend) {
  AlphaBetaOptions o;
  o.tt_mb = 4;
  o.extend = extend;
  return std::make_unique<AB>(BaoGame{kRules}, EvalFn{&eval}, o);
}

// His rule as his ab_search applies it, written out: r is the depth left in tenths of a
// ply, a leaf when below 10; a node at ply >= 2 with captures whose parent's moves were
// quiet adds 3 before its children are searched with r - 10.
struct Reference {
  const BaoGame game{kRules};
  const Evaluator& eval;

  int node(const Position& s, int r, int ply, bool parent_quiet, int alpha, int beta) const {
    const int side = s.side;
    if (const int w = game.quick_winner(s); w >= 0) return terminal_score(w, side, ply);
    if (r < 10) return eval.evaluate(s, side);
    BaoGame::Children ch;
    game.children(s, ch);
    if (ch.empty()) return terminal_score(game.winner(s), side, ply);
    const bool quiet = BaoGame::quiet_moves(game.candidates(s));
    if (ply >= 2 && !quiet && parent_quiet) r += 3;
    int best = -kInfinity;
    for (const auto& c : ch) {
      const int v = -node(c.pos, r - 10, ply + 1, quiet, -beta, -std::max(alpha, best));
      best = std::max(best, v);
      if (best >= beta) break;
    }
    return best;
  }
  int root(const Position& p, int depth) const {
    return node(p, 10 * depth, 0, BaoGame::quiet_moves(game.candidates(p)), -kInfinity, kInfinity);
  }
};

// Two positions where a path of the depth-10 search collects a whole extra ply and the
// root's value changes (the first two of the 300 seeded walks positions(31, 300, 50,
// 120) where it does, with td-long: 73 against the plain 66, and 125 against 116).
constexpr const char* kLonger[] = {"3,0,9,5,5,1,0,0/1,2,1,0,2,2,1,6/2,3,1,1,1,1,1,1/1,0,5,3,3,2,0,1 S 0,0 -- -",
                                   "0,1,1,1,0,0,0,0/2,3,0,3,0,1,4,0/1,5,3,0,19,5,1,1/1,1,2,3,3,0,3,0 S 0,0 -- -"};

TEST(DonkersExtend, MatchesHisRuleInTenthsAtDepthTen) {
  const auto td = models::make_evaluator("td-long");
  const Reference ref{BaoGame{kRules}, *td};
  auto ext = make(*td, true);
  auto plain = make(*td, false);
  for (const char* text : kLonger) {
    const Position p = parse_position(text, Variant::Kiswahili);
    SCOPED_TRACE(text);
    const auto r = ext->search(p, Limits{10, 0, 0});
    EXPECT_EQ(r.value, ref.root(p, 10));
    EXPECT_NE(r.value, plain->search(p, Limits{10, 0, 0}).value);
  }
  for (const Position& p : positions(31, 8, 50, 120)) {
    SCOPED_TRACE(format_position(p));
    EXPECT_EQ(ext->search(p, Limits{10, 0, 0}).value, ref.root(p, 10));
  }
}

// Up to depth 8 no path of alpha-beta collects a whole ply (nodes at plies 2, 4 and 6
// extended: 0.9), so the value and move are the plain ones (checked to depth 7 here).
TEST(DonkersExtend, KeepsThePlainValueAndMoveUpToDepthEight) {
  const auto eval = models::make_evaluator("td-long");
  auto ext = make(*eval, true);
  auto plain = make(*eval, false);
  for (const Position& p : positions(32, 20, 4, 60)) {
    for (int depth = 2; depth <= 7; ++depth) {
      SCOPED_TRACE(format_position(p) + " depth " + std::to_string(depth));
      const auto a = ext->search(p, Limits{depth, 0, 0});
      const auto b = plain->search(p, Limits{depth, 0, 0});
      EXPECT_EQ(a.value, b.value);
      EXPECT_EQ(a.best, b.best);
    }
  }
}

TEST(DonkersExtend, OffByDefaultAndRefusedWithoutQuietMoves) {
  EXPECT_FALSE(AlphaBetaOptions{}.extend);
  AlphaBetaOptions o;
  o.extend = true;
  using KG = kalah::KalahGame;
  const std::string m =
      test::input_error_of([&] { AlphaBeta<KG, typename KG::Eval> ab(KG{}, typename KG::Eval{}, o); });
  EXPECT_NE(m.find("extend=true needs a game whose moves are captures or quiet ones"), std::string::npos) << m;
}

}  // namespace
}  // namespace bao::search
