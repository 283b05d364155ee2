#include "experiments/tournament.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <stdexcept>
#include <tuple>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/text_input.h"
#include "experiments/folder_lock.h"
#include "experiments/player.h"
#include "experiments/stats.h"
#include "experiments/tournament_run.h"
#include "play/game.h"
#include "play/openings.h"

namespace bao::experiments {

namespace fs = std::filesystem;

std::vector<Pairing> make_pairings(const Config& c) {
  std::vector<Pairing> out;
  auto add = [&](const std::string& a, const std::string& b) { out.push_back({a + " vs " + b, a, b}); };
  const auto& e = c.entrants;
  switch (c.schedule) {
    case Schedule::Pairing:
      add(e[0], e[1]);
      break;
    case Schedule::RoundRobin:
      for (std::size_t i = 0; i < e.size(); ++i)
        for (std::size_t j = i + 1; j < e.size(); ++j) add(e[i], e[j]);
      break;
    case Schedule::Gauntlet:
      for (std::size_t j = 1; j < e.size(); ++j) add(e[0], e[j]);
      break;
  }
  return out;
}

std::vector<Position> make_openings(const Config& c) {
  // load_config read the file, once (its hash stands for it in the identity), and kept
  // its first `openings` positions.
  if (!c.openings_file.empty()) return c.file_openings;
  std::vector<Position> out;
  for (int i = 0; i < c.openings; ++i)
    out.push_back(
        play::random_opening(c.rules, c.seed, static_cast<std::uint64_t>(i), c.opening_min_plies, c.opening_max_plies));
  return out;
}

std::vector<ScheduledGame> make_schedule(const Config& c, const std::vector<Pairing>& pairings) {
  std::vector<ScheduledGame> out;
  for (int o = 0; o < c.openings; ++o)
    for (int p = 0; p < static_cast<int>(pairings.size()); ++p)
      for (int g = 0; g < 2; ++g) out.push_back({p, o, g});
  return out;
}

namespace {

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

// The record of a game played from `opening` as game `g` of pairing `pr`.
TournamentGame make_record(const Pairing& pr, const ScheduledGame& g, const Position& opening,
                           const play::PlayedGame& out) {
  TournamentGame r;
  r.pairing = pr.name;
  r.first = pr.first;
  r.second = pr.second;
  r.opening_index = g.opening;
  r.game = g.game;
  r.south = g.game == 0 ? pr.first : pr.second;
  r.north = g.game == 0 ? pr.second : pr.first;
  r.opening = format_position(opening);
  // Sides alternate every ply, from the opening's side to move.
  for (std::size_t k = 0; k < out.moves.size(); ++k)
    r.moves.push_back(format_move(out.moves[k], static_cast<int>((opening.side + k) % 2)));
  r.reason = out.reason;
  r.plies = out.plies;
  if (out.capped) {
    r.result = "capped";
    r.first_points = 0.5;
  } else {
    const bool south_won = out.result == Outcome::SouthWins;
    r.result = south_won ? "south" : "north";
    r.winner = south_won ? r.south : r.north;
    r.first_points = r.winner == pr.first ? 1.0 : 0.0;
  }
  r.nodes_south = out.nodes[0];
  r.nodes_north = out.nodes[1];
  r.time_south = out.seconds[0];
  r.time_north = out.seconds[1];
  bool any = false;
  for (std::size_t k = 0; k < out.predicted.size(); ++k) {
    // The reply comes from the side after the mover's.
    const int replier = static_cast<int>((opening.side + k + 1) % 2);
    r.predicted.push_back(out.predicted[k] ? format_move(*out.predicted[k], replier) : "");
    any = any || out.predicted[k].has_value();
  }
  if (!any) r.predicted.clear();
  return r;
}

}  // namespace

int shard_of(int opening, int pairing, int shards) { return (opening + pairing) % shards + 1; }

bool in_shard(const Config& c, const ScheduledGame& g) {
  return c.shards == 0 || shard_of(g.opening, g.pairing, c.shards) == c.shard;
}

GameFactory::GameFactory(const Config& c)
    : c_(c), pairings_(make_pairings(c)), openings_(make_openings(c)), schedule_(make_schedule(c, pairings_)) {}

std::string GameFactory::name(const ScheduledGame& g) const {
  return pairings_[g.pairing].name + "/" + std::to_string(g.opening) + "/" + std::to_string(g.game);
}

TournamentGame GameFactory::play(const ScheduledGame& g, PlayerCache& players) const {
  const Pairing& pr = pairings_[g.pairing];
  auto player = [&](const std::string& name) -> Player& {
    auto it = players.find(name);
    if (it == players.end()) it = players.emplace(name, make_player(c_.players.at(name), c_.rules)).first;
    return it->second;
  };
  Player& south = player(g.game == 0 ? pr.first : pr.second);
  Player& north = player(g.game == 0 ? pr.second : pr.first);
  search::Searcher* const both[2] = {south.searcher.get(), north.searcher.get()};
  const search::Limits limits[2] = {south.limits, north.limits};
  const play::PlayedGame out = play::play_game(openings_[g.opening], c_.rules, both, limits, c_.ply_cap, false, true);
  return make_record(pr, g, openings_[g.opening], out);
}

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

// Reads the folder's records (cutting off a torn last line), checks that each belongs
// to the schedule (and to this shard), counts them, and finds the games left to play.
void TournamentRun::load_folder() {
  LoadedRecords loaded = load_records(games_path_, /*repair=*/true);
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
                  r.opening == format_position(games_.openings()[r.opening_index]);
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
