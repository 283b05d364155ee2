// The opponent-model searchers made generic (search/generic_om_searchers.h: safe-om,
// robust-om, M*, (D,d)-OM) and random on Kalah, where a sowing that ends in one's own store
// keeps the turn: each searcher, made through the game registry as `bao search --game`
// makes it, against its definition (docs/opponent-models.md, the search headers) computed
// here by brute force, every node searched, MAX's and MIN's nodes told by the side to move.
// Each test also computes the definition as if the turn always passed and requires it to
// differ on some positions, so the positions exercise the extra move.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/kalah/kalah_game.h"
#include "engine/kalah/kalah_notation.h"
#include "engine/random.h"
#include "models/all_searchers.h"
#include "models/games.h"
#include "search/score.h"

namespace bao::kalah {
namespace {

constexpr const char* kSpec = "kalah(houses=4,seeds=3)";

KalahRules small_rules() {
  KalahRules r;
  r.houses = 4;
  r.seeds = 3;
  return r;
}

// The definitions by brute force on fns (fns[0] MAX's own: stores; fns[1], fns[2] models),
// values on MAX's scale. With `alternate`, MAX's nodes are the even plies (the reading of a
// searcher that assumes the turn always passes); without, the nodes where MAX's side moves.
struct Definitions {
  KalahGame g;
  std::vector<KalahEval> fns;
  int max_side = 0;
  bool alternate = false;

  bool is_max(const KalahState& s, int ply) const { return alternate ? ply % 2 == 0 : s.side == max_side; }
  // True, with v, where s is a finished game or a leaf scored by fns[k]; else ch holds its
  // children.
  // A game known to be over scores its result before the horizon is looked at, as in
  // search/model_search.h.
  bool ends(const KalahState& s, int depth, int ply, int k, int& v, KalahChildren& ch) const {
    const int w = g.quick_winner(s);
    if (w < 0 && depth == 0) {
      v = fns[static_cast<std::size_t>(k)](s, max_side);
      return true;
    }
    if (w < 0) g.children(s, ch);
    if (w < 0 && !ch.empty()) return false;
    v = search::terminal_score(w >= 0 ? w : g.winner(s), max_side, ply);
    return true;
  }
  int minimax(const KalahState& s, int depth, int ply, int k) const {
    int v;
    KalahChildren ch;
    if (ends(s, depth, ply, k, v, ch)) return v;
    int best = is_max(s, ply) ? -search::kInfinity : search::kInfinity;
    for (const auto& c : ch) {
      const int cv = minimax(c.pos, depth - 1, ply + 1, k);
      best = is_max(s, ply) ? std::max(best, cv) : std::min(best, cv);
    }
    return best;
  }
  // OM's v0 with model fns[m]: MIN plays the child of lowest model value (its minimax
  // value), ties to the lowest v0, then the first.
  int om(const KalahState& s, int depth, int ply, int m) const {
    int v;
    KalahChildren ch;
    if (ends(s, depth, ply, 0, v, ch)) return v;
    if (is_max(s, ply)) {
      int best = -search::kInfinity;
      for (const auto& c : ch) best = std::max(best, om(c.pos, depth - 1, ply + 1, m));
      return best;
    }
    int pick_op = 0, pick_v = 0;
    for (std::size_t i = 0; i < ch.size(); ++i) {
      const int op = minimax(ch[i].pos, depth - 1, ply + 1, m), v0 = om(ch[i].pos, depth - 1, ply + 1, m);
      if (i == 0 || op < pick_op || (op == pick_op && v0 < pick_v)) {
        pick_op = op;
        pick_v = v0;
      }
    }
    return pick_v;
  }
  // Robust OM's r with model fns[m] and weight w.
  double robust(const KalahState& s, int depth, int ply, int m, double w) const {
    int v;
    KalahChildren ch;
    if (ends(s, depth, ply, 0, v, ch)) return v;
    if (is_max(s, ply)) {
      double best = -search::kInfinity;
      for (const auto& c : ch) best = std::max(best, robust(c.pos, depth - 1, ply + 1, m, w));
      return best;
    }
    int pick_op = 0;
    double pick_r = 0, worst = search::kInfinity;
    for (std::size_t i = 0; i < ch.size(); ++i) {
      const int op = minimax(ch[i].pos, depth - 1, ply + 1, m);
      const double r = robust(ch[i].pos, depth - 1, ply + 1, m, w);
      worst = std::min(worst, r);
      if (i == 0 || op < pick_op || (op == pick_op && r < pick_r)) {
        pick_op = op;
        pick_r = r;
      }
    }
    return (1 - w) * pick_r + w * worst;
  }
  // M*'s M^j with n levels (search/mstar.h): level j's player is MAX when n - j is even
  // and uses fns[n - j]; where its opponent moves, the opponent (level j - 1) plays the
  // child best for itself by M^(j-1), ties to the child worst for level j, then the first.
  int mstar(const KalahState& s, int depth, int ply, int n, int j) const {
    int v;
    KalahChildren ch;
    if (ends(s, depth, ply, n - j, v, ch)) return v;
    const bool mover_max = is_max(s, ply), player_max = (n - j) % 2 == 0;
    const auto better_for = [](bool for_max, int a, int b) { return for_max ? a > b : a < b; };
    if (j == 0 || mover_max == player_max) {  // level 0 takes its opponent as minimax on its own function
      int best = 0;
      for (std::size_t i = 0; i < ch.size(); ++i) {
        const int cv = mstar(ch[i].pos, depth - 1, ply + 1, n, j);
        if (i == 0 || better_for(mover_max, cv, best)) best = cv;
      }
      return best;
    }
    int pick_model = 0, pick = 0;
    for (std::size_t i = 0; i < ch.size(); ++i) {
      const int model = mstar(ch[i].pos, depth - 1, ply + 1, n, j - 1),
                own = mstar(ch[i].pos, depth - 1, ply + 1, n, j);
      if (i == 0 || better_for(mover_max, model, pick_model) ||
          (model == pick_model && better_for(!player_max, own, pick))) {
        pick_model = model;
        pick = own;
      }
    }
    return pick;
  }
  // (D,d)-OM's V, `depth` plies above MAX's horizon, model fns[m] searched min(d, depth) -
  // 1 plies below each child of a MIN node.
  int ddom(const KalahState& s, int depth, int ply, int d, int m) const {
    int v;
    KalahChildren ch;
    if (ends(s, depth, ply, 0, v, ch)) return v;
    if (is_max(s, ply)) {
      int best = -search::kInfinity;
      for (const auto& c : ch) best = std::max(best, ddom(c.pos, depth - 1, ply + 1, d, m));
      return best;
    }
    const int look = std::min(d, depth) - 1;
    int pick_op = 0, pick_v = 0;
    for (std::size_t i = 0; i < ch.size(); ++i) {
      const int op = minimax(ch[i].pos, look, ply + 1, m), vv = ddom(ch[i].pos, depth - 1, ply + 1, d, m);
      if (i == 0 || op < pick_op || (op == pick_op && vv < pick_v)) {
        pick_op = op;
        pick_v = vv;
      }
    }
    return pick_v;
  }
};

// MAX's choice at the root: the child with the highest value, the first of equals.
struct Choice {
  std::string move;
  double value = 0;
  bool operator==(const Choice&) const = default;
};
template <class Value>
Choice root_choice(const KalahGame& g, const KalahState& s, Value&& value) {
  KalahChildren ch;
  g.children(s, ch);
  Choice best;
  for (std::size_t i = 0; i < ch.size(); ++i) {
    const double v = value(ch[i].pos);
    if (i == 0 || v > best.value) best = {format_move(ch[i].move), v};
  }
  return best;
}

// Positions of Kalah(4,3) along seeded random games, none finished.
std::vector<KalahState> positions(const KalahGame& g, int count) {
  std::vector<KalahState> out;
  SplitMix64 rng{11};
  while (static_cast<int>(out.size()) < count) {
    KalahState s = start_state(g.rules);
    const int plies = static_cast<int>(rng.below(14));
    for (int p = 0; p < plies && !game_over(s, g.rules); ++p) {
      KalahChildren ch;
      g.children(s, ch);
      s = ch[rng.below(static_cast<std::uint32_t>(ch.size()))].pos;
    }
    if (!game_over(s, g.rules)) out.push_back(s);
  }
  return out;
}

// Checks the searcher `searcher` (MAX evaluating with stores) against `definition`, which
// gives MAX's choice at a position to a depth under Definitions d, on every position and
// depth 1..max_depth; and that the alternating reading differs somewhere.
template <class Definition>
void check_against_definition(const std::string& searcher, int max_depth, Definition&& definition) {
  const auto game = models::make_game(kSpec);
  const KalahGame g{small_rules()};
  const std::vector<KalahEval> fns{KalahEval{KalahEvalKind::Stores, g.rules}, KalahEval{KalahEvalKind::Sides, g.rules},
                                   KalahEval{KalahEvalKind::Stores, g.rules}};
  int differ = 0;
  for (const KalahState& s : positions(g, 30)) {
    const search::AnyState a = game->parse_state(format_state(s, g.rules));
    for (int depth = 1; depth <= max_depth; ++depth) {
      SCOPED_TRACE(searcher + " at " + format_state(s, g.rules) + " depth " + std::to_string(depth));
      const Definitions turn{g, fns, s.side, false}, alternating{g, fns, s.side, true};
      const Choice want = definition(turn, s, depth);
      differ += !(want == definition(alternating, s, depth));
      search::Limits l;
      l.depth = depth;
      const search::AnyResult r = game->make_searcher(models::searchers(), searcher, "stores")->search(a, l);
      ASSERT_TRUE(r.has_move);
      EXPECT_EQ(r.best, want.move);
      EXPECT_EQ(r.value, static_cast<int>(std::lround(want.value)));
    }
  }
  EXPECT_GT(differ, 5) << searcher << ": the extra move changes too few choices to test it";
}

TEST(KalahModelSearchers, SafeOmKeepsTheTurnOnAnExtraMove) {
  for (const int eps : {0, 3, 1000}) {
    check_against_definition("safe-om(model=sides,eps=" + std::to_string(eps) + ")", 4,
                             [eps](const Definitions& d, const KalahState& s, int depth) {
                               int best = -search::kInfinity;
                               KalahChildren ch;
                               d.g.children(s, ch);
                               for (const auto& c : ch) best = std::max(best, d.minimax(c.pos, depth - 1, 1, 0));
                               // OM's choice among the moves within eps of the best minimax value.
                               return root_choice(d.g, s, [&](const KalahState& c) -> double {
                                 return d.minimax(c, depth - 1, 1, 0) >= best - eps ? d.om(c, depth - 1, 1, 1)
                                                                                    : -2.0 * search::kInfinity;
                               });
                             });
  }
}

TEST(KalahModelSearchers, RobustOmKeepsTheTurnOnAnExtraMove) {
  for (const std::string pruned : {"true", "false"})
    for (const double w : {0.25, 0.5}) {
      std::string text =
          "robust-om(model=sides,w=" + std::string(w == 0.25 ? "0.25" : "0.5") + ",pruned=" + pruned + ")";
      check_against_definition(text, 4, [w](const Definitions& d, const KalahState& s, int depth) {
        return root_choice(d.g, s, [&](const KalahState& c) { return d.robust(c, depth - 1, 1, 1, w); });
      });
    }
}

TEST(KalahModelSearchers, MStarKeepsTheTurnOnAnExtraMove) {
  for (const std::string name : {"mstar-1p", "mstar-plain"}) {
    check_against_definition(name + "(models=sides)", 4, [](const Definitions& d, const KalahState& s, int depth) {
      return root_choice(d.g, s, [&](const KalahState& c) -> double { return d.mstar(c, depth - 1, 1, 1, 1); });
    });
    check_against_definition(
        name + "(models=sides+stores)", 4, [](const Definitions& d, const KalahState& s, int depth) {
          return root_choice(d.g, s, [&](const KalahState& c) -> double { return d.mstar(c, depth - 1, 1, 2, 2); });
        });
  }
}

TEST(KalahModelSearchers, MStarAbIsRefusedWhereASideMovesTwice) {
  const auto game = models::make_game(kSpec);
  try {
    game->make_searcher(models::searchers(), "mstar-ab(models=sides,bound=1000)", "stores");
    FAIL() << "mstar-ab made on Kalah";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(game->spec()), std::string::npos) << what;
    EXPECT_NE(what.find("kAlternates"), std::string::npos) << what;
  }
}

TEST(KalahModelSearchers, DdOmKeepsTheTurnOnAnExtraMove) {
  for (const std::string name : {"ddom-plain", "ddom-ab"})
    for (const int md : {1, 2}) {
      check_against_definition(
          name + "(model=sides,model_depth=" + std::to_string(md) + ")", 4,
          [md](const Definitions& d, const KalahState& s, int depth) {
            return root_choice(d.g, s, [&](const KalahState& c) -> double { return d.ddom(c, depth - 1, 1, md, 1); });
          });
    }
}

// random needs no evaluator: a legal move drawn uniformly from (seed, position), so the
// same seed gives the same move and the seeds together reach every legal move, also where
// the side to move moves again.
TEST(KalahModelSearchers, RandomDrawsEveryLegalMoveOfTheSideToMove) {
  const auto game = models::make_game(kSpec);
  const KalahGame g{small_rules()};
  int again = 0;
  for (const KalahState& s : positions(g, 20)) {
    const search::AnyState a = game->parse_state(format_state(s, g.rules));
    const auto ch = game->children(a);
    std::set<std::string> legal, drawn;
    for (const auto& c : ch) legal.insert(c.first);
    for (const auto& c : ch) again += game->side_to_move(c.second) == s.side;
    search::Limits l;
    l.depth = 1;
    for (int seed = 0; seed < 64; ++seed) {
      const std::string spec = "random(seed=" + std::to_string(seed) + ")";
      const auto r = game->make_searcher(models::searchers(), spec, "stores")->search(a, l);
      ASSERT_TRUE(r.has_move);
      EXPECT_TRUE(legal.count(r.best)) << r.best;
      EXPECT_EQ(game->make_searcher(models::searchers(), spec, "sides")->search(a, l).best, r.best);
      drawn.insert(r.best);
    }
    EXPECT_EQ(drawn, legal) << format_state(s, g.rules);
  }
  EXPECT_GT(again, 5);  // moves that keep the turn among the positions' moves
}

}  // namespace
}  // namespace bao::kalah
