#include "experiments/bench_any_game.h"

#include <utility>

#include "engine/error.h"
#include "engine/random.h"
#include "experiments/bench_timing.h"
#include "models/all_searchers.h"
#include "search/registry.h"

namespace bao::experiments {

namespace {

// A random walk of 2..kGameBenchMaxPlies plies from the start; none if the game ended.
bool random_walk(const search::AnyGame& g, SplitMix64& rng, search::AnyState& out) {
  const int plies = 2 + static_cast<int>(rng.below(kGameBenchMaxPlies - 1));
  search::AnyState s = g.start();
  for (int i = 0; i < plies; ++i) {
    const auto children = g.children(s);
    if (children.empty()) return false;
    s = children[rng.below(static_cast<std::uint32_t>(children.size()))].second;
  }
  if (g.over(s)) return false;
  out = s;
  return true;
}

std::unique_ptr<search::AnySearcher> make(const search::AnyGame& g, const std::string& spec, const std::string& eval) {
  return g.make_searcher(models::searchers(), spec, eval);
}

// Every search of the set with one searcher (made before the clock).
BenchRun search_set(const search::AnyGame& g, const std::string& spec, const std::string& eval,
                    const std::vector<search::AnyState>& positions, int depth) {
  const auto s = make(g, spec, eval);
  search::Limits limits;
  limits.depth = depth;
  BenchRun run;
  const auto t0 = BenchClock::now();
  for (const search::AnyState& p : positions) {
    const search::AnyResult r = s->search(p, limits);
    run.nodes += r.nodes;
    run.leaf_evals += r.leaf_evals;
  }
  run.seconds = std::chrono::duration<double>(BenchClock::now() - t0).count();
  return run;
}

bool is_separator(char c) { return c == '=' || c == ',' || c == '+' || c == ':' || c == '(' || c == ')'; }

}  // namespace

std::vector<search::AnyState> game_bench_positions(const search::AnyGame& g) {
  std::vector<search::AnyState> out{g.start()};
  SplitMix64 rng{kGameBenchSeed};
  // A game whose every walk ends early would loop: give up after many tries.
  for (int tries = 0; static_cast<int>(out.size()) < kGameBenchPositions && tries < 100 * kGameBenchPositions;
       ++tries) {
    search::AnyState s;
    if (random_walk(g, rng, s)) out.push_back(s);
  }
  return out;
}

BenchReport run_game_bench(const search::AnyGame& g, int depth, const std::string& searcher, const std::string& eval) {
  const auto s = make(g, searcher, eval);
  BenchReport rep;
  rep.nodes_by_depth.assign(static_cast<std::size_t>(depth) + 1, 0);
  search::Limits limits;
  limits.depth = depth;
  for (const search::AnyState& p : game_bench_positions(g)) {
    const search::AnyResult r = s->search(p, limits);
    rep.nodes += r.nodes;
    rep.leaf_evals += r.leaf_evals;
    rep.seconds += r.seconds;
    if (r.depth >= 0 && r.depth <= depth) rep.nodes_by_depth[static_cast<std::size_t>(r.depth)] += r.nodes;
    rep.per_position.push_back({g.format_state(p), r.has_move ? r.best : std::string("none"), r.value, r.nodes});
  }
  return rep;
}

std::string game_searcher_spec(const search::SearcherEntry& e, const search::AnyGame& g) {
  const auto evals = g.evaluators();
  std::string params, token;
  const auto flush = [&] {
    params += token == "default" ? evals.front().name : token == "material" ? evals.back().name : token;
    token.clear();
  };
  for (char c : e.bench_params) {
    if (is_separator(c)) {
      flush();
      params += c;
    } else {
      token += c;
    }
  }
  flush();
  return params.empty() ? e.name : e.name + "(" + params + ")";
}

SuiteReport run_game_suite(const search::AnyGame& g, SuiteOptions o,
                           const std::function<void(const SuiteLine&)>& done) {
  SuiteReport rep;
  rep.game = g.spec();
  if (o.eval.empty()) o.eval = g.evaluators().front().name;
  rep.options = o;
  try {
    make(g, "alphabeta", o.eval);  // a bad evaluator is refused before any line runs
  } catch (const InputError& e) {
    throw InputError(std::string("--eval: ") + e.what());
  }
  std::vector<std::string> specs;
  if (o.all_searchers) {
    for (const search::SearcherEntry& e : models::searchers().entries()) {
      if (e.kind == search::SearcherKind::Plain) continue;
      const std::string spec = game_searcher_spec(e, g);
      try {
        make(g, spec, o.eval);
        specs.push_back(spec);
      } catch (const InputError& err) {
        rep.skipped.push_back({spec, err.what()});
      }
    }
  } else {
    for (const std::string& name : o.searchers) {
      const search::SearcherEntry* e = models::searchers().find(search::parse_spec(name).name);
      const std::string spec = e && name == e->name ? game_searcher_spec(*e, g) : name;
      try {
        make(g, spec, o.eval);  // a searcher named but not runnable is an error, not a skip
      } catch (const InputError& e) {
        throw InputError(std::string("--searchers: ") + e.what());
      }
      specs.push_back(spec);
    }
  }
  const std::vector<search::AnyState> positions = game_bench_positions(g);
  const auto add = [&](SuiteLine line, const std::function<BenchRun()>& f) {
    rep.lines.push_back(measure_line(std::move(line), o, f));
    if (done) done(rep.lines.back());
  };
  const search::AnyState start = g.start();
  const int perft_depth = o.perft_depths[0];
  add(suite_line("perft start", "perft", "", perft_depth, 1), [&] {
    BenchRun run;
    const auto t0 = BenchClock::now();
    run.nodes = g.perft(start, perft_depth);
    run.seconds = std::chrono::duration<double>(BenchClock::now() - t0).count();
    return run;
  });
  add(suite_line("alphabeta bench", "search", "alphabeta", o.ab_depth, positions.size()),
      [&] { return search_set(g, "alphabeta", o.eval, positions, o.ab_depth); });
  if (o.threads > 1) {
    const std::string threaded = "alphabeta(threads=" + std::to_string(o.threads) + ")";
    add(suite_line("alphabeta threads=" + std::to_string(o.threads) + " bench", "search", threaded, o.ab_depth,
                   positions.size()),
        [&] { return search_set(g, threaded, o.eval, positions, o.ab_depth); });
  }
  for (const std::string& spec : specs)
    add(suite_line(spec, "search", spec, o.searcher_depth, positions.size()),
        [&] { return search_set(g, spec, o.eval, positions, o.searcher_depth); });
  return rep;
}

}  // namespace bao::experiments
