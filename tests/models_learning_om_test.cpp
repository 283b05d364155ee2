// Learning the opponent's type during a game: types EVAL@DEPTH through the off-line
// (count, em, bayes) and on-line (epsilon, bayes) learners; the belief a searcher keeps
// between its moves (models/online_type_tracker.h); root-om-learn and prom-learn
// (models/learning_om_searchers.h) searching with it, reset per game, deterministic.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/online_type_tracker.h"
#include "models/player_model.h"
#include "models/type_learning.h"
#include "play/game_loop.h"
#include "play/openings.h"

namespace bao::models {
namespace {

using test::input_error_of;

const Rules kRules{};
const std::string kAb = "alphabeta(tt_mb=4)";

int argmax(const std::vector<double>& p) { return static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin()); }

// ---- (a) depth types through the estimators ----

// The real opponent is material@2; the types differ by depth alone.
TEST(DepthTypes, OfflineEstimatorsGiveTheOpponentsDepthTheLargestProbability) {
  const PlayerModel real = parse_player_model("material@2", 2, kAb);
  const auto types = parse_player_models("material@1,material@2,material@3", 2, kAb);
  for (const TypeEstimator e : {TypeEstimator::Count, TypeEstimator::Em, TypeEstimator::Bayes}) {
    SCOPED_TRACE(estimator_name(e));
    OfflineOptions o;
    o.estimator = e;
    o.positions = 40;
    o.repeats = 2;
    o.threads = 2;
    o.seed = 7;
    const OfflineResult two = learn_types_offline(real, types, kRules, o);
    EXPECT_EQ(argmax(two.mean), 1) << two.mean[0] << " " << two.mean[1] << " " << two.mean[2];
    EXPECT_EQ(two.hit_rate[1], 1.0);  // the type equal to the opponent predicts every move
    o.threads = 1;
    EXPECT_EQ(learn_types_offline(real, types, kRules, o).mean, two.mean);
  }
}

TEST(DepthTypes, OnlineEstimatorsGiveTheOpponentsDepthTheLargestProbability) {
  const auto types = parse_player_models("material@1,material@2,material@3", 2, kAb);
  for (const TypeEstimator e : {TypeEstimator::Epsilon, TypeEstimator::Bayes}) {
    SCOPED_TRACE(estimator_name(e));
    OnlineOptions o;
    o.estimator = e;
    o.games = 2;
    o.ply_cap = 80;
    o.seed = 7;
    const auto steps = learn_types_online(parse_player_model("material@2", 2, kAb), types,
                                          parse_player_model("default@2", 2, kAb), kRules, o);
    ASSERT_GT(steps.size(), 20u);
    EXPECT_EQ(argmax(steps.back().probs), 1);
    EXPECT_GT(steps.back().probs[1], steps.front().probs[1] - 1e-12);
    const auto again = learn_types_online(parse_player_model("material@2", 2, kAb), types,
                                          parse_player_model("default@2", 2, kAb), kRules, o);
    EXPECT_EQ(again.back().probs, steps.back().probs);
  }
}

// ---- the belief between moves ----

// A position after an opening where material@1 and material@3 reply differently to the
// move `mine` (the first legal one), found on seeded openings.
struct Split {
  Position before, after;  // before my move; after it (the opponent to move)
  Move mine;
  Move reply1, reply3;  // each type's reply
};

Split find_split() {
  MovePredictor t1(parse_player_model("material@1", 1, kAb), kRules);
  MovePredictor t3(parse_player_model("material@3", 1, kAb), kRules);
  for (std::uint64_t i = 0; i < 200; ++i) {
    const Position p = play::random_opening(kRules, 11, i, 4, 8);
    ChildList mine;
    generate_children(p, kRules, mine);
    if (mine.empty() || outcome(mine[0].pos, kRules) != Outcome::Ongoing) continue;
    const Move r1 = t1.predict(mine[0].pos), r3 = t3.predict(mine[0].pos);
    if (apply_move(mine[0].pos, r1, kRules) == apply_move(mine[0].pos, r3, kRules)) continue;
    return {p, mine[0].pos, mine[0].move, r1, r3};
  }
  ADD_FAILURE() << "no position where the types differ";
  return {};
}

TEST(OnlineTypeTracker, AReplyOnlyOneTypePlaysMovesTheBeliefTowardIt) {
  const Split s = find_split();
  const auto types = parse_player_models("material@1,material@3", 2, kAb);
  for (int k : {0, 1}) {
    OnlineTypeTracker t(kRules, types, 0.05, 0.001);
    EXPECT_EQ(t.see(s.before), 0u);  // the game's first position: nothing to learn
    EXPECT_EQ(t.probs(), (std::vector<double>{0.5, 0.5}));
    t.played(s.before, s.mine);
    const Position next = apply_move(s.after, k == 0 ? s.reply1 : s.reply3, kRules);
    EXPECT_GT(t.see(next), 0u);  // each type searched
    EXPECT_GT(t.probs()[static_cast<std::size_t>(k)], 0.9);
    EXPECT_EQ(t.most_probable(), k);
    EXPECT_EQ(t.informative(), 1);
    // The same position again changes nothing; a position not following my move
    // starts afresh.
    const auto probs = t.probs();
    t.see(next);
    EXPECT_EQ(t.probs(), probs);
    t.see(s.before);
    EXPECT_EQ(t.probs(), (std::vector<double>{0.5, 0.5}));
    EXPECT_EQ(t.informative(), 0);
  }
}

TEST(OnlineTypeTracker, AReplyNeitherTypePlaysLeavesThemEqualAndNewGameResets) {
  const Split s = find_split();
  ChildList replies;
  generate_children(s.after, kRules, replies);
  const Position p1 = apply_move(s.after, s.reply1, kRules), p3 = apply_move(s.after, s.reply3, kRules);
  const auto other =
      std::find_if(replies.begin(), replies.end(), [&](const Child& c) { return c.pos != p1 && c.pos != p3; });
  ASSERT_NE(other, replies.end());
  OnlineTypeTracker t(kRules, parse_player_models("material@1,material@3", 2, kAb), 0.05, 0.001);
  t.see(s.before);
  t.played(s.before, s.mine);
  t.see(other->pos);
  EXPECT_DOUBLE_EQ(t.probs()[0], t.probs()[1]);
  EXPECT_EQ(t.informative(), 1);
  t.new_game();
  EXPECT_EQ(t.replies(), 0);
}

TEST(OnlineTypeTracker, TypesAreReadByNameAndBadOnesRefused) {
  const auto t = parse_depth_types("root-om-learn", "material@2+default@4");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].describe(), "default@4");
  EXPECT_NE(input_error_of([] { parse_depth_types("x", "material"); }).find("EVAL@DEPTH"), std::string::npos);
  EXPECT_NE(input_error_of([] { parse_depth_types("x", "material@0"); }).find("depth after '@'"), std::string::npos);
  EXPECT_NE(input_error_of([] { parse_depth_types("x", "material@2+"); }).find("empty item"), std::string::npos);
  EXPECT_NE(input_error_of([] { parse_depth_types("x", "material@2+material@2"); }).find("twice"), std::string::npos);
  EXPECT_NE(input_error_of([] { parse_depth_types("x", "nonesuch@2"); }).find("nonesuch"), std::string::npos);
  for (const char* bad :
       {"root-om-learn(types=material@2,epsilon=0)", "root-om-learn(types=material@2+default@2,floor=0.5)",
        "prom-learn(types=material@2,own=1)", "root-om-learn(epsilon=0.1)"})
    EXPECT_THROW(make_searcher(bad, kRules, make_evaluator("default")), InputError) << bad;
}

// ---- the searchers ----

search::Limits depth(int d) {
  search::Limits l;
  l.depth = d;
  return l;
}

// root-om-learn's move at each of its plies is root-om's with the most probable type of
// a belief fed the game's replies; the same game twice, with another between, is the
// same (the belief starts afresh each game).
TEST(RootOmLearn, PlaysRootOmWithTheMostProbableTypeAndResetsPerGame) {
  const std::string types = "material@1+material@2+material@3";
  auto learner = make_searcher("root-om-learn(types=" + types + ")", kRules, make_evaluator("default"));
  auto opponent = make_searcher(kAb, kRules, make_evaluator("material"));
  search::Searcher* const both[2] = {learner.get(), opponent.get()};
  const search::Limits limits[2] = {depth(3), depth(2)};
  const Position a = play::random_opening(kRules, 5, 0, 4, 8), b = play::random_opening(kRules, 5, 1, 4, 8);
  const play::PlayedGame first = play::play_game(a, kRules, both, limits, 60);
  play::play_game(b, kRules, both, limits, 60);
  EXPECT_EQ(play::play_game(a, kRules, both, limits, 60).moves, first.moves);

  // Replayed: a tracker fed the same replies picks the type; root-om with it moves alike.
  OnlineTypeTracker t(kRules, parse_player_models("material@1,material@2,material@3", 2, kAb), 0.05, 0.001);
  std::vector<std::unique_ptr<search::Searcher>> root_om;
  for (const char* m : {"material@1", "material@2", "material@3"})
    root_om.push_back(make_searcher(std::string("root-om(model=") + m + ")", kRules, make_evaluator("default")));
  Position p = a;
  int checked = 0;
  for (const Move& m : first.moves) {
    if (p.side == 0) {  // the learner's
      t.see(p, depth(3));
      const search::BaoResult r = root_om[static_cast<std::size_t>(t.most_probable())]->search(p, depth(3));
      EXPECT_EQ(r.best, m) << "ply " << checked;
      t.played(p, m);
      ++checked;
    }
    p = apply_move(p, m, kRules);
  }
  EXPECT_GT(checked, 10);
  EXPECT_EQ(t.most_probable(), 1);  // the opponent's depth, learned
}

// With one type root-om-learn is root-om with that model.
TEST(RootOmLearn, OneTypeIsRootOmWithThatModel) {
  auto learner = make_searcher("root-om-learn(types=material@2)", kRules, make_evaluator("default"));
  auto plain = make_searcher("root-om(model=material@2)", kRules, make_evaluator("default"));
  auto opponent = make_searcher(kAb, kRules, make_evaluator("material"));
  const search::Limits limits[2] = {depth(3), depth(2)};
  const Position a = play::random_opening(kRules, 5, 2, 4, 8);
  search::Searcher* const l[2] = {learner.get(), opponent.get()};
  search::Searcher* const r[2] = {plain.get(), opponent.get()};
  EXPECT_EQ(play::play_game(a, kRules, l, limits, 60).moves, play::play_game(a, kRules, r, limits, 60).moves);
}

// prom-learn: deterministic from game to game, and its prediction is the learned type's.
TEST(PromLearn, SameGameTwiceAndPredictsWithTheLearnedType) {
  auto learner = make_searcher("prom-learn(types=material@1+default@2,tt_mb=1)", kRules, make_evaluator("default"));
  auto opponent = make_searcher(kAb, kRules, make_evaluator("default"));
  search::Searcher* const both[2] = {learner.get(), opponent.get()};
  const search::Limits limits[2] = {depth(2), depth(2)};
  const Position a = play::random_opening(kRules, 5, 3, 4, 8);
  const play::PlayedGame g = play::play_game(a, kRules, both, limits, 60, false, true);
  EXPECT_EQ(play::play_game(a, kRules, both, limits, 60).moves, g.moves);
  // Late in the game the learner predicts default@2's replies, the opponent's own.
  int hits = 0, predicted = 0;
  Position p = a;
  for (std::size_t i = 0; i + 1 < g.moves.size(); ++i) {
    if (p.side == 0 && i >= g.moves.size() / 2 && g.predicted[i]) {  // the learner's
      ++predicted;
      hits += *g.predicted[i] == g.moves[i + 1];
    }
    p = apply_move(p, g.moves[i], kRules);
  }
  ASSERT_GT(predicted, 3);
  EXPECT_EQ(hits, predicted);
}

}  // namespace
}  // namespace bao::models
