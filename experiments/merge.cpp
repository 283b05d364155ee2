#include "experiments/merge.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "experiments/folder_lock.h"
#include "experiments/records.h"
#include "models/games.h"

namespace bao::experiments {

namespace fs = std::filesystem;

namespace {

// One input folder: its settings, which shard it is (0/0: not a shard, the output's
// earlier content), the comment lines of its config.ini, and its records.
struct Folder {
  std::string dir;
  std::map<std::string, std::string> identity;
  int shard = 0, shards = 0;
  std::string ini_text;
  std::vector<TournamentGame> records;
};

std::string value_of(const std::map<std::string, std::string>& id, const std::string& key, const std::string& dir) {
  const auto it = id.find(key);
  if (it == id.end()) throw InputError("'" + dir + "/config.ini' has no '" + key + "'");
  return it->second;
}

// "# NAME: VALUE" among the comments config.ini ends with (tournament.cpp), or "".
std::string comment_value(const std::string& ini_text, const std::string& name) {
  std::istringstream in(ini_text);
  std::string line;
  const std::string head = "# " + name + ": ";
  while (std::getline(in, line))
    if (line.rfind(head, 0) == 0) return line.substr(head.size());
  return "";
}

Folder read_folder(const std::string& dir, bool must_be_shard) {
  Folder f;
  f.dir = dir;
  const fs::path ini = fs::path(dir) / "config.ini";
  if (!fs::is_directory(dir)) throw InputError("'" + dir + "' is not a folder");
  if (!fs::exists(ini)) throw InputError("'" + dir + "' has no config.ini: not a results folder of bao run");
  f.ini_text = read_text_file(ini.string());
  f.identity = parse_identity(f.ini_text, ini.string());
  const auto shard = f.identity.find("shard");
  if (shard != f.identity.end()) {
    const auto slash = shard->second.find('/');
    if (slash == std::string::npos || !to_int(std::string_view(shard->second).substr(0, slash), f.shard) ||
        !to_int(std::string_view(shard->second).substr(slash + 1), f.shards) || f.shards < 1 || f.shard < 1 ||
        f.shard > f.shards)
      throw InputError("'" + ini.string() + "': shard = '" + shard->second + "' is not K/N");
    f.identity.erase(shard);
  } else if (must_be_shard) {
    throw InputError("'" + dir + "' is not a shard's folder (its config.ini has no shard = K/N): bao run --shard K/N");
  }
  return f;
}

// The settings the summary needs, from a folder's identity (make_identity's keys).
Config summary_config(const Folder& f, const std::string& out) {
  const auto& id = f.identity;
  Config c;
  c.file = comment_value(f.ini_text, "config");
  if (c.file.empty()) c.file = f.dir + "/config.ini";
  c.out = out;
  for (const auto& [k, v] : id) {
    if (k == "variant") c.rules.set(k, v);
    if (k.rfind("rules.", 0) == 0) c.rules.set(k.substr(6), v);
    if (k == "game") c.game = models::make_game(v);
  }
  if (!parse_schedule(value_of(id, "schedule", f.dir), c.schedule))
    throw InputError("'" + f.dir + "/config.ini': schedule = '" + id.at("schedule") + "' is not a schedule");
  std::string players = value_of(id, "players", f.dir);
  for (std::size_t at = 0; at <= players.size();) {
    const auto comma = std::min(players.find(',', at), players.size());
    c.entrants.push_back(players.substr(at, comma - at));
    at = comma + 1;
  }
  if (!to_int(value_of(id, "openings", f.dir), c.openings) || c.openings < 1 ||
      !to_int(value_of(id, "seed", f.dir), c.seed) || !to_int(value_of(id, "ply_cap", f.dir), c.ply_cap))
    throw InputError("'" + f.dir + "/config.ini': openings, seed or ply_cap is not a number");
  if (id.count("opening_plies")) {
    const auto [lo, hi] = parse_int_range(id.at("opening_plies"), 0, 100000);
    c.opening_min_plies = lo;
    c.opening_max_plies = hi;
  } else {
    c.openings_file = comment_value(f.ini_text, "openings_file");
    if (c.openings_file.empty()) c.openings_file = "a file (" + value_of(id, "openings_file_fnv1a", f.dir) + ")";
  }
  if (id.count("sprt.elo0")) {
    c.sprt_enabled = true;
    bool ok = to_double(id.at("sprt.elo0"), c.sprt.elo0) && to_double(value_of(id, "sprt.elo1", f.dir), c.sprt.elo1) &&
              to_double(value_of(id, "sprt.alpha", f.dir), c.sprt.alpha) &&
              to_double(value_of(id, "sprt.beta", f.dir), c.sprt.beta);
    if (!ok) throw InputError("'" + f.dir + "/config.ini': an sprt value is not a number");
    c.sprt.pentanomial = value_of(id, "sprt.model", f.dir) != "trinomial";
  }
  c.identity = id;
  return c;
}

// Every input against the first: same settings, same N, each shard once.
void check_inputs(const std::vector<Folder>& in, bool partial, std::vector<std::string>& notes) {
  const Folder& first = in.front();
  std::map<int, std::string> seen;
  for (const Folder& f : in) {
    const auto diffs = identity_differences(first.identity, f.identity);
    if (!diffs.empty()) {
      std::string msg = "'" + f.dir + "' holds another tournament than '" + first.dir + "'. Differences:";
      for (const auto& d : diffs) msg += "\n  " + d;
      throw InputError(msg);
    }
    if (f.shards != first.shards)
      throw InputError("'" + f.dir + "' is shard " + std::to_string(f.shard) + "/" + std::to_string(f.shards) +
                       " but '" + first.dir + "' is one of " + std::to_string(first.shards) + " shards");
    const auto [it, fresh] = seen.emplace(f.shard, f.dir);
    if (!fresh)
      throw InputError("shard " + std::to_string(f.shard) + "/" + std::to_string(f.shards) + " is given twice: '" +
                       it->second + "' and '" + f.dir + "'");
  }
  std::string missing;
  for (int k = 1; k <= first.shards; ++k)
    if (!seen.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  if (missing.empty()) return;
  const std::string what = "shard(s) " + missing + " of " + std::to_string(first.shards) + " are not among the inputs";
  if (!partial) throw InputError(what + " (--partial merges what is there)");
  notes.push_back(what + "; their games are missing");
}

// The output folder's earlier content, when it holds results of the same settings (an
// earlier merge, or a run): its games are merged too. Refuses other settings, a shard's
// folder, and games without a config.ini.
std::optional<Folder> earlier_output(const std::string& out, const Config& c) {
  std::error_code ec;
  if (fs::exists(fs::path(out) / "config.ini")) {
    Folder earlier = read_folder(out, false);
    const auto diffs = identity_differences(c.identity, earlier.identity);
    if (!diffs.empty() || earlier.shards != 0) {
      std::string msg = "'" + out + "' holds results of other settings; merge into a new folder. Differences:";
      for (const auto& d : diffs) msg += "\n  " + d;
      if (earlier.shards)
        msg +=
            "\n  it is a shard's folder (" + std::to_string(earlier.shard) + "/" + std::to_string(earlier.shards) + ")";
      throw InputError(msg);
    }
    const ReplayRules replay{c.rules, c.ply_cap, c.game};
    earlier.records = load_records((fs::path(out) / "games.jsonl").string(), /*repair=*/true, &replay).records;
    return earlier;
  }
  if (fs::exists(fs::path(out) / "games.jsonl") && fs::file_size(fs::path(out) / "games.jsonl", ec) > 0)
    throw InputError("'" + out + "' has games.jsonl but no config.ini; merge into a new folder");
  return std::nullopt;
}

// The schedule index of r, found in folder f; throws when r is not this schedule's, not
// f's shard's, or starts from another opening than the others of its index.
int checked_index(const TournamentGame& r, const Folder& f, const Config& c, const GameFactory& games,
                  std::vector<std::string>& opening_of) {
  const auto& pairings = games.pairings();
  const auto p = std::find_if(pairings.begin(), pairings.end(), [&](const Pairing& x) { return x.name == r.pairing; });
  const std::string where = "'" + f.dir + "/games.jsonl': game " + r.id();
  if (p == pairings.end() || r.opening_index < 0 || r.opening_index >= c.openings || r.first != p->first ||
      r.second != p->second || r.south != (r.game == 0 ? r.first : r.second))
    throw InputError(where + " does not belong to this tournament's schedule");
  const ScheduledGame g{static_cast<int>(p - pairings.begin()), r.opening_index, r.game};
  if (f.shards && shard_of(g.opening, g.pairing, f.shards) != f.shard)
    throw InputError(where + " belongs to shard " + std::to_string(shard_of(g.opening, g.pairing, f.shards)) +
                     ", not to the folder's shard " + std::to_string(f.shard));
  // Random openings are made again from the seed; a file's (not at hand) must agree.
  const std::string expected = c.openings_file.empty() ? games.opening_text(g.opening) : opening_of[g.opening];
  if (!expected.empty() && r.opening != expected)
    throw InputError(where + " starts from another opening than the schedule's opening " + std::to_string(g.opening));
  opening_of[g.opening] = r.opening;
  return games.index(g);
}

}  // namespace

MergeResult merge_shards(const std::vector<std::string>& dirs, const std::string& out, bool partial) {
  if (dirs.empty()) throw InputError("give the shards' folders: bao merge DIR... --out DIR");
  std::error_code same;
  for (const auto& d : dirs)
    if (fs::exists(out) && fs::equivalent(d, out, same))
      throw InputError("--out '" + out + "' is one of the inputs; merge into a new folder");
  MergeResult m;
  std::vector<Folder> in;
  std::vector<std::unique_ptr<FolderLock>> locks;  // no run may append while we read
  for (const auto& d : dirs) in.push_back(read_folder(d, true));
  check_inputs(in, partial, m.notes);
  for (const Folder& f : in) m.shard_names.push_back(std::to_string(f.shard) + "/" + std::to_string(f.shards));
  // The settings come from config.ini alone (check_inputs found them the same in every
  // folder); the records are replayed under their rules and ply cap.
  m.config = summary_config(in.front(), out);
  const Config& c = m.config;
  const ReplayRules replay{c.rules, c.ply_cap, c.game};
  for (Folder& f : in) {
    locks.push_back(std::make_unique<FolderLock>(f.dir));
    LoadedRecords loaded = load_records((fs::path(f.dir) / "games.jsonl").string(), /*repair=*/false, &replay);
    for (auto& n : loaded.notes) m.notes.push_back(f.dir + ": " + n);
    f.records = std::move(loaded.records);
  }
  const GameFactory games(c);
  const int shards = in.front().shards;

  // The output folder: created, locked, and its earlier games (same settings) kept.
  std::error_code ec;
  fs::create_directories(out, ec);
  if (!fs::is_directory(out)) throw InputError("cannot create the folder '" + out + "'");
  const FolderLock out_lock(out);
  if (auto earlier = earlier_output(out, c)) in.push_back(std::move(*earlier));

  // Every record checked, by its schedule index; a game twice must be the same game.
  std::vector<std::string> json(games.schedule().size());
  std::vector<std::string> opening_of(c.openings);
  int twice = 0;
  for (const Folder& f : in) {
    for (const TournamentGame& r : f.records) {
      std::string& slot = json[checked_index(r, f, c, games, opening_of)];
      const std::string line = to_json(r);
      if (slot == line) {
        ++twice;
      } else if (!slot.empty()) {
        throw InputError("'" + f.dir + "/games.jsonl': game " + r.id() + " was found twice with different content");
      } else {
        slot = line;
        m.run.records.push_back(r);
      }
    }
  }
  if (twice) m.notes.push_back(std::to_string(twice) + " game(s) were found twice (same content), counted once");
  std::map<int, int> missing;  // per shard
  std::string text;
  for (std::size_t i = 0; i < json.size(); ++i) {
    if (json[i].empty()) {
      const ScheduledGame& g = games.schedule()[i];
      ++missing[shards ? shard_of(g.opening, g.pairing, shards) : 0];
    } else {
      text += json[i] + "\n";
    }
  }
  for (const auto& [k, n] : missing)
    m.notes.push_back("shard " + std::to_string(k) + "/" + std::to_string(shards) + ": " + std::to_string(n) +
                      " game(s) not played yet (resume it with bao run CONFIG --shard " + std::to_string(k) + "/" +
                      std::to_string(shards) + " --out ITS_FOLDER, then merge again)");
  write_text_file_atomically((fs::path(out) / "config.ini").string(), folder_config_text(c));
  write_text_file_atomically((fs::path(out) / "games.jsonl").string(), text);
  m.run.total = static_cast<int>(games.schedule().size());
  m.run.skipped = m.run.total - static_cast<int>(m.run.records.size());
  return m;
}

}  // namespace bao::experiments
