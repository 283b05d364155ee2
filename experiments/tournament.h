// Tournaments: the schedule (one pairing, a round robin or a gauntlet, each opening
// played as a game pair with colours swapped), the parallel run with OpenMP, resuming,
// and the results folder:
//   DIR/config.ini   the settings the folder was started with (Config::identity)
//   DIR/games.jsonl  one record per finished game (experiments/records.h)
//   DIR/summary.csv, DIR/summary.md   written when the run ends (experiments/summary.h)
//   DIR/.lock        locked while a run uses the folder (experiments/folder_lock.h)
//
// Determinism: a game's content depends only on the config and its place in the
// schedule (pairing, opening, colour); openings come from the seed and their index,
// searchers keep no state from one search to the next. So the set of records is the same for any
// thread count as long as every player's limits are depth or node limits (a time limit
// makes searches depend on the machine's load).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/position.h"
#include "experiments/config.h"
#include "experiments/records.h"

namespace bao::experiments {

struct Pairing {
  std::string name;  // "A vs B"
  std::string first, second;
};
// The pairings in order: pairing (the two players), round robin (every two players, in
// the order of `players`), gauntlet (the first player against each other one).
std::vector<Pairing> make_pairings(const Config& c);

// The openings (random or from the file), in order.
std::vector<Position> make_openings(const Config& c);

struct ScheduledGame {
  int pairing = 0, opening = 0, game = 0;  // game 0: the first player has South
};
// Every game, ordered by opening, then pairing, then colour, so that all pairings
// advance together and each pair's two games are played close in time.
std::vector<ScheduledGame> make_schedule(const Config& c, const std::vector<Pairing>& pairings);

struct RunOptions {
  int threads = 1;                   // 0: OpenMP's default
  std::ostream* progress = nullptr;  // progress lines (stderr in `bao run`); null: none
  bool progress_tty = false;         // rewrite one line with '\r' instead of new lines
};

struct RunResult {
  std::vector<TournamentGame> records;  // every game in the folder, old and new
  int played = 0;                       // games played by this run
  int total = 0;                        // games in the schedule
  int skipped = 0;                      // games left out because an SPRT decided
  double seconds = 0;                   // wall time of this run's games
};

// Runs or resumes the tournament of `c` into c.out: locks the folder (DIR/.lock, held
// until it returns), checks (or writes) DIR/config.ini, reads DIR/games.jsonl (cutting
// off a torn last line), plays the missing games on `threads` threads, appending each
// as it ends, and returns every record. Throws InputError when another run holds the
// folder (before anything in it is read or written), when the folder holds results of
// a different config (naming each difference) or records that do not belong to this
// schedule; a searcher failure mid-run is rethrown after the games in flight are
// recorded. The caller's write_summaries comes after the lock is released.
RunResult run_tournament(const Config& c, const RunOptions& o);

}  // namespace bao::experiments
