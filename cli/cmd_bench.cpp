// bao bench: alpha-beta with `default` at a fixed depth on the fixed bench positions,
// one thread. Prints "nodes <N>" and "nps <X>" on stdout (N is the search signature,
// checked against bench/signature.txt by the tests), and statistics on stderr:
// effective branching factor by depth (n/a at depth 1, which has no iteration before it)
// and the table hit rate; with --verbose first one line per position.
//
// bao bench --suite: the speed suite (experiments/bench_suite.h, run_suite): one line per
// measure, each the median of --repeat runs, as a table on stdout or, with --json, as one
// JSON document (what scripts/bench-compare reads), then the long-move ratio's summary; a
// line per finished measure on stderr.
// bao bench --game G: the same for another registered game (experiments/bench_any_game.h):
// its start and seeded random positions, the game's first evaluator unless --eval names
// one; the suite's lines are perft from the start, alpha-beta and the searchers the game
// runs. `--game bao` is Bao's own bench (the signature); Bao with parameters goes the
// other games' way.
// The suite's options are refused without --suite and plain bench's --searcher and
// --verbose with it, each by name, so that no option is silently ignored.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/common.h"
#include "experiments/bench_any_game.h"
#include "experiments/bench_signature.h"
#include "experiments/bench_suite.h"
#include "models/games.h"
#include "search/registry.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::cli {
namespace {

// The options only --suite takes.
constexpr const char* kSuiteOnly[] = {"repeat",      "min-seconds",  "json",       "searchers",
                                      "om-depth",    "perft-depths", "long-depth", "long-moves",
                                      "ratio-depth", "ratio-limit",  "threads"};

int plain_bench(const po::variables_map& vm, int depth, const std::string& searcher, const std::string& eval,
                const search::AnyGame* game) {
  const experiments::BenchReport rep =
      game ? experiments::run_game_bench(*game, depth, searcher, eval) : experiments::run_bench(depth, searcher, eval);
  if (vm.count("verbose")) {
    for (std::size_t i = 0; i < rep.per_position.size(); ++i) {
      const experiments::BenchPositionResult& p = rep.per_position[i];
      std::cerr << "position " << i + 1 << " (" << p.kind << "): best " << p.best << " value " << p.value << " nodes "
                << p.nodes << "\n";
    }
  }
  std::cerr << (game ? game->spec() + ": " : std::string()) << rep.per_position.size() << " positions, depth " << depth
            << ", " << searcher << ", eval " << eval << "\n";
  // EBF: the nodes of an iteration over those of the one before, per ply between them
  // (a depth-limited alpha-beta iterates every id_step-th depth); none for the first.
  // Depths without an iteration are not listed.
  std::cerr << "depth  nodes        EBF\n";
  int last = 0;
  for (int d = 1; d <= depth; ++d) {
    const std::uint64_t n = rep.nodes_by_depth[d], before = rep.nodes_by_depth[last];
    if (n == 0) continue;
    char line[96];
    char ebf[16] = "n/a";
    if (last > 0 && before > 0)
      std::snprintf(ebf, sizeof ebf, "%.2f", std::pow(double(n) / double(before), 1.0 / (d - last)));
    std::snprintf(line, sizeof line, "%5d  %-12llu %s\n", d, static_cast<unsigned long long>(n), ebf);
    std::cerr << line;
    last = d;
  }
  if (rep.tt_probes)
    std::cerr << "table: " << rep.tt_probes << " probes, " << rep.tt_hits << " cutoffs ("
              << 100.0 * double(rep.tt_hits) / double(rep.tt_probes) << "%)\n";
  std::cerr << "leaf evaluations: " << rep.leaf_evals << ", time " << rep.seconds << " s\n";
  std::cout << "nodes " << rep.nodes << "\n";
  std::cout << "nps " << static_cast<std::uint64_t>(rep.seconds > 0 ? rep.nodes / rep.seconds : 0) << "\n";
  return kExitOk;
}

// "om-beta,om-bounded(model=material,bound=50)": items split at the commas outside
// parentheses; "all" is every opponent-model searcher, "none" no searcher line.
void parse_searchers(const std::string& text, experiments::SuiteOptions& o) {
  if (text == "all") return;
  o.all_searchers = false;
  if (text == "none") return;
  int depth = 0;
  std::string item;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ',';
    if (c == ',' && depth == 0) {
      if (item.empty())
        throw po::error("--searchers: an empty item in '" + text + "' (a list such as om-beta,prom-beta)");
      o.searchers.push_back(item);
      item.clear();
      continue;
    }
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (depth < 0) throw po::error("--searchers: a ')' without its '(' in '" + text + "'");
    item += c;
  }
  if (depth != 0) throw po::error("--searchers: a '(' without its ')' in '" + text + "'");
}

// A count with thousands separators: 12,205,448.
std::string grouped(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {  // appends only: g++ 12 warns (falsely) on insert
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The long-move ratio's summary: geometric means per variant and over all, the worst.
void print_ratio(const experiments::LongMoveRatio& r, int repeat) {
  std::cout << "long-move ratio: alphabeta to depth " << r.depth << " on " << r.set
            << ", exact rules / long_move_limit=" << r.limit << ", median of " << repeat
            << " alternating searches per position (target: at most 1.3)\n";
  char line[256];
  for (const experiments::RatioMean& m : r.means) {
    std::snprintf(line, sizeof line, "  geometric mean %-9s %.3f (nodes %.3f, per node %.3f; %d positions)\n",
                  (m.over + ":").c_str(), m.ratio, m.node_ratio, m.ratio / m.node_ratio, m.positions);
    std::cout << line;
  }
  if (r.worst >= 0) {
    const experiments::RatioPosition& w = r.positions[static_cast<std::size_t>(r.worst)];
    std::snprintf(line, sizeof line, "  worst: #%d (%s) %.2fx (%.4f s vs %.4f s)\n", r.worst + 1,
                  variant_name(w.variant), w.ratio, w.exact_seconds, w.capped_seconds);
    std::cout << line;
  }
}

void print_table(const experiments::SuiteReport& rep) {
  if (!rep.game.empty()) std::cout << "game " << rep.game << "\n";
  std::cout << "bao bench --suite: median of " << rep.options.repeat << " run" << (rep.options.repeat > 1 ? "s" : "")
            << " (each at least " << rep.options.min_seconds << " s, seconds per pass), eval " << rep.options.eval
            << ", one thread; perft nodes are leaves\n";
  int width = 7;  // "measure"; searcher specs can be long, so the column fits the longest
  for (const experiments::SuiteLine& l : rep.lines) width = std::max(width, static_cast<int>(l.name.size()));
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %5s %9s %14s %14s %9s %11s\n", width, "measure", "depth", "positions", "nodes",
                "leaf evals", "seconds", "nodes/s");
  std::cout << line;
  for (const experiments::SuiteLine& l : rep.lines) {
    const std::string evals = l.kind == "perft" ? "-" : grouped(l.leaf_evals);
    std::snprintf(line, sizeof line, "%-*s %5d %9zu %14s %14s %9.3f %10.2fM\n", width, l.name.c_str(), l.depth,
                  l.positions, grouped(l.nodes).c_str(), evals.c_str(), l.seconds, l.nodes_per_s / 1e6);
    std::cout << line;
    if (l.positions_per_s > 0) {
      std::snprintf(line, sizeof line, "%-*s   (nodes are iterations; positions made: %.2fM/s)\n", width, "",
                    l.positions_per_s / 1e6);
      std::cout << line;
    }
  }
  for (const experiments::SuiteSkip& s : rep.skipped) std::cout << "skipped " << s.name << ": " << s.reason << "\n";
  if (rep.has_ratio) print_ratio(rep.ratio, rep.options.repeat);
}

int suite_bench(const po::variables_map& vm, experiments::SuiteOptions o, const search::AnyGame* game) {
  for (const char* opt : {"searcher", "verbose"})
    if (vm.count(opt))
      throw po::error(std::string("--") + opt + " is plain bench's; with --suite choose searchers with --searchers");
  if (o.repeat < 1 || o.repeat > 1000)
    throw po::error("--repeat must be between 1 and 1000, found " + std::to_string(o.repeat));
  if (!(o.min_seconds >= 0 && o.min_seconds <= 60))  // nan fails too
    throw po::error("--min-seconds must be between 0 and 60, found " + std::to_string(o.min_seconds));
  if (o.searcher_depth < 1 || o.searcher_depth > 20)
    throw po::error("--om-depth must be between 1 and 20, found " + std::to_string(o.searcher_depth));
  if (o.long_depth < 1 || o.long_depth > 20)
    throw po::error("--long-depth must be between 1 and 20, found " + std::to_string(o.long_depth));
  if (o.ratio_depth < 0 || o.ratio_depth > 20)
    throw po::error("--ratio-depth must be between 0 (no ratio) and 20, found " + std::to_string(o.ratio_depth));
  if (o.threads < 1 || o.threads > search::kMaxSearchThreads)
    throw po::error("--threads must be between 1 (no threaded line) and " + std::to_string(search::kMaxSearchThreads) +
                    ", found " + std::to_string(o.threads));
  // Before the suite runs, not at its Lazy SMP line minutes later (the registry's check).
  if (search::hardware_threads() > 0 && o.threads > search::hardware_threads())
    throw po::error("--threads " + std::to_string(o.threads) + ": more than the " +
                    std::to_string(search::hardware_threads()) + " hardware threads of this machine");
  if (o.ratio_limit < 1 || o.ratio_limit > 1000000)
    throw po::error("--ratio-limit must be between 1 and 1000000, found " + std::to_string(o.ratio_limit));
  if (vm.count("perft-depths") && game) {
    const std::string text = vm["perft-depths"].as<std::string>();
    const std::vector<int> d = parse_int_list("perft-depths", text, 1, 30);
    if (d.size() != 1)
      throw po::error("--perft-depths takes one depth (from the start) with --game, found '" + text + "'");
    o.perft_depths[0] = d[0];
  } else if (vm.count("perft-depths")) {
    const std::string text = vm["perft-depths"].as<std::string>();
    const std::vector<int> d = parse_int_list("perft-depths", text, 1, 30);
    if (d.size() != 3)
      throw po::error("--perft-depths takes three depths (kiswahili start, kujifunza start, mtaji), found '" + text +
                      "'");
    for (int i = 0; i < 3; ++i) o.perft_depths[i] = d[static_cast<std::size_t>(i)];
  }
  if (vm.count("searchers")) parse_searchers(vm["searchers"].as<std::string>(), o);
  const auto progress = [](const experiments::SuiteLine& l) {
    std::cerr << "bench suite: " << l.name << " depth " << l.depth << ": " << l.seconds << " s\n";
  };
  const experiments::SuiteReport rep =
      game ? experiments::run_game_suite(*game, o, progress) : experiments::run_suite(o, progress);
  if (vm.count("json"))
    std::cout << experiments::suite_json(rep);
  else
    print_table(rep);
  return kExitOk;
}

// The game --game names, or null for Bao's own bench (no --game, or `bao` without
// parameters). Bao's long-move lines and ratio are refused by name with another game.
std::unique_ptr<search::AnyGame> bench_game(const po::variables_map& vm) {
  if (!vm.count("game")) return nullptr;
  const std::string spec = vm["game"].as<std::string>();
  auto g = models::make_game(spec);
  const search::Spec parsed = search::parse_spec(spec);
  if (parsed.name == "bao" && spec.find('(') == std::string::npos) return nullptr;
  for (const char* opt : {"long-depth", "long-moves", "ratio-depth", "ratio-limit"})
    if (vm.count(opt)) throw po::error(std::string("--") + opt + " measures Bao's long moves; not with --game " + spec);
  return g;
}

}  // namespace

int cmd_bench(const std::vector<std::string>& args) {
  int depth = experiments::kBenchDepth;
  std::string searcher = experiments::kBenchSearcher, eval = experiments::kBenchEval;
  experiments::SuiteOptions suite;
  po::options_description desc("options");
  desc.add_options()("game", po::value<std::string>()->value_name("G"),
                     "another registered game's bench (bao search --list-games): its start and seeded random "
                     "positions, its first evaluator unless --eval")(
      "depth", po::value(&depth)->value_name("D"),
      "search depth (default 11, the signature's; with --suite alpha-beta's on the bench positions)")(
      "searcher", po::value(&searcher)->value_name("S"), "searcher (default alphabeta)")(
      "eval", po::value(&eval)->value_name("E"), "evaluator (default default)")("verbose",
                                                                                "one line per position on stderr");
  desc.add_options()(
      "suite",
      "the speed suite: perft, alpha-beta (one thread and Lazy SMP), the long-move set, opponent-model searchers")(
      "repeat", po::value(&suite.repeat)->value_name("N"), "--suite: runs per line, the median reported (default 3)")(
      "min-seconds", po::value(&suite.min_seconds)->value_name("S"),
      "--suite: a run of a line repeats its searches until they took S seconds, reports one's mean (default 0.2)")(
      "json", "--suite: one JSON document on stdout instead of the table")(
      "searchers", po::value<std::string>()->value_name("LIST"),
      "--suite: searcher names or specs, comma separated, 'all' (default: every opponent-model searcher) or 'none'")(
      "om-depth", po::value(&suite.searcher_depth)->value_name("D"), "--suite: the searchers' depth (default 6)")(
      "perft-depths", po::value<std::string>()->value_name("K,J,M"),
      "--suite: perft depths from the kiswahili start, the kujifunza start, the mtaji position (default 12,10,11)")(
      "long-depth", po::value(&suite.long_depth)->value_name("D"), "--suite: depth on the long-move set (default 10)")(
      "long-moves", po::value(&suite.long_moves_files)->value_name("FILE"),
      "--suite: a long-move set, a line each (repeatable; default the checkout's tests/data/long-moves.txt and "
      "long-move-set.txt, those there)")(
      "ratio-depth", po::value(&suite.ratio_depth)->value_name("D"),
      "--suite: the long-move ratio's depth, exact rules against the cap on long-move-set (default 12; 0: none)")(
      "ratio-limit", po::value(&suite.ratio_limit)->value_name("L"),
      "--suite: the cap (long_move_limit) the ratio compares against (default 100)")(
      "threads", po::value(&suite.threads)->value_name("N"),
      "--suite: threads of the Lazy SMP line, alphabeta(threads=N) on the bench positions (default 2, or the "
      "machine's hardware threads where fewer; 1: none)");
  po::variables_map vm;
  const char* synopsis =
      "[--game G] [--depth D] [--searcher S] [--eval E] [--verbose]\n"
      "       bao bench --suite [--game G] [--repeat N] [--min-seconds S] [--json] [--depth D] [--eval E] [--searchers "
      "LIST]\n"
      "                 [--om-depth D] [--perft-depths K,J,M] [--long-depth D] [--long-moves FILE ...]\n"
      "                 [--ratio-depth D] [--ratio-limit L] [--threads N]";
  if (!parse("bench", synopsis, args, desc, nullptr, vm)) return kExitOk;
  if (depth < 1 || depth > 20) throw po::error("--depth must be between 1 and 20, found " + std::to_string(depth));
  const std::unique_ptr<search::AnyGame> game = bench_game(vm);
  if (game && !vm.count("eval")) eval = game->evaluators().front().name;
  if (game) suite.perft_depths[0] = experiments::kGameSuitePerftDepth;
  if (vm.count("suite")) {
    suite.ab_depth = depth;
    suite.eval = eval;
    // The default Lazy SMP line within the machine's cores, which the searcher registry
    // holds every search to (search::hardware_threads): none on a one-core machine.
    if (!vm.count("threads") && search::hardware_threads() > 0)
      suite.threads = std::min(suite.threads, search::hardware_threads());
    return suite_bench(vm, suite, game.get());
  }
  for (const char* opt : kSuiteOnly)
    if (vm.count(opt)) throw po::error(std::string("--") + opt + " needs --suite");
  return plain_bench(vm, depth, searcher, eval, game.get());
}

}  // namespace bao::cli
