// Config reading: player inheritance ([player] defaults and `base`), which value wins,
// base errors, the identity of an inherited config against the one spelled out, the
// errors of each section's reader (file, line and key), and the openings file read once.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bao/notation.h"
#include "engine/bao/position.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "experiments/config.h"
#include "experiments/player.h"
#include "experiments/tournament.h"
#include "search/tt.h"

namespace bao::experiments {
namespace {

// Two players; b inherits from a, and both from [player].
const char* kInherited =
    "seed = 7\n"              // 1
    "openings = 2\n"          // 2
    "players = a, b\n"        // 3
    "\n"                      // 4
    "[player]\n"              // 5
    "searcher = alphabeta\n"  // 6
    "depth = 2\n"             // 7
    "\n"                      // 8
    "[player.a]\n"            // 9
    "eval = material\n"       // 10
    "\n"                      // 11
    "[player.b]\n"            // 12
    "base = a\n"              // 13
    "depth = 1\n";            // 14

// kInherited with every player's key written out.
const char* kSpelledOut =
    "seed = 7\n"
    "openings = 2\n"
    "players = a, b\n"
    "[player.a]\n"
    "searcher = alphabeta\n"
    "eval = material\n"
    "depth = 2\n"
    "[player.b]\n"
    "searcher = alphabeta\n"
    "eval = material\n"
    "depth = 1\n";

// kInherited with line `n` replaced by `lines` (none: "", several: each ending in '\n').
std::string edited(int n, const std::string& lines) {
  std::istringstream in(kInherited);
  std::string out, line;
  for (int i = 1; std::getline(in, line); ++i) out += i == n ? lines : line + "\n";
  return out;
}

// A config parse_config must refuse (read as "t.ini"): parts of the message it must
// hold, and one it must not (when not empty).
struct Refused {
  std::string text;
  std::vector<std::string> sets;
  std::vector<std::string> parts;
  std::string absent = "";
};

void expect_refused(const std::vector<Refused>& cases) {
  for (const Refused& r : cases) {
    std::string message = "(accepted)";
    try {
      parse_config(r.text, "t.ini", r.sets);
    } catch (const InputError& e) {
      message = e.what();
    }
    for (const std::string& part : r.parts)
      EXPECT_NE(message.find(part), std::string::npos) << "no '" << part << "' in: " << message << "\nfor:\n" << r.text;
    if (!r.absent.empty()) {
      EXPECT_EQ(message.find(r.absent), std::string::npos) << message;
    }
  }
}

TEST(ConfigInheritance, PlayersTakeWhatTheirSectionsLack) {
  const Config c = parse_config(kInherited, "t.ini", {});
  const PlayerConfig& a = c.players.at("a");
  const PlayerConfig& b = c.players.at("b");
  EXPECT_EQ(a.searcher, "alphabeta");  // from [player]
  EXPECT_EQ(a.depth, 2);               // from [player]
  EXPECT_EQ(a.eval, "material");       // its own
  EXPECT_EQ(b.searcher, "alphabeta");  // from [player], through a
  EXPECT_EQ(b.eval, "material");       // from its base a
  EXPECT_EQ(b.depth, 1);               // its own
  EXPECT_EQ(b.nodes, 0u);              // set nowhere: the built-in default
}

TEST(ConfigInheritance, SameIdentityAsTheConfigSpelledOut) {
  const Config inherited = parse_config(kInherited, "t.ini", {});
  const Config spelled = parse_config(kSpelledOut, "t.ini", {});
  EXPECT_EQ(format_identity(inherited.identity), format_identity(spelled.identity));
  // Without the base, b's evaluation is the default one: another config.
  const Config no_base = parse_config(edited(13, ""), "t.ini", {});
  const auto diffs = identity_differences(spelled.identity, no_base.identity);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_EQ(diffs[0], "player.b.eval: was material, now default");
}

TEST(ConfigInheritance, OwnKeyThenBasesThenDefaults) {
  const std::string text =
      "seed = 1\nopenings = 1\nplayers = a, b\n"
      "[player]\neval = default\ndepth = 3\nnodes = 500\n"
      "[player.t]\nsearcher = alphabeta\neval = material\ndepth = 2\n"
      "[player.m]\nbase = t\n"
      "[player.a]\nbase = m\ndepth = 1\n"
      "[player.b]\nsearcher = minimax\n";
  const Config c = parse_config(text, "t.ini", {});
  const PlayerConfig& a = c.players.at("a");
  EXPECT_EQ(a.depth, 1);               // own, over t's 2 and [player]'s 3
  EXPECT_EQ(a.eval, "material");       // t's (base of its base), over [player]'s
  EXPECT_EQ(a.searcher, "alphabeta");  // t's
  EXPECT_EQ(a.nodes, 500u);            // [player]'s: no section of the chain sets it
  EXPECT_EQ(a.time_ms, 0);             // built in
  EXPECT_EQ(c.players.at("b").depth, 3);
  EXPECT_EQ(c.players.at("b").eval, "default");

  // --set changes a value where it is set, and the players inheriting it follow.
  const Config s = parse_config(text, "t.ini", {"player.t.eval=default", "player.depth=4", "player.a.base=t"});
  EXPECT_EQ(s.players.at("a").eval, "default");
  EXPECT_EQ(s.players.at("a").depth, 1);  // its own still wins
  EXPECT_EQ(s.players.at("b").depth, 4);
  EXPECT_EQ(s.players.at("m").depth, 2);
}

TEST(ConfigInheritance, ASectionOfItsOwnIsEnoughToDefineAPlayer) {
  const Config c = parse_config(edited(10, ""), "t.ini", {});
  EXPECT_EQ(c.players.at("a").eval, "default");
  EXPECT_EQ(c.players.at("a").depth, 2);
}

TEST(ConfigInheritance, PlayersThatOnlyServeAsABaseAreCheckedButNotPlayed) {
  const std::string text = edited(13, "base = tmpl\n") + "[player.tmpl]\neval = material\n";
  const Config c = parse_config(text, "t.ini", {});
  EXPECT_EQ(c.players.at("b").eval, "material");
  EXPECT_EQ(c.identity.count("player.tmpl.eval"), 0u);
  EXPECT_EQ(format_identity(c.identity), format_identity(parse_config(kSpelledOut, "t.ini", {}).identity));
  expect_refused({{text + "searcher = frob\n", {}, {"t.ini:17: key 'player.tmpl.searcher': unknown searcher"}}});
}

TEST(ConfigInheritance, ABaseCycleIsAnErrorNamingTheLine) {
  expect_refused({
      {edited(10, "eval = material\nbase = b\n"),
       {},
       {"t.ini:14: key 'player.b.base': the bases form a cycle (a -> b -> a)"}},
      {edited(13, "base = b\n"), {}, {"t.ini:13: key 'player.b.base': the bases form a cycle (b -> b)"}},
      {kInherited, {"player.a.base=b"}, {"t.ini:13: key 'player.b.base': the bases form a cycle (a -> b -> a)"}},
  });
}

TEST(ConfigInheritance, AnUnknownBaseIsAnErrorNamingTheLine) {
  expect_refused({
      {edited(13, "base = zz\n"),
       {},
       {"t.ini:13: key 'player.b.base': base 'zz' is not a defined player (defined: a, b)"}},
      {kInherited,
       {"player.a.base=q"},
       {"--set player.a.base=q: key 'player.a.base': base 'q' is not a defined player"}},
  });
}

TEST(ConfigInheritance, InheritedErrorsNameWhereTheValueIsSet) {
  expect_refused({
      {edited(7, "depth = x\n"),
       {},
       {"t.ini:7: key 'player.depth': expected a depth in plies", "(inherited by [player.a])"}},
      {edited(6, "searcher = frob\n"),
       {},
       {"t.ini:6: key 'player.searcher': unknown searcher 'frob'", "(inherited by [player.a])"}},
      {edited(10, "eval = frob\n"), {}, {"t.ini:10: key 'player.a.eval'"}, "inherited"},  // a's own key
      {kInherited, {"player.depth=-1"}, {"--set player.depth=-1: key 'player.depth'"}},
      {edited(6, ""), {}, {"t.ini:8: [player.a] lacks the required key 'player.a.searcher'"}},
      {edited(7, ""), {}, {"t.ini:8: [player.a] has no search limit"}},
  });
}

// A threaded search (Lazy SMP) is not repeatable node for node, so a tournament refuses
// it, naming the line and the reason.
TEST(ConfigSearchers, AThreadedSearcherIsRefusedWithTheReason) {
  expect_refused({
      {edited(6, "searcher = alphabeta(threads=2)\n"),
       {},
       {"t.ini:6: key 'player.searcher': threads=2: a tournament plays each player on one thread",
        "not repeatable node for node"}},
  });
  EXPECT_NO_THROW(parse_config(edited(6, "searcher = alphabeta(threads=1)\n"), "t.ini", {}));
}

TEST(ConfigSections, PlayerSectionKeysAreChecked) {
  expect_refused({
      {edited(7, "dept = 2\n"), {}, {"t.ini:7: key 'player.dept': unknown key (known in [player]: "}},
      {edited(7, "base = a\n"), {}, {"t.ini:7: key 'player.base': 'base' belongs in a [player.NAME] section"}},
      {edited(13, "bsae = a\n"), {}, {"t.ini:13: key 'player.b.bsae': unknown key (known in [player.NAME]: base, "}},
      {std::string(kInherited) + "[player]\n", {}, {"t.ini:15: section [player] appears twice"}},
  });
}

// The lines are found by a scan of the file that must read section names as Boost's
// parser does, or a message names the wrong line.
TEST(ConfigSections, SectionNamesAreReadAsBoostReadsThem) {
  expect_refused({
      {edited(9, "[ player.a ]\n"), {}, {"t.ini:9: no spaces inside the brackets of a section header"}},
      {edited(9, "[player.a ]\n"), {}, {"t.ini:9: no spaces inside the brackets"}},
      {edited(10, "eval = frob\n") + "[player.a.]\n", {}, {"t.ini:15: section [player.a] appears twice"}},
      {edited(9, "[player.a.]\ndepth = x\n"), {}, {"t.ini:10: key 'player.a.depth': expected a depth"}},
  });
  // "[player.a.]" is [player.a].
  const Config c = parse_config(edited(9, "[player.a.]\n"), "t.ini", {});
  EXPECT_EQ(format_identity(c.identity), format_identity(parse_config(kInherited, "t.ini", {}).identity));
}

TEST(ConfigSections, EachReaderNamesLineAndKey) {
  const std::string t = kInherited;
  expect_refused({
      // top-level keys
      {edited(2, "openings = two\n"), {}, {"t.ini:2: key 'openings': expected"}},
      {"ply_cap = 0\n" + t, {}, {"t.ini:1: key 'ply_cap'"}},
      {"fsync = maybe\n" + t, {}, {"t.ini:1: key 'fsync': expected true or false"}},
      {edited(1, ""), {}, {"t.ini:2: missing required key 'seed'"}},
      // rules
      {"variant = chess\n" + t, {}, {"t.ini:1: key 'variant'"}},
      {t + "[rules]\nlong_move_limit = x\n", {}, {"t.ini:16: key 'rules.long_move_limit'"}},
      // openings
      {"opening_plies = 9-3\n" + t, {}, {"t.ini:1: key 'opening_plies'"}},
      {"opening_plies = 4-8\nopenings_file = o.txt\n" + t,
       {},
       {"t.ini:2: key 'openings_file': give either openings_file or opening_plies (line 1)"}},
      // players
      {edited(3, "players = a, c\n"), {}, {"t.ini:3: key 'players': player 'c' is not defined"}},
      {edited(3, "players = a, b,\n"), {}, {"t.ini:3: key 'players': an empty player name in 'a, b,'"}},
      {edited(3, "players = a,,b\n"), {}, {"t.ini:3: key 'players': an empty player name"}},
      // sprt
      {t + "[sprt]\nelo0 = 10\nelo1 = 0\n", {}, {"t.ini:17: key 'sprt.elo1': elo1 must be above elo0"}},
      {t + "[sprt]\nelo0 = 0\nelo1 = 5\nmodel = x\n", {}, {"t.ini:18: key 'sprt.model'"}},
      // numbers are read as everywhere else (engine/text_input.h): no hexadecimal, no nan
      {t + "[sprt]\nelo0 = 0x0\nelo1 = 5\n", {}, {"t.ini:16: key 'sprt.elo0': expected a number", "'0x0'"}},
      {t + "[sprt]\nelo0 = 0\nelo1 = 5\nalpha = nan\n", {}, {"t.ini:18: key 'sprt.alpha'", "'nan'"}},
  });
}

TEST(ConfigSections, AByteOrderMarkIsSkippedAndLinesKeepTheirNumbers) {
  const Config c = parse_config("\xef\xbb\xbf" + std::string(kInherited), "t.ini", {});
  EXPECT_EQ(c.identity, parse_config(kInherited, "t.ini", {}).identity);
  expect_refused({{"\xef\xbb\xbf" + edited(2, "openings = two\n"), {}, {"t.ini:2: key 'openings': expected"}}});
}

TEST(ConfigOpenings, TheFileIsReadOnceWithTheConfig) {
  const auto dir = std::filesystem::temp_directory_path() / ("bao-config-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string start = format_position(start_position(Variant::Kiswahili));
  std::ofstream(dir / "o.txt") << start << "\n" << start << "\n" << start << "\n";
  std::ofstream(dir / "t.ini") << "openings_file = o.txt\n" << kInherited;
  const Config c = load_config((dir / "t.ini").string(), {});
  std::filesystem::remove_all(dir);
  EXPECT_EQ(c.file_openings.size(), 2u);  // the first `openings` of the file
  EXPECT_EQ(c.identity.count("openings_file_fnv1a"), 1u);
  EXPECT_EQ(c.identity.count("opening_plies"), 0u);
  // The games take the positions read then: the file is gone now.
  const std::vector<Position> openings = make_openings(c);
  ASSERT_EQ(openings.size(), 2u);
  EXPECT_TRUE(openings[1] == start_position(Variant::Kiswahili));
}

// A weights file named in the config is read beside the config, and its content (not
// only its name) is part of the folder's identity: a changed file does not resume.
TEST(ConfigWeights, PathsBesideTheConfigAndTheirContentInTheIdentity) {
  const auto dir = std::filesystem::temp_directory_path() / ("bao-config-weights-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "sub");
  const std::string weights = read_text_file(std::string(BAO_WEIGHTS_DIR) + "/td-short.txt");
  std::ofstream(dir / "sub" / "w.txt") << weights;
  std::ofstream(dir / "sub" / "t.ini") << "seed = 7\nopenings = 2\nplayers = a, b\n[player]\ndepth = 2\n"
                                       << "[player.a]\nsearcher = alphabeta\neval = w.txt\n"
                                       << "[player.b]\nsearcher = root-om(model=w.txt@2)\neval = material\n";
  // Read from another folder than the config's: w.txt is found beside t.ini.
  const std::string ini = (dir / "sub" / "t.ini").string();
  const Config c = load_config(ini, {});
  EXPECT_EQ(c.players.at("a").eval, "w.txt");  // as written, in the identity too
  EXPECT_EQ(c.identity.at("player.a.eval"), "w.txt");
  // One hash, the same for both players (the same file), whatever folder it is read from.
  const std::string hash_a = c.identity.at("player.a.weights_fnv1a");
  EXPECT_EQ(hash_a.size(), 16u);
  EXPECT_EQ(c.identity.at("player.b.weights_fnv1a"), hash_a);
  EXPECT_NO_THROW(make_player(c.players.at("a"), c.rules));
  EXPECT_NO_THROW(make_player(c.players.at("b"), c.rules));
  // Comments do not count, numbers do.
  std::ofstream(dir / "sub" / "w.txt") << "# a new comment\n" << weights;
  EXPECT_EQ(load_config(ini, {}).identity.at("player.a.weights_fnv1a"), hash_a);
  std::ofstream(dir / "sub" / "w.txt") << "hand 0.123\n" << weights.substr(weights.find("\nfront") + 1);
  const auto changed = identity_differences(c.identity, load_config(ini, {}).identity);
  ASSERT_EQ(changed.size(), 2u);
  EXPECT_EQ(changed[0].rfind("player.a.weights_fnv1a: was ", 0), 0u) << changed[0];
  // Built-in evaluators have no weights key; from --set a path is the current folder's.
  EXPECT_EQ(parse_config(kInherited, "t.ini", {}).identity.count("player.a.weights_fnv1a"), 0u);
  EXPECT_THROW(load_config(ini, {"player.a.eval=w.txt"}), InputError);
  std::filesystem::remove_all(dir);
}

// A run's tables are counted before it starts: threads x every entrant's tables.
TEST(ConfigMemory, ARunWhoseTablesExceedTheMachineIsRefused) {
  const Config c = parse_config(
      "seed = 7\nopenings = 2\nplayers = a, b\n[player]\ndepth = 2\n[player.a]\nsearcher = "
      "alphabeta(tt_mb=4)\n[player.b]\nsearcher = om-beta(model=material,tt_mb=2)\n",
      "t.ini", {});
  EXPECT_EQ(c.players.at("a").table_bytes, std::size_t{4} << 20);
  EXPECT_EQ(c.players.at("b").table_bytes, std::size_t{2} << 20);
  EXPECT_NO_THROW(check_memory(c, 2));
  // Enough threads to pass 80% of any machine: 6 MiB each.
  const int threads = static_cast<int>(
      std::min<std::uint64_t>((search::machine_memory_bytes() / (6 << 20)) + 1, std::numeric_limits<int>::max()));
  try {
    check_memory(c, threads);
    ADD_FAILURE() << threads << " threads were accepted";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(std::to_string(threads) + " threads x (a 4 MiB + b 2 MiB)"), std::string::npos) << m;
    EXPECT_NE(m.find("lower the players' tt_mb or pool_mb, or the threads"), std::string::npos) << m;
  }
}

// MCTS's node pool counts as a table does (it is allocated when the search starts, so a
// run that passed this check died with std::bad_alloc): the registry's one estimate.
TEST(ConfigMemory, TheNodePoolCountsAsATable) {
  const Config c = parse_config(
      "seed = 7\nopenings = 2\nplayers = a, b\n[player]\ndepth = 2\n[player.a]\nsearcher = "
      "mcts(pool_mb=8,iterations=100)\n[player.b]\nsearcher = alphabeta(tt_mb=1)\n",
      "t.ini", {});
  EXPECT_EQ(c.players.at("a").table_bytes, std::size_t{8} << 20);
  const int threads = static_cast<int>(
      std::min<std::uint64_t>((search::machine_memory_bytes() / (9 << 20)) + 1, std::numeric_limits<int>::max()));
  try {
    check_memory(c, threads);
    ADD_FAILURE() << threads << " threads were accepted";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(std::to_string(threads) + " threads x (a 8 MiB + b 1 MiB)"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace bao::experiments
