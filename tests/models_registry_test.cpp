// The models layer's registries: evaluators (zero sum, material, colour symmetry) and
// opponent-model searchers by name on Bao.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"
#include "play/openings.h"
#include "search/bao_game.h"
#include "search/score.h"
#include "search/tt.h"

namespace bao::models {
namespace {

// Games in progress from seeded random walks of 0..60 plies.
std::vector<Position> openings(Variant v, int n, std::uint64_t seed) {
  Rules rules;
  rules.variant = v;
  std::vector<Position> out;
  for (int i = 0; i < n; ++i) out.push_back(play::random_opening(rules, seed, static_cast<std::uint64_t>(i), 0, 60));
  return out;
}

TEST(Evaluators, ZeroSumAndMaterialCountsSeeds) {
  const MaterialEvaluator material;
  const DefaultEvaluator def;
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza})
    for (const Position& p : openings(v, 300, 55)) {
      EXPECT_EQ(material.evaluate(p, 0), -material.evaluate(p, 1));
      EXPECT_EQ(def.evaluate(p, 0), -def.evaluate(p, 1));
      int south = p.hand[0];
      for (int r = 0; r < kRing; ++r) south += p.pits[0][r];
      EXPECT_EQ(material.evaluate(p, South), 2 * south - kSeeds);
      EXPECT_LT(std::abs(def.evaluate(p, 0)), search::kMaxEval);
    }
  // Colour symmetry: the same position with the colours swapped scores the same for the
  // other side; the kiswahili start, symmetric with no threats, scores zero.
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza})
    for (const Position& p : openings(v, 200, 66)) {
      Position m = p;
      for (int r = 0; r < kRing; ++r) std::swap(m.pits[0][r], m.pits[1][r]);
      std::swap(m.hand[0], m.hand[1]);
      m.houses = static_cast<std::uint8_t>(((p.houses & 1) << 1) | ((p.houses >> 1) & 1));
      m.side = static_cast<std::uint8_t>(p.side ^ 1);
      m.refresh_key();
      for (int side = 0; side < 2; ++side) {
        EXPECT_EQ(def.evaluate(m, side ^ 1), def.evaluate(p, side)) << format_position(p);
        EXPECT_EQ(material.evaluate(m, side ^ 1), material.evaluate(p, side));
      }
    }
  EXPECT_EQ(def.evaluate(start_position(Variant::Kiswahili), South), 0);
  EXPECT_EQ(def.evaluate(start_position(Variant::Kiswahili), North), 0);
}

TEST(Evaluators, BuiltInNamesAreThoseMadeWithoutAFile) {
  for (const char* n :
       {"material", "default", "td-long", "ga-material", "default~5", "td-short~0~3", "material~100000"})
    EXPECT_TRUE(is_builtin_evaluator(n)) << n;
  for (const char* n : {"", "w.txt", "/etc/passwd", "models/weights/td-long.txt", "nosuch", "w.txt~5", "default~",
                        "default~x", "default~-1", "default~100001", "~5"})
    EXPECT_FALSE(is_builtin_evaluator(n)) << n;
}

TEST(OmRegistry, SpecEvaluatorsAreTheNamesTheFactoriesMake) {
  using V = std::vector<std::string>;
  EXPECT_EQ(spec_evaluators(search::parse_spec("alphabeta(tt_mb=4)")), V{});
  EXPECT_EQ(spec_evaluators(search::parse_spec("om-beta(model=w.txt,tt_mb=4)")), V{"w.txt"});
  EXPECT_EQ(spec_evaluators(search::parse_spec("om-plain(model=default@3)")), V{"default@3"});
  EXPECT_EQ(spec_evaluators(search::parse_spec("root-om(model=td-long@3,own_depth=d)")), V{"td-long"});
  EXPECT_EQ(spec_evaluators(search::parse_spec("mstar-1p(models=material+/x/y+)")), (V{"material", "/x/y"}));
  EXPECT_EQ(spec_evaluators(search::parse_spec("prom-beta(types=a:0.2+b~3:0.3+c,own=0.5)")), (V{"a", "b~3"}));
  EXPECT_EQ(spec_evaluators(search::parse_spec("root-om-learn(types=td-long@4+w.txt@6)")), (V{"td-long", "w.txt"}));
}

TEST(OmRegistry, OpponentSearchersByNameOnBao) {
  const Rules rules;
  auto eval = make_evaluator("default");
  const Position p = start_position(Variant::Kiswahili);
  for (const char* spec :
       {"om-plain(model=material)", "om-beta(model=material,horizon=2)", "om-probe(model=material)",
        "root-om(model=material)", "root-om(model=material,model_depth=d,manage_risk=true)",
        "root-om(model=material,model_depth=2)", "root-om(model=material@2)", "prom-plain(types=material:0.5)",
        "prom-beta(types=material:0.25,own=0.75)", "prom-1p(types=material:0.5)",
        "sp-prom(types=material:0.5,bound=500)", "mstar-1p(models=material+default)",
        "mstar-ab(models=material+default,bound=100000)", "mstar-plain(models=material)",
        "ddom-plain(model=material,model_depth=1)", "ddom-ab(model=material,model_depth=2)", "alphabeta", "minimax"}) {
    auto s = models::make_searcher(spec, rules, eval);
    const auto r = s->search(p, search::Limits{3, 0, 0});
    EXPECT_TRUE(r.has_move) << spec;
    EXPECT_TRUE(is_legal(p, r.best, rules)) << spec;
    const auto again = s->search(p, search::Limits{3, 0, 0});
    EXPECT_EQ(again.best, r.best) << spec;
    EXPECT_EQ(again.nodes, r.nodes) << spec;
  }
  // Node limits: iterative deepening goes past depth 1 and reports the last finished
  // iteration, the move and value of a search to that depth.
  auto s = models::make_searcher("om-beta(model=material)", rules, eval);
  const auto r = s->search(p, search::Limits{0, 2000, 0});
  EXPECT_GT(r.depth, 1);
  const auto fixed = s->search(p, search::Limits{r.depth, 0, 0});
  EXPECT_EQ(r.best, fixed.best);
  EXPECT_EQ(r.value, fixed.value);
}

// The searchers by name keep the reductions their tests prove on trees: M* with one
// model is OM search, (D,d)-OM with d = D - 1 is OM search, and PrOM with all mass on
// one type is OM search with that type.
TEST(OmRegistry, ReductionsHoldByName) {
  const Rules rules;
  auto eval = make_evaluator("default");
  Position p = start_position(Variant::Kiswahili);
  MoveList moves;
  for (int ply = 0; ply < 6; ++ply) {  // a middle-game position, the same every run
    generate_moves(p, rules, moves);
    p = apply_move(p, moves[static_cast<std::size_t>(ply) % moves.size()], rules);
  }
  generate_moves(p, rules, moves);
  ASSERT_GE(moves.size(), 3u);
  for (int depth : {2, 3, 4}) {
    const auto om = models::make_searcher("om-plain(model=material)", rules, eval)->search(p, search::Limits{depth});
    ASSERT_TRUE(om.has_move);
    for (const std::string& spec : std::vector<std::string>{
             "mstar-1p(models=material)", "mstar-plain(models=material)", "mstar-ab(models=material,bound=100000)",
             "om-beta(model=material)", "ddom-plain(model=material,model_depth=" + std::to_string(depth - 1) + ")",
             "ddom-ab(model=material,model_depth=" + std::to_string(depth - 1) + ")", "prom-beta(types=material:1)",
             "sp-prom(types=material:1,bound=100000)"}) {
      SCOPED_TRACE(spec + " depth " + std::to_string(depth));
      const auto r = models::make_searcher(spec, rules, eval)->search(p, search::Limits{depth});
      EXPECT_EQ(r.best, om.best);
      EXPECT_EQ(r.value, om.value);
    }
  }
}

// A node limit holds inside the model searches too: root-om's model searches 14 plies
// deep took 357,890 nodes under a limit of 20,000 (and with a time limit ran for
// minutes at @30); an OM iteration that runs out is stopped and its nodes still count.
TEST(OmRegistry, NodeLimitsHoldInsideModelSearches) {
  const Rules rules;
  auto eval = make_evaluator("default");
  const Position p = parse_position("0,0,3,0,13,0,0,1/0,0,0,0,0,1,1,1/0,1,5,0,10,1,1,0/0,0,0,0,0,0,0,0 S 13,13 Aa -",
                                    Variant::Kiswahili);
  constexpr std::uint64_t kLimit = 20000;
  for (const char* spec :
       {"root-om(model=material@14)", "root-om(model=material@14,manage_risk=true)", "om-plain(model=material)",
        "om-beta(model=material)", "om-probe(model=material)", "prom-plain(types=material:0.5)",
        "prom-beta(types=material:0.5)", "mstar-1p(models=material+default)", "ddom-ab(model=material,model_depth=2)",
        "alphabeta", "minimax"}) {
    SCOPED_TRACE(spec);
    auto s = models::make_searcher(spec, rules, eval);
    // minimax needs a depth: one it cannot reach within the limit.
    const int depth = std::string(spec) == "minimax" ? 12 : 0;
    const auto r = s->search(p, search::Limits{depth, kLimit, 0});
    EXPECT_TRUE(r.has_move);
    EXPECT_TRUE(is_legal(p, r.best, rules));
    EXPECT_GE(r.depth, 1);
    // The first iteration always finishes; past the limit only its depth-1 tails run.
    EXPECT_LE(r.nodes, kLimit + 500);
    const auto again = s->search(p, search::Limits{depth, kLimit, 0});
    EXPECT_EQ(again.best, r.best);
    EXPECT_EQ(again.nodes, r.nodes);
  }
}

// One estimate of a searcher's memory, read from the registry without making it: every
// Cost::Memory parameter (tables), MCTS's pool with the type weights a model adds beside
// it, root OM's two inner tables.
TEST(OmRegistry, MemoryEstimateCountsEveryKnob) {
  const auto& r = searchers();
  constexpr std::uint64_t MiB = std::uint64_t{1} << 20;
  EXPECT_EQ(r.memory_bytes("alphabeta"), 16 * MiB);
  EXPECT_EQ(r.memory_bytes("alphabeta(tt_mb=0)"), 0u);
  EXPECT_EQ(r.memory_bytes("om-beta(model=material,tt_mb=3)"), 3 * MiB);
  EXPECT_EQ(r.memory_bytes("mcts"), 256 * MiB);
  EXPECT_EQ(r.memory_bytes("mcts(pool_mb=64)"), 64 * MiB);
  EXPECT_GT(r.memory_bytes("om-mcts(model=material,pool_mb=64)"), 64 * MiB);
  EXPECT_GT(r.memory_bytes("prom-mcts(types=material:0.3+default:0.3,pool_mb=64)"),
            r.memory_bytes("om-mcts(model=material,pool_mb=64)"));
  EXPECT_EQ(r.memory_bytes("root-om(model=material)"), 8 * MiB);
  // Each Lazy SMP helper's own search: at least its per-ply lists of children.
  const std::uint64_t buffers = (search::kMaxPly + 1) * sizeof(search::BaoGame::Children);
  EXPECT_GE(r.memory_bytes("alphabeta(threads=2)"), 16 * MiB + buffers);
  EXPECT_GE(r.memory_bytes("alphabeta(threads=3)") - r.memory_bytes("alphabeta(threads=2)"), buffers);
  EXPECT_EQ(r.memory_bytes("alphabeta(threads=3)") - r.memory_bytes("alphabeta(threads=2)"),
            r.memory_bytes("alphabeta(threads=4)") - r.memory_bytes("alphabeta(threads=3)"));
  EXPECT_EQ(r.memory_bytes("engine(threads=2,tt_mb=1)"), r.memory_bytes("alphabeta(threads=2,tt_mb=1)"));
  EXPECT_EQ(r.memory_bytes("random"), 0u);
  EXPECT_THROW(r.memory_bytes("mcts(pool_mb=0)"), InputError);
  EXPECT_THROW(r.memory_bytes("nosuch"), InputError);
  // What passes 80% of the machine is refused, naming what to lower.
  try {
    search::check_memory_bytes(search::machine_memory_bytes(), "searcher 'mcts(pool_mb=N)'", "pool_mb");
    ADD_FAILURE() << "the whole machine's memory was accepted";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("searcher 'mcts(pool_mb=N)' would hold"), std::string::npos) << m;
    EXPECT_NE(m.find("more than 80% of this machine's"), std::string::npos) << m;
    EXPECT_NE(m.find("; lower pool_mb"), std::string::npos) << m;
  }
}

// check() judges limits without searching: a search here would throw (minimax with a
// node limit) or, for root-om's 64-ply model, not end.
TEST(OmRegistry, CheckJudgesLimitsWithoutSearching) {
  const Rules rules;
  auto eval = make_evaluator("default");
  EXPECT_NO_THROW(models::make_searcher("root-om(model=material@64)", rules, eval)->check(search::Limits{6, 0, 0}));
  auto minimax = models::make_searcher("minimax", rules, eval);
  EXPECT_NO_THROW(minimax->check(search::Limits{3, 0, 0}));
  EXPECT_THROW(minimax->check(search::Limits{0, 1000, 0}), InputError);  // no depth
  EXPECT_NO_THROW(minimax->check(search::Limits{3, 1000, 0}));
  EXPECT_THROW(models::make_searcher("om-beta(model=material)", rules, eval)->check(search::Limits{}), InputError);
}

TEST(OmRegistry, BadSpecsGiveClearErrors) {
  const Rules rules;
  auto eval = make_evaluator("default");
  auto expect_error = [&](const char* spec, const std::string& needle) {
    try {
      models::make_searcher(spec, rules, eval);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_error("om-plain", "parameter model is required");
  expect_error("mstar-1p", "parameter models is required");
  expect_error("mstar-1p(models=material++default)", "empty name");
  expect_error("mstar-ab(models=material)", "parameter bound is required");
  expect_error("mstar-1p(models=material,bound=3)", "unknown parameter 'bound'");
  expect_error("ddom-plain(model=material)", "parameter model_depth is required");
  expect_error("ddom-plain(model=material,model_depth=0)", "model_depth");
  expect_error("sp-prom(types=material:0.5)", "parameter bound is required");
  expect_error("om-plain(model=strong)", "unknown evaluator 'strong'");
  expect_error("om-bounded(model=material)", "parameter bound is required");
  expect_error("om-probe(model=material,horizon=2)", "unknown parameter 'horizon'");
  expect_error("root-om(model=material,model_depth=deep)", "model_depth");
  expect_error("root-om(model=material@2,model_depth=3)", "depth once");
  expect_error("root-om(model=material@x)", "model_depth");
  expect_error("root-om(model=material@)", "model_depth expects a whole number");
  expect_error("prom-plain(types=material)", "evaluator:probability");
  expect_error("prom-plain(types=material:0.5,own=0.7)", "own=0.7 and the opponent types' 0.5 add up to 1.2, not 1");
  // Without own= the own type takes the rest; a rest below 0 is named as such, not as
  // "own -0.100000 ... sum to 1.000000, not 1".
  expect_error("prom-plain(types=material:0.5+default:0.6)", "add up to 1.1, more than 1");
  expect_error("prom-beta(types=material:1.5)", "[0, 1]");
  expect_error("prom-beta(types=material:nan)", "the probability 'nan' is not a finite number");
  expect_error("prom-beta(types=material:inf)", "the probability 'inf' is not a finite number");
  expect_error("prom-beta(types=material: 0.5)", "the probability ' 0.5' is not a finite number");
  expect_error("prom-beta(types=material:0.5+)", "type '' is not evaluator:probability");
  expect_error("prom-beta(types=material:0.5,own=0.5x)", "parameter own ('0.5x'): the probability '0.5x' is not a");
  expect_error("prom-beta(types=material:0.5,own=nan)", "'nan' is not a finite number");
  // A subnormal is a number: the message is about the sum, not "not a number".
  expect_error("prom-beta(types=material:1e-320,own=0.5)", "add up to 0.5, not 1");
  EXPECT_NO_THROW(models::make_searcher("prom-beta(types=material:1e-320)", rules, eval));
  expect_error("om-fancy", "(known: " + models::searcher_names() + ")");
  // Limits no searcher honours are refused, naming the searcher.
  auto om = models::make_searcher("om-beta(model=material)", rules, eval);
  for (const search::Limits& l : {search::Limits{0, 0, 0}, search::Limits{-1, 0, 0}, search::Limits{3, 0, -5},
                                  search::Limits{search::kMaxPly, 0, 0}}) {
    try {
      om->search(start_position(Variant::Kiswahili), l);
      ADD_FAILURE() << "limits " << l.depth << " " << l.nodes << " " << l.time_ms << " were accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("om-beta(model=material): ", 0), 0u) << e.what();
    }
  }
}

// PrOM's types= and own= are read by one reader on every game: the same fault gives the
// same message on Bao (evaluator material) and on Kalah (evaluator stores).
TEST(OmRegistry, OpponentTypesReadAlikeOnEveryGame) {
  const auto kalah = make_game("kalah(houses=4,seeds=3)");
  const auto error_on = [](const std::function<void()>& make) {
    try {
      make();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
    return text;
  };
  for (const char* spec :
       {"prom-plain(types=E)", "prom-beta(types=E:1.5)", "prom-beta(types=E:nan)", "prom-plain(types=E:0.5+E:0.6)",
        "prom-plain(types=E:0.5,own=0.7)", "prom-beta(types=E:0.5+)", "prom-beta(types=E:0.5,own=0.5x)",
        "sp-prom(types=E:0.1+E:0.1+E:0.1+E:0.1+E:0.1+E:0.1+E:0.1+E:0.1,bound=5)"}) {
    SCOPED_TRACE(spec);
    const std::string on_bao =
        error_on([&] { make_searcher(replaced(spec, "E", "material"), Rules{}, make_evaluator("default")); });
    const std::string on_kalah =
        error_on([&] { kalah->make_searcher(searchers(), replaced(spec, "E", "stores"), "stores"); });
    EXPECT_NE(on_bao, "accepted");
    EXPECT_EQ(replaced(on_kalah, "stores", "material"), on_bao);
  }
}

// tt_mb by name: the full-depth model searchers give the same move and value with a
// table as without (their table values are exact), say what the table takes, and refuse
// a size that is not one.
TEST(OmRegistry, TablesByNameKeepTheMoveAndValue) {
  const Rules rules;
  auto eval = make_evaluator("default");
  const std::vector<std::string> bases = {
      "prom-1p(types=material:0.5",       "prom-plain(types=material:0.3+default:0.2",
      "prom-beta(types=material:0.5",     "sp-prom(types=material:0.5,bound=100000",
      "mstar-1p(models=material+default", "ddom-plain(model=material,model_depth=2"};
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza})
    for (const Position& p : openings(v, 2, 17)) {
      SCOPED_TRACE(format_position(p));
      for (const std::string& base : bases) {
        SCOPED_TRACE(base);
        auto off = models::make_searcher(base + ",tt_mb=0)", rules, eval);
        auto on = models::make_searcher(base + ",tt_mb=4)", rules, eval);
        EXPECT_EQ(off->table_bytes(), 0u);
        EXPECT_EQ(on->table_bytes(), std::size_t{4} << 20);
        const auto a = off->search(p, search::Limits{4, 0, 0});
        const auto b = on->search(p, search::Limits{4, 0, 0});
        EXPECT_EQ(a.best, b.best);
        EXPECT_EQ(a.value, b.value);
        EXPECT_LE(b.nodes, a.nodes);
      }
    }
  EXPECT_EQ(models::make_searcher("prom-beta(types=material:0.5)", rules, eval)->table_bytes(), std::size_t{16} << 20);
  EXPECT_EQ(models::make_searcher("ddom-plain(model=material,model_depth=2)", rules, eval)->table_bytes(),
            std::size_t{16} << 20);
  auto refused = [&](const std::string& spec, const std::string& needle) {
    try {
      models::make_searcher(spec, rules, eval);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  for (const std::string& base : bases) {
    refused(base + ",tt_mb=-1)", "parameter tt_mb expects a whole number from 0 to 65536, found '-1'");
    refused(base + ",tt_mb=65537)", "parameter tt_mb expects a whole number from 0 to 65536, found '65537'");
    refused(base + ",tt_mb=99999999999999999999)", "parameter tt_mb expects a whole number");
    // More than this machine may give a table: refused before allocating, naming the
    // searcher and what to lower.
    if (search::table_memory_cap() && search::table_memory_cap() < (std::uint64_t{65536} << 20))
      refused(base + ",tt_mb=65536)", "' would hold 65536 MiB of tables and pools, more than");
  }
  // The searchers whose values depend on windows have no table.
  refused("mstar-ab(models=material,bound=3,tt_mb=4)", "unknown parameter 'tt_mb' (known: models, bound)");
  refused("mstar-plain(models=material,tt_mb=4)", "unknown parameter 'tt_mb' (known: models)");
  refused("ddom-ab(model=material,model_depth=2,tt_mb=4)", "unknown parameter 'tt_mb' (known: model, model_depth)");
  refused("prom-beta(types=material:0.5,depth=3)", "(known: types, own, tt_mb, ties, decisive, probe_fail)");
  refused("mstar-1p(models=material,depth=3)", "(known: models, tt_mb)");
}

}  // namespace
}  // namespace bao::models
