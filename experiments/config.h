// Experiment configs: INI files (`key = value`, `[section]` prefixes its keys with
// `section.`, `#` starts a comment) read with Boost.Program_options' config parser, with
// `--set KEY=VALUE` overrides from the command line. experiments/configs/pairing.ini
// documents every key.
//
// Player inheritance: a player's key is looked up in its own [player.NAME] section, then
// in the player its `base` key names (and that player's base, and so on), then in the
// [player] section of shared defaults. Only the resulting values count: a config written
// with inheritance has the same identity as the one that spells every key out.
//
// Every error is an InputError that names the file (or "--set"), the line and the key:
// an unknown key, a key given twice, a missing required key, a bad value, a player name
// used but not defined, a searcher or evaluator the registries do not know, a `base` that
// names no player or leads back to the player itself. An inherited value is reported
// where it is set.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "experiments/stats.h"
#include "search/any_game.h"

namespace bao::experiments {

// A player (its values after inheritance): a named searcher with its evaluation and search limits. Opponent models
// and type mixtures are parameters of the searcher string (e.g. "om-plain(model=material)").
struct PlayerConfig {
  std::string name;
  std::string searcher;          // a spec for models::make_searcher (alpha-beta, OM, PrOM, ...)
  std::string eval = "default";  // a name for models::make_evaluator; another game's first evaluator by default
  int depth = 0;                 // limits: 0 = none; at least one is set
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  // Not config keys: the folders that relative weights-file paths in `searcher` and
  // `eval` are read from (the config's folder for a key in the file, "" (the current
  // folder) for --set), and the hashes of the learned weights the player uses, sorted,
  // comma separated (Evaluator::fingerprint), recorded in the results folder's identity.
  std::string searcher_dir, eval_dir;
  std::string weights;
  std::size_t table_bytes = 0;  // its searcher's tables and pools (SearcherRegistry::memory_bytes)
};

enum class Schedule { Pairing, RoundRobin, Gauntlet };
const char* schedule_name(Schedule s);

struct Config {
  std::string file;  // the config file, for messages
  // The game: Bao (null `game`) under `rules`, or another registered game (`game =
  // kalah(houses=6,seeds=4)`), played through its AnyGame (search/any_game.h).
  Rules rules;
  std::shared_ptr<const search::AnyGame> game;
  Schedule schedule = Schedule::Pairing;
  std::vector<std::string> entrants;                 // `players`, in order
  std::map<std::string, PlayerConfig> players;       // every [player.NAME], playing or only a base
  int openings = 0;                                  // number of opening positions
  std::uint64_t seed = 0;                            // of every random choice (openings)
  int opening_min_plies = 4, opening_max_plies = 8;  // random plies from the start
  std::string openings_file;                         // position strings, one a line; "" = random
  std::vector<Position> file_openings;               // its first `openings` positions, read with the config
  std::vector<search::AnyState> file_any_openings;   // the same for another game than Bao
  int ply_cap = 300;                                 // a game still going after this many plies is capped
  int threads = 1;                                   // 0: as many as OpenMP offers
  std::string out;                                   // output folder
  bool fsync = false;                                // fsync games.jsonl after each game
  int shard = 0, shards = 0;                         // `shard = K/N`: part K of N (shards 0: the whole schedule)
  bool sprt_enabled = false;
  Sprt sprt;

  // Every key that decides the games' content, normalised (defaults filled in, lists
  // without spaces), key -> value. Written to DIR/config.ini and compared on resume.
  // Excludes threads, out and fsync, which change no game.
  std::map<std::string, std::string> identity;
};

// Reads `path` and applies the overrides ("key=value", in order; later ones win). An
// override may set any key, including ones the file lacks. Throws InputError.
Config load_config(const std::string& path, const std::vector<std::string>& overrides);

// Throws InputError when `threads` threads (0: all cores), each keeping a searcher of
// every entrant it plays (and so its tables), would hold more than 80% of the machine's
// memory or more than is available now (search::table_memory_excess); the message gives
// the tables' total, each player's tables, the limit passed with its figures and what to
// lower. A run checks it before the first game, and so does bao run --check.
void check_memory(const Config& c, int threads);

// The same from text (for tests); `name` stands for the file in messages.
Config parse_config(const std::string& text, const std::string& name, const std::vector<std::string>& overrides);

// `identity` as INI text ("key = value" lines, sorted), and back (throws InputError).
std::string format_identity(const std::map<std::string, std::string>& identity);
std::map<std::string, std::string> parse_identity(const std::string& text, const std::string& name);

// DIR/config.ini as bao run writes it (and bao merge): format_identity(c.identity), then
// comments saying where the config and its openings file came from ("# config: PATH",
// "# openings_file: PATH"), which no identity comparison reads and bao merge uses for
// its summary's title.
std::string folder_config_text(const Config& c);

// "pairing", "round-robin", "gauntlet" (schedule_name's words) into s; false for another word.
bool parse_schedule(std::string_view name, Schedule& s);

// The differences between a stored identity and a new one, one "key: was A, now B" per
// entry ("(unset)" for a key one side lacks); empty when they agree.
std::vector<std::string> identity_differences(const std::map<std::string, std::string>& stored,
                                              const std::map<std::string, std::string>& now);

}  // namespace bao::experiments
