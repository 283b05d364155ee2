// The strength mode (`engine`, search/forward_pruning.h): with every option off it is the
// exact alpha-beta; quiescence computes its definition exactly; each option is active;
// the forward pruning keeps the forced wins; bad options are named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bao/bench_positions.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/alphabeta.h"
#include "search/bao_game.h"
#include "test_util.h"

namespace bao::search {
namespace {

// `engine` with only `on` (k=v, comma separated) of the forward pruning switched on.
std::string engine_with(const std::string& on) {
  std::string spec = "engine(";
  for (const std::string key : {"qsearch", "null_move", "lmr", "futility"})
    if (on.find(key + "=") == std::string::npos) spec += key + (key == "qsearch" ? "=0," : "=false,");
  return spec + on + ")";
}
const std::string kAllOff = engine_with("lmr_captures=false");

BaoResult run(const std::string& spec, const BenchPosition& b, int depth) {
  const Rules rules{b.variant};
  const auto s = models::make_searcher(spec, rules, models::make_evaluator("default"));
  return s->search(parse_position(b.position, b.variant), Limits{depth, 0, 0});
}

TEST(EngineBao, WithEveryOptionOffItIsTheExactAlphaBeta) {
  for (const BenchPosition& b : bench_positions()) {
    SCOPED_TRACE(b.position);
    const BaoResult ab = run("alphabeta", b, 8), en = run(kAllOff, b, 8);
    EXPECT_EQ(en.value, ab.value);
    EXPECT_EQ(en.best, ab.best);
    EXPECT_EQ(en.nodes, ab.nodes);
  }
}

// Each option changes the search (the nodes over the bench positions), and a search with
// it is deterministic and plays a legal move.
TEST(EngineBao, EachOptionIsActiveAndDeterministic) {
  std::uint64_t exact = 0;
  for (const BenchPosition& b : bench_positions()) exact += run(kAllOff, b, 8).nodes;
  for (const std::string opt :
       {"qsearch=4", "null_move=true", "lmr=true", "lmr=true,lmr_captures=true", "futility=true"}) {
    const std::string spec = engine_with(opt);
    std::uint64_t nodes = 0;
    for (const BenchPosition& b : bench_positions()) {
      const BaoResult r = run(spec, b, 8), again = run(spec, b, 8);
      EXPECT_EQ(r.best, again.best) << spec << " " << b.position;
      EXPECT_EQ(r.value, again.value) << spec << " " << b.position;
      EXPECT_EQ(r.nodes, again.nodes) << spec << " " << b.position;
      MoveList legal;
      generate_moves(parse_position(b.position, b.variant), Rules{b.variant}, legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), r.best), legal.end()) << spec << " " << b.position;
      nodes += r.nodes;
    }
    EXPECT_NE(nodes, exact) << spec << " searched as if it were off";
  }
}

// partial_iteration acts only when a node or time limit stops an iteration: under a node
// limit (deterministic), the value and depth stay the last finished iteration's, and the
// move is a legal one, on some positions the unfinished iteration's instead.
TEST(EngineBao, PartialIterationKeepsTheValueAndChangesSomeMoves) {
  int changed = 0;
  for (const BenchPosition& b : bench_positions())
    for (const std::uint64_t nodes : {500, 2000, 5000, 20000, 50000}) {
      SCOPED_TRACE(std::string(b.position) + " nodes " + std::to_string(nodes));
      const Rules rules{b.variant};
      const Position p = parse_position(b.position, b.variant);
      Limits l;
      l.nodes = nodes;
      const auto eval = models::make_evaluator("default");
      const BaoResult plain = models::make_searcher(kAllOff, rules, eval)->search(p, l);
      const BaoResult partial = models::make_searcher(engine_with("partial_iteration=true"), rules, eval)->search(p, l);
      EXPECT_EQ(partial.value, plain.value);
      EXPECT_EQ(partial.depth, plain.depth);
      EXPECT_EQ(partial.nodes, plain.nodes);
      MoveList legal;
      generate_moves(p, rules, legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), partial.best), legal.end());
      if (!(partial.best == plain.best)) ++changed;
    }
  EXPECT_GT(changed, 0) << "no stopped iteration displaced a move: the option did nothing";
}

// Quiescence by its definition: at the horizon, a side that must capture takes the better
// of its static value and its captures (searched on `left` plies), a decided game its
// result; full width above the horizon.
class QuiescenceReference {
 public:
  QuiescenceReference(const Rules& rules, int qsearch) : game_{rules}, q_(qsearch) {}

  int value(const Position& s, int depth, int ply) const {
    const int w = game_.quick_winner(s);
    if (w >= 0) return terminal_score(w, s.side, ply);
    if (depth == 0) return quiet_value(s, ply, q_);
    ChildList ch;
    generate_children(s, game_.rules, ch);
    if (ch.empty()) return terminal_score(game_.winner(s), s.side, ply);
    int best = -kInfinity;
    for (const Child& c : ch) best = std::max(best, -value(c.pos, depth - 1, ply + 1));
    return best;
  }

 private:
  int quiet_value(const Position& s, int ply, int left) const {
    const int w = game_.quick_winner(s);
    if (w >= 0) return terminal_score(w, s.side, ply);
    const int stand = eval_.evaluate(s, s.side);
    if (left == 0 || game_.quiet_moves(game_.candidates(s))) return stand;
    ChildList ch;
    generate_children(s, game_.rules, ch);
    if (ch.empty()) return terminal_score(game_.winner(s), s.side, ply);
    int best = stand;
    for (const Child& c : ch) best = std::max(best, -quiet_value(c.pos, ply + 1, left - 1));
    return best;
  }

  BaoGame game_;
  models::DefaultEvaluator eval_;
  int q_;
};

TEST(EngineBao, QuiescenceEqualsItsDefinition) {
  for (const Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const Rules rules{v};
    const QuiescenceReference ref(rules, 3);
    // Lazy legality off: its bound for a set-aside quiet move is the static value's.
    const auto s =
        models::make_searcher("engine(qsearch=3,null_move=false,lmr=false,futility=false,lazy_legality=false)", rules,
                              models::make_evaluator("default"));
    int captures_at_horizon = 0;
    for (const Position& p : test::bao_positions(v, 40, 77)) {
      for (int depth = 1; depth <= 3; ++depth) {
        SCOPED_TRACE(format_position(p) + " depth " + std::to_string(depth));
        const BaoResult r = s->search(p, Limits{depth, 0, 0});
        const int want = ref.value(p, depth, 0);
        EXPECT_EQ(r.value, want);
        const auto plain = models::make_searcher("alphabeta", rules, models::make_evaluator("default"));
        if (plain->search(p, Limits{depth, 0, 0}).value != want) ++captures_at_horizon;
      }
    }
    EXPECT_GT(captures_at_horizon, 10) << "quiescence changed too few values to be tested";
  }
}

// tests/data/forced-wins.tsv: positions where alpha-beta to depth 7 proves a win. The
// default engine, and each option that prunes nothing a deeper search would keep
// (quiescence, futility, reductions of quiet moves only), still find a win there and a
// move that keeps it. Reductions of captures and the null move may miss some (in Bao,
// having to move can lose: the zugzwang null-move pruning assumes away); docs/strength.md
// gives the counts.
TEST(EngineBao, KeepsTheForcedWins) {
  std::istringstream in(test::read_data("forced-wins.tsv"));
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  const auto ab = models::make_searcher("alphabeta", rules, eval);
  std::vector<std::string> specs = {"engine"};
  for (const std::string opt : {"qsearch=4", "lmr=true", "futility=true"}) specs.push_back(engine_with(opt));
  std::vector<std::unique_ptr<Searcher>> searchers;
  for (const auto& spec : specs) searchers.push_back(models::make_searcher(spec, rules, eval));
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("position")) continue;
    const Position p = parse_position(line.substr(0, line.find('\t')), Variant::Kiswahili);
    for (std::size_t i = 0; i < specs.size(); ++i) {
      SCOPED_TRACE(specs[i] + " " + line);
      const BaoResult r = searchers[i]->search(p, Limits{7, 0, 0});
      ASSERT_TRUE(r.has_move);
      EXPECT_GT(r.value, kWin - kMaxPly);
      const BaoResult reply = ab->search(apply_move(p, r.best, rules), Limits{6, 0, 0});
      EXPECT_TRUE(!reply.has_move || reply.value < -(kWin - kMaxPly)) << "the move lets the opponent off";
    }
    ++checked;
  }
  EXPECT_GE(checked, 30);
}

TEST(EngineBao, PassHandsTheTurnOverAndNothingElse) {
  const BaoGame game{Rules{}};
  for (const Position& p : test::bao_positions(Variant::Kiswahili, 30, 5)) {
    const Position q = game.pass(p);
    EXPECT_EQ(q.side, p.side ^ 1);
    EXPECT_EQ(q.takasia, kNoPit);
    EXPECT_EQ(q.key, q.compute_key());
    EXPECT_EQ(0, std::memcmp(q.pits, p.pits, sizeof p.pits));
    EXPECT_EQ(q.hand[0], p.hand[0]);
    EXPECT_EQ(q.hand[1], p.hand[1]);
    EXPECT_EQ(q.houses, p.houses);
  }
}

TEST(EngineBao, BadOptionsAreNamed) {
  const Rules rules;
  const auto eval = models::make_evaluator("default");
  for (const std::string spec : {"engine(qsearch=17)", "engine(null_r=0)", "engine(lmr_after=0)",
                                 "engine(futility_margin=-1)", "engine(lmr=maybe)"}) {
    try {
      models::make_searcher(spec, rules, eval);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const InputError& e) {
      const std::string key = spec.substr(7, spec.find('=') - 7);
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace bao::search
