// Tournaments of games other than Bao (`game = kalah(...)` in a config): the config's
// checks, the records (the game's spec, draws, moves that do not alternate), the same
// records whatever the thread count, shards merged into the single run, an SPRT, and
// the replay that refuses a record contradicting its moves.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/error.h"
#include "experiments/config.h"
#include "experiments/merge.h"
#include "experiments/records.h"
#include "experiments/summary.h"
#include "experiments/tournament.h"
#include "models/games.h"
#include "tournament_util.h"

namespace bao::experiments {
namespace {

using namespace test;  // NOLINT: the helpers of tournament_util.h

// Kalah(4,3): games of a few dozen sowings, searched to depth 3 in microseconds.
const char* kKalah =
    "game = kalah(houses=4,seeds=3)\n"  // 1
    "seed = 11\n"                       // 2
    "openings = 6\n"                    // 3
    "opening_plies = 1-3\n"             // 4
    "players = ab, om\n"                // 5
    "[player.ab]\n"                     // 6
    "searcher = alphabeta\n"            // 7
    "depth = 3\n"                       // 8
    "[player.om]\n"                     // 9
    "searcher = om-plain(model=stores)\n"
    "eval = sides\n"
    "depth = 3\n";

Config kalah_config(const TempDir& dir, const std::string& folder, std::vector<std::string> sets = {}) {
  sets.push_back("out=" + (dir / folder).string());
  return parse_config(kKalah, "k.ini", sets);
}

TEST(AnyGameTournament, ConfigNamesTheGameAndItsDefaults) {
  TempDir dir;
  const Config c = kalah_config(dir, "x");
  ASSERT_NE(c.game, nullptr);
  EXPECT_EQ(c.identity.at("game"), "kalah(houses=4,seeds=3,empty_capture=false,end=either)");
  EXPECT_EQ(c.identity.count("variant"), 0u);    // Bao's rules are not this game's
  EXPECT_EQ(c.players.at("ab").eval, "stores");  // the game's first evaluator
  EXPECT_EQ(c.players.at("om").eval, "sides");
}

TEST(AnyGameTournament, ConfigErrorsNameTheKey) {
  EXPECT_HAS(config_error(replace(kKalah, "houses=4", "houses=9")), "t.ini:1: key 'game': kalah: parameter houses");
  EXPECT_HAS(config_error(replace(kKalah, "game = kalah", "game = go")), "t.ini:1: key 'game': unknown game 'go'");
  EXPECT_HAS(config_error(std::string("variant = kujifunza\n") + kKalah), "'variant' and [rules] are Bao's");
  EXPECT_HAS(config_error(replace(kKalah, "eval = sides", "eval = default")),
             "t.ini:11: key 'player.om.eval': unknown evaluator 'default' for kalah(");
  EXPECT_HAS(config_error(replace(kKalah, "searcher = alphabeta", "searcher = engine")),
             "t.ini:7: key 'player.ab.searcher': searcher 'engine' does not run on kalah(");
  EXPECT_HAS(config_error(replace(kKalah, "searcher = alphabeta", "searcher = alphabeta(threads=2)")),
             "t.ini:7: key 'player.ab.searcher': threads=2: a tournament plays each player on one thread");
}

TEST(AnyGameTournament, BaoSpecGivesTheSameIdentityAsVariant) {
  const Config spelled = parse_config(std::string("game = bao(variant=kujifunza)\n") + kSmall, "t.ini", {});
  const Config plain = parse_config(std::string("variant = kujifunza\n") + kSmall, "t.ini", {});
  EXPECT_EQ(spelled.game, nullptr);
  EXPECT_EQ(spelled.identity, plain.identity);
  EXPECT_HAS(config_error(std::string("game = bao\nvariant = kujifunza\n") + kSmall), "not in both");
}

TEST(AnyGameTournament, SameRecordsWhateverTheThreadCountAndReplayable) {
  TempDir dir;
  const Config one = kalah_config(dir, "one");
  const RunResult r1 = run_tournament(one, {});
  RunOptions two;
  two.threads = 2;
  const RunResult r2 = run_tournament(kalah_config(dir, "two"), two);
  ASSERT_EQ(r1.records.size(), 12u);
  EXPECT_EQ(content(r1.records), content(r2.records));
  const auto game = models::make_game("kalah(houses=4,seeds=3)");
  bool repeated_side = false;
  for (const TournamentGame& r : r1.records) {
    EXPECT_EQ(r.game_spec, game->spec());
    EXPECT_TRUE(r.result == "south" || r.result == "north" || r.result == "draw") << r.result;
    EXPECT_EQ(r.first_points, r.result == "draw" ? 0.5 : r.winner == r.first ? 1.0 : 0.0);
    EXPECT_NO_THROW(check_against_moves(r, ReplayRules{one.rules, one.ply_cap, one.game}));
    EXPECT_EQ(from_json(to_json(r)).game_spec, r.game_spec);
    // Kalah's extra move: somewhere a side moves twice in a row.
    search::AnyState s = game->parse_state(r.opening);
    for (const std::string& m : r.moves) {
      const int side = game->side_to_move(s);
      s = game->apply(s, m);
      repeated_side = repeated_side || (!game->over(s) && game->side_to_move(s) == side);
    }
    EXPECT_TRUE(game->over(s));
  }
  EXPECT_TRUE(repeated_side);
  // A resumed run plays nothing more.
  EXPECT_EQ(run_tournament(kalah_config(dir, "one"), {}).played, 0);
}

TEST(AnyGameTournament, ReplayRefusesAContradictingRecord) {
  TempDir dir;
  const Config c = kalah_config(dir, "r");
  const RunResult run = run_tournament(c, {});
  const ReplayRules replay{c.rules, c.ply_cap, c.game};
  TournamentGame bad = run.records.front();
  bad.moves.front() = "9";
  try {
    check_against_moves(bad, replay);
    ADD_FAILURE() << "an illegal move was accepted";
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "move 1 '9' is not a legal move (legal:");
  }
  TournamentGame other = run.records.front();
  other.game_spec = "kalah(houses=5,seeds=3,empty_capture=false,end=either)";
  EXPECT_THROW(check_against_moves(other, replay), InputError);
  // A Kalah record in a Bao tournament, and a Bao record in a Kalah one.
  EXPECT_THROW(check_against_moves(run.records.front(), ReplayRules{}), InputError);
  TournamentGame bao = run.records.front();
  bao.game_spec.clear();
  EXPECT_THROW(check_against_moves(bao, replay), InputError);
  TournamentGame flipped = run.records.front();
  flipped.result = flipped.result == "draw" ? "south" : "draw";
  EXPECT_THROW(check_against_moves(flipped, replay), InputError);
}

TEST(AnyGameTournament, ShardsMergeIntoTheSingleRun) {
  TempDir dir;
  const Config one = kalah_config(dir, "one");
  const RunResult r1 = run_tournament(one, {});
  write_summaries(one, r1);
  std::vector<std::string> dirs;
  for (int k = 1; k <= 2; ++k) {
    const Config c = kalah_config(dir, "shard-" + std::to_string(k), {"shard=" + std::to_string(k) + "/2"});
    write_summaries(c, run_tournament(c, {}));
    dirs.push_back(c.out);
  }
  const std::string out = (dir / "merged").string();
  const MergeResult m = merge_shards(dirs, out, false);
  write_summaries(m.config, m.run);
  EXPECT_EQ(content(load_records(out + "/games.jsonl", false).records), content(r1.records));
  EXPECT_EQ(read(out + "/summary.md"), read(dir / "one" / "summary.md"));
  EXPECT_HAS(read(out + "/summary.md"), "kalah(houses=4,seeds=3,empty_capture=false,end=either)");
}

TEST(AnyGameTournament, SprtStopsAnUnevenMatch) {
  TempDir dir;
  // Depth 1 against depth 5 at Kalah(4,3): the SPRT decides long before 200 openings.
  const std::string text = replace(replace(replace(kKalah, "openings = 6", "openings = 200"), "depth = 3", "depth = 1"),
                                   "depth = 3", "depth = 5") +
                           "[sprt]\nelo0 = 0\nelo1 = 100\n";
  const Config c = parse_config(text, "k.ini", {"out=" + (dir / "s").string()});
  const RunResult r = run_tournament(c, {});
  EXPECT_GT(r.skipped, 0);
  EXPECT_LT(r.played, r.total);
}

}  // namespace
}  // namespace bao::experiments
