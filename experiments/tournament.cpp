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
#include "experiments/game_runner.h"
#include "experiments/stats.h"
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
  if (!c.openings_file.empty()) {
    // load_config read the file (once, with the hash that stands for it in the identity).
    if (static_cast<int>(c.file_openings.size()) < c.openings)
      throw InputError(c.openings_file + ": " + std::to_string(c.openings) + " openings asked for, the config holds " +
                       std::to_string(c.file_openings.size()));
    return {c.file_openings.begin(), c.file_openings.begin() + c.openings};
  }
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

void write_atomically(const fs::path& path, const std::string& text) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    f.flush();
    if (!f) throw InputError("cannot write '" + tmp.string() + "'");
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) throw InputError("cannot rename '" + tmp.string() + "' to '" + path.string() + "': " + ec.message());
}

std::string format_duration(double s) {
  if (!(s >= 0) || s > 1e7) return "?";
  const long t = static_cast<long>(s + 0.5);
  char buf[32];
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

// The folder's config: written on the first run, compared on every later one.
void check_folder(const Config& c) {
  const fs::path dir(c.out);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw InputError("cannot create the results folder '" + c.out + "'" + (ec ? ": " + ec.message() : ""));
  const fs::path ini = dir / "config.ini";
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
  write_atomically(ini, format_identity(c.identity));
}

}  // namespace

RunResult run_tournament(const Config& c, const RunOptions& o) {
  const std::vector<Pairing> pairings = make_pairings(c);
  const std::vector<Position> openings = make_openings(c);
  const std::vector<ScheduledGame> schedule = make_schedule(c, pairings);
  check_folder(c);
  const std::string games_path = (fs::path(c.out) / "games.jsonl").string();

  RunResult res;
  res.total = static_cast<int>(schedule.size());
  LoadedRecords loaded = load_records(games_path, /*repair=*/true);
  if (o.progress)
    for (const auto& n : loaded.notes) *o.progress << "bao run: " << n << "\n";

  // Check that every record belongs to this schedule, and find what is missing.
  std::map<std::string, int> pairing_index;
  for (int i = 0; i < static_cast<int>(pairings.size()); ++i) pairing_index[pairings[i].name] = i;
  std::set<std::tuple<int, int, int>> done;
  std::vector<SprtTracker> sprt(pairings.size(), SprtTracker(c.sprt));
  std::vector<double> points(pairings.size(), 0.0);
  std::vector<int> games_of(pairings.size(), 0);
  for (const TournamentGame& r : loaded.records) {
    const auto it = pairing_index.find(r.pairing);
    const bool ok = it != pairing_index.end() && r.opening_index >= 0 && r.opening_index < c.openings &&
                    r.first == pairings[it->second].first && r.second == pairings[it->second].second &&
                    r.south == (r.game == 0 ? r.first : r.second) &&
                    r.opening == format_position(openings[r.opening_index]);
    if (!ok)
      throw InputError(games_path + ": game " + r.id() + " does not belong to this config's schedule (" +
                       "pairing, players or opening differ); use another --out");
    done.insert({it->second, r.opening_index, r.game});
    sprt[it->second].add(r.opening_index, r.game, r.first_points);
    points[it->second] += r.first_points;
    ++games_of[it->second];
  }
  res.records = std::move(loaded.records);

  std::vector<ScheduledGame> pending;
  for (const ScheduledGame& g : schedule)
    if (!done.count({g.pairing, g.opening, g.game})) pending.push_back(g);

  // An SPRT decision stops its pairing: games of later openings are not started.
  std::vector<std::atomic<int>> stop_at(pairings.size());
  for (std::size_t p = 0; p < pairings.size(); ++p)
    stop_at[p] = c.sprt_enabled && !sprt[p].decision().empty() ? static_cast<int>(sprt[p].pairs()) : c.openings;

  RecordWriter writer(games_path, c.fsync);
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  const auto t0 = std::chrono::steady_clock::now();
  auto last_print = t0 - std::chrono::hours(1);
  std::atomic<bool> abort{false};
  std::string error;
  const int loaded_count = static_cast<int>(res.records.size());
  int finished = loaded_count;
  const std::unique_ptr<std::atomic<bool>[]> started(new std::atomic<bool>[pending.size()]);
  for (std::size_t i = 0; i < pending.size(); ++i) started[i] = false;

  auto print_progress = [&](bool final_line) {
    if (!o.progress) return;
    const auto now = std::chrono::steady_clock::now();
    // A terminal gets a line rewritten each second; a log file a new line every 5 s.
    if (!final_line && now - last_print < std::chrono::seconds(o.progress_tty ? 1 : 5)) return;
    last_print = now;
    const double el = std::chrono::duration<double>(now - t0).count();
    const double rate = el > 0 ? res.played / el : 0;
    // Games expected in the end: those recorded before, and of the pending ones those
    // started or not stopped by an SPRT.
    int expected = loaded_count;
    for (std::size_t i = 0; i < pending.size(); ++i)
      if (started[i].load() || pending[i].opening < stop_at[pending[i].pairing].load()) ++expected;
    const int left = expected - finished;
    std::string line = "games " + std::to_string(finished) + "/" + std::to_string(expected);
    char buf[64];
    std::snprintf(buf, sizeof buf, "  %.2f games/s", rate);
    line += buf;
    line += "  ETA " + (rate > 0 ? format_duration(left / rate) : std::string("?"));
    for (std::size_t p = 0; p < pairings.size(); ++p) {
      std::snprintf(buf, sizeof buf, " %.1f/%d", points[p], games_of[p]);
      line += "  | " + pairings[p].name + buf;
      if (c.sprt_enabled) {
        std::snprintf(buf, sizeof buf, " llr %.2f", sprt[p].llr());
        line += buf;
        if (!sprt[p].decision().empty()) line += " " + sprt[p].decision();
      }
    }
    if (o.progress_tty)
      *o.progress << "\r\033[K" << line << (final_line ? "\n" : "") << std::flush;
    else
      *o.progress << line << "\n" << std::flush;
  };

  const int n = static_cast<int>(pending.size());
#pragma omp parallel num_threads(threads)
  {
    // Each thread keeps one searcher per player and reuses it from game to game: a
    // search's result depends only on the position, limits and settings (the Searcher
    // contract), and a fresh alpha-beta table costs more than a shallow game.
    std::map<std::string, Player> cache;
    auto player = [&](const std::string& name) -> Player& {
      auto it = cache.find(name);
      if (it == cache.end()) it = cache.emplace(name, make_player(c.players.at(name), c.rules)).first;
      return it->second;
    };
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < n; ++i) {
      const ScheduledGame g = pending[i];
      if (abort.load() || g.opening >= stop_at[g.pairing].load()) continue;
      started[i] = true;
      try {
        const Pairing& pr = pairings[g.pairing];
        const std::string& south = g.game == 0 ? pr.first : pr.second;
        const std::string& north = g.game == 0 ? pr.second : pr.first;
        Player& ps = player(south);
        Player& pn = player(north);
        search::Searcher* const both[2] = {ps.searcher.get(), pn.searcher.get()};
        const search::Limits limits[2] = {ps.limits, pn.limits};
        const play::PlayedGame out = play::play_game(openings[g.opening], c.rules, both, limits, c.ply_cap);

        TournamentGame r;
        r.pairing = pr.name;
        r.first = pr.first;
        r.second = pr.second;
        r.opening_index = g.opening;
        r.game = g.game;
        r.south = south;
        r.north = north;
        r.opening = format_position(openings[g.opening]);
        // Sides alternate every ply, from the opening's side to move.
        for (std::size_t k = 0; k < out.moves.size(); ++k)
          r.moves.push_back(format_move(out.moves[k], static_cast<int>((openings[g.opening].side + k) % 2)));
        r.reason = out.reason;
        r.plies = out.plies;
        if (out.capped) {
          r.result = "capped";
          r.first_points = 0.5;
        } else {
          const bool south_won = out.result == Outcome::SouthWins;
          r.result = south_won ? "south" : "north";
          r.winner = south_won ? south : north;
          r.first_points = r.winner == pr.first ? 1.0 : 0.0;
        }
        r.nodes_south = out.nodes[0];
        r.nodes_north = out.nodes[1];
        r.time_south = out.seconds[0];
        r.time_north = out.seconds[1];

#pragma omp critical(bao_tournament_records)
        {
          try {
            writer.append(r);
            ++res.played;
            ++finished;
            points[g.pairing] += r.first_points;
            ++games_of[g.pairing];
            if (c.sprt_enabled) {
              sprt[g.pairing].add(g.opening, g.game, r.first_points);
              if (!sprt[g.pairing].decision().empty()) stop_at[g.pairing] = static_cast<int>(sprt[g.pairing].pairs());
            }
            res.records.push_back(std::move(r));
            print_progress(false);
          } catch (const std::exception& e) {
            if (error.empty()) error = e.what();
            abort = true;
          }
        }
      } catch (const std::exception& e) {
#pragma omp critical(bao_tournament_records)
        {
          if (error.empty())
            error = "game " + pairings[g.pairing].name + "/" + std::to_string(g.opening) + "/" +
                    std::to_string(g.game) + ": " + e.what();
          abort = true;
        }
      }
    }
  }
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_progress(true);
  if (!error.empty()) throw std::runtime_error(error + " (the games finished so far are kept in " + games_path + ")");
  // Games an SPRT decision left out (those in flight when it decided were recorded).
  res.skipped = res.total - static_cast<int>(res.records.size());
  return res;
}

}  // namespace bao::experiments
