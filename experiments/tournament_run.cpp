#include "experiments/tournament_run.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <set>
#include <stdexcept>
#include <tuple>

#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::experiments {

namespace fs = std::filesystem;

namespace {

// "1:02:03" or "4:05" for a number of seconds; "n/a" for none or one beyond 10^7.
std::string format_duration(double s) {
  if (!(s >= 0) || s > 1e7) return "n/a";
  const long t = static_cast<long>(s + 0.5);
  char buf[32];
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

// The results folder, created if needed (before it is locked: the lock file is inside).
void make_folder(const Config& c) {
  std::error_code ec;
  fs::create_directories(c.out, ec);
  if (ec || !fs::is_directory(c.out))
    throw InputError("cannot create the results folder '" + c.out + "'" + (ec ? ": " + ec.message() : ""));
}

// The folder's config: written on the first run, compared on every later one.
void check_folder(const Config& c) {
  const fs::path dir(c.out);
  std::error_code ec;
  const fs::path ini = dir / "config.ini";
  // A folder where a file belongs would be misread below (file_size fails: "has games").
  for (const fs::path& f : {ini, dir / "games.jsonl"})
    if (fs::is_directory(f))
      throw InputError("'" + f.string() + "' is a folder, not a file; remove it or use another --out");
  if (fs::exists(ini)) {
    const auto stored = parse_identity(read_text_file(ini.string()), ini.string());
    const auto diffs = identity_differences(stored, c.identity);
    if (!diffs.empty()) {
      std::string msg = "'" + c.out + "' holds results of a different config (" + ini.string() +
                        "); use another --out, or the config it was started with. Differences:";
      for (const auto& d : diffs) msg += "\n  " + d;
      throw InputError(msg);
    }
    return;
  }
  if (fs::exists(dir / "games.jsonl") && fs::file_size(dir / "games.jsonl", ec) > 0)
    throw InputError("'" + c.out +
                     "' has games.jsonl but no config.ini, so which config its games come from is "
                     "unknown; use another --out");
  write_text_file_atomically(ini.string(), folder_config_text(c));
}

}  // namespace

TournamentRun::TournamentRun(const Config& c, const RunOptions& o, const GameFactory& games)
    : c_(c),
      o_(o),
      games_(games),
      games_path_((fs::path(c.out) / "games.jsonl").string()),
      sprt_(games.pairings().size(), SprtTracker(c.sprt)),
      points_(games.pairings().size(), 0.0),
      games_of_(games.pairings().size(), 0),
      stop_at_(games.pairings().size(), c.openings) {}

TournamentRun::~TournamentRun() = default;

void TournamentRun::open() {
  check_memory(c_, o_.threads);  // before the folder: a run that cannot fit leaves no trace
  make_folder(c_);
  // Locked before anything in the folder is read or written, so that a second run
  // refused here leaves config.ini, games.jsonl and the summaries as they are.
  lock_ = std::make_unique<FolderLock>(c_.out);
  check_folder(c_);
  load_folder();
  writer_ = std::make_unique<RecordWriter>(games_path_, c_.fsync);
  t0_ = std::chrono::steady_clock::now();
  last_print_ = t0_ - std::chrono::hours(1);
}

// Reads the folder's records (cutting off a torn last line), checks that each agrees
// with its moves and belongs to the schedule (and to this shard), counts them, and
// finds the games left to play.
void TournamentRun::load_folder() {
  const ReplayRules replay{c_.rules, c_.ply_cap, c_.game};
  LoadedRecords loaded = load_records(games_path_, /*repair=*/true, &replay);
  if (o_.progress)
    for (const auto& n : loaded.notes) *o_.progress << "bao run: " << n << "\n";
  std::set<std::tuple<int, int, int>> done;
  for (const TournamentGame& r : loaded.records) {
    const int p = pairing_of(r);
    done.insert({p, r.opening_index, r.game});
    sprt_[p].add(r.opening_index, r.game, r.first_points);
    points_[p] += r.first_points;
    ++games_of_[p];
  }
  res_.records = std::move(loaded.records);
  loaded_ = finished_ = static_cast<int>(res_.records.size());
  for (const ScheduledGame& g : games_.schedule()) {
    if (!in_shard(c_, g)) continue;
    ++res_.total;
    if (!done.count({g.pairing, g.opening, g.game})) pending_.push_back(g);
  }
  // An SPRT decision stops its pairing: games of later openings are not started.
  for (std::size_t p = 0; p < sprt_.size(); ++p) note_decision(static_cast<int>(p));
}

// After an SPRT decision in pairing p, no game of an opening beyond the pairs it took
// starts. Not in a shard, whose own games are only part of the pairs.
void TournamentRun::note_decision(int p) {
  if (c_.sprt_enabled && c_.shards == 0 && !sprt_[p].decision().empty())
    stop_at_[p] = static_cast<int>(sprt_[p].pairs());
}

// The pairing a recorded game belongs to; throws InputError when its pairing, players
// or opening are not this schedule's, or when it belongs to another shard.
int TournamentRun::pairing_of(const TournamentGame& r) const {
  const auto& pairings = games_.pairings();
  const auto it = std::find_if(pairings.begin(), pairings.end(), [&](const Pairing& p) { return p.name == r.pairing; });
  const bool ok = it != pairings.end() && r.opening_index >= 0 && r.opening_index < c_.openings &&
                  r.first == it->first && r.second == it->second && r.south == (r.game == 0 ? r.first : r.second) &&
                  r.opening == games_.opening_text(r.opening_index);
  if (!ok)
    throw InputError(games_path_ + ": game " + r.id() + " does not belong to this config's schedule (" +
                     "pairing, players or opening differ); use another --out");
  const int p = static_cast<int>(it - pairings.begin());
  if (!in_shard(c_, {p, r.opening_index, r.game}))
    throw InputError(games_path_ + ": game " + r.id() + " belongs to shard " +
                     std::to_string(shard_of(r.opening_index, p, c_.shards)) + "/" + std::to_string(c_.shards) +
                     ", not to this folder's shard " + std::to_string(c_.shard) + "/" + std::to_string(c_.shards));
  return p;
}

std::optional<ScheduledGame> TournamentRun::next() {
  const std::lock_guard<std::mutex> guard(mutex_);
  while (!abort_ && cursor_ < pending_.size()) {
    const ScheduledGame g = pending_[cursor_++];
    if (g.opening >= stop_at_[g.pairing]) continue;  // an SPRT decided: never needed
    ++in_flight_;
    return g;
  }
  return std::nullopt;
}

// Appends a finished game and counts it (a decided SPRT stops its pairing's later
// openings); a write error stops the run.
void TournamentRun::finished(TournamentGame r, const ScheduledGame& g) {
  const std::lock_guard<std::mutex> guard(mutex_);
  --in_flight_;
  try {
    writer_->append(r);
    ++res_.played;
    ++finished_;
    points_[g.pairing] += r.first_points;
    ++games_of_[g.pairing];
    if (c_.sprt_enabled) {
      sprt_[g.pairing].add(g.opening, g.game, r.first_points);
      note_decision(g.pairing);
    }
    res_.records.push_back(std::move(r));
    print_progress(false);
  } catch (const std::exception& e) {
    fail_locked(e.what());
  }
}

void TournamentRun::failed(const std::string& message) {
  const std::lock_guard<std::mutex> guard(mutex_);
  --in_flight_;
  fail_locked(message);
}

// Keeps the first error and stops new games from starting.
void TournamentRun::fail_locked(const std::string& message) {
  if (error_.empty()) error_ = message;
  abort_ = true;
}

RunResult TournamentRun::close() {
  const std::lock_guard<std::mutex> guard(mutex_);
  res_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  print_progress(true);
  writer_.reset();
  lock_.reset();
  if (!error_.empty())
    throw std::runtime_error(error_ + " (the games finished so far are kept in " + games_path_ + ")");
  // Games an SPRT decision left out (those in flight when it decided were recorded).
  res_.skipped = res_.total - static_cast<int>(res_.records.size());
  return std::move(res_);
}

// Games expected in the end: those recorded, those in flight, and of the ones not handed
// out yet those an SPRT did not stop.
int TournamentRun::expected_games() const {
  int expected = finished_ + in_flight_;
  for (std::size_t i = cursor_; i < pending_.size(); ++i)
    if (pending_[i].opening < stop_at_[pending_[i].pairing]) ++expected;
  return expected;
}

// "games 3/8  1.50 games/s  ETA 0:04  | a vs b 2.0/3 ...". The rate is "n/a" until
// this run has finished a game; the ETA is "n/a" without a rate and left out once
// every expected game is finished.
std::string TournamentRun::progress_line(double elapsed) const {
  const int expected = expected_games();
  const int left = expected - finished_;
  const double rate = elapsed > 0 && res_.played > 0 ? res_.played / elapsed : 0;
  std::string line = "games " + std::to_string(finished_) + "/" + std::to_string(expected);
  char buf[64];
  std::snprintf(buf, sizeof buf, "  %.2f games/s", rate);
  line += rate > 0 ? std::string(buf) : "  rate n/a";
  if (left > 0) line += "  ETA " + (rate > 0 ? format_duration(left / rate) : std::string("n/a"));
  const auto& pairings = games_.pairings();
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    std::snprintf(buf, sizeof buf, " %.1f/%d", points_[p], games_of_[p]);
    line += "  | " + pairings[p].name + buf;
    if (c_.sprt_enabled) {
      std::snprintf(buf, sizeof buf, " llr %.2f", sprt_[p].llr());
      line += buf;
      if (!sprt_[p].decision().empty()) line += " " + sprt_[p].decision();
    }
  }
  return line;
}

void TournamentRun::print_progress(bool final_line) {
  if (!o_.progress) return;
  const auto now = std::chrono::steady_clock::now();
  // A terminal gets a line rewritten each second; a log file a new line every 5 s.
  if (!final_line && now - last_print_ < std::chrono::seconds(o_.progress_tty ? 1 : 5)) return;
  last_print_ = now;
  const std::string line = progress_line(std::chrono::duration<double>(now - t0_).count());
  if (o_.progress_tty)
    *o_.progress << "\r\033[K" << line << (final_line ? "\n" : "") << std::flush;
  else
    *o_.progress << line << "\n" << std::flush;
}

RunResult run_tournament(const Config& c, const RunOptions& o) {
  const GameFactory games(c);
  TournamentRun run(c, o, games);
  run.open();
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
#pragma omp parallel num_threads(threads)
  {
    PlayerCache players;
    while (const std::optional<ScheduledGame> g = run.next()) {
      try {
        run.finished(games.play(*g, players), *g);
      } catch (const std::exception& e) {
        run.failed("game " + games.name(*g) + ": " + e.what());
      }
    }
  }
  return run.close();
}

}  // namespace bao::experiments
