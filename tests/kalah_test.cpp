// Kalah (engine/kalah/): the rules case by case with drawn boards, the text forms, the
// perft table (tests/data/kalah_perft.tsv) against a seed-by-seed reference written
// independently here, and search on a game whose moves do not alternate.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "engine/error.h"
#include "engine/kalah/kalah_game.h"
#include "engine/kalah/kalah_notation.h"
#include "engine/random.h"
#include "search/alphabeta.h"
#include "search/game_concepts.h"
#include "search/minimax.h"

namespace bao::kalah {
namespace {

static_assert(search::StagedGame<KalahGame>);
static_assert(!search::alternates<KalahGame>());

KalahRules rules(int m, int n, bool empty_capture = false, EndRule end = EndRule::Either) {
  KalahRules r;
  r.houses = m;
  r.seeds = n;
  r.empty_capture = empty_capture;
  r.end = end;
  return r;
}

// The reference: the board as one array in sowing order (South's houses, South's store,
// North's houses, North's store), seeds dropped one at a time, the rules read off the
// text of engine/kalah/kalah.h again.
struct Ref {
  KalahRules r;
  std::vector<int> b;  // 2m + 2
  int side = 0;
  int store(int s) const { return s == 0 ? r.houses : 2 * r.houses + 1; }
  int house(int s, int i) const { return s == 0 ? i : r.houses + 1 + i; }
  int row(int s) const {
    int n = 0;
    for (int i = 0; i < r.houses; ++i) n += b[house(s, i)];
    return n;
  }
  bool over() const {
    if (r.end == EndRule::Mover) return row(side) == 0;
    return row(0) == 0 || row(1) == 0;
  }
  void move(int i) {
    int pos = house(side, i), seeds = b[pos];
    b[pos] = 0;
    while (seeds > 0) {
      pos = (pos + 1) % static_cast<int>(b.size());
      if (pos == store(side ^ 1)) continue;
      ++b[pos];
      --seeds;
    }
    const bool own_house =
        pos != store(side) && (side == 0 ? pos < r.houses : pos > r.houses && pos < 2 * r.houses + 1);
    if (own_house && b[pos] == 1) {
      const int j = side == 0 ? pos : pos - r.houses - 1;
      const int opp = house(side ^ 1, r.houses - 1 - j);
      if (b[opp] > 0 || r.empty_capture) {
        b[store(side)] += 1 + b[opp];
        b[pos] = 0;
        b[opp] = 0;
      }
    }
    if (pos != store(side)) side ^= 1;
  }
  std::uint64_t perft(int depth) const {
    if (depth == 0) return 1;
    if (over()) return 0;
    std::uint64_t n = 0;
    for (int i = 0; i < r.houses; ++i) {
      if (b[house(side, i)] == 0) continue;
      Ref c = *this;
      c.move(i);
      n += c.perft(depth - 1);
    }
    return n;
  }
  static Ref start(const KalahRules& r) {
    Ref x{r, std::vector<int>(2 * r.houses + 2, r.seeds), 0};
    x.b[x.store(0)] = x.b[x.store(1)] = 0;
    return x;
  }
};

// A state from South's houses, North's houses, the stores and the side (as the text form
// writes them).
KalahState state(const KalahRules& r, const std::string& text) { return parse_state(text, r); }

// Kalah(4,2):
//         4   3   2   1          North
//   N     2   2   2   2
//     0                   0
//   S     2   2   2   2
//         1   2   3   4          South
// South's house 3 (2 seeds) sows house 4 and the store: the last seed in the store gives
// South another move.
TEST(KalahRules, LastSeedInTheStoreGivesAnotherMove) {
  const KalahRules r = rules(4, 2);
  const KalahState s = start_state(r);
  const KalahState t = play(s, KalahMove{2}, r);
  EXPECT_EQ(format_state(t, r), "2,2,0,3/2,2,2,2 1,0 S");
  EXPECT_EQ(t.side, 0);
  const KalahState u = play(s, KalahMove{0}, r);  // houses 2 and 3: North to move
  EXPECT_EQ(format_state(u, r), "0,3,3,2/2,2,2,2 0,0 N");
  EXPECT_EQ(u.side, 1);
}

// Kalah(4,2), South to move:
//   N     0   3   2   2        (North's houses 4 3 2 1)
//     0                   3
//   S     1   0   2   3        (South's houses 1 2 3 4)
// South's house 1 (1 seed) ends in its empty house 2, facing North's house 3 (3 seeds):
// 1 + 3 seeds go to South's store.
TEST(KalahRules, LastSeedInAnOwnEmptyHouseCaptures) {
  const KalahRules r = rules(4, 2);
  const KalahState s = state(r, "1,0,2,3/2,2,3,0 3,0 S");
  const KalahState t = play(s, KalahMove{0}, r);
  EXPECT_EQ(format_state(t, r), "0,0,2,3/2,2,0,0 7,0 N");
}

// The same ending facing an empty house: no capture, unless empty_capture.
TEST(KalahRules, EmptyOppositeHouseCapturesOnlyWithTheOption) {
  const KalahRules r = rules(4, 2);
  const KalahState s = state(r, "1,0,2,3/2,2,0,4 2,0 S");
  EXPECT_EQ(format_state(play(s, KalahMove{0}, r), r), "0,1,2,3/2,2,0,4 2,0 N");
  const KalahRules e = rules(4, 2, true);
  EXPECT_EQ(format_state(play(s, KalahMove{0}, e), e), "0,0,2,3/2,2,0,4 3,0 N");
}

// Sowing skips the opponent's store and laps the board: Kalah(2,3), South's house 2 with
// 9 seeds sows store, North 1, North 2, (skip North's store) South 1, South 2, store,
// North 1, North 2, South 1: the last seed lands in South's house 1, which held 1 seed
// (not empty before the last seed): no capture.
TEST(KalahRules, SowingSkipsTheOpponentsStoreAndLaps) {
  const KalahRules r = rules(2, 3);
  const KalahState s = state(r, "0,9/1,0 2,0 S");
  EXPECT_EQ(format_state(play(s, KalahMove{1}, r), r), "2,1/3,2 4,0 N");
}

// The end: South's row empty after its move. With end=either the game is over and North
// keeps its seeds (margin stores plus rows); with end=mover, North (to move) still has
// seeds and plays on.
TEST(KalahRules, EndRuleDecidesWhenTheGameEnds) {
  const KalahRules either = rules(2, 2), mover = rules(2, 2, false, EndRule::Mover);
  const KalahState s = state(either, "0,1/2,1 4,0 S");
  const KalahState t = play(s, KalahMove{1}, either);  // into South's store: South again, but its row is empty
  EXPECT_EQ(format_state(t, either), "0,0/2,1 5,0 S");
  EXPECT_TRUE(game_over(t, either));
  EXPECT_EQ(margin(t, either), 5 - 3);
  EXPECT_TRUE(game_over(t, mover));  // South to move with nothing: over for both readings
  const KalahState u = state(either, "1,0/2,1 4,0 N");
  EXPECT_FALSE(game_over(u, either));
  const KalahState v = play(u, KalahMove{1}, either);  // North's house 2 -> North's store: North again
  EXPECT_EQ(format_state(v, either), "1,0/2,0 4,1 N");
  EXPECT_FALSE(game_over(v, mover));
  const KalahState w = state(either, "0,0/2,1 4,1 N");  // South's row empty, North to move
  EXPECT_TRUE(game_over(w, either));
  EXPECT_FALSE(game_over(w, mover));
}

TEST(KalahNotation, RoundTripsAndRefusesWithReasons) {
  const KalahRules r = rules(6, 4);
  EXPECT_EQ(format_state(start_state(r), r), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S");
  const std::string text = "0,5,5,5,5,4/4,4,4,4,4,4 0,0 N";
  EXPECT_EQ(format_state(parse_state(text, r), r), text);
  EXPECT_EQ(parse_state(text, r).key, parse_state(text, r).key);
  const auto refused = [&](const std::string& t, const std::string& part) {
    try {
      parse_state(t, r);
      ADD_FAILURE() << "accepted '" << t << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  refused("4,4,4,4,4/4,4,4,4,4,4 0,0 S", "South has 5 houses");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0,1 S", "holds 49 seeds");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0,0 X", "S or N");
  refused("4,4,4,4,4,x/4,4,4,4,4,4 0,0 S", "South's house 6");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0,0", "three fields");
  EXPECT_EQ(parse_move("6", r).house, 5);
  EXPECT_THROW(parse_move("7", r), InputError);
  EXPECT_THROW(parse_move("0", r), InputError);
  EXPECT_THROW(check_rules(rules(9, 4)), InputError);
  EXPECT_THROW(check_rules(rules(6, 13)), InputError);
}

// The committed table: every row is the engine's count and the reference's.
TEST(KalahPerft, TableMatchesEngineAndReference) {
  std::ifstream in(std::string(BAO_TEST_DATA) + "/kalah_perft.tsv");
  ASSERT_TRUE(in) << "tests/data/kalah_perft.tsv missing";
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    int m = 0, n = 0, capture = 0, depth = 0;
    std::string end;
    std::uint64_t expected = 0;
    ASSERT_TRUE(f >> m >> n >> capture >> end >> depth >> expected) << line;
    const KalahRules r = rules(m, n, capture != 0, end == "mover" ? EndRule::Mover : EndRule::Either);
    SCOPED_TRACE(line);
    EXPECT_EQ(perft(start_state(r), r, depth), expected);
    EXPECT_EQ(Ref::start(r).perft(depth), expected);
    ++rows;
  }
  EXPECT_GE(rows, 40);
}

// Random positions: the engine and the reference agree on every child, both end rules
// and capture rules, sizes 1 to 8.
TEST(KalahPerft, EngineAgreesWithReferenceOnRandomGames) {
  SplitMix64 rng{2026};
  for (int g = 0; g < 400; ++g) {
    const KalahRules r = rules(1 + static_cast<int>(rng.below(8)), 1 + static_cast<int>(rng.below(kMaxSeeds)),
                               rng.below(2) == 1, rng.below(2) == 1 ? EndRule::Mover : EndRule::Either);
    KalahState s = start_state(r);
    Ref ref = Ref::start(r);
    for (int ply = 0; ply < r.max_moves(); ++ply) {
      ASSERT_EQ(game_over(s, r), ref.over());
      if (game_over(s, r)) break;
      KalahChildren ch;
      generate_children(s, r, ch);
      const auto& c = ch[rng.below(static_cast<std::uint32_t>(ch.size()))];
      ref.move(c.move.house);
      s = c.pos;
      for (int side = 0; side < 2; ++side) {
        for (int i = 0; i < r.houses; ++i) ASSERT_EQ(s.house(side, i), ref.b[ref.house(side, i)]);
        ASSERT_EQ(s.store(side), ref.b[ref.store(side)]);
      }
      ASSERT_EQ(s.side, ref.side);
    }
    ASSERT_TRUE(game_over(s, r));
  }
}

// Negamax that knows the turn may stay: the value of s for its side to move.
int brute(const KalahGame& g, const KalahState& s, int depth, int ply) {
  const int w = g.quick_winner(s);
  if (w >= 0) return search::terminal_score(w, s.side, ply);
  if (depth == 0) return KalahEval{KalahEvalKind::Sides, g.rules}(s, s.side);
  KalahChildren ch;
  g.children(s, ch);
  int best = -search::kInfinity;
  for (const auto& c : ch) {
    const int v = brute(g, c.pos, depth - 1, ply + 1);
    best = std::max(best, c.pos.side == s.side ? v : -v);
  }
  return best;
}

// The same, negating every child as if the turn always passed: the error a searcher that
// assumes alternation makes.
int alternating_brute(const KalahGame& g, const KalahState& s, int depth, int ply) {
  const int w = g.quick_winner(s);
  if (w >= 0) return search::terminal_score(w, s.side, ply);
  if (depth == 0) return KalahEval{KalahEvalKind::Sides, g.rules}(s, s.side);
  KalahChildren ch;
  g.children(s, ch);
  int best = -search::kInfinity;
  for (const auto& c : ch) best = std::max(best, -alternating_brute(g, c.pos, depth - 1, ply + 1));
  return best;
}

// Minimax and alpha-beta (with its table, ordering, PVS, MTD(f)) find the value of the
// brute force that keeps the turn; on these positions the alternating reading differs.
TEST(KalahSearch, SearchersKeepTheTurnOnAnExtraMove) {
  const KalahGame g{rules(4, 3)};
  SplitMix64 rng{7};
  int differ = 0;
  for (int k = 0; k < 60; ++k) {
    KalahState s = start_state(g.rules);
    const int plies = static_cast<int>(rng.below(12));
    for (int p = 0; p < plies && !game_over(s, g.rules); ++p) {
      KalahChildren ch;
      g.children(s, ch);
      s = ch[rng.below(static_cast<std::uint32_t>(ch.size()))].pos;
    }
    if (game_over(s, g.rules)) continue;
    for (int depth = 1; depth <= 5; ++depth) {
      SCOPED_TRACE(format_state(s, g.rules) + " depth " + std::to_string(depth));
      const int want = brute(g, s, depth, 0);
      differ += want != alternating_brute(g, s, depth, 0);
      const KalahEval eval{KalahEvalKind::Sides, g.rules};
      search::Minimax<KalahGame, KalahEval> mm(g, eval);
      search::Limits l;
      l.depth = depth;
      EXPECT_EQ(mm.search(s, l).value, want);
      for (const bool mtdf : {false, true}) {
        search::AlphaBeta<KalahGame, KalahEval> ab(g, eval, search::AlphaBetaOptions{.tt_mb = 1, .mtdf = mtdf});
        EXPECT_EQ(ab.search(s, l).value, want) << "mtdf " << mtdf;
      }
    }
  }
  EXPECT_GT(differ, 10);  // the extra move matters on these positions
}

}  // namespace
}  // namespace bao::kalah
