// `bao bench --game G` for a game other than Bao: the same two measures as Bao's bench,
// read through the game registry (search/any_game.h), so a game brought to the toolkit
// gets its speed measured by registering.
//
// Positions: G's start and then positions reached from it by seeded random walks
// (SplitMix64 with kGameBenchSeed; a walk of 2 to kGameBenchMaxPlies plies, redrawn if the
// game ends on the way), kGameBenchPositions in all: a fixed set for a fixed game spec.
//   run_game_bench: one searcher with one evaluator to a depth on every position, one
//     thread; its total node count is the game's search signature, as bench/signature.txt
//     is Bao's.
//   run_game_suite: the speed suite's lines for G (bench_suite.h's timing and JSON):
//     "perft start" to perft_depths[0], "alphabeta bench" to ab_depth, and each searcher
//     of the options to searcher_depth; a registered searcher the game cannot run is
//     listed as skipped with the registry's reason.
#pragma once

#include <string>
#include <vector>

#include "experiments/bench_signature.h"
#include "experiments/bench_suite.h"
#include "search/any_game.h"

namespace bao::experiments {

inline constexpr int kGameBenchPositions = 16;
inline constexpr int kGameBenchMaxPlies = 24;
inline constexpr std::uint64_t kGameBenchSeed = 20261206;
// The perft depth of another game's suite when none is given (Bao's three are its own).
inline constexpr int kGameSuitePerftDepth = 9;

std::vector<search::AnyState> game_bench_positions(const search::AnyGame& g);

// Throws InputError for a searcher or evaluator the game does not have, or one it cannot run.
BenchReport run_game_bench(const search::AnyGame& g, int depth, const std::string& searcher, const std::string& eval);

// The spec a searcher of the registry gets on game g in the suite: its bench parameters
// (search::SearcherEntry::bench_params) with Bao's evaluator names replaced by g's: Bao's
// `default` by g's first evaluator, `material` (the model of the OM searchers) by g's last,
// so a model differs from the searcher's own function where the game has two.
std::string game_searcher_spec(const search::SearcherEntry& e, const search::AnyGame& g);

// Throws InputError for a bad evaluator or a named searcher the game cannot run (before
// any line runs). o.eval empty: g's first evaluator.
SuiteReport run_game_suite(const search::AnyGame& g, SuiteOptions o,
                           const std::function<void(const SuiteLine&)>& done = {});

}  // namespace bao::experiments
