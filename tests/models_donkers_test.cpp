// Donkers' five evaluators (models/donkers_evaluators.h) against values worked out by
// hand from his eval.pas, his board mapping, symmetry and sign, and his scoring in a
// search (the root's side at an even depth).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/donkers_evaluators.h"
#include "models/evaluators.h"
#include "search/score.h"

namespace bao::models {
namespace {

constexpr const char* kHis[] = {"donkers-default", "donkers-material", "donkers-ga1", "donkers-ga3", "donkers-tdl2b"};

int eval(const char* name, const Position& p, int side) { return make_evaluator(name)->evaluate(p, side); }

// Position A (ring indices = his hole indices): South A1 = 2, A4 = 1, A5 (house, owned) = 6,
// B7 (index 9) = 3, hand 10; North a4 = 4, a8 (index 7) = 5, b4 (index 12) = 2, hand 7,
// house not owned. Pairs both non-empty: South 0 with North 7, South 4 with North 3.
Position position_a() {
  Position p = empty_position();
  p.pits[South][0] = 2;
  p.pits[South][3] = 1;
  p.pits[South][4] = 6;
  p.pits[South][9] = 3;
  p.pits[North][3] = 4;
  p.pits[North][7] = 5;
  p.pits[North][12] = 2;
  p.hand[South] = 10;
  p.hand[North] = 7;
  p.houses = 1;  // South owns its house
  p.refresh_key();
  return p;
}

// The start of kiswahili (his BAO_OFFICIALOPENING): A5 6, A6 2, A7 2 each side, hands 22,
// both houses owned, no facing pair both non-empty.
Position position_start() { return start_position(Variant::Kiswahili); }

// South A3 = 1, North a3 = 1 (index 2 faces index 5: no pair), no hands, no houses.
Position position_c() {
  Position p = empty_position();
  p.pits[South][2] = 1;
  p.pits[North][2] = 1;
  p.refresh_key();
  return p;
}

// The same position seen from the other side: sides swapped.
Position mirrored(const Position& p) {
  Position m = p;
  for (int i = 0; i < kRing; ++i) std::swap(m.pits[0][i], m.pits[1][i]);
  std::swap(m.hand[0], m.hand[1]);
  m.houses = static_cast<std::uint8_t>(((p.houses & 1) << 1) | ((p.houses >> 1) & 1));
  m.side = p.side ^ 1;
  m.refresh_key();
  return m;
}

// His pit names (global.pas, movetostr): hole i <= 7 is A(i+1) / a(i+1), i >= 8 is
// B(16-i) / b(16-i); South upper case.
std::string his_pit_name(int side, int hole) {
  std::string name = hole <= 7 ? (side == South ? "A" : "a") : (side == South ? "B" : "b");
  name += std::to_string(hole <= 7 ? hole + 1 : 16 - hole);  // appends only: g++ 12 warns (falsely) on a + b
  return name;
}

TEST(DonkersEvaluators, HisHoleIndexIsOurRingIndex) {
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < kRing; ++i) EXPECT_EQ(pit_name(side, i), his_pit_name(side, i)) << side << " " << i;
  // His NYUMBA = 4 is our house; his hole i faces the opponent's 7 - i, as our front index r
  // faces 7 - r: South's A5 (4) is attacked from North's a4 (3) in position A, which
  // donkers-default's +100 (North's view) sees below.
  EXPECT_EQ(kHouse, 4);
  EXPECT_EQ(pit_name(South, kHouse), "A5");
}

TEST(DonkersEvaluators, DefaultByHand) {
  const Position a = position_a();
  // South: 3 x (12 - 11) = 3; pair 0/7: 5 x (5 - 2) = +15; pair 4/3: own house owned -50,
  // 5 x (4 - 6) = -10; own house +200: 3 + 15 - 50 - 10 + 200 = 158.
  EXPECT_EQ(eval("donkers-default", a, South), 158);
  // North: 3 x (11 - 12) = -3; pair 3/4: South's house owned +100, 5 x (6 - 4) = +10;
  // pair 7/0: 5 x (2 - 5) = -15; South owns its house -200: -3 + 100 + 10 - 15 - 200 = -108.
  EXPECT_EQ(eval("donkers-default", a, North), -108);
  // The start: 0 + 200 - 200 = 0, scored 1, for both sides.
  EXPECT_EQ(eval("donkers-default", position_start(), South), 1);
  EXPECT_EQ(eval("donkers-default", position_start(), North), 1);
}

TEST(DonkersEvaluators, MaterialByHand) {
  // Pits only, hands not counted: 12 - 11.
  EXPECT_EQ(eval("donkers-material", position_a(), South), 1);
  EXPECT_EQ(eval("donkers-material", position_a(), North), -1);
  EXPECT_EQ(eval("donkers-material", position_start(), South), 0);  // no 0 -> 1 in his material
}

TEST(DonkersEvaluators, Ga1ByHand) {
  const Position a = position_a();
  // South: hand -33 x (10 - 7) = -99; pits 46 x 2 + 24 x (1 - 4) + 27 x 6 + 27 x (0 - 5) +
  // 35 x 3 + 32 x (0 - 2) = 92 - 72 + 162 - 135 + 105 - 64 = 88; pair 0: -30 x 2 - 30 x 5
  // = -210; pair 4: own house owned -12, 6 x 6 + 6 x 4 = 60; house +23:
  // -99 + 88 - 210 - 12 + 60 + 23 = -150.
  EXPECT_EQ(eval("donkers-ga1", a, South), -150);
  // North: +99; pits -88; pair 3: South's house owned +12, 20 x 4 + 20 x 6 = 200; pair 7:
  // -25 x 5 - 25 x 2 = -175; South's house +23 (same sign): 99 - 88 + 12 + 200 - 175 + 23 = 71.
  EXPECT_EQ(eval("donkers-ga1", a, North), 71);
  // The start: both houses +23: 46.
  EXPECT_EQ(eval("donkers-ga1", position_start(), South), 46);
}

TEST(DonkersEvaluators, Ga3ByHand) {
  const Position a = position_a();
  // South: hand -17 x 3 = -51; pits 36 x 2 + 29 x (-3) + 19 x 6 + 45 x (-5) + 47 x 3 +
  // 44 x (-2) = 72 - 87 + 114 - 225 + 141 - 88 = -73; pair 0: -46 x 2 - 46 x 5 = -322;
  // pair 4: dec(score, -40) = +40, -7 x 6 - 7 x 4 = -70; house +35:
  // -51 - 73 - 322 + 40 - 70 + 35 = -441.
  EXPECT_EQ(eval("donkers-ga3", a, South), -441);
  // North: +51 + 73; pair 3: inc(score, -40), 5 x 4 + 5 x 6 = 50; pair 7: 37 x 5 + 37 x 2
  // = 259; South's house +35: 51 + 73 - 40 + 50 + 259 + 35 = 428.
  EXPECT_EQ(eval("donkers-ga3", a, North), 428);
  EXPECT_EQ(eval("donkers-ga3", position_start(), North), 70);
}

TEST(DonkersEvaluators, Tdl2bByHand) {
  const Position a = position_a();
  // South: 0.351474927857933 x 10 + 0.32508600926661 x 7 + 1.88013196365025 x 2
  // + 1.36490456226865 x 1 - 1.43308898965667 x 4 + 1.38899589179559 x 6
  // - 1.10081055020032 x 5 + 3.10694857789177 x 3 - 4.05620116831693 x 2
  // + pair 0: 0.579827471289835 x 2 + 0.0840089183542116 x 5
  // + pair 4 (own house owned): 0.112300732480899 + 0.43390705322692 x 6 + 0.445895542460544 x 4
  // + own house 0.32431004634718 = 15.6249 -> 16.
  EXPECT_NEAR(DonkersTdl2b::raw(a, South), 15.624864673583962, 1e-9);
  EXPECT_EQ(eval("donkers-tdl2b", a, South), 16);
  // North: 0.351474927857933 x 7 + 0.32508600926661 x 10 - 1.66079635083487 x 2
  // + 1.36490456226865 x 4 - 1.43308898965667 x 1 - 1.86740571894509 x 6
  // + 1.77146058833537 x 5 - 4.2539961006898 x 3 + 3.85892192691757 x 2
  // + pair 3 (South's house owned): -0.00124134946096415 + 1.24960877767929 x 4 + 1.1403448255455 x 6
  // + pair 7: 0.572111218891128 x 5 + 0.0223543558713317 x 2
  // + South's house 0.0147212018542772 = 13.7841 -> 14 (not the negation of South's 16).
  EXPECT_NEAR(DonkersTdl2b::raw(a, North), 13.784094047773642, 1e-9);
  EXPECT_EQ(eval("donkers-tdl2b", a, North), 14);
  // C: 0.405355005310268 - 0.658593866553247 = -0.2532 rounds to 0: scored 1 (his 1.01).
  EXPECT_EQ(eval("donkers-tdl2b", position_c(), South), 1);
  EXPECT_EQ(eval("donkers-tdl2b", position_c(), North), 1);
  // His pcapt[0,1] is never assigned (0): South A2 = 9 against North a7 = 1 gives
  // 1.56699582922007 x 9 - 1.60643797902663 x 1 + 0 x 9 + 0.898847391749641 x 1 = 13.395
  // -> 13 (with the overwritten 0.107170946421282 for it, 14.36 -> 14).
  Position d = empty_position();
  d.pits[South][1] = 9;
  d.pits[North][6] = 1;
  d.refresh_key();
  EXPECT_EQ(eval("donkers-tdl2b", d, South), 13);
}

TEST(DonkersEvaluators, SymmetricUnderSwappingTheSides) {
  // Each function reads only "own" and "opponent's" features: the mirrored position scored
  // for the other side is the same number.
  for (const char* name : kHis)
    for (const Position& p : {position_a(), position_start(), position_c()})
      for (int side = 0; side < 2; ++side) EXPECT_EQ(eval(name, mirrored(p), side ^ 1), eval(name, p, side)) << name;
}

TEST(DonkersEvaluators, MoreOwnSeedsScoreHigher) {
  // One more seed in the own back pit B8 (index 8: no facing pair, positive weight in all
  // five) raises the own score and lowers the opponent's: the sign of each function.
  const Position a = position_a();
  Position more = a;
  more.pits[South][8] += 1;
  more.refresh_key();
  for (const char* name : kHis) {
    EXPECT_GT(eval(name, more, South), eval(name, a, South)) << name;
    EXPECT_LT(eval(name, more, North), eval(name, a, North)) << name;
  }
  // The exact steps where the functions are integer: default 3, material 1, ga1 15, ga3 29.
  EXPECT_EQ(eval("donkers-default", more, South) - eval("donkers-default", a, South), 3);
  EXPECT_EQ(eval("donkers-ga1", more, South) - eval("donkers-ga1", a, South), 15);
  EXPECT_EQ(eval("donkers-ga3", more, North) - eval("donkers-ga3", a, North), -29);
  // Only material is zero-sum.
  EXPECT_EQ(eval("donkers-material", a, South), -eval("donkers-material", a, North));
  EXPECT_NE(eval("donkers-default", a, South), -eval("donkers-default", a, North));
}

TEST(DonkersEvaluators, RegisteredByName) {
  const std::string names = evaluator_names();
  for (const char* name : kHis) {
    EXPECT_NE(names.find(name), std::string::npos) << names;
    EXPECT_TRUE(is_builtin_evaluator(name)) << name;
    EXPECT_EQ(make_evaluator(name)->name(), name);
    EXPECT_TRUE(is_builtin_evaluator(std::string(name) + "~3")) << name;
  }
  EXPECT_FALSE(is_builtin_evaluator("donkers-ga2"));  // his ga2 is not one of the five
  EXPECT_THROW(make_evaluator("donkers-ga2"), InputError);
  EXPECT_EQ(make_donkers_evaluator("default"), nullptr);  // ours keeps its name
}

// The best of f(leaf, root) over root moves of the worst over replies: his ab_search at
// depth 2 (every leaf scored for the root, negated where the other side moves).
int his_depth_two(const search::Evaluator& e, const Position& p, const Rules& rules) {
  ChildList mine, theirs;
  generate_children(p, rules, mine);
  int best = -search::kInfinity;
  for (const Child& c : mine) {
    generate_children(c.pos, rules, theirs);
    int worst = search::kInfinity;
    for (const Child& g : theirs) worst = std::min(worst, e.evaluate(g.pos, p.side));
    best = std::max(best, worst);
  }
  return best;
}

TEST(DonkersEvaluators, AlphaBetaScoresLeavesForTheRootAtAnEvenDepth) {
  // The toolkit's negamax scores a leaf for its side to move; two plies below the root that
  // is the root's side, so the value is his: max over moves, min over replies of f(., root).
  const Rules rules;
  for (const char* name : kHis) {
    const auto e = make_evaluator(name);
    for (const Position& p : {position_start(), mirrored(position_start())}) {
      const auto r = make_searcher("alphabeta", rules, e)->search(p, search::Limits{2, 0, 0});
      EXPECT_EQ(r.value, his_depth_two(*e, p, rules)) << name;
    }
  }
  // Model specs take them too.
  const auto own = make_evaluator("donkers-ga1");
  for (const char* spec : {"root-om(model=donkers-tdl2b,model_depth=d,manage_risk=true)",
                           "prom-beta(types=donkers-material:0.2,tt_mb=4)", "om-beta(model=donkers-default,tt_mb=4)"})
    EXPECT_TRUE(make_searcher(spec, rules, own)->search(position_start(), search::Limits{2, 0, 0}).has_move) << spec;
}

}  // namespace
}  // namespace bao::models
