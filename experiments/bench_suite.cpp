#include "experiments/bench_suite.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/bao/bench_positions.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/rules.h"
#include "engine/bao/verdict_cache.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "experiments/bench_timing.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/strength_mode.h"

namespace bao::experiments {

namespace {

using Clock = BenchClock;
using Run = BenchRun;

struct SearchPosition {
  Variant variant;
  Position position;
};

// The line's searches, timed together: one searcher per variant, made before the clock.
Run search_all(const std::string& spec, const std::shared_ptr<const search::Evaluator>& eval,
               const std::vector<SearchPosition>& positions, int depth) {
  std::unique_ptr<search::Searcher> searchers[2];
  for (const SearchPosition& sp : positions) {
    auto& s = searchers[static_cast<int>(sp.variant)];
    if (s) continue;
    Rules rules;
    rules.variant = sp.variant;
    s = models::make_searcher(spec, rules, eval);
  }
  search::Limits limits;
  limits.depth = depth;
  Run run;
  const auto t0 = Clock::now();
  for (const SearchPosition& sp : positions) {
    const search::BaoResult r = searchers[static_cast<int>(sp.variant)]->search(sp.position, limits);
    run.nodes += r.nodes;
    run.leaf_evals += r.leaf_evals;
    run.made += r.positions;
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return run;
}

Run perft_run(const Position& p, const Rules& rules, int depth) {
  const auto t0 = Clock::now();
  Run run;
  run.nodes = perft(p, rules, depth);
  run.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return run;
}

std::vector<SearchPosition> bench_set() {
  std::vector<SearchPosition> out;
  for (const BenchPosition& bp : bench_positions())
    out.push_back({bp.variant, parse_position(bp.position, bp.variant)});
  return out;
}

// The long-move sets' files: those given, or the checkout's that exist (found from the
// weights folder, models/weights, which the build names; an installed bao keeps the
// checkout).
std::vector<std::string> long_moves_paths(const SuiteOptions& o) {
  if (!o.long_moves_files.empty()) return o.long_moves_files;
  const std::filesystem::path data =
      std::filesystem::path(BAO_WEIGHTS_DIR).parent_path().parent_path() / "tests" / "data";
  std::vector<std::string> out;
  for (const char* name : kSuiteLongMoveSets)
    if (std::filesystem::exists(data / name)) out.push_back((data / name).string());
  return out;
}

// One position a line, "POSITION" (kiswahili) or "VARIANT POSITION"; '#' starts a comment
// line. Throws InputError naming the file and line of a bad line, and a file without any.
std::vector<SearchPosition> read_long_moves(const std::string& path) {
  std::istringstream in(read_text_file(path));
  std::vector<SearchPosition> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    try {
      Variant v = Variant::Kiswahili;
      const auto space = line.find(' ');
      // A position string's first field is the pits (digits and separators): a word
      // before the first space that starts with a letter is the variant.
      if (space != std::string::npos && std::isalpha(static_cast<unsigned char>(line[0]))) {
        v = parse_variant(line.substr(0, space));
        line.erase(0, space + 1);
      }
      out.push_back({v, parse_position(line, v)});
    } catch (const InputError& e) {
      throw InputError(path + ":" + std::to_string(n) + ": " + e.what());
    }
  }
  if (out.empty()) throw InputError(path + ": no position in the long-move set");
  return out;
}

// The search lines' specs, resolved before anything runs; names that need parameters the
// suite cannot guess are skipped when taken from the list, refused when asked for. The
// messages name --searchers, the option that gives the list.
std::vector<std::string> searcher_specs(const SuiteOptions& o, const std::shared_ptr<const search::Evaluator>& eval,
                                        std::vector<SuiteSkip>& skipped) {
  std::vector<std::string> specs;
  const std::vector<std::string> wanted = o.all_searchers ? suite_default_searchers() : o.searchers;
  for (const std::string& w : wanted) {
    if (w.find('(') != std::string::npos) {
      try {
        models::make_searcher(w, Rules{}, eval);  // a full spec, as given: refused here if bad
      } catch (const InputError& e) {
        throw InputError("--searchers: '" + w + "': " + e.what());
      }
      specs.push_back(w);
      continue;
    }
    if (!models::searchers().find(w))
      throw InputError("--searchers: unknown searcher '" + w + "' (known: " + models::searcher_names() + ")");
    std::string why;
    const std::string spec = suite_searcher_spec(w, why);
    if (!spec.empty()) {
      specs.push_back(spec);
    } else if (o.all_searchers) {
      skipped.push_back({w, "needs parameters the suite cannot supply (" + why + ")"});
    } else {
      throw InputError("--searchers: '" + w + "' needs parameters the suite cannot supply (" + why +
                       "); give them, e.g. '" + w + "(...)'");
    }
  }
  return specs;
}

// The long-move sets by name ("long-moves" for tests/data/long-moves.txt); none, with the
// reason in skipped, when no file was given and the checkout has none.
std::vector<std::pair<std::string, std::vector<SearchPosition>>> long_move_sets(const SuiteOptions& o,
                                                                                std::vector<SuiteSkip>& skipped) {
  std::vector<std::pair<std::string, std::vector<SearchPosition>>> out;
  const std::vector<std::string> paths = long_moves_paths(o);
  if (paths.empty())
    skipped.push_back({"alphabeta long moves", "no long-move set in the checkout's tests/data (" +
                                                   std::string(kSuiteLongMoveSets[0]) + ", " + kSuiteLongMoveSets[1] +
                                                   ")"});
  for (const std::string& path : paths) {
    try {
      out.emplace_back(std::filesystem::path(path).stem().string(), read_long_moves(path));
    } catch (const InputError& e) {
      throw InputError(std::string("--long-moves: ") + e.what());
    }
  }
  return out;
}

// One alpha-beta search of p to `depth` on a fresh thread (searcher made before the
// clock): its seconds and nodes.
Run one_search(const Rules& rules, const std::shared_ptr<const search::Evaluator>& eval, const Position& p, int depth) {
  return on_fresh_thread([&] {
    const auto s = models::make_searcher("alphabeta", rules, eval);
    search::Limits limits;
    limits.depth = depth;
    const auto t0 = Clock::now();
    const search::BaoResult r = s->search(p, limits);
    Run run;
    run.seconds = std::max(std::chrono::duration<double>(Clock::now() - t0).count(), 1e-9);
    run.nodes = r.nodes;
    run.leaf_evals = r.leaf_evals;
    return run;
  });
}

double geometric_mean(const std::vector<double>& xs) {
  double logs = 0;
  for (double x : xs) logs += std::log(x);
  return xs.empty() ? 0 : std::exp(logs / static_cast<double>(xs.size()));
}

// The geometric means per variant (in the order they first appear) and over all.
std::vector<RatioMean> ratio_means(const std::vector<RatioPosition>& ps) {
  std::vector<std::string> order;
  for (const RatioPosition& p : ps)
    if (std::find(order.begin(), order.end(), variant_name(p.variant)) == order.end())
      order.push_back(variant_name(p.variant));
  order.push_back("all");
  std::vector<RatioMean> out;
  for (const std::string& over : order) {
    std::vector<double> r, n;
    for (const RatioPosition& p : ps)
      if (over == "all" || over == variant_name(p.variant)) {
        r.push_back(p.ratio);
        n.push_back(p.node_ratio);
      }
    out.push_back({over, static_cast<int>(r.size()), geometric_mean(r), geometric_mean(n)});
  }
  return out;
}

LongMoveRatio long_move_ratio(const std::string& stem, const std::vector<SearchPosition>& set, const SuiteOptions& o,
                              const std::shared_ptr<const search::Evaluator>& eval) {
  LongMoveRatio out;
  out.set = stem;
  out.depth = o.ratio_depth;
  out.limit = o.ratio_limit;
  for (const SearchPosition& sp : set) {
    Rules exact;
    exact.variant = sp.variant;
    Rules capped = exact;
    capped.long_move_limit = static_cast<std::uint32_t>(o.ratio_limit);
    std::vector<double> te, tc;
    double node_ratio = 0;
    for (int i = 0; i < o.repeat; ++i) {
      const Run e = one_search(exact, eval, sp.position, o.ratio_depth);
      const Run c = one_search(capped, eval, sp.position, o.ratio_depth);
      te.push_back(e.seconds);
      tc.push_back(c.seconds);
      if (i == 0) node_ratio = static_cast<double>(e.nodes) / static_cast<double>(std::max<std::uint64_t>(c.nodes, 1));
    }
    RatioPosition rp;
    rp.variant = sp.variant;
    rp.exact_seconds = median_of(te);
    rp.capped_seconds = median_of(tc);
    rp.ratio = rp.exact_seconds / rp.capped_seconds;
    rp.node_ratio = node_ratio;
    if (out.worst < 0 || rp.ratio > out.positions[static_cast<std::size_t>(out.worst)].ratio)
      out.worst = static_cast<int>(out.positions.size());
    out.positions.push_back(rp);
  }
  out.means = ratio_means(out.positions);
  return out;
}

nlohmann::ordered_json ratio_json(const LongMoveRatio& r) {
  nlohmann::ordered_json j;
  j["set"] = r.set;
  j["depth"] = r.depth;
  j["limit"] = r.limit;
  nlohmann::ordered_json means = nlohmann::ordered_json::array();
  for (const RatioMean& m : r.means)
    means.push_back({{"over", m.over},
                     {"positions", m.positions},
                     {"ratio", m.ratio},
                     {"node_ratio", m.node_ratio},
                     {"per_node_ratio", m.ratio / m.node_ratio}});
  j["means"] = std::move(means);
  j["worst"] = r.worst + 1;
  nlohmann::ordered_json ps = nlohmann::ordered_json::array();
  for (const RatioPosition& p : r.positions)
    ps.push_back({{"variant", variant_name(p.variant)},
                  {"exact_seconds", p.exact_seconds},
                  {"capped_seconds", p.capped_seconds},
                  {"ratio", p.ratio},
                  {"node_ratio", p.node_ratio}});
  j["positions"] = std::move(ps);
  return j;
}

}  // namespace

std::vector<std::string> suite_default_searchers() {
  std::vector<std::string> out;
  for (const search::SearcherEntry& e : models::searchers().entries())
    if (e.kind != search::SearcherKind::Plain) out.push_back(e.name);
  return out;
}

std::string suite_searcher_spec(const std::string& name, std::string& why) {
  const search::SearcherEntry* e = models::searchers().find(name);
  const std::string spec = e && !e->bench_params.empty() ? name + "(" + e->bench_params + ")" : name;
  try {
    models::make_searcher(spec, Rules{}, models::make_evaluator(kBenchEval));
    return spec;
  } catch (const InputError& err) {
    why = err.what();
    return "";
  }
}

SuiteReport run_suite(const SuiteOptions& o, const std::function<void(const SuiteLine&)>& done) {
  SuiteReport rep;
  rep.options = o;
  std::shared_ptr<const search::Evaluator> eval;
  try {
    eval = models::make_evaluator(o.eval);
  } catch (const InputError& e) {
    throw InputError(std::string("--eval: ") + e.what());
  }
  const auto long_sets = long_move_sets(o, rep.skipped);
  const std::vector<std::string> specs = searcher_specs(o, eval, rep.skipped);
  const std::vector<SearchPosition> bench = bench_set();
  const auto add = [&](SuiteLine line, const std::function<Run()>& f) {
    rep.lines.push_back(measure_line(std::move(line), o, f));
    if (done) done(rep.lines.back());
  };
  const SearchPosition perft_positions[3] = {{Variant::Kiswahili, start_position(Variant::Kiswahili)},
                                             {Variant::Kujifunza, start_position(Variant::Kujifunza)},
                                             {Variant::Kiswahili, parse_position(kSuiteMidgame, Variant::Kiswahili)}};
  const char* perft_names[3] = {"perft kiswahili start", "perft kujifunza start", "perft kiswahili mtaji"};
  for (int i = 0; i < 3; ++i) {
    Rules rules;
    rules.variant = perft_positions[i].variant;
    const int d = o.perft_depths[i];
    add(suite_line(perft_names[i], "perft", "", d, 1),
        [&, rules, d] { return perft_run(perft_positions[i].position, rules, d); });
  }
  add(suite_line("alphabeta bench", "search", "alphabeta", o.ab_depth, bench.size()),
      [&] { return search_all("alphabeta", eval, bench, o.ab_depth); });
  if (o.threads > 1) {
    const std::string threaded = "alphabeta(threads=" + std::to_string(o.threads) + ")";
    add(suite_line("alphabeta threads=" + std::to_string(o.threads) + " bench", "search", threaded, o.ab_depth,
                   bench.size()),
        [&] { return search_all(threaded, eval, bench, o.ab_depth); });
  }
  // The strength mode as people get it (models/strength_mode.h): its searcher and evaluator.
  const auto strength_eval = models::make_evaluator(models::kStrengthEval);
  add(suite_line(std::string(models::kStrengthSearcher) + " " + models::kStrengthEval + " bench", "search",
                 models::kStrengthSearcher, o.ab_depth, bench.size()),
      [&] { return search_all(models::kStrengthSearcher, strength_eval, bench, o.ab_depth); });
  for (const auto& entry : long_sets) {
    // A plain reference, not a structured binding: clang (the fuzz build) refuses to
    // capture those in a lambda.
    const auto& set = entry.second;
    add(suite_line("alphabeta " + entry.first, "search", "alphabeta", o.long_depth, set.size()),
        [&] { return search_all("alphabeta", eval, set, o.long_depth); });
  }
  for (const std::string& spec : specs) {
    add(suite_line(spec, "search", spec, o.searcher_depth, bench.size()),
        [&] { return search_all(spec, eval, bench, o.searcher_depth); });
  }
  if (o.ratio_depth > 0) {
    const auto set = std::find_if(long_sets.begin(), long_sets.end(),
                                  [](const auto& entry) { return entry.first == kSuiteRatioSet; });
    if (set == long_sets.end()) {
      rep.skipped.push_back({"long-move ratio", std::string("no ") + kSuiteRatioSet + ".txt among the long-move sets"});
    } else {
      rep.ratio = long_move_ratio(set->first, set->second, o, eval);
      rep.has_ratio = true;
    }
  }
  return rep;
}

std::string suite_json(const SuiteReport& rep) {
  nlohmann::ordered_json doc;
  doc["format"] = "bao bench --suite";
  doc["version"] = 1;
  if (!rep.game.empty()) doc["game"] = rep.game;
  doc["repeat"] = rep.options.repeat;
  doc["eval"] = rep.options.eval;
  doc["min_seconds"] = rep.options.min_seconds;
  nlohmann::ordered_json lines = nlohmann::ordered_json::array();
  for (const SuiteLine& l : rep.lines) {
    nlohmann::ordered_json j;
    j["name"] = l.name;
    j["kind"] = l.kind;
    if (l.kind == "search") j["searcher"] = l.spec;
    j["depth"] = l.depth;
    j["positions"] = l.positions;
    j["nodes"] = l.nodes;
    if (l.kind == "search") j["leaf_evals"] = l.leaf_evals;
    j["seconds"] = l.seconds;
    j["nodes_per_s"] = l.nodes_per_s;
    if (l.positions_per_s > 0) j["positions_made_per_s"] = l.positions_per_s;
    j["speed"] = l.speed;
    j["speed_unit"] = l.kind == "perft" ? "leaves/s" : "1/s";
    j["run_seconds"] = l.run_seconds;
    j["run_passes"] = l.run_passes;
    lines.push_back(std::move(j));
  }
  doc["lines"] = std::move(lines);
  nlohmann::ordered_json skipped = nlohmann::ordered_json::array();
  for (const SuiteSkip& s : rep.skipped) skipped.push_back({{"name", s.name}, {"reason", s.reason}});
  doc["skipped"] = std::move(skipped);
  if (rep.has_ratio) doc["long_move_ratio"] = ratio_json(rep.ratio);
  return doc.dump(2) + "\n";
}

}  // namespace bao::experiments
