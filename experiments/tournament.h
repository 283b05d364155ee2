// Tournaments: the schedule (one pairing, a round robin or a gauntlet, each opening
// played as a game pair with colours swapped), the parallel run with OpenMP, resuming,
// and the results folder:
//   DIR/config.ini   the settings the folder was started with (Config::identity)
//   DIR/games.jsonl  one record per finished game (experiments/records.h)
//   DIR/summary.csv, DIR/summary.md   written when the run ends (experiments/summary.h)
//   DIR/.lock        locked while a run uses the folder (experiments/folder_lock.h)
//
// Beyond one process: a shard (config key `shard = K/N`, bao run --shard) plays only the
// game pairs shard_of gives it, and bao merge (experiments/merge.h) joins the shards'
// folders; an MPI run (experiments/mpi_run.h) hands the games out from rank 0. All of
// them play each game by GameFactory::play and record it through TournamentRun
// (experiments/tournament_run.h), so the games are the same whichever way they ran.
//
// Determinism: a game's content depends only on the config and its place in the
// schedule (pairing, opening, colour); openings come from the seed and their index,
// searchers keep no state from one search to the next. So the set of records is the same for any
// thread count as long as every player's limits are depth or node limits (a time limit
// makes searches depend on the machine's load).
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "engine/bao/position.h"
#include "experiments/config.h"
#include "experiments/player.h"
#include "experiments/records.h"

namespace bao::experiments {

struct Pairing {
  std::string name;  // "A vs B"
  std::string first, second;
};
// The pairings in order: pairing (the two players), round robin (every two players, in
// the order of `players`), gauntlet (the first player against each other one).
std::vector<Pairing> make_pairings(const Config& c);

// The openings (random or from the file), in order; for another game than Bao,
// make_any_openings.
std::vector<Position> make_openings(const Config& c);
std::vector<search::AnyState> make_any_openings(const Config& c);

struct ScheduledGame {
  int pairing = 0, opening = 0, game = 0;  // game 0: the first player has South
};
// Every game, ordered by opening, then pairing, then colour, so that all pairings
// advance together and each pair's two games are played close in time.
std::vector<ScheduledGame> make_schedule(const Config& c, const std::vector<Pairing>& pairings);

// The shard (1..shards) that plays the two games of `opening` in `pairing`: the pairs are
// dealt round, shifted by one per pairing, so that with at least `shards` openings every
// shard plays every pairing on a mix of openings, and no pair is split (its pentanomial
// class needs both games).
int shard_of(int opening, int pairing, int shards);
// Whether this config's run plays g: always when the config is not a shard.
bool in_shard(const Config& c, const ScheduledGame& g);

// Plays single games of a config's schedule: what every thread, shard and MPI worker
// does. Thread-safe: the players live in the caller's PlayerCache (one per thread).
using PlayerCache = std::map<std::string, Player>;
class GameFactory {
 public:
  explicit GameFactory(const Config& c);
  const std::vector<Pairing>& pairings() const { return pairings_; }
  const std::vector<Position>& openings() const { return openings_; }  // Bao's; empty for another game
  // Opening `index` as the record writes it (the game's position text).
  std::string opening_text(int index) const;
  const std::vector<ScheduledGame>& schedule() const { return schedule_; }
  // g's place in schedule() (make_schedule's order: opening, pairing, colour).
  int index(const ScheduledGame& g) const {
    return (g.opening * static_cast<int>(pairings_.size()) + g.pairing) * 2 + g.game;
  }
  // "PAIRING/OPENING/GAME", as TournamentGame::id() names the record (for messages).
  std::string name(const ScheduledGame& g) const;
  // Plays g with the thread's players (made on first use and reused: a search's result
  // depends only on the position, limits and settings, and a fresh alpha-beta table
  // costs more than a shallow game). Throws what the searchers throw.
  TournamentGame play(const ScheduledGame& g, PlayerCache& players) const;

 private:
  const Config& c_;
  std::vector<Pairing> pairings_;
  std::vector<Position> openings_;
  std::vector<search::AnyState> any_openings_;  // another game's (Config::game)
  std::vector<ScheduledGame> schedule_;
};

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
