#include "experiments/config_identity.h"

#include <cstdio>
#include <set>
#include <sstream>

#include "experiments/ini_source.h"

namespace bao::experiments {

const char* schedule_name(Schedule s) {
  switch (s) {
    case Schedule::Pairing:
      return "pairing";
    case Schedule::RoundRobin:
      return "round-robin";
    case Schedule::Gauntlet:
      return "gauntlet";
  }
  return "?";
}

bool parse_schedule(std::string_view name, Schedule& s) {
  for (Schedule k : {Schedule::Pairing, Schedule::RoundRobin, Schedule::Gauntlet})
    if (name == schedule_name(k)) {
      s = k;
      return true;
    }
  return false;
}

std::string format_double(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::map<std::string, std::string> make_identity(const Config& c, const std::string& openings_hash) {
  std::map<std::string, std::string> id;
  if (c.game) {
    id["game"] = c.game->spec();
  } else {
    std::istringstream rules_text(c.rules.describe());
    std::string line;
    while (std::getline(rules_text, line)) {
      const auto eq = line.find('=');
      const std::string k = line.substr(0, eq);
      id[k == "variant" ? k : "rules." + k] = line.substr(eq + 1);
    }
  }
  id["schedule"] = schedule_name(c.schedule);
  std::string list;
  for (const auto& n : c.entrants) list += (list.empty() ? "" : ",") + n;
  id["players"] = list;
  id["openings"] = std::to_string(c.openings);
  id["seed"] = std::to_string(c.seed);
  if (c.openings_file.empty())
    id["opening_plies"] = std::to_string(c.opening_min_plies) + "-" + std::to_string(c.opening_max_plies);
  else
    id["openings_file_fnv1a"] = openings_hash;
  id["ply_cap"] = std::to_string(c.ply_cap);
  // A shard's folder holds only its part: resuming it as another shard, or as the whole
  // schedule, must be refused (bao merge compares the identities without this key).
  if (c.shards > 0) id["shard"] = std::to_string(c.shard) + "/" + std::to_string(c.shards);
  for (const auto& n : c.entrants) {
    const PlayerConfig& p = c.players.at(n);
    const std::string pre = "player." + n + ".";
    id[pre + "searcher"] = p.searcher;
    id[pre + "eval"] = p.eval;
    id[pre + "depth"] = std::to_string(p.depth);
    id[pre + "nodes"] = std::to_string(p.nodes);
    id[pre + "time_ms"] = std::to_string(p.time_ms);
    // The weights' content, not only their names: a retrained or edited weights file
    // must not resume a folder played with the old one.
    if (!p.weights.empty()) id[pre + "weights_fnv1a"] = p.weights;
  }
  if (c.sprt_enabled) {
    id["sprt.elo0"] = format_double(c.sprt.elo0);
    id["sprt.elo1"] = format_double(c.sprt.elo1);
    id["sprt.alpha"] = format_double(c.sprt.alpha);
    id["sprt.beta"] = format_double(c.sprt.beta);
    id["sprt.model"] = c.sprt.pentanomial ? "pentanomial" : "trinomial";
  }
  return id;
}

std::string format_identity(const std::map<std::string, std::string>& identity) {
  std::string out =
      "# The settings this results folder was started with (bao run). A run into this\n"
      "# folder must have the same ones; threads, out and fsync may differ.\n";
  for (const auto& [k, v] : identity) out += k + " = " + v + "\n";
  return out;
}

std::map<std::string, std::string> parse_identity(const std::string& text, const std::string& name) {
  std::map<std::string, int> sections;
  int top = 0;
  std::map<std::string, std::string> out;
  for (const auto& [k, e] : ini::read_file_entries(text, name, sections, top)) out[k] = e.value;
  return out;
}

std::string folder_config_text(const Config& c) {
  std::string text = format_identity(c.identity) + "# config: " + c.file + "\n";
  if (!c.openings_file.empty()) text += "# openings_file: " + c.openings_file + "\n";
  return text;
}

std::vector<std::string> identity_differences(const std::map<std::string, std::string>& stored,
                                              const std::map<std::string, std::string>& now) {
  std::set<std::string> keys;
  for (const auto& [k, v] : stored) keys.insert(k);
  for (const auto& [k, v] : now) keys.insert(k);
  std::vector<std::string> out;
  for (const auto& k : keys) {
    const auto a = stored.find(k), b = now.find(k);
    const std::string va = a == stored.end() ? "(unset)" : a->second;
    const std::string vb = b == now.end() ? "(unset)" : b->second;
    if (va != vb) out.push_back(k + ": was " + va + ", now " + vb);
  }
  return out;
}

}  // namespace bao::experiments
