// What the thesis experiments log beside each move: the reply a searcher
// expects (Searcher::predicted_reply) and the noisy evaluator copies (models/
// noisy_evaluator.h). A prediction must be one of the model's best replies at the depth
// the search predicted MIN with (checked against plain alpha-beta searches made here),
// and root OM with the opponent's own evaluator and depth predicts every reply of that
// opponent in a game.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/noisy_evaluator.h"
#include "play/game_loop.h"
#include "play/openings.h"
#include "search/searcher.h"

namespace bao::models {
namespace {

const Rules kRules{};

std::vector<Position> positions(int n) {
  std::vector<Position> out;
  for (std::uint64_t i = 0; static_cast<int>(out.size()) < n; ++i) {
    const Position p = play::random_opening(kRules, 17, i, 4, 40);
    if (outcome(p, kRules) == Outcome::Ongoing) out.push_back(p);
  }
  return out;
}

// The replies to the position `child` (MIN to move) that `model` rates best when it
// searches `depth` plies from there, each reply scored by a plain alpha-beta search.
std::set<std::string> best_replies(const Position& child, const std::string& model, int depth) {
  auto ab = make_searcher("alphabeta(tt_mb=0,ordering=false)", kRules, make_evaluator(model));
  ChildList replies;
  generate_children(child, kRules, replies);
  std::vector<int> value;
  int best = -search::kInfinity;
  for (const Child& c : replies) {
    const int v = depth > 1 ? -ab->search(c.pos, search::Limits{depth - 1, 0, 0}).value
                            : -make_evaluator(model)->evaluate(c.pos, c.pos.side);
    value.push_back(v);
    best = std::max(best, v);
  }
  std::set<std::string> out;
  for (std::size_t i = 0; i < replies.size(); ++i)
    if (value[i] == best) out.insert(format_move(replies[i].move, child.side));
  return out;
}

// spec's prediction after its own search of p to `depth`.
std::string prediction(const std::string& spec, const Position& p, int depth) {
  auto s = make_searcher(spec, kRules, make_evaluator("td-long"));
  const search::BaoResult r = s->search(p, search::Limits{depth, 0, 0});
  const auto m = s->predicted_reply(p, r);
  return m ? format_move(*m, p.side ^ 1) : "";
}

TEST(PredictedReply, ModelSearchersPredictABestReplyOfTheirModel) {
  struct Case {
    std::string spec, model;
    int depth, model_depth;  // MAX's depth, the depth MIN is predicted with
  };
  const std::vector<Case> cases = {
      {"om-beta(model=ga-material)", "ga-material", 4, 3},
      {"prom-beta(types=ga-short:0.1+ga-material:0.4)", "ga-material", 3, 2},  // the most probable type
      {"ddom-ab(model=ga-short,model_depth=2)", "ga-short", 4, 2},
      {"root-om(model=ga-short,model_depth=d)", "ga-short", 3, 3},
      {"root-om(model=ga-short,model_depth=d-1)", "ga-short", 3, 2},
  };
  int checked = 0;
  for (const Position& p : positions(6))
    for (const Case& c : cases) {
      auto s = make_searcher(c.spec, kRules, make_evaluator("td-long"));
      const search::BaoResult r = s->search(p, search::Limits{c.depth, 0, 0});
      const Position child = apply_move(p, r.best, kRules);
      if (outcome(child, kRules) != Outcome::Ongoing) continue;
      const std::string got = prediction(c.spec, p, c.depth);
      ASSERT_FALSE(got.empty()) << c.spec;
      EXPECT_TRUE(best_replies(child, c.model, c.model_depth).count(got))
          << c.spec << " predicted " << got << " in " << format_position(p);
      ++checked;
    }
  EXPECT_GE(checked, 25);
}

// A searcher under a node limit can finish iterations of a great depth in an endgame; the
// prediction after such a search is bounded (to the deepest iteration alpha-beta on the
// model finishes within its budget), not a search to that depth, which at the start
// position would never end.
TEST(PredictedReply, APredictionAfterADeepSearchIsBounded) {
  const Position p = start_position(Variant::Kiswahili);
  for (const std::string spec : {"om-beta(model=ga-short)", "safe-om(model=ga-short,eps=16)"}) {
    auto s = make_searcher(spec, kRules, make_evaluator("td-long"));
    search::BaoResult r = s->search(p, search::Limits{2, 0, 0});
    ASSERT_TRUE(r.has_move);
    r.depth = 60;  // as if its iterations had reached 60 plies
    const auto m = s->predicted_reply(p, r);
    ASSERT_TRUE(m.has_value()) << spec;
    const Position child = apply_move(p, r.best, kRules);
    ChildList replies;
    generate_children(child, kRules, replies);
    EXPECT_TRUE(std::any_of(replies.begin(), replies.end(), [&](const Child& c) { return c.move == *m; })) << spec;
  }
}

TEST(PredictedReply, AlphaBetaPredictsItsPrincipalVariationsReply) {
  for (const Position& p : positions(5)) {
    auto s = make_searcher("alphabeta", kRules, make_evaluator("ga-long"));
    const search::BaoResult r = s->search(p, search::Limits{4, 0, 0});
    const auto m = s->predicted_reply(p, r);
    ASSERT_EQ(m.has_value(), r.pv.size() >= 2);
    if (m) {
      EXPECT_EQ(*m, r.pv[1]);
    }
  }
}

// Root OM with model Y at the opponent's depth predicts alpha-beta(Y)'s every reply: the
// model is the opponent. A prediction logged against the wrong ply would miss.
TEST(PredictedReply, RootOmWithTheOpponentAsModelPredictsEveryReplyInAGame) {
  auto om = make_searcher("root-om(model=ga-short,model_depth=d)", kRules, make_evaluator("td-long"));
  auto opp = make_searcher("alphabeta", kRules, make_evaluator("ga-short"));
  int predicted = 0;
  for (const Position& start : positions(4)) {
    search::Searcher* const players[2] = {om.get(), opp.get()};
    const search::Limits limits[2] = {{3, 0, 0}, {3, 0, 0}};
    const play::PlayedGame g = play::play_game(start, kRules, players, limits, 60, false, true);
    ASSERT_EQ(g.predicted.size(), g.moves.size());
    for (std::size_t k = 0; k + 1 < g.moves.size(); ++k) {
      const int mover = (start.side + static_cast<int>(k)) % 2;
      if (mover != 0 || !g.predicted[k]) continue;
      EXPECT_EQ(*g.predicted[k], g.moves[k + 1]) << "ply " << k;
      ++predicted;
    }
  }
  EXPECT_GE(predicted, 20);
}

TEST(NoisyEvaluator, AFixedZeroSumNoiseWithinItsAmplitude) {
  const auto base = make_evaluator("ga-material");
  const auto noisy = make_evaluator("ga-material~4");
  EXPECT_EQ(noisy->name(), "ga-material~4");
  std::set<int> noises;
  for (const Position& p : positions(300)) {
    const int n = noisy->evaluate(p, 0) - base->evaluate(p, 0);
    EXPECT_LE(std::abs(n), 4);
    EXPECT_EQ(noisy->evaluate(p, 1), -noisy->evaluate(p, 0));  // zero-sum, as the searches assume
    EXPECT_EQ(make_evaluator("ga-material~4")->evaluate(p, 0), noisy->evaluate(p, 0));  // a function of p
    EXPECT_EQ(make_evaluator("ga-material~0")->evaluate(p, 0), base->evaluate(p, 0));
    noises.insert(n);
  }
  EXPECT_EQ(noises.size(), 9u);  // every value in [-4, 4] occurs in 300 positions
}

TEST(NoisyEvaluator, BadAmplitudeOrBaseIsRefusedByName) {
  EXPECT_NE(test::input_error_of([] {
              make_evaluator("ga-material~x");
            }).find("evaluator 'ga-material~x': the noise after '~' must be a whole number from 0 to 100000"),
            std::string::npos);
  EXPECT_NE(test::input_error_of([] { make_evaluator("ga-material~-1"); }).find("found '-1'"), std::string::npos);
  EXPECT_NE(test::input_error_of([] { make_evaluator("ga-material~"); }).find("found ''"), std::string::npos);
  EXPECT_NE(test::input_error_of([] { make_evaluator("no-such~3"); }).find("unknown evaluator 'no-such'"),
            std::string::npos);
}

}  // namespace
}  // namespace bao::models
