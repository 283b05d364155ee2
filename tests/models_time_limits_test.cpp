// A time limit holds inside every searcher, also inside what it nests: the model's
// alpha-beta at MCTS's MIN nodes, root OM's inner searches, the probes and type searches
// of OM and PrOM. Every registered searcher (models::searchers(), so a searcher added
// later is tested too) runs with the costliest value of every parameter that adds work
// inside a search (Param::Cost::Plies at its largest) under a small time limit, and its
// wall time is compared with the limit as a ratio: generous, for a loaded machine and the
// sanitizer builds, yet far below the minutes an unchecked 20-ply model search takes.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <sstream>
#include <string>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"

namespace bao::models {
namespace {

constexpr std::int64_t kLimitMs = 100;
constexpr double kMaxRatio = 25;  // wall time / limit

// The costliest spec of a searcher: its bench parameters (which name the models it
// needs) without an iteration count, so the time decides, and every Plies parameter at
// its largest (a Text one, such as root-om's model_depth=d-1|d|N, at 20 plies).
std::string costliest_spec(const search::SearcherEntry& e) {
  std::map<std::string, std::string> kv;
  std::stringstream in(e.bench_params);
  std::string item;
  while (std::getline(in, item, ','))
    if (const auto eq = item.find('='); eq != std::string::npos) kv[item.substr(0, eq)] = item.substr(eq + 1);
  kv.erase("iterations");
  for (const search::Param& p : e.params)
    if (p.cost == search::Param::Cost::Plies) {
      kv[p.name] = p.type == search::Param::Type::Int ? std::to_string(p.max) : "20";
      if (e.name == "root-om" && p.name == "model_depth" && kv.count("model"))
        kv["model"] = kv["model"].substr(0, kv["model"].find('@'));  // one depth only
    }
  std::string spec = e.name;
  for (const auto& [k, v] : kv) spec += (spec == e.name ? "(" : ",") + k + "=" + v;
  return spec + (kv.empty() ? "" : ")");
}

TEST(TimeLimits, HoldInsideEverySearcherAtItsCostliestParameters) {
  const Rules rules;
  const auto eval = make_evaluator("default");
  const Position busy = parse_position("0,0,3,0,13,0,0,1/0,0,0,0,0,1,1,1/0,1,5,0,10,1,1,0/0,0,0,0,0,0,0,0 S 13,13 Aa -",
                                       Variant::Kiswahili);
  for (const Position& p : {start_position(Variant::Kiswahili), busy}) {
    for (const search::SearcherEntry& e : searchers().entries()) {
      const std::string spec = costliest_spec(e);
      SCOPED_TRACE(spec + " at " + format_position(p));
      auto s = models::make_searcher(spec, rules, eval);
      search::Limits limits{0, 0, kLimitMs};
      try {
        s->check(limits);
      } catch (const InputError&) {
        limits.depth = 3;  // minimax ignores time: a depth it finishes at once
      }
      const auto t0 = std::chrono::steady_clock::now();
      const search::BaoResult r = s->search(p, limits);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      EXPECT_TRUE(r.has_move);
      EXPECT_TRUE(is_legal(p, r.best, rules));
      EXPECT_LE(ms / kLimitMs, kMaxRatio) << ms << " ms";
    }
  }
}

// The spec the test builds: bench parameters kept, iterations dropped, depths at their
// largest (a counter-test of costliest_spec itself).
TEST(TimeLimits, CostliestSpecRaisesTheNestedDepths) {
  const search::SearcherEntry* om = searchers().find("om-mcts");
  ASSERT_NE(om, nullptr);
  const std::string spec = costliest_spec(*om);
  EXPECT_NE(spec.find("model=material"), std::string::npos) << spec;
  EXPECT_NE(spec.find("model_depth=32"), std::string::npos) << spec;
  EXPECT_EQ(spec.find("iterations"), std::string::npos) << spec;
}

}  // namespace
}  // namespace bao::models
