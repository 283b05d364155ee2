// Root OM's inner_table=shared (models/root_om.h; Donkers 2002, docs/reference-program.md
// (a)): fresh is the default; an AlphaBeta given a shared table keeps it across searches
// and keeps salted keys apart; a search two plies below the root finds the entries of the
// root's warming search; root OM with the shared table counts the warming search and,
// at these depths, keeps fresh's move and value (every inner search's entries reach the
// same horizon, docs/results.md "S2 hisarms"); and a bad inner_table is refused naming
// the parameter.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "input_error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "play/openings.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "search/tt.h"

namespace bao::models {
namespace {

const Rules kRules{};

// Games in progress: seeded random walks of 4..40 plies.
std::vector<Position> positions() {
  std::vector<Position> out;
  for (std::uint64_t i = 0; out.size() < 5; ++i) {
    const Position p = play::random_opening(kRules, 13, i, 4, 40);
    if (outcome(p, kRules) == Outcome::Ongoing) out.push_back(p);
  }
  return out;
}

search::BaoResult run(const std::string& spec, const std::string& eval, const Position& p, int depth) {
  return make_searcher(spec, kRules, make_evaluator(eval))->search(p, search::Limits{depth, 0, 0});
}

using AB = search::AlphaBeta<search::BaoGame, search::EvalFn>;

search::AlphaBetaOptions no_table() {
  search::AlphaBetaOptions o;
  o.tt_mb = 0;
  return o;
}

TEST(RootOmInnerTable, FreshIsTheDefault) {
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (const std::string params : {"model=material,model_depth=d", "model=material,manage_risk=true"}) {
      const auto plain = run("root-om(" + params + ")", "default", p, 4);
      const auto fresh = run("root-om(" + params + ",inner_table=fresh)", "default", p, 4);
      EXPECT_EQ(fresh.best, plain.best) << params;
      EXPECT_EQ(fresh.value, plain.value) << params;
      EXPECT_EQ(fresh.nodes, plain.nodes) << params;
      EXPECT_EQ(fresh.pv, plain.pv) << params;
    }
  }
}

// share_table: a second search of the same position in the same table finds the first's
// entries (far fewer nodes, the same value); one under another key salt finds none (the
// nodes of a search in an empty table).
TEST(RootOmInnerTable, SharedTableIsKeptAcrossSearchesAndSaltsKeepApart) {
  const auto eval = make_evaluator("default");
  const search::BaoGame g{kRules};
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    auto table = std::make_shared<search::TranspositionTable>(4);
    table->new_search();
    AB first(g, search::EvalFn{eval.get()}, no_table()), again(g, search::EvalFn{eval.get()}, no_table()),
        salted(g, search::EvalFn{eval.get()}, no_table());
    first.share_table(table, 0);
    again.share_table(table, 0);
    salted.share_table(table, 12345);
    const search::Limits l{5, 0, 0};
    const auto a = first.search(p, l);
    const auto b = again.search(p, l);
    const auto c = salted.search(p, l);
    search::AlphaBetaOptions own;
    own.tt_mb = 4;
    const auto alone = AB(g, search::EvalFn{eval.get()}, own).search(p, l);
    EXPECT_EQ(a.nodes, alone.nodes);  // an empty shared table is an own empty table
    EXPECT_EQ(b.value, a.value);
    EXPECT_LT(b.nodes * 4, a.nodes);
    EXPECT_EQ(c.value, a.value);
    EXPECT_EQ(c.nodes, alone.nodes);
  }
}

// The warming search's options in root-om (models/root_om.cpp): MTD(f), iterations by
// one ply, deeper entries cutting off.
search::AlphaBetaOptions warming() {
  search::AlphaBetaOptions o = no_table();
  o.tt_deeper = true;
  o.id_step = 1;
  o.mtdf = true;
  return o;
}

// What root OM's own search after a reply meets: a search two plies below the root (after
// the first move and the first reply), into a table the root's full search has warmed,
// finds its entries (more table hits than in an empty table, over the positions) and the
// same value (the entries reach the same horizon). It need not visit fewer nodes: the
// warming MTD(f) leaves bounds of null-window searches off its principal line.
TEST(RootOmInnerTable, WarmedTableAnswersASearchTwoPliesBelowTheRoot) {
  const auto eval = make_evaluator("td-long");
  const search::BaoGame g{kRules};
  search::AlphaBetaOptions inner = no_table();
  inner.tt_deeper = true;
  inner.id_step = search::kMaxPly;
  std::uint64_t warmed_hits = 0, alone_hits = 0;
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    ChildList moves, replies;
    generate_children(p, kRules, moves);
    generate_children(moves[0].pos, kRules, replies);
    if (replies.empty()) continue;
    const Position& below = replies[0].pos;
    auto table = std::make_shared<search::TranspositionTable>(8);
    table->new_search();
    AB warm(g, search::EvalFn{eval.get()}, warming()), own(g, search::EvalFn{eval.get()}, inner);
    warm.share_table(table, 0);
    own.share_table(table, 0);
    warm.search(p, search::Limits{6, 0, 0});
    const auto warmed = own.search(below, search::Limits{4, 0, 0});
    auto empty = std::make_shared<search::TranspositionTable>(8);
    empty->new_search();
    AB cold(g, search::EvalFn{eval.get()}, inner);
    cold.share_table(empty, 0);
    const auto alone = cold.search(below, search::Limits{4, 0, 0});
    EXPECT_EQ(warmed.value, alone.value);
    warmed_hits += warmed.tt_hits;
    alone_hits += alone.tt_hits;
  }
  EXPECT_GT(warmed_hits, alone_hits);
}

// Root OM with the shared table: its count includes the warming search's (measured here on
// its own), its tree is another (other node counts), and at depths 3 to 5 its move and
// value are fresh's.
TEST(RootOmInnerTable, SharedTableKeepsTheMoveAndValueAtTheseDepths) {
  const auto eval = make_evaluator("td-long");
  const search::BaoGame g{kRules};
  int other_trees = 0;
  for (const Position& p : positions()) {
    SCOPED_TRACE(format_position(p));
    for (int d = 3; d <= 5; ++d) {
      SCOPED_TRACE(d);
      for (const std::string params :
           {"model=ga-short,model_depth=d", "model=ga-short,model_depth=d,manage_risk=true"}) {
        const auto fresh = run("root-om(" + params + ")", "td-long", p, d);
        const auto shared = run("root-om(" + params + ",inner_table=shared)", "td-long", p, d);
        auto table = std::make_shared<search::TranspositionTable>(8);
        table->new_search();
        AB warm(g, search::EvalFn{eval.get()}, warming());
        warm.share_table(table, 0);
        const auto warmed = warm.search(p, search::Limits{d, 0, 0});
        ASSERT_TRUE(shared.has_move);
        EXPECT_EQ(shared.best, fresh.best) << params;
        EXPECT_EQ(shared.value, fresh.value) << params;
        EXPECT_GT(shared.nodes, warmed.nodes) << params;
        other_trees += shared.nodes != fresh.nodes;
      }
    }
  }
  EXPECT_GT(other_trees, 0);
}

TEST(RootOmInnerTable, BadInnerTableIsRefusedNamingTheParameter) {
  const auto eval = make_evaluator("default");
  for (const char* bad : {"foo", "Shared", "none"}) {
    const std::string m = test::input_error_of(
        [&] { make_searcher(std::string("root-om(model=material,inner_table=") + bad + ")", kRules, eval); });
    EXPECT_NE(m.find("parameter inner_table expects fresh or shared"), std::string::npos) << m;
    EXPECT_NE(m.find(std::string("found '") + bad + "'"), std::string::npos) << m;
  }
  for (const char* good : {"fresh", "shared"})
    EXPECT_NO_THROW(make_searcher(std::string("root-om(model=material,inner_table=") + good + ")", kRules, eval));
}

}  // namespace
}  // namespace bao::models
