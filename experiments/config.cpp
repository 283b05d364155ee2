#include "experiments/config.h"

#include <omp.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <tuple>
#include <type_traits>

#include "engine/bao/position.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "experiments/config_identity.h"
#include "experiments/ini_source.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"
#include "play/any_game_loop.h"
#include "play/openings.h"
#include "search/result.h"
#include "search/searcher.h"
#include "search/spec.h"
#include "search/tt.h"

namespace bao::experiments {

namespace {

using ini::Entry;
using ini::read_source;
using ini::Source;
using ini::trim;
using ini::where;

bool parse_bool_value(const std::string& v, bool& out) {
  if (v == "true" || v == "1" || v == "yes") return out = true, true;
  if (v == "false" || v == "0" || v == "no") return out = false, true;
  return false;
}

// Every comma-separated item, empty ones included: "a,b," is a, b and "" (getline
// dropped the last, so a stray comma passed).
std::vector<std::string> split_list(const std::string& v) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (true) {
    const std::size_t comma = v.find(',', at);
    out.push_back(trim(v.substr(at, comma == std::string::npos ? std::string::npos : comma - at)));
    if (comma == std::string::npos) return out;
    at = comma + 1;
  }
}

bool valid_name(const std::string& s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; });
}

const std::set<std::string> kTopKeys = {"game", "variant",       "schedule",      "players", "openings",
                                        "seed", "opening_plies", "openings_file", "ply_cap", "threads",
                                        "out",  "fsync",         "shard"};
// The keys of a player, in [player.NAME] and in [player] (the shared defaults);
// [player.NAME] also takes `base`, the player it inherits from.
const std::set<std::string> kPlayerKeys = {"searcher", "eval", "depth", "nodes", "time_ms"};
const std::set<std::string> kSprtKeys = {"elo0", "elo1", "alpha", "beta", "model"};

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const auto& k : s) out += (out.empty() ? "" : ", ") + k;
  return out;
}

// A key under `player.`: `player.KEY` ([player], the defaults) or `player.NAME.KEY`.
void check_player_key(const Source& src, const std::string& key, const Entry& e) {
  const std::size_t name_at = 7;  // after "player."
  const auto dot = key.find('.', name_at);
  if (dot == std::string::npos) {
    const std::string k = key.substr(name_at);
    if (k == "base")
      src.fail(key, e, "'base' belongs in a [player.NAME] section; [player] holds what every player inherits");
    if (!kPlayerKeys.count(k)) src.fail(key, e, "unknown key (known in [player]: " + join(kPlayerKeys) + ")");
    return;
  }
  if (!valid_name(key.substr(name_at, dot - name_at)))
    src.fail(key, e, "expected player.NAME.KEY with a NAME of letters, digits, '_' and '-' (a [player.NAME] section)");
  const std::string k = key.substr(dot + 1);
  if (k != "base" && !kPlayerKeys.count(k))
    src.fail(key, e, "unknown key (known in [player.NAME]: base, " + join(kPlayerKeys) + ")");
}

// Unknown keys first, so that a misspelt key is reported as such rather than as the
// missing key it was meant to be.
void check_known_keys(const Source& src) {
  for (const auto& [key, e] : src.entries) {
    const auto dot = key.find('.');
    const std::string head = key.substr(0, dot);
    if (dot == std::string::npos) {
      if (!kTopKeys.count(key)) src.fail(key, e, "unknown key (known top-level keys: " + join(kTopKeys) + ")");
    } else if (head == "sprt") {
      if (!kSprtKeys.count(key.substr(dot + 1)))
        src.fail(key, e, "unknown key (known in [sprt]: " + join(kSprtKeys) + ")");
    } else if (head == "player") {
      check_player_key(src, key, e);
    } else if (head != "rules") {  // [rules] keys are checked by Rules::set
      src.fail(key, e, "unknown key (known sections: [rules], [sprt], [player], [player.NAME])");
    }
  }
}

// `variant` and the [rules] section.
void read_rules(const Source& src, Rules& rules) {
  if (const Entry* e = src.get("variant")) {
    try {
      rules.variant = parse_variant(e->value);
    } catch (const InputError& err) {
      src.fail("variant", *e, err.what());
    }
  }
  for (const auto& [key, e] : src.entries) {
    if (key.rfind("rules.", 0) != 0) continue;
    const std::string opt = key.substr(6);
    if (opt == "variant") src.fail(key, e, "set the variant with the top-level key 'variant'");
    try {
      rules.set(opt, e.value);
    } catch (const InputError& err) {
      src.fail(key, e, err.what());
    }
  }
}

// `game`: the registered game the tournament plays (models/games.h). Bao, the default,
// keeps `variant` and [rules]; `game = bao(...)` is read into the same Rules, so that a
// folder's identity does not depend on the spelling. Another game is made from its spec
// and takes its parameters there alone.
void read_game(const Source& src, Config& c) {
  const Entry* e = src.get("game");
  if (!e) return read_rules(src, c.rules);
  std::unique_ptr<search::AnyGame> g;
  search::Spec spec;
  try {
    spec = search::parse_spec(e->value);
    g = models::make_game(e->value);
  } catch (const InputError& err) {
    src.fail("game", *e, err.what());
  }
  bool bao_keys = src.get("variant") != nullptr;
  for (const auto& [key, entry] : src.entries) bao_keys = bao_keys || key.rfind("rules.", 0) == 0;
  if (bao_keys)
    src.fail("game", *e,
             spec.name == "bao"
                 ? "game = " + e->value +
                       " sets Bao's rules: give them there or in 'variant' and "
                       "[rules], not in both"
                 : "'variant' and [rules] are Bao's; " + g->spec() + " takes its parameters in its spec");
  if (spec.name != "bao") {
    c.game = std::move(g);
    return;
  }
  for (const auto& [k, v] : spec.params) {
    try {
      if (k == "variant")
        c.rules.variant = parse_variant(v);
      else
        c.rules.set(k, v);
    } catch (const InputError& err) {
      src.fail("game", *e, err.what());
    }
  }
}

// The top-level keys but the openings' source and the players' list (whose presence is
// checked here, with the other required keys).
// `shard = K/N` (bao run --shard): the K-th of N parts of the schedule, 1 <= K <= N.
void read_shard(const Source& src, const Entry& e, Config& c) {
  const auto slash = e.value.find('/');
  int k = 0, n = 0;
  const bool ok = slash != std::string::npos && to_int(std::string_view(e.value).substr(0, slash), k) &&
                  to_int(std::string_view(e.value).substr(slash + 1), n);
  if (!ok || n < 1 || n > 1000000 || k < 1 || k > n)
    src.fail("shard", e, "expected K/N with 1 <= K <= N (the K-th of N parts), found '" + e.value + "'");
  c.shard = k;
  c.shards = n;
}

void read_top_level(const Source& src, Config& c) {
  if (!src.read_int("openings", c.openings, 1, 1000000, "a number of opening positions"))
    src.missing("openings", "the number of opening positions");
  if (!src.read_int("seed", c.seed, 0, ~std::uint64_t{0}, "a seed"))
    src.missing("seed", "the seed of the random openings");
  if (!src.get("players")) src.missing("players", "the players taking part, comma separated");
  if (const Entry* e = src.get("schedule"))
    if (!parse_schedule(e->value, c.schedule))
      src.fail("schedule", *e, "expected pairing, round-robin or gauntlet, found '" + e->value + "'");
  src.read_int("ply_cap", c.ply_cap, 1, 100000, "a number of plies");
  if (const Entry* e = src.get("shard")) read_shard(src, *e, c);
  src.read_int("threads", c.threads, 0, search::kMaxThreads, "a number of threads (0: all)");
  if (const Entry* e = src.get("fsync"))
    if (!parse_bool_value(e->value, c.fsync)) src.fail("fsync", *e, "expected true or false, found '" + e->value + "'");
  if (const Entry* e = src.get("out")) {
    if (e->value.empty()) src.fail("out", *e, "expected a folder");
    c.out = e->value;
  } else {
    c.out = "results/" + std::filesystem::path(src.name).stem().string();
  }
}

// Reads the openings file `e` names into c.openings_file and c.file_openings; the games
// use these positions, so the file is read once, and the hash returned (of the text
// read) is the file's identity. A path in the config is relative to the config's folder,
// one from --set to the current folder.
std::string read_openings_file(const Source& src, const Entry& e, Config& c) {
  if (e.value.empty()) src.fail("openings_file", e, "expected a file of position strings");
  std::filesystem::path p(e.value);
  if (e.line != 0 && p.is_relative()) p = std::filesystem::path(src.name).parent_path() / p;
  c.openings_file = p.string();
  std::string content;
  try {
    content = read_text_file(c.openings_file);
    if (c.game)
      c.file_any_openings = play::read_any_openings(*c.game, content, c.openings_file);
    else
      c.file_openings = play::read_openings(content, c.openings_file, c.rules);
  } catch (const InputError& err) {
    src.fail("openings_file", e, err.what());
  }
  const std::size_t found = c.game ? c.file_any_openings.size() : c.file_openings.size();
  if (static_cast<int>(found) < c.openings)
    src.fail("openings", *src.get("openings"),
             std::to_string(c.openings) + " openings asked for, but " + c.openings_file + " has only " +
                 std::to_string(found));
  if (c.game)
    c.file_any_openings.resize(c.openings);
  else
    c.file_openings.resize(c.openings);
  return fnv1a_hex(content);
}

// Where the openings come from: random walks (opening_plies) or openings_file. Returns
// the file's hash ("" for random openings).
std::string read_openings_source(const Source& src, Config& c) {
  const Entry* plies = src.get("opening_plies");
  if (plies) {
    try {
      std::tie(c.opening_min_plies, c.opening_max_plies) = parse_int_range(plies->value, 0, 1000);
    } catch (const InputError& err) {
      src.fail("opening_plies", *plies, err.what());
    }
  }
  const Entry* file = src.get("openings_file");
  if (!file) return "";
  if (plies)
    src.fail("openings_file", *file,
             "give either openings_file or opening_plies (line " + std::to_string(plies->line) + "), not both");
  return read_openings_file(src, *file, c);
}

// Every defined player (a [player.NAME] section, or a player.NAME.KEY from --set), with
// where it is defined, for messages.
std::map<std::string, std::string> defined_players(const Source& src) {
  std::map<std::string, std::string> out;
  for (const auto& [section, line] : src.sections)
    if (section.rfind("player.", 0) == 0 && valid_name(section.substr(7)))
      out[section.substr(7)] = src.name + ":" + std::to_string(line);
  for (const auto& [key, e] : src.entries) {
    const auto dot = key.find('.', 7);
    if (key.rfind("player.", 0) != 0 || dot == std::string::npos) continue;
    const std::string pname = key.substr(7, dot - 7);
    if (!out.count(pname)) out[pname] = where(key, e);
  }
  return out;
}

std::string player_names(const std::map<std::string, std::string>& defined) {
  std::string out;
  for (const auto& [pname, at] : defined) out += (out.empty() ? "" : ", ") + pname;
  return out.empty() ? "none" : out;
}

// `players`: the entrants, each defined, as many as the schedule takes.
void read_entrants(const Source& src, const std::map<std::string, std::string>& defined, Config& c) {
  const Entry& e = *src.get("players");
  for (const std::string& n : split_list(e.value)) {
    if (n.empty()) src.fail("players", e, "an empty player name in '" + e.value + "' (a stray comma?)");
    if (!valid_name(n))
      src.fail("players", e,
               "expected player names (letters, digits, '_', '-') separated by commas, found '" + e.value + "'");
    if (std::find(c.entrants.begin(), c.entrants.end(), n) != c.entrants.end())
      src.fail("players", e, "player '" + n + "' is listed twice");
    if (!defined.count(n))
      src.fail(
          "players", e,
          "player '" + n + "' is not defined (no [player." + n + "] section; defined: " + player_names(defined) + ")");
    c.entrants.push_back(n);
  }
  if (c.schedule == Schedule::Pairing && c.entrants.size() != 2)
    src.fail("players", e,
             "the pairing schedule takes exactly two players, found " + std::to_string(c.entrants.size()));
  if (c.entrants.size() < 2)
    src.fail("players", e, std::string("the ") + schedule_name(c.schedule) + " schedule needs two players or more");
}

// The sections a player's keys are looked up in, nearest first: its own, its base's (and
// that one's base, ...), then [player]. A base must be a defined player, and following
// the bases must not lead back to a player already on the way.
std::vector<std::string> lookup_sections(const Source& src, const std::map<std::string, std::string>& defined,
                                         const std::string& player) {
  std::vector<std::string> chain{player};
  for (;;) {
    const std::string key = "player." + chain.back() + ".base";
    const Entry* e = src.get(key);
    if (!e) break;
    if (!defined.count(e->value))
      src.fail(key, *e, "base '" + e->value + "' is not a defined player (defined: " + player_names(defined) + ")");
    const auto again = std::find(chain.begin(), chain.end(), e->value);
    if (again != chain.end()) {
      std::string cycle;
      for (auto it = again; it != chain.end(); ++it) cycle += *it + " -> ";
      src.fail(key, *e, "the bases form a cycle (" + cycle + e->value + ")");
    }
    chain.push_back(e->value);
  }
  std::vector<std::string> sections;
  for (const std::string& n : chain) sections.push_back("player." + n);
  sections.push_back("player");
  return sections;
}

// One of a player's values: the entry that sets it and the key it is set under (the
// player's own, a base's or [player]'s); no entry when none sets it.
struct Setting {
  std::string key;
  const Entry* entry = nullptr;
};

Setting find_setting(const Source& src, const std::vector<std::string>& sections, const std::string& k) {
  for (const std::string& section : sections)
    if (const Entry* e = src.get(section + "." + k)) return {section + "." + k, e};
  return {};
}

// Said after a message about an inherited value, which names the key it is set under.
std::string inherited_note(const Setting& s, const std::string& player) {
  return s.key.rfind("player." + player + ".", 0) == 0 ? "" : " (inherited by [player." + player + "])";
}

// Makes the player's searcher once and checks its limits (Searcher::check, no search:
// bao run --check must not search), so that an unknown searcher or evaluator, a bad
// parameter or a limit the searcher cannot take is reported here, with its line, and
// not after games have started.
void check_searcher(const Source& src, const Rules& rules, PlayerConfig& pc, const Setting& searcher,
                    const Setting& eval) {
  std::shared_ptr<const search::Evaluator> evaluator;
  try {
    evaluator = models::make_evaluator(models::resolve_weight_paths(pc.eval, pc.eval_dir));
  } catch (const InputError& err) {
    const Setting& at = eval.entry ? eval : searcher;
    src.fail(at.key, *at.entry, err.what() + inherited_note(at, pc.name));
  }
  try {
    const std::string spec = models::resolve_weight_paths(pc.searcher, pc.searcher_dir);
    // make_searcher refuses a searcher that alone cannot fit (search::check_memory_bytes).
    auto s = models::make_searcher(spec, rules, evaluator);
    s->check(search::Limits{pc.depth, pc.nodes, pc.time_ms});
    if (s->threads() > 1)
      throw InputError("threads=" + std::to_string(s->threads()) +
                       ": a tournament plays each player on one thread, so that a seed gives the same games "
                       "whatever the thread count; a threaded search (Lazy SMP) is not repeatable node for node");
    // The hashes alone: the names are in the searcher and eval keys, and a name made from
    // a resolved path would tie the identity to where the config was read from.
    std::set<std::string> weights;  // sorted and once each
    for (const search::Evaluator* e : s->evaluators())
      if (!e->fingerprint().empty()) weights.insert(e->fingerprint());
    for (const std::string& w : weights) pc.weights += (pc.weights.empty() ? "" : ",") + w;
    pc.table_bytes = models::searchers().memory_bytes(spec);
  } catch (const InputError& err) {
    src.fail(searcher.key, *searcher.entry, err.what() + inherited_note(searcher, pc.name));
  }
}

// check_searcher for another game than Bao: its searcher made once through the game
// (AnyGame::make_searcher names what the game lacks), the evaluator among the game's.
void check_any_searcher(const Source& src, const search::AnyGame& game, PlayerConfig& pc, const Setting& searcher,
                        const Setting& eval) {
  std::string known;
  bool found = false;
  for (const search::EvaluatorInfo& e : game.evaluators()) {
    found = found || e.name == pc.eval;
    known += (known.empty() ? "" : ", ") + e.name;
  }
  if (!found) {
    const Setting& at = eval.entry ? eval : searcher;
    src.fail(at.key, *at.entry,
             "unknown evaluator '" + pc.eval + "' for " + game.spec() + " (known: " + known + ")" +
                 inherited_note(at, pc.name));
  }
  try {
    game.make_searcher(models::searchers(), pc.searcher, pc.eval);
    const search::Spec spec = search::parse_spec(pc.searcher);
    const auto threads = spec.params.find("threads");
    if (threads != spec.params.end() && threads->second != "1")
      throw InputError("threads=" + threads->second +
                       ": a tournament plays each player on one thread, so that a seed gives the same games "
                       "whatever the thread count; a threaded search (Lazy SMP) is not repeatable node for node");
    pc.table_bytes = models::searchers().memory_bytes(pc.searcher);
  } catch (const InputError& err) {
    src.fail(searcher.key, *searcher.entry, err.what() + inherited_note(searcher, pc.name));
  }
}

// A player's values after inheritance, checked. `at` is where the player is defined.
PlayerConfig read_player(const Source& src, const Config& c, const std::string& pname, const std::string& at,
                         const std::vector<std::string>& sections) {
  PlayerConfig pc;
  pc.name = pname;
  const std::string pre = "player." + pname + ".";
  const Setting searcher = find_setting(src, sections, "searcher");
  if (!searcher.entry)
    throw InputError(at + ": [player." + pname + "] lacks the required key '" + pre +
                     "searcher' (e.g. searcher = alphabeta; or set it in [player] or in a base)");
  pc.searcher = searcher.entry->value;
  const Setting eval = find_setting(src, sections, "eval");
  if (eval.entry)
    pc.eval = eval.entry->value;
  else if (c.game)
    pc.eval = c.game->evaluators().front().name;
  // As openings_file: a path in the file is relative to the config's folder.
  const auto dir_of = [&](const Setting& s) {
    return s.entry && s.entry->line != 0 ? std::filesystem::path(src.name).parent_path().string() : std::string();
  };
  pc.searcher_dir = dir_of(searcher);
  pc.eval_dir = dir_of(eval);
  auto limit = [&](const std::string& k, auto& out, auto min, auto max, const char* what) {
    const Setting s = find_setting(src, sections, k);
    if (s.entry) src.parse_int(s.key, *s.entry, out, min, max, what, inherited_note(s, pname));
  };
  limit("depth", pc.depth, 0, search::kMaxPly - 1, "a depth in plies");
  limit("nodes", pc.nodes, std::uint64_t{0}, std::uint64_t{1} << 50, "a number of nodes");
  limit("time_ms", pc.time_ms, std::int64_t{0}, std::int64_t{86400000}, "milliseconds");
  if (pc.depth == 0 && pc.nodes == 0 && pc.time_ms == 0)
    throw InputError(at + ": [player." + pname + "] has no search limit: set key '" + pre + "depth', '" + pre +
                     "nodes' or '" + pre + "time_ms'");
  if (c.game)
    check_any_searcher(src, *c.game, pc, searcher, eval);
  else
    check_searcher(src, c.rules, pc, searcher, eval);
  return pc;
}

// Every defined player, the entrants and those that are only a base alike.
void read_players(const Source& src, const std::map<std::string, std::string>& defined, Config& c) {
  for (const auto& [pname, at] : defined)
    c.players[pname] = read_player(src, c, pname, at, lookup_sections(src, defined, pname));
}

void read_sprt_double(const Source& src, const std::string& key, double& out, double lo, double hi) {
  const Entry* e = src.get(key);
  if (!e) return;
  if (!to_double(e->value, out) || out <= lo || out >= hi)
    src.fail(key, *e,
             "expected a number between " + format_double(lo) + " and " + format_double(hi) + " (exclusive), found '" +
                 e->value + "'");
}

// [sprt]: on when it gives elo0 and elo1; any other [sprt] key without both is an error.
void read_sprt(const Source& src, Config& c) {
  const Entry* e0 = src.get("sprt.elo0");
  const Entry* e1 = src.get("sprt.elo1");
  bool any_sprt = false;
  for (const auto& k : kSprtKeys) any_sprt |= src.get("sprt." + k) != nullptr;
  if (!any_sprt) return;
  if (!e0 || !e1) {
    const Entry* some = e0 ? e0 : e1;
    const std::string k = e0 ? "sprt.elo0" : e1 ? "sprt.elo1" : "";
    const auto sec = src.sections.find("sprt");
    const std::string at = some                        ? where(k, *some)
                           : sec != src.sections.end() ? src.name + ":" + std::to_string(sec->second)
                                                       : "--set";
    throw InputError(at + ": missing required key '" + std::string(e0 ? "sprt.elo1" : "sprt.elo0") +
                     "' (an SPRT needs both elo0 and elo1)");
  }
  c.sprt_enabled = true;
  read_sprt_double(src, "sprt.elo0", c.sprt.elo0, -2000, 2000);
  read_sprt_double(src, "sprt.elo1", c.sprt.elo1, -2000, 2000);
  read_sprt_double(src, "sprt.alpha", c.sprt.alpha, 0, 0.5);
  read_sprt_double(src, "sprt.beta", c.sprt.beta, 0, 0.5);
  if (c.sprt.elo1 <= c.sprt.elo0) src.fail("sprt.elo1", *e1, "elo1 must be above elo0");
  if (const Entry* e = src.get("sprt.model")) {
    if (e->value == "pentanomial")
      c.sprt.pentanomial = true;
    else if (e->value == "trinomial")
      c.sprt.pentanomial = false;
    else
      src.fail("sprt.model", *e, "expected pentanomial or trinomial, found '" + e->value + "'");
  }
}

}  // namespace

static Config config_from_text(const std::string& text, const std::string& name,
                               const std::vector<std::string>& overrides) {
  // A UTF-8 byte order mark (some editors write one) is not part of the first key, as
  // game records and games.jsonl skip it too; the line numbers stay the same.
  constexpr std::string_view kBom = "\xef\xbb\xbf";
  const std::string_view body = std::string_view(text).starts_with(kBom) ? std::string_view(text).substr(3) : text;
  const Source src = read_source(std::string(body), name, overrides);
  check_known_keys(src);
  Config c;
  c.file = name;
  read_game(src, c);
  read_top_level(src, c);
  const std::string openings_hash = read_openings_source(src, c);
  const auto defined = defined_players(src);
  read_entrants(src, defined, c);
  read_players(src, defined, c);
  read_sprt(src, c);
  c.identity = make_identity(c, openings_hash);
  return c;
}

Config parse_config(const std::string& text, const std::string& name, const std::vector<std::string>& overrides) {
  return with_printable_errors([&] { return config_from_text(text, name, overrides); });
}

Config load_config(const std::string& path, const std::vector<std::string>& overrides) {
  return parse_config(read_text_file(path), path, overrides);
}

void check_memory(const Config& c, int threads) {
  const std::uint64_t n = threads > 0 ? static_cast<std::uint64_t>(threads) : omp_get_max_threads();
  std::uint64_t per_thread = 0;
  std::string parts;
  for (const std::string& name : c.entrants) {
    const std::size_t b = c.players.at(name).table_bytes;
    per_thread += b;
    if (b) parts += (parts.empty() ? "" : " + ") + name + " " + std::to_string(b >> 20) + " MiB";
  }
  const std::string excess =
      search::table_memory_excess(n * per_thread, search::machine_memory_bytes(), search::available_memory_bytes());
  if (excess.empty()) return;
  throw InputError(c.file + ": the run would hold up to " + std::to_string((n * per_thread) >> 20) +
                   " MiB of search tables and pools (" + std::to_string(n) + " threads x (" + parts + ")), " + excess +
                   "; lower the players' tt_mb or pool_mb, or the threads");
}

}  // namespace bao::experiments
