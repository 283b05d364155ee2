// TournamentRun: one run of a tournament into its results folder, whoever plays the
// games (the threads of run_tournament, or the MPI workers of experiments/mpi_run.h).
//
// open() takes the folder (memory check, DIR/.lock, config.ini checked or written),
// reads the records already there and lists the games left to play (this shard's only,
// for a shard). Then any number of threads take games with next() and hand back each
// finished game with finished() (or a failure with failed()); every call after open()
// is thread-safe. finished() appends the record to games.jsonl at once, follows the SPRT
// and prints progress. An SPRT decision stops its pairing: next() no longer gives games
// of later openings (a shard plays all its games: the decision needs every shard's
// games, and bao merge takes it). close() returns every record and rethrows the first
// failure, after the games in flight were recorded.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "experiments/config.h"
#include "experiments/folder_lock.h"
#include "experiments/records.h"
#include "experiments/stats.h"
#include "experiments/tournament.h"

namespace bao::experiments {

class TournamentRun {
 public:
  TournamentRun(const Config& c, const RunOptions& o, const GameFactory& games);
  ~TournamentRun();

  void open();  // throws InputError (folder held by another run, different config, ...)
  // The next game to play, or nothing when none is left (or a failure stopped the run).
  std::optional<ScheduledGame> next();
  void finished(TournamentGame r, const ScheduledGame& g);
  void failed(const std::string& message);  // the first failure is kept; no game starts after it
  RunResult close();                        // releases the folder

 private:
  void load_folder();
  void note_decision(int pairing);
  void fail_locked(const std::string& message);
  int pairing_of(const TournamentGame& r) const;
  int expected_games() const;
  std::string progress_line(double elapsed) const;
  void print_progress(bool final_line);

  const Config& c_;
  const RunOptions& o_;
  const GameFactory& games_;
  const std::string games_path_;
  std::unique_ptr<FolderLock> lock_;
  std::unique_ptr<RecordWriter> writer_;
  std::mutex mutex_;  // guards everything below once open() returned
  RunResult res_;
  std::vector<SprtTracker> sprt_;
  std::vector<double> points_;
  std::vector<int> games_of_;
  std::vector<int> stop_at_;  // per pairing: the first opening not to start
  std::vector<ScheduledGame> pending_;
  std::size_t cursor_ = 0;  // pending_[cursor_..] not handed out yet
  int in_flight_ = 0;       // handed out, not finished
  int loaded_ = 0;          // records found in the folder
  int finished_ = 0;        // records in all
  bool abort_ = false;
  std::string error_;
  std::chrono::steady_clock::time_point t0_, last_print_;
};

}  // namespace bao::experiments
