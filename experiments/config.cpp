#include "experiments/config.h"

#include <tuple>
#include <algorithm>
#include <boost/program_options/parsers.hpp>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "engine/error.h"
#include "engine/position.h"
#include "engine/text_input.h"
#include "play/openings.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "search/searcher.h"

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

namespace {

namespace po = boost::program_options;

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// One key's value and where it came from.
struct Entry {
  std::string value;
  int line = 0;        // 0: from --set
  std::string source;  // the file, or "--set"
};

// Where a key was set, for messages: "FILE:LINE: key 'K'" or "--set K=V: key 'K'".
std::string where(const std::string& key, const Entry& e) {
  if (e.line == 0) return "--set " + key + "=" + e.value + ": key '" + key + "'";
  return e.source + ":" + std::to_string(e.line) + ": key '" + key + "'";
}

// The keys, values and lines of the file. Boost's parser reads the values (the format
// is its own); it does not report lines, so a pre-scan that follows the same grammar
// (`#` comments, `[section]`, `key = value`) finds each key's line and reports syntax
// errors with their line.
std::map<std::string, Entry> read_file_entries(const std::string& text, const std::string& name,
                                               std::map<std::string, int>& sections, int& top_level_end) {
  std::map<std::string, int> lines;
  std::istringstream scan(text);
  std::string raw, prefix;
  top_level_end = 0;
  for (int n = 1; std::getline(scan, raw); ++n) {
    const std::string line = trim(raw.substr(0, raw.find('#')));
    if (line.empty()) continue;
    const std::string at = name + ":" + std::to_string(n) + ": ";
    if (line.front() == '[') {
      if (line.back() != ']') throw InputError(at + "a section header must end with ']', found '" + line + "'");
      prefix = trim(line.substr(1, line.size() - 2));
      if (prefix.empty()) throw InputError(at + "empty section name");
      if (sections.count(prefix))
        throw InputError(at + "section [" + prefix + "] appears twice (first on line " +
                         std::to_string(sections[prefix]) + ")");
      sections[prefix] = n;
      continue;
    }
    const auto eq = line.find('=');
    if (eq == std::string::npos) throw InputError(at + "expected 'key = value' or '[section]', found '" + line + "'");
    const std::string k = trim(line.substr(0, eq));
    if (k.empty()) throw InputError(at + "a line with a value but no key");
    const std::string key = prefix.empty() ? k : prefix + "." + k;
    if (prefix.empty()) top_level_end = n;
    if (lines.count(key))
      throw InputError(at + "key '" + key + "' is set twice (first on line " + std::to_string(lines[key]) + ")");
    lines[key] = n;
  }

  std::map<std::string, Entry> entries;
  std::istringstream in(text);
  po::parsed_options parsed(nullptr);
  try {
    const po::options_description none;
    parsed = po::parse_config_file(in, none, /*allow_unregistered=*/true);
  } catch (const po::error& e) {
    throw InputError(name + ": " + e.what());
  }
  for (const po::option& o : parsed.options) {
    Entry e;
    e.value = o.value.empty() ? "" : trim(o.value.front());
    const auto it = lines.find(o.string_key);
    e.line = it == lines.end() ? 1 : it->second;
    e.source = name;
    entries[o.string_key] = e;
  }
  return entries;
}

bool parse_bool_value(const std::string& v, bool& out) {
  if (v == "true" || v == "1" || v == "yes") return out = true, true;
  if (v == "false" || v == "0" || v == "no") return out = false, true;
  return false;
}

template <class Int>
bool parse_int_value(const std::string& v, Int& out) {
  if (v.empty()) return false;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && end == v.data() + v.size();
}

bool parse_double_value(const std::string& v, double& out) {
  if (v.empty()) return false;
  char* end = nullptr;
  out = std::strtod(v.c_str(), &end);
  return end == v.c_str() + v.size() && std::isfinite(out);
}

std::vector<std::string> split_list(const std::string& v) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(v);
  while (std::getline(in, item, ',')) out.push_back(trim(item));
  return out;
}

bool valid_name(const std::string& s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; });
}

const std::set<std::string> kTopKeys = {"variant",       "schedule", "players", "openings", "seed", "opening_plies",
                                        "openings_file", "ply_cap",  "threads", "out",      "fsync"};
const std::set<std::string> kPlayerKeys = {"searcher", "eval", "depth", "nodes", "time_ms"};
const std::set<std::string> kSprtKeys = {"elo0", "elo1", "alpha", "beta", "model"};

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const auto& k : s) out += (out.empty() ? "" : ", ") + k;
  return out;
}

std::string format_double(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

}  // namespace

Config parse_config(const std::string& text, const std::string& name, const std::vector<std::string>& overrides) {
  std::map<std::string, int> sections;
  int top_level_end = 0;
  std::map<std::string, Entry> entries = read_file_entries(text, name, sections, top_level_end);
  for (const std::string& kv : overrides) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || trim(kv.substr(0, eq)).empty())
      throw InputError("--set: expected KEY=VALUE, found '" + kv + "'");
    Entry e;
    e.value = trim(kv.substr(eq + 1));
    e.source = "--set";
    entries[trim(kv.substr(0, eq))] = e;
  }

  Config c;
  c.file = name;
  std::set<std::string> used;
  auto get = [&](const std::string& key) -> const Entry* {
    const auto it = entries.find(key);
    if (it == entries.end()) return nullptr;
    used.insert(key);
    return &it->second;
  };
  auto fail = [&](const std::string& key, const Entry& e, const std::string& msg) {
    throw InputError(where(key, e) + ": " + msg);
  };
  auto missing = [&](const std::string& key, const std::string& what) {
    throw InputError(name + ":" + std::to_string(std::max(top_level_end, 1)) + ": missing required key '" + key +
                     "' (" + what + "; a top-level key, before the first [section])");
  };
  auto int_key = [&](const std::string& key, auto& out, auto min, auto max, const char* what) {
    const Entry* e = get(key);
    if (!e) return false;
    std::decay_t<decltype(out)> v{};
    if (!parse_int_value(e->value, v) || v < min || v > max)
      fail(key, *e,
           std::string("expected ") + what + " from " + std::to_string(min) + " to " + std::to_string(max) +
               ", found '" + e->value + "'");
    out = v;
    return true;
  };

  // Unknown keys first, so that a misspelt key is reported as such rather than as the
  // missing key it was meant to be.
  for (const auto& [key, e] : entries) {
    const auto dot = key.find('.');
    const std::string head = key.substr(0, dot);
    if (dot == std::string::npos) {
      if (!kTopKeys.count(key)) fail(key, e, "unknown key (known top-level keys: " + join(kTopKeys) + ")");
    } else if (head == "rules") {
      // Checked by Rules::set below.
    } else if (head == "sprt") {
      if (!kSprtKeys.count(key.substr(dot + 1))) fail(key, e, "unknown key (known in [sprt]: " + join(kSprtKeys) + ")");
    } else if (head == "player") {
      const auto dot2 = key.find('.', dot + 1);
      const std::string pname = key.substr(dot + 1, dot2 == std::string::npos ? std::string::npos : dot2 - dot - 1);
      if (dot2 == std::string::npos || !valid_name(pname))
        fail(key, e, "expected player.NAME.KEY with a NAME of letters, digits, '_' and '-' (a [player.NAME] section)");
      if (!kPlayerKeys.count(key.substr(dot2 + 1)))
        fail(key, e, "unknown key (known in [player.NAME]: " + join(kPlayerKeys) + ")");
    } else {
      fail(key, e, "unknown key (known sections: [rules], [sprt], [player.NAME])");
    }
  }

  // Rules.
  if (const Entry* e = get("variant")) {
    try {
      c.rules.variant = parse_variant(e->value);
    } catch (const InputError& err) {
      fail("variant", *e, err.what());
    }
  }
  for (const auto& [key, e] : entries) {
    if (key.rfind("rules.", 0) != 0) continue;
    used.insert(key);
    const std::string opt = key.substr(6);
    if (opt == "variant") fail(key, e, "set the variant with the top-level key 'variant'");
    try {
      c.rules.set(opt, e.value);
    } catch (const InputError& err) {
      fail(key, e, err.what());
    }
  }

  // Required keys.
  if (!int_key("openings", c.openings, 1, 1000000, "a number of opening positions"))
    missing("openings", "the number of opening positions");
  if (!int_key("seed", c.seed, std::uint64_t{0}, ~std::uint64_t{0}, "a seed"))
    missing("seed", "the seed of the random openings");
  const Entry* players_entry = get("players");
  if (!players_entry) missing("players", "the players taking part, comma separated");

  if (const Entry* e = get("schedule")) {
    if (e->value == "pairing")
      c.schedule = Schedule::Pairing;
    else if (e->value == "round-robin")
      c.schedule = Schedule::RoundRobin;
    else if (e->value == "gauntlet")
      c.schedule = Schedule::Gauntlet;
    else
      fail("schedule", *e, "expected pairing, round-robin or gauntlet, found '" + e->value + "'");
  }
  int_key("ply_cap", c.ply_cap, 1, 100000, "a number of plies");
  int_key("threads", c.threads, 0, 1024, "a number of threads (0: all)");
  if (const Entry* e = get("fsync"))
    if (!parse_bool_value(e->value, c.fsync)) fail("fsync", *e, "expected true or false, found '" + e->value + "'");
  if (const Entry* e = get("out")) {
    if (e->value.empty()) fail("out", *e, "expected a folder");
    c.out = e->value;
  } else {
    c.out = "results/" + std::filesystem::path(name).stem().string();
  }

  // Openings.
  const Entry* plies_entry = get("opening_plies");
  if (plies_entry) {
    int a = 0, b = 0;
    try {
      std::tie(a, b) = parse_int_range(plies_entry->value, 0, 1000);
    } catch (const InputError& err) {
      fail("opening_plies", *plies_entry, err.what());
    }
    c.opening_min_plies = a;
    c.opening_max_plies = b;
  }
  std::string openings_hash;
  if (const Entry* e = get("openings_file")) {
    if (plies_entry)
      fail("openings_file", *e,
           "give either openings_file or opening_plies (line " + std::to_string(plies_entry->line) + "), not both");
    if (e->value.empty()) fail("openings_file", *e, "expected a file of position strings");
    // A path in the file is relative to the file's folder, one from --set to the
    // current folder.
    std::filesystem::path p(e->value);
    if (e->line != 0 && p.is_relative()) p = std::filesystem::path(name).parent_path() / p;
    c.openings_file = p.string();
    std::string content;
    std::vector<Position> positions;
    try {
      content = read_text_file(c.openings_file);
      positions = play::read_openings(content, c.openings_file, c.rules);
    } catch (const InputError& err) {
      fail("openings_file", *e, err.what());
    }
    if (static_cast<int>(positions.size()) < c.openings) {
      const Entry* oe = get("openings");
      fail("openings", *oe,
           std::to_string(c.openings) + " openings asked for, but " + c.openings_file + " has only " +
               std::to_string(positions.size()));
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(content)));
    openings_hash = hex;
  }

  // Players: every name under [player.NAME], then the ones taking part.
  std::map<std::string, std::string> first_key;  // player -> one of its keys, for messages
  for (const auto& [key, e] : entries) {
    if (key.rfind("player.", 0) != 0) continue;
    const std::string pname = key.substr(7, key.find('.', 7) - 7);
    if (!first_key.count(pname)) first_key[pname] = key;
  }
  for (const std::string& n : split_list(players_entry->value)) {
    if (!valid_name(n))
      fail("players", *players_entry,
           "expected player names (letters, digits, '_', '-') separated by commas, found '" + players_entry->value +
               "'");
    if (std::find(c.entrants.begin(), c.entrants.end(), n) != c.entrants.end())
      fail("players", *players_entry, "player '" + n + "' is listed twice");
    if (!first_key.count(n)) {
      std::string defined;
      for (const auto& [pn, k] : first_key) defined += (defined.empty() ? "" : ", ") + pn;
      fail("players", *players_entry,
           "player '" + n + "' is not defined (no [player." + n +
               "] section; defined: " + (defined.empty() ? "none" : defined) + ")");
    }
    c.entrants.push_back(n);
  }
  if (c.schedule == Schedule::Pairing && c.entrants.size() != 2)
    fail("players", *players_entry,
         "the pairing schedule takes exactly two players, found " + std::to_string(c.entrants.size()));
  if (c.entrants.size() < 2)
    fail("players", *players_entry,
         std::string("the ") + schedule_name(c.schedule) + " schedule needs two players or more");

  for (const auto& [pname, any_key] : first_key) {
    PlayerConfig pc;
    pc.name = pname;
    const std::string pre = "player." + pname + ".";
    const auto sec = sections.find("player." + pname);
    const std::string section_at =
        sec != sections.end() ? name + ":" + std::to_string(sec->second) : where(any_key, entries[any_key]);
    const Entry* se = get(pre + "searcher");
    if (!se)
      throw InputError(section_at + ": [player." + pname + "] lacks the required key '" + pre +
                       "searcher' (e.g. searcher = alphabeta)");
    pc.searcher = se->value;
    const Entry* ee = get(pre + "eval");
    if (ee) pc.eval = ee->value;
    int_key(pre + "depth", pc.depth, 0, search::kMaxPly - 1, "a depth in plies");
    int_key(pre + "nodes", pc.nodes, std::uint64_t{0}, std::uint64_t{1} << 50, "a number of nodes");
    int_key(pre + "time_ms", pc.time_ms, std::int64_t{0}, std::int64_t{86400000}, "milliseconds");
    if (pc.depth == 0 && pc.nodes == 0 && pc.time_ms == 0)
      throw InputError(section_at + ": [player." + pname + "] has no search limit: set key '" + pre + "depth', '" +
                       pre + "nodes' or '" + pre + "time_ms'");
    // Make the searcher once now, and run the smallest search its limits allow, so that
    // an unknown searcher or evaluator, a bad parameter or a limit the searcher cannot
    // take is reported here, with its line, and not after games have started.
    std::shared_ptr<const search::Evaluator> eval;
    try {
      eval = models::make_evaluator(pc.eval);
    } catch (const InputError& err) {
      fail(pre + "eval", ee ? *ee : *se, err.what());
    }
    try {
      auto s = models::make_searcher(pc.searcher, c.rules, eval);
      search::Limits l;
      l.depth = std::min(pc.depth, 1);
      l.nodes = std::min<std::uint64_t>(pc.nodes, 1);
      l.time_ms = std::min<std::int64_t>(pc.time_ms, 1);
      s->search(start_position(c.rules.variant), l);
    } catch (const InputError& err) {
      fail(pre + "searcher", *se, err.what());
    }
    c.players[pname] = pc;
  }

  // SPRT: on when [sprt] gives elo0 and elo1.
  const Entry* e0 = get("sprt.elo0");
  const Entry* e1 = get("sprt.elo1");
  bool any_sprt = false;
  for (const auto& k : kSprtKeys) any_sprt |= entries.count("sprt." + k) > 0;
  if (any_sprt) {
    if (!e0 || !e1) {
      const Entry* some = e0 ? e0 : e1;
      const std::string k = e0 ? "sprt.elo0" : e1 ? "sprt.elo1" : "";
      const auto sec = sections.find("sprt");
      const std::string at = some                    ? where(k, *some)
                             : sec != sections.end() ? name + ":" + std::to_string(sec->second)
                                                     : "--set";
      throw InputError(at + ": missing required key '" + std::string(e0 ? "sprt.elo1" : "sprt.elo0") +
                       "' (an SPRT needs both elo0 and elo1)");
    }
    c.sprt_enabled = true;
    auto dbl = [&](const std::string& key, double& out, double lo, double hi) {
      const Entry* e = get(key);
      if (!e) return;
      if (!parse_double_value(e->value, out) || out <= lo || out >= hi)
        fail(key, *e,
             "expected a number between " + format_double(lo) + " and " + format_double(hi) + " (exclusive), found '" +
                 e->value + "'");
    };
    dbl("sprt.elo0", c.sprt.elo0, -2000, 2000);
    dbl("sprt.elo1", c.sprt.elo1, -2000, 2000);
    dbl("sprt.alpha", c.sprt.alpha, 0, 0.5);
    dbl("sprt.beta", c.sprt.beta, 0, 0.5);
    if (c.sprt.elo1 <= c.sprt.elo0) fail("sprt.elo1", *e1, "elo1 must be above elo0");
    if (const Entry* e = get("sprt.model")) {
      if (e->value == "pentanomial")
        c.sprt.pentanomial = true;
      else if (e->value == "trinomial")
        c.sprt.pentanomial = false;
      else
        fail("sprt.model", *e, "expected pentanomial or trinomial, found '" + e->value + "'");
    }
  }

  // The identity: what decides the games played and their content.
  auto& id = c.identity;
  std::istringstream rules_text(c.rules.describe());
  std::string line;
  while (std::getline(rules_text, line)) {
    const auto eq = line.find('=');
    const std::string k = line.substr(0, eq);
    id[k == "variant" ? k : "rules." + k] = line.substr(eq + 1);
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
  for (const auto& n : c.entrants) {
    const PlayerConfig& p = c.players[n];
    const std::string pre = "player." + n + ".";
    id[pre + "searcher"] = p.searcher;
    id[pre + "eval"] = p.eval;
    id[pre + "depth"] = std::to_string(p.depth);
    id[pre + "nodes"] = std::to_string(p.nodes);
    id[pre + "time_ms"] = std::to_string(p.time_ms);
  }
  if (c.sprt_enabled) {
    id["sprt.elo0"] = format_double(c.sprt.elo0);
    id["sprt.elo1"] = format_double(c.sprt.elo1);
    id["sprt.alpha"] = format_double(c.sprt.alpha);
    id["sprt.beta"] = format_double(c.sprt.beta);
    id["sprt.model"] = c.sprt.pentanomial ? "pentanomial" : "trinomial";
  }
  return c;
}

Config load_config(const std::string& path, const std::vector<std::string>& overrides) {
  return parse_config(read_text_file(path), path, overrides);
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
  for (const auto& [k, e] : read_file_entries(text, name, sections, top)) out[k] = e.value;
  return out;
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
