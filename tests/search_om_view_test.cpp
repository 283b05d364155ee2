// Full-depth OM's model view (search/om.h, ModelView; om-beta's model_view): with a
// zero-sum model both views are one search; with Donkers' non-zero-sum evaluators the
// opponent view is the definition with the model scored for the opponent, and its
// predicted reply is the one the opponent's own alpha-beta on the model plays, which the
// thesis' view (the model scored for MAX) misses at some nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "brute_force.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/bao_game.h"
#include "search/om.h"
#include "test_util.h"

namespace bao::search {
namespace {

const Rules kRules{};
constexpr const char* kNonZeroSum[] = {"donkers-default", "donkers-ga1", "donkers-ga3", "donkers-tdl2b"};

using Fn = std::function<int(const Position&, int)>;

// fn as a function on MAX's scale in either view: Max scores it for MAX, Opponent for
// the other side, negated.
Fn view_of(const std::shared_ptr<const Evaluator>& e, ModelView v) {
  if (v == ModelView::Max) return [e](const Position& p, int max_side) { return e->evaluate(p, max_side); };
  return [e](const Position& p, int max_side) { return -e->evaluate(p, 1 - max_side); };
}

// OmSearch with its root restricted to one child: that child's OM value v0 (the search
// om_beta runs, as search/safe_om.h uses it).
class ChildOm : public OmSearch<BaoGame> {
 public:
  using OmSearch<BaoGame>::OmSearch;
  int child_value(const Position& root, int depth, int child) {
    begin_om_beta(1);
    const auto o =
        run(root, [&](ModelResult<bao::Move>& r) { pick_om_beta(r, depth, [child](int i) { return i == child; }); });
    return static_cast<int>(o.value);
  }
};

std::vector<Position> positions(int count) { return test::bao_positions(Variant::Kiswahili, count, 45); }

// E5's five evaluators (also E6b's) among them: for their rows the view cannot matter.
TEST(OmView, ZeroSumModelGivesOneSearchInBothViews) {
  const auto own = models::make_evaluator("donkers-default");
  for (const char* model :
       {"donkers-material", "material", "default", "ga-material", "td-short", "ga-short", "ga-long", "td-long"}) {
    const auto m = models::make_evaluator(model);
    OmSearch<BaoGame> max_view(BaoGame{kRules}, {EvalFn{own.get()}, EvalFn{m.get()}});
    OmSearch<BaoGame> opp_view(BaoGame{kRules}, {EvalFn{own.get()}, EvalFn{m.get()}});
    opp_view.set_model_view(ModelView::Opponent);
    max_view.set_table(1);
    opp_view.set_table(1);
    for (const Position& p : positions(24)) {
      SCOPED_TRACE(std::string(model) + " at " + format_position(p));
      ASSERT_EQ(m->evaluate(p, 0), -m->evaluate(p, 1));  // the premise: zero-sum
      for (int d : {3, 4}) {
        const auto a = max_view.om_beta(p, d, 1);
        const auto b = opp_view.om_beta(p, d, 1);
        ASSERT_EQ(a.value, b.value);
        ASSERT_EQ(a.value_op, b.value_op);
        ASSERT_EQ(a.best_index, b.best_index);
        const auto c = opp_view.om_plain(p, d, 1);
        ASSERT_EQ(c.value, a.value);
        ASSERT_EQ(c.best_index, a.best_index);
      }
    }
  }
}

TEST(OmView, OpponentViewIsTheDefinitionWithTheModelScoredForTheOpponent) {
  const auto own = models::make_evaluator("donkers-material");
  const BaoGame g{kRules};
  int views_differ = 0;
  for (const char* model : kNonZeroSum) {
    const auto m = models::make_evaluator(model);
    OmSearch<BaoGame> s(g, {EvalFn{own.get()}, EvalFn{m.get()}});
    s.set_table(1);
    for (const Position& p : positions(12)) {
      SCOPED_TRACE(std::string(model) + " at " + format_position(p));
      const int d = 3;
      const std::vector<Fn> fo{view_of(own, ModelView::Max), view_of(m, ModelView::Opponent)};
      const std::vector<Fn> fm{view_of(own, ModelView::Max), view_of(m, ModelView::Max)};
      const Brute<BaoGame, Fn> bo{g, fo, p.side};
      const Brute<BaoGame, Fn> bm{g, fm, p.side};
      const auto def_o = bo.root(p, [&](const Position& c) { return bo.om(c, d - 1, 1, 1); });
      const auto def_m = bm.root(p, [&](const Position& c) { return bm.om(c, d - 1, 1, 1); });
      s.set_model_view(ModelView::Opponent);
      const auto beta_o = s.om_beta(p, d, 1);
      const auto plain_o = s.om_plain(p, d, 1);
      s.set_model_view(ModelView::Max);
      const auto beta_m = s.om_beta(p, d, 1);
      for (const auto* o : {&beta_o, &plain_o}) {
        ASSERT_EQ(o->value, def_o.value);
        ASSERT_EQ(o->best_index, def_o.index);
      }
      ASSERT_EQ(beta_m.value, def_m.value);
      ASSERT_EQ(beta_m.best_index, def_m.index);
      if (def_o.value != def_m.value || def_o.index != def_m.index) ++views_differ;
    }
  }
  // The two views are different searches with these evaluators: on some of the 48 roots
  // they reach another value or move.
  EXPECT_GT(views_differ, 0);
}

// Whether every position within two plies below c is one the evaluators score (no game
// decided there, every node with a move): the brute-force ratings below need no
// terminal scores then.
bool plain_below(const BaoGame& g, const Position& c) {
  BaoGame::Children replies, answers;
  g.children(c, replies);
  if (replies.empty() || g.quick_winner(c) >= 0) return false;
  for (const auto& r : replies) {
    if (g.quick_winner(r.pos) >= 0) return false;
    g.children(r.pos, answers);
    if (answers.empty()) return false;
    for (const auto& a : answers)
      if (g.quick_winner(a.pos) >= 0) return false;
  }
  return true;
}

// At each root child c (a MIN node of a 3-ply OM search) the opponent's replies r are
// rated as its own 2-ply alpha-beta rates them: min over MAX's moves of model(leaf, opponent).
// best(c, view): the replies the view's prediction takes (its best rating).
std::vector<int> best_replies(const BaoGame& g, const Position& c, const Evaluator& m, int opp, ModelView v) {
  BaoGame::Children replies, answers;
  g.children(c, replies);
  std::vector<int> rating;
  for (const auto& r : replies) {
    g.children(r.pos, answers);
    int worst = kInfinity;  // the rating for the side the view scores, on the opponent's scale
    for (const auto& a : answers) {
      const int v_leaf = v == ModelView::Opponent ? m.evaluate(a.pos, opp) : -m.evaluate(a.pos, 1 - opp);
      worst = std::min(worst, v_leaf);
    }
    rating.push_back(worst);
  }
  const int top = *std::max_element(rating.begin(), rating.end());
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(rating.size()); ++i)
    if (rating[static_cast<std::size_t>(i)] == top) out.push_back(i);
  return out;
}

TEST(OmView, OpponentViewPredictsTheOpponentsAlphaBetaReply) {
  const auto own = models::make_evaluator("donkers-material");
  const BaoGame g{kRules};
  int checked = 0, unique = 0, max_view_misses = 0;
  for (const char* model : kNonZeroSum) {
    const auto m = models::make_evaluator(model);
    const auto opponent = models::make_searcher("alphabeta(tt_mb=4)", kRules, m);
    ChildOm om(g, {EvalFn{own.get()}, EvalFn{m.get()}});
    for (const Position& p : positions(12)) {
      BaoGame::Children ch, replies, answers;
      g.children(p, ch);
      const int opp = 1 - p.side;
      for (int k = 0; k < static_cast<int>(ch.size()); ++k) {
        const Position& c = ch[static_cast<std::size_t>(k)].pos;
        if (!plain_below(g, c)) continue;
        g.children(c, replies);
        SCOPED_TRACE(std::string(model) + " at " + format_position(p) + ", child " + std::to_string(k));
        // The opponent's own choice: its alpha-beta to depth 2 (even: its negamax scores
        // the leaves for itself), as in a tournament.
        Limits l;
        l.depth = 2;
        const BaoResult ab = opponent->search(c, l);
        ASSERT_TRUE(ab.has_move);
        int ab_index = -1;
        for (int i = 0; i < static_cast<int>(replies.size()); ++i)
          if (replies[static_cast<std::size_t>(i)].move == ab.best) ab_index = i;
        ASSERT_GE(ab_index, 0);
        const auto best_o = best_replies(g, c, *m, opp, ModelView::Opponent);
        const auto best_m = best_replies(g, c, *m, opp, ModelView::Max);
        // The alpha-beta reply is one of the opponent view's predicted replies.
        ASSERT_NE(std::find(best_o.begin(), best_o.end(), ab_index), best_o.end());
        // MAX's OM value of c under each view; v0 after the alpha-beta reply: MAX's best
        // own leaf one ply on.
        om.set_model_view(ModelView::Opponent);
        const int om_o = om.child_value(p, 3, k);
        om.set_model_view(ModelView::Max);
        const int om_m = om.child_value(p, 3, k);
        const Position& after = replies[static_cast<std::size_t>(ab_index)].pos;
        int v0_ab = -kInfinity;
        g.children(after, answers);
        for (const auto& a : answers) v0_ab = std::max(v0_ab, own->evaluate(a.pos, p.side));
        ++checked;
        // Pessimistic ties: never above the alpha-beta reply's value; equal when that
        // reply is the only best one.
        ASSERT_LE(om_o, v0_ab);
        if (best_o.size() == 1) {
          ++unique;
          ASSERT_EQ(om_o, v0_ab);
        }
        if (std::find(best_m.begin(), best_m.end(), ab_index) == best_m.end() && om_m != v0_ab) ++max_view_misses;
      }
    }
  }
  EXPECT_GT(checked, 100);
  EXPECT_GT(unique, checked / 4);
  // The thesis' view with these evaluators predicts another reply than the opponent's
  // alpha-beta plays, and values the node by it, at some MIN nodes.
  EXPECT_GT(max_view_misses, 0);
}

TEST(OmView, OptionIsReadAndCheckedWhereItApplies) {
  const auto e = models::make_evaluator("donkers-default");
  EXPECT_NO_THROW(models::make_searcher("om-beta(model=donkers-ga1,model_view=opponent)", kRules, e));
  EXPECT_NO_THROW(models::make_searcher("om-beta(model=donkers-ga1,model_view=max)", kRules, e));
  try {
    models::make_searcher("om-beta(model=donkers-ga1,model_view=min)", kRules, e);
    FAIL() << "model_view=min accepted";
  } catch (const InputError& err) {
    EXPECT_NE(std::string(err.what()).find("model_view expects max or opponent, found 'min'"), std::string::npos)
        << err.what();
  }
  EXPECT_THROW(models::make_searcher("om-probe(model=donkers-ga1,model_view=opponent)", kRules, e), InputError);
  OmSearch<BaoGame> s(BaoGame{kRules}, {EvalFn{e.get()}, EvalFn{e.get()}});
  s.set_model_view(ModelView::Opponent);
  const Position p = start_position(Variant::Kiswahili);
  EXPECT_THROW(s.om_probe(p, 2, 1), InputError);
  EXPECT_THROW(s.om_bounded(p, 2, 1, 100), InputError);
}

}  // namespace
}  // namespace bao::search
