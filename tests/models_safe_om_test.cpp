// safe-om's root-OM exploitation and banked gifts (models/safe_om_searcher.h,
// search/safe_om.h): the root rule and the account on their own, then the searcher on Bao
// against quantities computed here with MAX's own alpha-beta.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"
#include "search/safe_om.h"
#include "search/score.h"
#include "test_util.h"

namespace bao {
namespace {

using search::GiftBank;
using search::safe_choice;

// ---- The root rule -------------------------------------------------------------------

// On seeded random lists, the chosen move gives up at most the allowance, and no allowed
// move has a higher exploiting value, nor an equal one earlier in the list.
TEST(SafeChoice, RespectsTheAllowanceAndMaximisesTheExploit) {
  std::mt19937 rng(45);
  std::uniform_int_distribution<int> value(-20, 20), size(1, 9), allow(0, 25);
  int took_risk = 0;
  for (int t = 0; t < 2000; ++t) {
    std::vector<int> mm(static_cast<std::size_t>(size(rng))), ex(mm.size());
    for (std::size_t i = 0; i < mm.size(); ++i) mm[i] = value(rng), ex[i] = value(rng);
    const int allowance = allow(rng);
    const int c = safe_choice(mm, ex, allowance);
    ASSERT_GE(c, 0);
    const int best = *std::max_element(mm.begin(), mm.end());
    const auto k = static_cast<std::size_t>(c);
    EXPECT_LE(best - mm[k], allowance);
    took_risk += best - mm[k] > 0;
    for (std::size_t i = 0; i < mm.size(); ++i) {
      if (best - mm[i] <= allowance) {
        EXPECT_TRUE(ex[i] < ex[k] || (ex[i] == ex[k] && i >= k)) << "move " << i;
      }
    }
  }
  EXPECT_GT(took_risk, 100);  // the allowance is used, not only the minimax moves
  EXPECT_EQ(safe_choice({}, {}, 5), -1);
  // Allowance 0: the best minimax moves only, the highest exploit among them.
  EXPECT_EQ(safe_choice({3, 5, 5, 4}, {9, 1, 2, 8}, 0), 2);
  // An allowance past the range: the highest exploit.
  EXPECT_EQ(safe_choice({3, 5, 5, 4}, {9, 1, 2, 8}, std::int64_t{1} << 40), 0);
}

// ---- The account ----------------------------------------------------------------------

TEST(GiftBank, GrowsOnlyOnGiftsAndNeverGoesNegative) {
  GiftBank b;
  b.open(0);
  EXPECT_EQ(b.balance(), 0);
  EXPECT_EQ(b.add_gift(10, 10), 0);  // the minimax reply: nothing given away
  EXPECT_EQ(b.add_gift(10, 4), 0);   // below the guarantee (an inexact value): nothing
  EXPECT_EQ(b.balance(), 0);
  EXPECT_EQ(b.add_gift(10, 17), 7);
  EXPECT_EQ(b.balance(), 7);
  b.spend(5);
  EXPECT_EQ(b.balance(), 2);
  b.spend(9);  // more than the balance is never deducted below 0
  EXPECT_EQ(b.balance(), 0);
  // Decisive values bank nothing (a distance to the end, not an evaluation margin).
  EXPECT_EQ(b.add_gift(10, search::kWin - 5), 0);
  EXPECT_EQ(b.add_gift(-search::kWin + 5, 10), 0);
  EXPECT_EQ(b.balance(), 0);
  b.open(12);
  EXPECT_EQ(b.balance(), 12);
  b.open(-3);
  EXPECT_EQ(b.balance(), 0);
}

// ---- The searcher on Bao --------------------------------------------------------------

constexpr int kDepth = 4;

std::unique_ptr<search::Searcher> make(const std::string& spec, const Rules& rules, const std::string& eval) {
  return models::make_searcher(spec, rules, models::make_evaluator(eval));
}

// MAX's own minimax value (`eval`, alpha-beta to depth) of each root child's position,
// from MAX's side: what the safe rule compares.
std::vector<int> own_values(const Position& p, const Rules& rules, const std::string& eval, int depth) {
  auto ab = make("alphabeta(tt_mb=1)", rules, eval);
  ChildList ch;
  generate_children(p, rules, ch);
  std::vector<int> out;
  for (const Child& c : ch) out.push_back(-ab->search(c.pos, search::Limits{depth, 0, 0}).value);
  return out;
}

int index_of(const Position& p, const Rules& rules, const Move& m) {
  ChildList ch;
  generate_children(p, rules, ch);
  for (std::size_t i = 0; i < ch.size(); ++i)
    if (ch[i].move == m) return static_cast<int>(i);
  return -1;
}

// Positions where no child ends the game within the search (decisive values are not risk).
std::vector<Position> quiet_positions(const Rules& rules, int n) {
  std::vector<Position> out;
  for (const Position& p : test::bao_positions(rules.variant, 4 * n, 11)) {
    const auto v = own_values(p, rules, "material", kDepth - 1);
    if (v.size() > 1 && std::none_of(v.begin(), v.end(), search::is_decisive)) out.push_back(p);
    if (static_cast<int>(out.size()) == n) break;
  }
  return out;
}

// Default behaviour unchanged: exploit=om,bank=false spelled out is the default searcher.
TEST(SafeOmRoot, DefaultIsFullDepthOm) {
  const Rules rules;
  for (const Position& p : quiet_positions(rules, 8)) {
    const auto a = make("safe-om(model=default,eps=16)", rules, "material")->search(p, search::Limits{kDepth, 0, 0});
    const auto b = make("safe-om(model=default,eps=16,exploit=om,bank=false)", rules, "material")
                       ->search(p, search::Limits{kDepth, 0, 0});
    EXPECT_EQ(a.best, b.best) << format_position(p);
    EXPECT_EQ(a.value, b.value);
    EXPECT_EQ(a.nodes, b.nodes);
  }
}

// exploit=root: an allowance past the values' range plays root OM at d's move and value;
// eps = 0 plays a move of the root's own minimax value; where root OM's move risks r > 0,
// eps = r plays root OM's move (allowed, and the highest root-OM value of all) and eps =
// r - 1 another move risking at most r - 1.
TEST(SafeOmRoot, IsRootOmWithinTheAllowance) {
  const Rules rules;
  int root_om_risks = 0;
  for (const Position& p : quiet_positions(rules, 8)) {
    SCOPED_TRACE(format_position(p));
    const search::Limits l{kDepth, 0, 0};
    const auto root = make("root-om(model=default,model_depth=d)", rules, "material")->search(p, l);
    const auto wide = make("safe-om(model=default,eps=1000000,exploit=root)", rules, "material")->search(p, l);
    EXPECT_EQ(wide.best, root.best);
    EXPECT_EQ(wide.value, root.value);
    const auto own = own_values(p, rules, "material", kDepth - 1);
    const int best = *std::max_element(own.begin(), own.end());
    const auto risk_of = [&](const Move& m) { return best - own[static_cast<std::size_t>(index_of(p, rules, m))]; };
    const auto zero = make("safe-om(model=default,eps=0,exploit=root)", rules, "material")->search(p, l);
    EXPECT_EQ(risk_of(zero.best), 0);
    const int r = risk_of(root.best);
    if (r == 0) continue;
    ++root_om_risks;
    const std::string at = "safe-om(model=default,exploit=root,eps=";
    EXPECT_EQ(make(at + std::to_string(r) + ")", rules, "material")->search(p, l).best, root.best);
    const auto below = make(at + std::to_string(r - 1) + ")", rules, "material")->search(p, l);
    EXPECT_NE(below.best, root.best);
    EXPECT_LE(risk_of(below.best), r - 1);
  }
  EXPECT_GT(root_om_risks, 0);  // the rule binds: root OM alone takes risks
}

// One game of `max` (South's side of the opening) against an opponent that plays `reply`
// at each of its turns, up to `moves` moves of MAX. Checks at every MAX move that the risk
// taken (own minimax values to kDepth - 1 plies after each move) is at most the balance
// the account should hold: the gifts so far (MAX's own value to kDepth - 2 after each reply
// less the guaranteed value of the move before it) less the risks taken. Returns the sum
// of gifts and of risks.
struct Ledger {
  std::int64_t gifts = 0, risks = 0;
  int risky_moves = 0, max_moves = 0;
};
template <class Reply>
Ledger play(search::Searcher& max, const Rules& rules, const std::string& eval, Position p, int moves, Reply reply) {
  Ledger led;
  auto ab = make("alphabeta(tt_mb=1)", rules, eval);
  std::int64_t balance = 0;
  for (int k = 0; k < moves && outcome(p, rules) == Outcome::Ongoing; ++k) {
    const auto own = own_values(p, rules, eval, kDepth - 1);
    if (std::any_of(own.begin(), own.end(), search::is_decisive)) break;  // the account ignores these
    const auto r = max.search(p, search::Limits{kDepth, 0, 0});
    const int chosen = own[static_cast<std::size_t>(index_of(p, rules, r.best))];
    const int risk = *std::max_element(own.begin(), own.end()) - chosen;
    EXPECT_LE(risk, balance) << "move " << k << " risks more than was banked, " << format_position(p);
    balance -= risk;
    led.risks += risk;
    led.risky_moves += risk > 0;
    ++led.max_moves;
    p = apply_move(p, r.best, rules);
    if (outcome(p, rules) != Outcome::Ongoing) break;
    p = apply_move(p, reply(p), rules);
    if (outcome(p, rules) != Outcome::Ongoing) break;
    const int reached = ab->search(p, search::Limits{kDepth - 2, 0, 0}).value;
    if (search::is_decisive(reached)) break;
    EXPECT_GE(reached, chosen) << "a reply below the guarantee of MAX's own search";
    led.gifts += reached - chosen;
    balance += reached - chosen;
  }
  return led;
}

// Seeded game starts: the start and `plies` random plies, n of them.
std::vector<Position> game_starts(const Rules& rules, int n, int plies, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < n) {
    Position p = start_position(rules.variant);
    for (int k = 0; k < plies && outcome(p, rules) == Outcome::Ongoing; ++k) {
      MoveList ms;
      generate_moves(p, rules, ms);
      p = apply_move(p, ms[std::uniform_int_distribution<std::size_t>(0, ms.size() - 1)(rng)], rules);
    }
    if (outcome(p, rules) == Outcome::Ongoing) out.push_back(p);
  }
  return out;
}

// MAX td-long, its model td-short (E9s's pair): values fine enough for the rule to bind.
constexpr const char* kBankSpec = "safe-om(model=td-short,eps=0,exploit=root,bank=true)";

// Against the minimax reply of MAX's own search nothing is banked: bank=true with eps = 0
// takes no risk at any move.
TEST(SafeOmBank, NothingBankedAgainstTheMinimaxReply) {
  const Rules rules;
  auto minimax_reply = [&](const Position& s) {
    return make("alphabeta(tt_mb=1)", rules, "td-long")->search(s, search::Limits{kDepth - 1, 0, 0}).best;
  };
  int moves = 0;
  for (const Position& start : game_starts(rules, 2, 6, 7)) {
    SCOPED_TRACE(format_position(start));
    auto bank = make(kBankSpec, rules, "td-long");
    const Ledger led = play(*bank, rules, "td-long", start, 8, minimax_reply);
    moves += led.max_moves;
    EXPECT_EQ(led.gifts, 0);
    EXPECT_EQ(led.risks, 0);
  }
  EXPECT_GE(moves, 8);
}

// Against an opponent that plays seeded random replies, gifts are banked and spent, and no
// move risks more than the balance (checked in play); one searcher plays every game, each
// start opening a new account (its first move risks nothing, checked in play).
TEST(SafeOmBank, SpendsOnlyWhatWasGiven) {
  const Rules rules;
  std::mt19937 rng(2012);
  auto random_reply = [&](const Position& s) {
    MoveList ms;
    generate_moves(s, rules, ms);
    return ms[std::uniform_int_distribution<std::size_t>(0, ms.size() - 1)(rng)];
  };
  auto bank = make(kBankSpec, rules, "td-long");
  Ledger all;
  for (const Position& start : game_starts(rules, 4, 6, 9)) {
    SCOPED_TRACE(format_position(start));
    const Ledger led = play(*bank, rules, "td-long", start, 10, random_reply);
    all.gifts += led.gifts;
    all.risks += led.risks;
    all.risky_moves += led.risky_moves;
  }
  EXPECT_GT(all.gifts, 0);
  EXPECT_GT(all.risky_moves, 0);  // the account is used, so the bound in play is not vacuous
  EXPECT_LE(all.risks, all.gifts);
}

TEST(SafeOmRoot, BadOptionsAreRefusedByName) {
  const Rules rules;
  auto expect_refused = [&](const std::string& spec, const std::string& words) {
    try {
      make(spec, rules, "material");
      ADD_FAILURE() << spec << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  expect_refused("safe-om(model=default,eps=0,bank=true)", "bank=true needs exploit=root");
  expect_refused("safe-om(model=default,eps=0,exploit=deep)", "exploit expects om or root");
  const auto kalah = models::games().make("kalah(houses=4,seeds=3)");
  try {
    kalah->make_searcher(models::searchers(), "safe-om(model=stores,eps=0,exploit=root)", "stores");
    ADD_FAILURE() << "exploit=root accepted on kalah";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("runs on Bao alone"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bao
