// The searcher registry (search/registry.h, models::searchers()): one declaration per
// searcher is what help, docs and the tree searchers are read from, and specs are read
// against each searcher's schema.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/bao/movegen.h"
#include "engine/bao/position.h"
#include "engine/error.h"
#include "experiments/bench_suite.h"
#include "experiments/tree_searchers.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"
#include "search/random_tree.h"
#include "search/random_tree_support.h"
#include "search/registry.h"
#include "search/tt.h"

namespace bao {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string error_of(const std::string& spec) {
  try {
    models::make_searcher(spec, Rules{}, models::make_evaluator("material"));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// docs/commands.md holds the table `bao search --list` prints, between its two markers:
// a searcher added, removed or given another parameter fails here until the docs say so.
TEST(SearcherRegistry, DocsTableIsTheRegistrys) {
  const std::string doc = read_file(std::string(BAO_DOCS_DIR) + "/commands.md");
  const auto a = doc.find("<!-- searchers:");
  const auto b = doc.find("<!-- end of searchers -->");
  ASSERT_NE(a, std::string::npos) << "docs/commands.md lacks the searchers table's marker";
  ASSERT_NE(b, std::string::npos);
  const auto start = doc.find('\n', a) + 1;
  EXPECT_EQ(doc.substr(start, b - start), models::searchers().markdown_table())
      << "regenerate the table in docs/commands.md with `bao search --list`";
}

// Every registered searcher runs on a random tree (the game trees(...)) under its name,
// with the experiments' defaults and each other required parameter at its least value, or
// is refused there naming what the trees lack; the tree names are all registered.
TEST(SearcherRegistry, EverySearcherRunsOnTreesOrSaysWhy) {
  const auto g = models::make_game("trees(depth=4,bound=1000,types=3)");
  const experiments::TreeSearchDefaults d{.types = 3, .model = 1, .probs = {0.4, 0.3, 0.3}, .bound = 1000, .depth = 4};
  for (const search::SearcherEntry& e : models::searchers().entries()) {
    SCOPED_TRACE(e.name);
    EXPECT_FALSE(e.summary.empty());
    std::string given;
    for (const search::Param& p : e.params)
      if (p.required && p.name != "model" && p.name != "types" && p.name != "models" && p.name != "bound" &&
          p.name != "model_depth")
        given += (given.empty() ? "" : ",") + p.name + "=" + std::to_string(p.min);
    const std::string spec = experiments::tree_searcher_spec(given.empty() ? e.name : e.name + "(" + given + ")", d);
    if (search::runs_on_trees(e.name)) {
      EXPECT_TRUE(experiments::search_tree(*g, spec, "v0", 4).has_move) << spec;
    } else {
      try {
        experiments::search_tree(*g, spec, "v0", 4);
        ADD_FAILURE() << "ran on a tree though the trees do not run it";
      } catch (const InputError& x) {
        EXPECT_NE(std::string(x.what()).find(search::tree_refusal_reason(e.name)), std::string::npos) << x.what();
        EXPECT_NE(std::string(x.what()).find("StagedGame"), std::string::npos) << x.what();
      }
    }
  }
  for (const std::string& n : experiments::tree_searcher_names()) EXPECT_NE(models::searchers().find(n), nullptr) << n;
}

// A key outside the schema is refused before the factory runs, naming every key of the
// schema; a required key that is missing is named.
TEST(SearcherRegistry, SpecsAreReadAgainstTheSchema) {
  for (const search::SearcherEntry& e : models::searchers().entries()) {
    SCOPED_TRACE(e.name);
    std::string known;
    for (const search::Param& p : e.params) known += (known.empty() ? "" : ", ") + p.name;
    EXPECT_EQ(error_of(e.name + "(zzz=1)"),
              e.name + ": unknown parameter 'zzz' (known: " + (known.empty() ? "none" : known) + ")");
    for (const search::Param& p : e.params) {
      if (!p.required) continue;
      EXPECT_EQ(error_of(e.name), e.name + ": parameter " + p.name + " is required");
      break;  // the first required key is the one named
    }
  }
  EXPECT_EQ(error_of("nosuch"), "unknown searcher 'nosuch' (known: " + models::searcher_names() + ")");
}

// alphabeta describes itself with every parameter, defaults from the schema, values
// written canonically.
TEST(SearcherRegistry, DescriptionsComeFromTheSchema) {
  auto s = models::make_searcher("alphabeta(pvs=1, tt_mb=08)", Rules{}, models::make_evaluator("material"));
  EXPECT_EQ(s->describe(),
            "alphabeta(tt_mb=8,tt_deeper=false,ordering=true,aspiration=0,staged=true,pvs=true,id_step=3,"
            "lazy_legality=true,mtdf=false,shuffle=0,extend=false,threads=1)");
}

// tt_mb=0 turns the table off for every searcher that has one: no bytes, no probe; and
// every such searcher declares the same tt_mb.
TEST(SearcherRegistry, TtMbZeroTurnsEveryTableOff) {
  const auto eval = models::make_evaluator("material");
  const Position p = start_position(Variant::Kiswahili);
  int with_table = 0;
  for (const search::SearcherEntry& e : models::searchers().entries()) {
    const auto tt =
        std::find_if(e.params.begin(), e.params.end(), [](const search::Param& q) { return q.name == "tt_mb"; });
    if (tt == e.params.end()) continue;
    ++with_table;
    EXPECT_EQ(tt->def, search::table_param().def) << e.name;
    EXPECT_EQ(tt->min, 0) << e.name;
    const std::string params = e.bench_params.empty() ? "tt_mb=0" : e.bench_params + ",tt_mb=0";
    const auto s = models::make_searcher(e.name + "(" + params + ")", Rules{}, eval);
    EXPECT_EQ(s->table_bytes(), 0u) << e.name;
    // The contrast: by default the same searcher has its table.
    const std::string plain = e.bench_params.empty() ? e.name : e.name + "(" + e.bench_params + ")";
    EXPECT_EQ(models::make_searcher(plain, Rules{}, eval)->table_bytes(),
              static_cast<std::size_t>(search::kDefaultTableMb) << 20)
        << e.name;
    EXPECT_EQ(s->search(p, search::Limits{3, 0, 0}).tt_probes, 0u) << e.name;
  }
  EXPECT_GE(with_table, 3);  // alphabeta, om-beta, the PrOM searchers at least
}

// random: a legal move, fixed by (seed, position), about uniform over seeds; one node, no
// evaluation; on trees a child of the root.
TEST(SearcherRegistry, RandomIsLegalSeededAndUniform) {
  const auto eval = models::make_evaluator("material");
  const Rules rules;
  const Position p = start_position(Variant::Kiswahili);
  MoveList legal;
  generate_moves(p, rules, legal);
  ASSERT_EQ(legal.size(), 4u);
  int count[4] = {};
  for (int seed = 0; seed < 400; ++seed) {
    const std::string spec = "random(seed=" + std::to_string(seed) + ")";
    const auto a = models::make_searcher(spec, rules, eval), b = models::make_searcher(spec, rules, eval);
    const search::BaoResult r = a->search(p, search::Limits{1, 0, 0});
    ASSERT_TRUE(r.has_move);
    EXPECT_EQ(r.nodes, 1u);
    EXPECT_EQ(r.leaf_evals, 0u);
    EXPECT_EQ(b->search(p, search::Limits{5, 0, 0}).best, r.best) << spec;  // the limits do not matter
    const auto at = std::find(legal.begin(), legal.end(), r.best);
    ASSERT_NE(at, legal.end()) << spec;
    ++count[at - legal.begin()];
  }
  for (int c : count) EXPECT_TRUE(c > 65 && c < 135) << c;  // 100 expected, sd 8.7
  const auto g = models::make_game("trees");
  const auto o = experiments::search_tree(*g, "random", "v0", 1);
  const auto ch = g->children(g->start());
  EXPECT_TRUE(o.has_move && std::any_of(ch.begin(), ch.end(), [&](const auto& c) { return c.first == o.best; }));
}

// Every registration states its kind: a searcher that takes an opponent model (model=,
// models= or types=) is never Plain, and a Plain one reads no evaluator but its own.
TEST(SearcherRegistry, EveryEntryStatesItsKind) {
  int plain = 0;
  for (const search::SearcherEntry& e : models::searchers().entries()) {
    SCOPED_TRACE(e.name);
    EXPECT_NE(e.kind, search::SearcherKind::Unset);
    bool takes_model = false;
    for (const search::Param& p : e.params) takes_model |= p.name == "model" || p.name == "models" || p.name == "types";
    if (takes_model) {
      EXPECT_NE(e.kind, search::SearcherKind::Plain);
    }
    plain += e.kind == search::SearcherKind::Plain;
  }
  EXPECT_GE(plain, 1);
  const search::SearcherKind kinds[] = {search::SearcherKind::Plain, search::SearcherKind::OpponentModel,
                                        search::SearcherKind::Mcts};
  for (const search::SearcherKind a : kinds)
    for (const search::SearcherKind b : kinds)
      if (a != b) {
        EXPECT_STRNE(search::kind_name(a), search::kind_name(b));
      }
}

// The bench suite's default searchers are the registry's entries of every kind but Plain,
// in its order, asked of the registry and not told apart by name.
TEST(SearcherRegistry, SuiteTimesEveryKindButPlain) {
  std::vector<std::string> expected;
  for (const search::SearcherEntry& e : models::searchers().entries())
    if (e.kind != search::SearcherKind::Plain) expected.push_back(e.name);
  EXPECT_EQ(experiments::suite_default_searchers(), expected);
  for (const char* plain : {"minimax", "alphabeta", "engine", "random"}) {
    ASSERT_NE(models::searchers().find(plain), nullptr) << plain;
    EXPECT_EQ(models::searchers().find(plain)->kind, search::SearcherKind::Plain) << plain;
  }
  EXPECT_EQ(models::searchers().find("mcts")->kind, search::SearcherKind::Mcts);
  EXPECT_EQ(models::searchers().find("om-beta")->kind, search::SearcherKind::OpponentModel);
}

// A registry refuses a name twice, an entry without a kind, and a factory that leaves a
// schema key unread.
TEST(SearcherRegistry, RefusesDuplicatesAndUnreadKeys) {
  search::SearcherRegistry r;
  search::SearcherEntry e{.name = "x",
                          .summary = "a test searcher",
                          .kind = search::SearcherKind::Plain,
                          .params = {{"k", search::Param::Type::Int, "1", 0, 9, "a key the factory forgets"}},
                          .make =
                              [](search::Args&, const Rules& rules, std::shared_ptr<const search::Evaluator> ev) {
                                return models::make_searcher("minimax", rules, std::move(ev));
                              },
                          .tree_grid_default = false,
                          .family = "",
                          .bench_params = ""};
  search::SearcherEntry unset = e;
  unset.name = "y";
  unset.kind = search::SearcherKind::Unset;
  EXPECT_THROW(r.add(unset), std::logic_error);
  r.add(e);
  EXPECT_THROW(r.add(e), std::logic_error);
  EXPECT_NO_THROW(r.make("x", Rules{}, models::make_evaluator("material")));
  EXPECT_THROW(r.make("x(k=2)", Rules{}, models::make_evaluator("material")), InputError);
}

}  // namespace
}  // namespace bao
