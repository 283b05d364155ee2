// `bao bench --suite`: the speed measures worth keeping an eye on, each one line, each the
// median over `repeat` runs: the table that speed claims are measured with
// (scripts/bench-compare). Lines, in this order:
//   perft from the kiswahili start, the kujifunza start and a kiswahili mtaji mid-game
//     position (perft_depths), speed in leaves per second;
//   alpha-beta with `eval` to `ab_depth` on the bench positions;
//   alpha-beta to `long_depth` on each long-move set, a line "alphabeta STEM" per file
//     (by default those of kSuiteLongMoveSets in the checkout's tests/data that exist,
//     skipped with a reason when none does);
//   each searcher of `searchers` to `searcher_depth` on the bench positions (by default
//     every registered searcher but the plain ones, search::SearcherKind::Plain);
// and the long-move ratio (LongMoveRatio) on the long-move benchmark set.
// A search line's speed is 1 / seconds (time to depth: node counts change when the search
// does, and what a player feels is the time), its nodes/s is reported beside it.
// A run of a line repeats its searches (or perft) until they took min_seconds together
// and reports the mean per pass: a search set of 15 ms timed once is at the mercy of one
// scheduler tick on a shared machine. Every pass is on a fresh thread, and the process's
// verdict cache of long moves (shared by all threads) is emptied before it, so every pass
// starts as cold as a fresh process and one pass's or line's proofs do not make another's
// cheap. Searchers are made
// (and their tables allocated) before the clock starts; the seconds are the wall time of
// the searches (or of perft) alone.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/bao/rules.h"
#include "experiments/bench_signature.h"

namespace bao::experiments {

// The kiswahili mtaji mid-game position of the perft line (also bao_bench_engine's).
inline constexpr const char* kSuiteMidgame =
    "1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -";

// The long-move sets in tests/data: long-moves.txt, kiswahili positions taken out of the
// bench because their trees meet moves of millions of laps; long-move-set.txt, positions
// of both variants with long moves (the long-move benchmark set), where it exists. A line is
// "POSITION" (kiswahili) or "VARIANT POSITION"; '#' starts a comment line.
inline constexpr const char* kSuiteLongMoveSets[] = {"long-moves.txt", "long-move-set.txt"};
// The set the long-move ratio is measured on (its stem).
inline constexpr const char* kSuiteRatioSet = "long-move-set";

struct SuiteOptions {
  int repeat = 3;
  double min_seconds = 0.2;       // per run of a line (0: one pass)
  std::string eval = kBenchEval;  // V0 of every search line
  int ab_depth = kBenchDepth;
  // Threads of the Lazy SMP line (alphabeta(threads=N) on the bench positions at ab_depth,
  // beside the one-thread line); 1: no such line.
  int threads = 2;
  int searcher_depth = 6;
  // Kiswahili start, kujifunza start, mtaji mid-game: 0.75, 0.5 and 0.47 s on the idle
  // 2-core machine with the fast long-move proofs of fb2c85b (before them 10 and 11 took
  // 7.6 s each, nearly all proofs).
  int perft_depths[3] = {12, 10, 11};
  int long_depth = 10;                        // 11 meets a takasa move of 12 s on this machine
  std::vector<std::string> long_moves_files;  // empty: the checkout's (kSuiteLongMoveSets)
  // Searcher names (given default parameters, see suite_searcher_spec) or full specs;
  // empty with all_searchers: suite_default_searchers().
  std::vector<std::string> searchers;
  bool all_searchers = true;
  int ratio_depth = 12;   // the long-move ratio's depth; 0: not measured
  int ratio_limit = 100;  // the cap it compares against (rules.md 8a: the 2002 program's)
};

// What exact infinite-move detection (rules.md 8) costs alpha-beta against the 2002
// program's cap (rules.md 8a, Rules::long_move_limit), on the long-move benchmark set
// (long-move-set.txt, 40 positions of both variants). Per position, `repeat` searches to
// `depth` with exact rules and as many with the cap, alternately (exact, capped, exact,
// ...: a load that comes and goes hits both), each on a fresh thread with an empty
// verdict cache; the median time of each and their ratio exact / capped. The summary is
// the geometric mean of the ratios per variant and over all positions (the target: at
// most 1.3), the worst position, and beside them the ratio of the node counts (the rules
// make different trees: a long move that ends is legal under exact rules, illegal under
// the cap) and of the time per node (the proofs' and the longer moves' cost).
struct RatioPosition {
  Variant variant = Variant::Kiswahili;
  double exact_seconds = 0, capped_seconds = 0;  // medians
  double ratio = 0;                              // exact / capped seconds
  double node_ratio = 0;                         // exact / capped nodes
};
struct RatioMean {
  std::string over;  // "kiswahili", "kujifunza" or "all"
  int positions = 0;
  double ratio = 0, node_ratio = 0;  // geometric means
};
struct LongMoveRatio {
  std::string set;  // the file's stem
  int depth = 0, limit = 0;
  std::vector<RatioPosition> positions;
  std::vector<RatioMean> means;  // per variant present, then "all"
  int worst = -1;                // index of the largest ratio
};

// The searchers the suite times when none are named (SuiteOptions::all_searchers), in the
// registry's order: every registered searcher whose kind is not Plain
// (search::SearcherKind): alpha-beta has lines of its own, and minimax and random measure
// nothing worth keeping.
std::vector<std::string> suite_default_searchers();

// The spec a searcher name gets in the suite: NAME(P) with the parameters P its
// registration declares for the bench (search::SearcherEntry::bench_params: `material` as
// the model or the second type, bounds wide enough for `default` against `material`), or
// NAME alone when it declares none; "" when models::make_searcher refuses that (`why`
// says what it said).
std::string suite_searcher_spec(const std::string& name, std::string& why);

struct SuiteLine {
  std::string name;  // "perft kiswahili start", "alphabeta bench", "om-beta(model=material)"
  std::string kind;  // "perft" or "search"
  std::string spec;  // the searcher spec of a search line
  int depth = 0;
  std::size_t positions = 0;
  std::uint64_t nodes = 0;          // perft: leaves counted; search: positions visited (MCTS: iterations)
  std::uint64_t leaf_evals = 0;     // search lines only
  double seconds = 0;               // of one pass, median over the runs
  double nodes_per_s = 0;           // median over the runs
  double positions_per_s = 0;       // MCTS: positions made per second (median); else 0
  double speed = 0;                 // the measure to compare: perft leaves/s, a search's 1/s
  std::vector<double> run_seconds;  // per pass, of each run
  std::vector<int> run_passes;      // passes of each run
};

struct SuiteSkip {
  std::string name, reason;
};

struct SuiteReport {
  std::string game;  // the game's spec for another game's suite (bench_any_game.h); empty: Bao's
  SuiteOptions options;
  std::vector<SuiteLine> lines;
  std::vector<SuiteSkip> skipped;
  bool has_ratio = false;
  LongMoveRatio ratio;
};

// Throws InputError for a bad searcher, evaluator, long-move file or position in it
// (before any line runs, so nothing is measured in vain), and for a search that fails.
// `done` is called after each line. Prints nothing.
SuiteReport run_suite(const SuiteOptions& options, const std::function<void(const SuiteLine&)>& done = {});

// The report as one JSON document (docs/performance.md#keeping-the-speed describes its keys).
std::string suite_json(const SuiteReport& report);

}  // namespace bao::experiments
