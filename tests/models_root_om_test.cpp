// Root OM (models/root_om.h): own_depth, the published "perfect" flag, checked against a
// computation made here from separate alpha-beta searches; what risk management changes,
// on a fixed position where it changes the move; ties=pessimistic (Donkers 2002) against
// its definition computed here, and a position where it changes the move; risk_margin:
// 0 is the plain risk filter, a margin past every score admits every move, and a small
// one changes the move somewhere; and the refusals of bad own_depth, ties and risk_margin
// values.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "play/openings.h"
#include "search/bao_game.h"
#include "search/score.h"
#include "search/searcher.h"

namespace bao::models {
namespace {

const Rules kRules{};

// The position of the risk-management test (North to move, namua stage).
constexpr const char* kRiskPosition = "1,5,1,3,1,5,1,4/4,2,1,0,4,1,3,4/0,0,0,0,0,2,1,1/1,1,1,1,1,3,1,0 N 5,6 -- -";

// One root move as root OM scores it.
struct MoveScore {
  Move move{};
  int om = 0;  // the own search's value after the model's reply
  int mm = 0;  // the move's own minimax value
};

// A decisive score found n plies further down, seen from n plies higher.
int shift(int v, int n) {
  if (!search::is_decisive(v)) return v;
  return v > 0 ? v - n : v + n;
}

// Root OM's scores of every root move (in the game's order), computed from plain
// alpha-beta searches (no table, no move ordering) made by models::make_searcher: the
// model's reply to model_depth, MAX's own search after it to own_depth (>= 1), and the
// own minimax value of the move to mm_depth (0: not computed).
std::vector<MoveScore> scores_by_hand(const Position& p, const std::string& own, const std::string& model,
                                      int model_depth, int own_depth, int mm_depth) {
  const std::string ab = "alphabeta(tt_mb=0,ordering=false)";
  auto own_search = make_searcher(ab, kRules, make_evaluator(own));
  auto model_search = make_searcher(ab, kRules, make_evaluator(model));
  ChildList children;
  generate_children(p, kRules, children);
  std::vector<MoveScore> out;
  for (const Child& c : children) {
    MoveScore s;
    s.move = c.move;
    const search::BaoResult reply = model_search->search(c.pos, search::Limits{model_depth, 0, 0});
    if (!reply.has_move) {
      s.om = shift(-reply.value, 1);
    } else {
      const Position after = apply_move(c.pos, reply.best, kRules);
      s.om = shift(own_search->search(after, search::Limits{own_depth, 0, 0}).value, 2);
    }
    if (mm_depth > 0) s.mm = shift(-own_search->search(c.pos, search::Limits{mm_depth, 0, 0}).value, 1);
    out.push_back(s);
  }
  return out;
}

// root-om `spec` with the own evaluator default, searched to `depth` alone.
search::BaoResult run(const std::string& spec, const Position& p, int depth) {
  return make_searcher(spec, kRules, make_evaluator("default"))->search(p, search::Limits{depth, 0, 0});
}

// The two runs of root-om with `params` chose the same move with the same value,
// variation and counts (an option at its default changes nothing).
void expect_same_run(const search::BaoResult& a, const search::BaoResult& b, const std::string& params) {
  EXPECT_EQ(a.best, b.best) << params;
  EXPECT_EQ(a.value, b.value) << params;
  EXPECT_EQ(a.nodes, b.nodes) << params;
  EXPECT_EQ(a.leaf_evals, b.leaf_evals) << params;
  EXPECT_EQ(a.pv, b.pv) << params;
}

// Games in progress: seeded random walks of 4..40 plies, and the position of the
// risk-management test.
std::vector<Position> positions() {
  std::vector<Position> out;
  for (std::uint64_t i = 0; out.size() < 4; ++i) {
    const Position p = play::random_opening(kRules, 7, i, 4, 40);
    if (outcome(p, kRules) == Outcome::Ongoing) out.push_back(p);
  }
  out.push_back(parse_position(kRiskPosition, Variant::Kiswahili));
  return out;
}

TEST(RootOm, OwnDepthDSearchesDeeperThanDMinus2) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    const auto d2 = run("root-om(model=material)", p, 4);
    const auto d = run("root-om(model=material,own_depth=d)", p, 4);
    // MAX's own searches go 4 plies instead of 2 below every reply: they cost more (the
    // model's searches are the same in both).
    EXPECT_GT(d.nodes, d2.nodes);
    EXPECT_GT(d.leaf_evals, d2.leaf_evals);
    // d-2 and d at depth 4 are the fixed depths 2 and 4: the same searches.
    const auto n2 = run("root-om(model=material,own_depth=2)", p, 4);
    const auto n4 = run("root-om(model=material,own_depth=4)", p, 4);
    EXPECT_EQ(n2.nodes, d2.nodes);
    EXPECT_EQ(n2.value, d2.value);
    EXPECT_EQ(n4.nodes, d.nodes);
    EXPECT_EQ(n4.value, d.value);
    EXPECT_EQ(n4.best, d.best);
    // At depth 2, d-2 is 0: the position after the reply is evaluated, not searched.
    EXPECT_GT(run("root-om(model=material,own_depth=d)", p, 2).nodes, run("root-om(model=material)", p, 2).nodes);
  }
}

TEST(RootOm, PerfectAndPerfectOpponentMatchSeparateAlphaBetaSearches) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (const int depth : {1, 3, 4}) {
      const auto r = run("root-om(model=material,model_depth=d,own_depth=d)", p, depth);
      const auto scores = scores_by_hand(p, "default", "material", depth, depth, 0);
      // The highest OM value, the first move in the game's order among equals.
      const MoveScore* best = &scores.front();
      for (const MoveScore& s : scores)
        if (s.om > best->om) best = &s;
      ASSERT_TRUE(r.has_move);
      EXPECT_EQ(r.value, best->om) << depth;
      EXPECT_EQ(format_move(r.best, p.side), format_move(best->move, p.side)) << depth;
    }
  }
}

TEST(RootOm, OwnDepthDKeepsNodeLimits) {
  const Position p = parse_position(kRiskPosition, Variant::Kiswahili);
  auto s = make_searcher("root-om(model=material,own_depth=d)", kRules, make_evaluator("default"));
  const auto r = s->search(p, search::Limits{0, 5000, 0});
  EXPECT_TRUE(r.has_move);
  EXPECT_GE(r.depth, 2);
  EXPECT_LE(r.nodes, 5000u + 500u);  // as every searcher: past the limit only depth-1 tails
}

// Risk management on a position where it changes the move (found by a scan of seeded
// random positions, play::random_opening(kRules, 2024, i, 4, 40) for i = 0, 1, ...: the
// first with model=material at depth 4 was i = 25). Depth 4: the model's reply at 3
// plies, MAX's own search after it at 2, each move's own minimax value at 3. By hand:
//   move  OM value  own minimax
//   a6L   -81       -110
//   a6R   -109      -109
//   a7R   -125      -125
//   a8R   -102      -102   (the root's own minimax value)
// Plain root OM plays a6L, the highest OM value, whose own minimax value is the lowest:
// it gains only if the model is right. Managed, a6L may not be chosen (-81 > -110 and
// -110 < -102), and a8R is, its OM value no higher than its minimax value.
TEST(RootOm, RiskManagementRefusesAnOptimisticMoveBelowTheRootsMinimax) {
  const Position p = parse_position(kRiskPosition, Variant::Kiswahili);
  const auto plain = run("root-om(model=material)", p, 4);
  const auto managed = run("root-om(model=material,manage_risk=true)", p, 4);
  EXPECT_EQ(format_move(plain.best, p.side), "a6L");
  EXPECT_EQ(format_move(managed.best, p.side), "a8R");

  const auto scores = scores_by_hand(p, "default", "material", 3, 2, 3);
  int base = -search::kInfinity;
  for (const MoveScore& s : scores) base = std::max(base, s.mm);
  auto score_of = [&](const Move& m) {
    for (const MoveScore& s : scores)
      if (s.move == m) return s;
    ADD_FAILURE() << "not a root move";
    return MoveScore{};
  };
  // The rule: a move may be chosen if its OM value is not above its own minimax value,
  // or that minimax value is not below the root's.
  auto keeps_rule = [&](const MoveScore& s) { return s.om <= s.mm || s.mm >= base; };
  const MoveScore unmanaged = score_of(plain.best), kept = score_of(managed.best);
  EXPECT_GT(unmanaged.om, unmanaged.mm);
  EXPECT_LT(unmanaged.mm, base);
  EXPECT_FALSE(keeps_rule(unmanaged));
  EXPECT_TRUE(keeps_rule(kept));
  // Each takes the highest OM value among the moves it may choose: all moves for plain
  // root OM, the ones keeping the rule for managed; the price is a lower OM value.
  EXPECT_EQ(plain.value, unmanaged.om);
  EXPECT_EQ(managed.value, kept.om);
  for (const MoveScore& s : scores) {
    EXPECT_LE(s.om, plain.value);
    if (keeps_rule(s)) {
      EXPECT_LE(s.om, managed.value);
    }
  }
  EXPECT_LT(managed.value, plain.value);
  EXPECT_EQ(base, kept.mm);  // here the managed move is the root's own minimax move
}

// risk_margin=0 is the default: the same move, value, variation and counts.
TEST(RootOm, RiskMarginZeroIsTheDefault) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (const std::string params :
         {"model=material,manage_risk=true", "model=default@2,manage_risk=true,ties=pessimistic"}) {
      const auto plain = run("root-om(" + params + ")", p, 3);
      expect_same_run(run("root-om(" + params + ",risk_margin=0)", p, 3), plain, params);
    }
  }
}

// The bounds of risk_margin on 30 seeded random walks (play::random_opening(kRules, 5, i,
// 4, 40)): a margin past every score's spread admits every move, so managed root OM plays as
// unmanaged; margin 0 plays as managed without a margin. A small margin admits no fewer
// moves than 0 and no more than every move: its value lies between the two.
TEST(RootOm, RiskMarginBetweenManagedAndUnmanaged) {
  int walks = 0, filtered = 0;  // filtered: walks where margin 0 refuses unmanaged's move
  for (std::uint64_t i = 0; walks < 30; ++i) {
    const Position p = play::random_opening(kRules, 5, i, 4, 40);
    if (outcome(p, kRules) != Outcome::Ongoing) continue;
    ++walks;
    SCOPED_TRACE(format_position(p));
    const auto unmanaged = run("root-om(model=material)", p, 4);
    const auto managed = run("root-om(model=material,manage_risk=true)", p, 4);
    const auto wide = run("root-om(model=material,manage_risk=true,risk_margin=100000)", p, 4);
    const auto zero = run("root-om(model=material,manage_risk=true,risk_margin=0)", p, 4);
    const auto small = run("root-om(model=material,manage_risk=true,risk_margin=10)", p, 4);
    EXPECT_EQ(wide.best, unmanaged.best);
    EXPECT_EQ(wide.value, unmanaged.value);
    EXPECT_EQ(wide.pv, unmanaged.pv);
    EXPECT_EQ(wide.nodes, managed.nodes);  // the same searches, a wider filter
    EXPECT_EQ(zero.best, managed.best);
    EXPECT_EQ(zero.value, managed.value);
    EXPECT_EQ(zero.nodes, managed.nodes);
    EXPECT_LE(managed.value, small.value);
    EXPECT_LE(small.value, unmanaged.value);
    filtered += zero.best != unmanaged.best;
  }
  EXPECT_GT(filtered, 0);  // the two bounds differ somewhere (on 2 of the 30)
}

// A small margin changes the move: on the position of the risk-management test (the
// first of play::random_opening(kRules, 2024, i, 4, 40) where risk_margin=10 changes the
// move), a6L's own minimax value -110 is 8 units below the root's -102. Margins 0 to 7
// refuse it and play a8R as plain risk management does; from 8 on a6L, the highest OM
// value, may be chosen: risk(m) >= base - risk_margin, the boundary included.
TEST(RootOm, RiskMarginAdmitsAMoveWithinTheMarginOfTheRootsMinimax) {
  const Position p = parse_position(kRiskPosition, Variant::Kiswahili);
  const auto plain = run("root-om(model=material)", p, 4);
  const auto managed = run("root-om(model=material,manage_risk=true)", p, 4);
  for (const int k : {0, 1, 5, 7, 8, 10, 100}) {
    const auto r = run("root-om(model=material,manage_risk=true,risk_margin=" + std::to_string(k) + ")", p, 4);
    const auto& expected = k < 8 ? managed : plain;
    EXPECT_EQ(format_move(r.best, p.side), k < 8 ? "a8R" : "a6L") << k;
    EXPECT_EQ(r.value, expected.value) << k;
    EXPECT_EQ(r.pv, expected.pv) << k;
    EXPECT_EQ(r.nodes, managed.nodes) << k;
  }
}

TEST(RootOm, BadRiskMarginIsRefusedNamingTheParameter) {
  const auto eval = make_evaluator("default");
  auto error_of = [&](const std::string& spec) {
    return test::input_error_of([&] { make_searcher(spec, kRules, eval); });
  };
  for (const char* bad : {"-1", "x", "2.5", "100001", ""}) {
    const std::string m = error_of(std::string("root-om(model=material,manage_risk=true,risk_margin=") + bad + ")");
    EXPECT_NE(m.find("risk_margin"), std::string::npos) << m;
  }
  // Without the risk filter a margin would change nothing: refused, whatever its value.
  for (const std::string params : {"risk_margin=5", "risk_margin=0", "manage_risk=false,risk_margin=5"}) {
    const std::string m = error_of("root-om(model=material," + params + ")");
    EXPECT_NE(m.find("parameter risk_margin needs manage_risk=true"), std::string::npos) << m;
  }
  for (const char* good : {"0", "5", "100000"})
    EXPECT_NO_THROW(
        make_searcher(std::string("root-om(model=material,manage_risk=true,risk_margin=") + good + ")", kRules, eval));
}

// One root move scored both ways, by hand: `first` after the model's reply, `pess` the
// lowest own value after the replies tied with the model's best (scripts/diagnose-reference,
// pess(m)); `reply_tied` whether the model's reply is one of those.
struct TieScore {
  Move move{};
  int first = 0, pess = 0;
  bool reply_tied = true;
};

// The model's value of reply child cr for `side` (who played the reply): plain alpha-beta
// to n plies, or the static value at n = 0; a finished game one ply down.
int model_value_by_hand(search::Searcher& model, const search::Evaluator& eval, const Position& cr, int side, int n) {
  if (n < 1) {
    const int w = search::BaoGame{kRules}.quick_winner(cr);
    return w >= 0 ? search::terminal_score(w, side, 1) : eval.evaluate(cr, side);
  }
  const int v = model.search(cr, search::Limits{n, 0, 0}).value;
  return shift(cr.side == side ? v : -v, 1);
}

// Every root move's first and pessimistic OM values from plain alpha-beta searches (no
// table, no move ordering): model to model_depth, MAX's own search to own_depth >= 1.
std::vector<TieScore> tie_scores_by_hand(const Position& p, const std::string& own, const std::string& model,
                                         int model_depth, int own_depth) {
  const std::string ab = "alphabeta(tt_mb=0,ordering=false)";
  const auto model_eval = make_evaluator(model);
  auto own_search = make_searcher(ab, kRules, make_evaluator(own));
  auto model_search = make_searcher(ab, kRules, model_eval);
  auto own_after = [&](const Position& after) {
    return shift(own_search->search(after, search::Limits{own_depth, 0, 0}).value, 2);
  };
  ChildList children;
  generate_children(p, kRules, children);
  std::vector<TieScore> out;
  for (const Child& c : children) {
    TieScore s;
    s.move = c.move;
    const search::BaoResult reply = model_search->search(c.pos, search::Limits{model_depth, 0, 0});
    if (!reply.has_move) {
      s.first = s.pess = shift(-reply.value, 1);
      out.push_back(s);
      continue;
    }
    s.first = own_after(apply_move(c.pos, reply.best, kRules));
    ChildList replies;
    generate_children(c.pos, kRules, replies);
    std::vector<int> yv;
    for (const Child& r : replies)
      yv.push_back(model_value_by_hand(*model_search, *model_eval, r.pos, c.pos.side, model_depth - 1));
    const int best = *std::max_element(yv.begin(), yv.end());
    s.pess = search::kInfinity;
    s.reply_tied = false;
    for (std::size_t k = 0; k < replies.size(); ++k) {
      if (yv[k] != best) continue;
      s.pess = std::min(s.pess, own_after(replies[k].pos));
      if (replies[k].move == reply.best) s.reply_tied = true;
    }
    out.push_back(s);
  }
  return out;
}

// The first move with the highest value of `key` (root OM's choice without risk management).
const TieScore& best_by(const std::vector<TieScore>& scores, int TieScore::*key) {
  const TieScore* best = &scores.front();
  for (const TieScore& s : scores)
    if (s.*key > best->*key) best = &s;
  return *best;
}

TEST(RootOm, TiesFirstIsTheDefault) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (const std::string params : {"model=material", "model=material,manage_risk=true", "model=default@2"}) {
      const auto plain = run("root-om(" + params + ")", p, 3);
      expect_same_run(run("root-om(" + params + ",ties=first)", p, 3), plain, params);
    }
  }
}

// ties=pessimistic against its definition computed here (as scripts/diagnose-reference
// does): the chosen move and value are the highest pessimistic value's. By definition no
// move's pessimistic value is above its first value, as the model's reply is a tied one.
TEST(RootOm, TiesPessimisticMatchesSeparateAlphaBetaSearches) {
  struct Case {
    int depth;
    std::string params;
    int model_depth, own_depth;
  };
  const std::vector<Case> cases = {
      {2, "own_depth=d", 1, 2}, {3, "", 2, 1}, {3, "model_depth=d", 3, 1}, {4, "", 3, 2}, {4, "model_depth=d", 4, 2}};
  int lower = 0;  // moves whose pessimistic value is below their first value
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (const Case& k : cases) {
      SCOPED_TRACE(k.depth);
      SCOPED_TRACE(k.params);
      const std::string extra = k.params.empty() ? "" : "," + k.params;
      const auto r = run("root-om(model=material,ties=pessimistic" + extra + ")", p, k.depth);
      const auto scores = tie_scores_by_hand(p, "default", "material", k.model_depth, k.own_depth);
      for (const TieScore& s : scores) {
        EXPECT_TRUE(s.reply_tied) << format_move(s.move, p.side);
        EXPECT_LE(s.pess, s.first) << format_move(s.move, p.side);
        lower += s.pess < s.first;
      }
      const TieScore& best = best_by(scores, &TieScore::pess);
      ASSERT_TRUE(r.has_move);
      EXPECT_EQ(r.value, best.pess);
      EXPECT_EQ(format_move(r.best, p.side), format_move(best.move, p.side));
      // The prediction stays the model's reply (the second move of the variation).
      const auto first = run("root-om(model=material" + extra + ")", p, k.depth);
      if (r.best == first.best) {
        EXPECT_EQ(r.pv, first.pv);
      }
    }
  }
  EXPECT_GT(lower, 0);  // the definition is checked where it differs from first
}

// ties=pessimistic changes the move on some position: the first of the seeded random
// walks play::random_opening(kRules, 11, i, 4, 40) where it does with the material
// evaluator as the model (depth d) and MAX's own (many equal values, so many tied
// replies); at depth 3 the first is i = 11. With the model searching d-1 plies and MAX's
// own search d-2, the same evaluator values every tied reply the same for MAX as well:
// there pessimistic is first.
TEST(RootOm, TiesPessimisticChangesTheMoveSomewhere) {
  auto material = make_evaluator("material");
  int found = -1;
  for (std::uint64_t i = 0; i < 40 && found < 0; ++i) {
    const Position p = play::random_opening(kRules, 11, i, 4, 40);
    if (outcome(p, kRules) != Outcome::Ongoing) continue;
    auto search = [&](const std::string& spec) {
      return make_searcher(spec, kRules, material)->search(p, search::Limits{3, 0, 0});
    };
    const auto first = search("root-om(model=material,model_depth=d)");
    const auto pess = search("root-om(model=material,model_depth=d,ties=pessimistic)");
    EXPECT_LE(pess.value, first.value);  // each move's value is not above its first value
    if (pess.best != first.best) found = static_cast<int>(i);
    const auto same_first = search("root-om(model=material)");
    const auto same_pess = search("root-om(model=material,ties=pessimistic)");
    EXPECT_EQ(same_pess.best, same_first.best);
    EXPECT_EQ(same_pess.value, same_first.value);
  }
  EXPECT_GE(found, 0) << "ties=pessimistic chose the same move as ties=first on every position";
}

TEST(RootOm, TiesPessimisticKeepsNodeLimits) {
  const Position p = parse_position(kRiskPosition, Variant::Kiswahili);
  auto s = make_searcher("root-om(model=material,ties=pessimistic)", kRules, make_evaluator("default"));
  const auto r = s->search(p, search::Limits{0, 5000, 0});
  EXPECT_TRUE(r.has_move);
  EXPECT_GE(r.depth, 2);
  EXPECT_LE(r.nodes, 5000u + 500u);  // as every searcher: past the limit only depth-1 tails
  // Every inner search is counted: the replies' searches cost more than first's.
  EXPECT_GT(run("root-om(model=material,ties=pessimistic)", p, 4).nodes, run("root-om(model=material)", p, 4).nodes);
}

TEST(RootOm, BadTiesIsRefusedNamingTheParameter) {
  const auto eval = make_evaluator("default");
  for (const char* bad : {"foo", "Pessimistic", "last"}) {
    const std::string m = test::input_error_of(
        [&] { make_searcher(std::string("root-om(model=material,ties=") + bad + ")", kRules, eval); });
    EXPECT_NE(m.find("parameter ties expects first or pessimistic"), std::string::npos) << m;
    EXPECT_NE(m.find(std::string("found '") + bad + "'"), std::string::npos) << m;
  }
  const std::string empty = test::input_error_of([&] { make_searcher("root-om(model=material,ties=)", kRules, eval); });
  EXPECT_NE(empty.find("parameter ties"), std::string::npos) << empty;
  for (const char* good : {"first", "pessimistic"})
    EXPECT_NO_THROW(make_searcher(std::string("root-om(model=material,ties=") + good + ")", kRules, eval));
}

TEST(RootOm, BadOwnDepthIsRefusedNamingTheParameter) {
  const auto eval = make_evaluator("default");
  auto error_of = [&](const std::string& spec) {
    return test::input_error_of([&] { make_searcher(spec, kRules, eval); });
  };
  for (const char* bad : {"0", "x", "d-1", "-2", "128", "2.5"}) {
    const std::string m = error_of(std::string("root-om(model=material,own_depth=") + bad + ")");
    EXPECT_NE(m.find("parameter own_depth expects d-2, d or a whole number from 1 to 127"), std::string::npos) << m;
    EXPECT_NE(m.find(std::string("found '") + bad + "'"), std::string::npos) << m;
  }
  const std::string twice = error_of("root-om(model=material,own_depth=d,own_depth=2)");
  EXPECT_NE(twice.find("parameter own_depth given twice"), std::string::npos) << twice;
  // An unknown parameter's message lists own_depth among the known ones.
  const std::string unknown = error_of("root-om(model=material,own=2)");
  EXPECT_NE(unknown.find("(known: model, model_depth, own_depth, manage_risk, risk_margin, ties, inner_table)"),
            std::string::npos)
      << unknown;
  for (const char* good : {"d-2", "d", "1", "127"})
    EXPECT_NO_THROW(make_searcher(std::string("root-om(model=material,own_depth=") + good + ")", kRules, eval));
}

}  // namespace
}  // namespace bao::models
