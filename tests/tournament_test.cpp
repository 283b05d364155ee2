// The tournament runner: config errors (each naming file, line and key), schedules,
// openings, the ply cap, game records, resuming, refusing a different config, and the
// same records whatever the thread count. Searches are shallow to keep this quick.
#include "experiments/tournament.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "experiments/config.h"
#include "experiments/folder_lock.h"
#include "experiments/player.h"
#include "experiments/records.h"
#include "experiments/summary.h"
#include "play/game_loop.h"
#include "play/openings.h"
#include "tournament_util.h"

namespace bao::experiments {
namespace {

namespace fs = std::filesystem;
using namespace test;  // NOLINT: the helpers of tournament_util.h

TEST(TournamentConfig, ReadsEveryKey) {
  const Config c = parse_config(kSmall, "dir/t.ini", {});
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.openings, 2);
  EXPECT_EQ(c.ply_cap, 200);
  EXPECT_EQ(c.schedule, Schedule::Pairing);
  EXPECT_EQ(c.entrants, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(c.players.at("a").depth, 2);
  EXPECT_EQ(c.players.at("b").eval, "material");
  EXPECT_EQ(c.out, "results/t");  // default: results/<config name>
  EXPECT_EQ(c.identity.at("player.a.depth"), "2");
  EXPECT_EQ(c.identity.count("threads"), 0u);  // threads change no game
  EXPECT_FALSE(c.sprt_enabled);
}

TEST(TournamentConfig, SetOverridesAnyKey) {
  const Config c = parse_config(
      kSmall, "t.ini", {"player.a.depth=3", "threads=2", "out=x", "rules.long_move_limit=100", "opening_plies=2-3"});
  EXPECT_EQ(c.players.at("a").depth, 3);
  EXPECT_EQ(c.threads, 2);
  EXPECT_EQ(c.out, "x");
  EXPECT_EQ(c.rules.long_move_limit, 100u);
  EXPECT_EQ(c.opening_min_plies, 2);
  EXPECT_EQ(c.opening_max_plies, 3);
  const Config base = parse_config(kSmall, "t.ini", {});
  const auto diffs = identity_differences(base.identity, c.identity);
  EXPECT_EQ(diffs.size(), 3u);  // depth, long_move_limit and opening_plies; not threads or out
  EXPECT_HAS(diffs[0], "opening_plies: was 4-8, now 2-3");
}

TEST(TournamentConfig, UnknownKeysNameFileLineAndKey) {
  EXPECT_HAS(config_error(replace(kSmall, "ply_cap = 200\n", "ply_kap = 200\n")),
             "t.ini:5: key 'ply_kap': unknown key");
  EXPECT_HAS(config_error(replace(kSmall, "depth = 2\n", "dept = 2\n")), "t.ini:10: key 'player.a.dept': unknown key");
  EXPECT_HAS(config_error(std::string(kSmall) + "[frob]\nx = 1\n"), "t.ini:17: key 'frob.x': unknown key");
  EXPECT_HAS(config_error(std::string(kSmall) + "[sprt]\nelo2 = 1\n"), "t.ini:17: key 'sprt.elo2': unknown key");
  EXPECT_HAS(config_error(std::string(kSmall) + "[rules]\nfrob = 1\n"), "t.ini:17: key 'rules.frob'");
  EXPECT_HAS(config_error(kSmall, {"frob=1"}), "--set frob=1: key 'frob': unknown key");
}

TEST(TournamentConfig, MissingRequiredKeysAreNamed) {
  EXPECT_HAS(config_error(replace(kSmall, "seed = 7\n", "")), "t.ini:4: missing required key 'seed'");
  EXPECT_HAS(config_error(replace(kSmall, "openings = 2\n", "")), "missing required key 'openings'");
  EXPECT_HAS(config_error(replace(kSmall, "players = a, b\n", "")), "missing required key 'players'");
  EXPECT_HAS(config_error(replace(kSmall, "searcher = alphabeta\neval = default", "eval = default")),
             "t.ini:7: [player.a] lacks the required key 'player.a.searcher'");
  EXPECT_HAS(config_error(replace(kSmall, "depth = 1\n", "")), "t.ini:12: [player.b] has no search limit");
  EXPECT_HAS(config_error(std::string(kSmall) + "[sprt]\nelo0 = 0\n"),
             "t.ini:17: key 'sprt.elo0': missing required key 'sprt.elo1'");
}

TEST(TournamentConfig, BadValuesNameFileLineAndKey) {
  EXPECT_HAS(config_error(replace(kSmall, "openings = 2", "openings = two")), "t.ini:3: key 'openings': expected");
  EXPECT_HAS(config_error(replace(kSmall, "openings = 2", "openings = 0")), "t.ini:3: key 'openings'");
  EXPECT_HAS(config_error(replace(kSmall, "seed = 7", "seed = -1")), "t.ini:2: key 'seed'");
  EXPECT_HAS(config_error(replace(kSmall, "depth = 2", "depth = 2x")), "t.ini:10: key 'player.a.depth'");
  EXPECT_HAS(config_error(replace(kSmall, "ply_cap = 200", "ply_cap = 0")), "t.ini:5: key 'ply_cap'");
  EXPECT_HAS(config_error(std::string(kSmall) + "[rules]\nlong_move_limit = x\n"),
             "t.ini:17: key 'rules.long_move_limit': rules option long_move_limit");
  EXPECT_HAS(config_error("variant = bao\n" + std::string(kSmall)), "t.ini:1: key 'variant'");
  EXPECT_HAS(config_error("schedule = swiss\n" + std::string(kSmall)),
             "t.ini:1: key 'schedule': expected pairing, round-robin or gauntlet");
  EXPECT_HAS(config_error("opening_plies = 5-3\n" + std::string(kSmall)), "t.ini:1: key 'opening_plies'");
  EXPECT_HAS(config_error(replace(kSmall, "searcher = alphabeta\neval = default", "searcher = frob\neval = default")),
             "t.ini:8: key 'player.a.searcher': unknown searcher 'frob'");
  EXPECT_HAS(config_error(replace(kSmall, "searcher = alphabeta\neval = default",
                                  "searcher = alphabeta(pvs=maybe)\neval = default")),
             "t.ini:8: key 'player.a.searcher'");
  EXPECT_HAS(config_error(replace(kSmall, "eval = material", "eval = frob")), "t.ini:14: key 'player.b.eval'");
  // minimax needs a depth: found when the config is read, not mid-run.
  EXPECT_HAS(config_error(replace(
                 replace(kSmall, "searcher = alphabeta\neval = material", "searcher = minimax\neval = material"),
                 "depth = 1\n", "nodes = 100\n")),
             "t.ini:13: key 'player.b.searcher'");
  EXPECT_HAS(config_error(std::string(kSmall) + "[sprt]\nelo0 = 5\nelo1 = 0\n"), "t.ini:18: key 'sprt.elo1'");
  EXPECT_HAS(config_error(kSmall, {"player.a.depth=-1"}), "--set player.a.depth=-1: key 'player.a.depth'");
  EXPECT_HAS(config_error(kSmall, {"nonsense"}), "--set: expected KEY=VALUE");
}

TEST(TournamentConfig, PlayersMustBeDefined) {
  EXPECT_HAS(config_error(replace(kSmall, "players = a, b", "players = a, c")),
             "t.ini:4: key 'players': player 'c' is not defined (no [player.c] section; defined: a, b)");
  EXPECT_HAS(config_error(replace(kSmall, "players = a, b", "players = a, a")), "t.ini:4: key 'players'");
  EXPECT_HAS(config_error(replace(kSmall, "players = a, b", "players = a")),
             "t.ini:4: key 'players': the pairing schedule takes exactly two players");
  EXPECT_HAS(config_error(kSmall, {"players=a,b,zz"}),
             "--set players=a,b,zz: key 'players': player 'zz' is not defined");
}

TEST(TournamentConfig, SyntaxErrorsNameTheLine) {
  EXPECT_HAS(config_error(replace(kSmall, "ply_cap = 200", "ply_cap 200")), "t.ini:5: expected 'key = value'");
  EXPECT_HAS(config_error(replace(kSmall, "ply_cap = 200", "seed = 8")),
             "t.ini:5: key 'seed' is set twice (first on line 2)");
  EXPECT_HAS(config_error(std::string(kSmall) + "[player.a]\n"), "t.ini:16: section [player.a] appears twice");
  EXPECT_HAS(config_error(std::string(kSmall) + "[player.b\n"), "t.ini:16: a section header must end with ']'");
}

TEST(TournamentConfig, OpeningsFile) {
  TempDir dir;
  const std::string start = format_position(start_position(Variant::Kiswahili));
  write(dir / "openings.txt", "# two openings\n" + start + "\n\n" + start + "\n");
  write(dir / "t.ini", replace(kSmall, "seed = 7\n", "seed = 7\nopenings_file = openings.txt\n"));
  const Config c = load_config((dir / "t.ini").string(), {});  // relative to the config's folder
  EXPECT_EQ(make_openings(c).size(), 2u);
  EXPECT_EQ(c.identity.count("openings_file_fnv1a"), 1u);

  write(dir / "t3.ini",
        replace(kSmall, "seed = 7\nopenings = 2", "seed = 7\nopenings = 3\nopenings_file = openings.txt"));
  try {
    load_config((dir / "t3.ini").string(), {});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "t3.ini:3: key 'openings': 3 openings asked for");
  }
  write(dir / "bad.txt", start + "\n0,0 S\n");
  try {
    load_config((dir / "t.ini").string(), {"openings_file=" + (dir / "bad.txt").string()});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "key 'openings_file'");
    EXPECT_HAS(e.what(), "bad.txt:2: ");
  }
  try {
    load_config((dir / "t.ini").string(), {"openings_file=" + (dir / "missing.txt").string()});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "key 'openings_file': cannot open");
  }
}

TEST(TournamentSchedule, PairingsAndGamePairs) {
  std::string three = replace(kSmall, "players = a, b", "players = a, b, c") +
                      "[player.c]\nsearcher = minimax\neval = material\ndepth = 1\n";
  Config c = parse_config(three, "t.ini", {"schedule=round-robin"});
  auto p = make_pairings(c);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].name, "a vs b");
  EXPECT_EQ(p[1].name, "a vs c");
  EXPECT_EQ(p[2].name, "b vs c");
  c = parse_config(three, "t.ini", {"schedule=gauntlet"});
  p = make_pairings(c);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[1].name, "a vs c");
  const auto s = make_schedule(c, p);
  EXPECT_EQ(s.size(), 2u * 2u * 2u);  // pairings x openings x colours
}

TEST(TournamentOpenings, RandomOpeningsAreSeededAndInProgress) {
  Rules r;
  for (int i = 0; i < 20; ++i) {
    const Position a = play::random_opening(r, 5, i, 2, 10);
    EXPECT_TRUE(a == play::random_opening(r, 5, i, 2, 10));
    EXPECT_EQ(outcome(a, r), Outcome::Ongoing);
  }
  EXPECT_FALSE(play::random_opening(r, 5, 0, 6, 6) == play::random_opening(r, 6, 0, 6, 6));
  r.variant = Variant::Kujifunza;
  EXPECT_EQ(outcome(play::random_opening(r, 1, 3, 0, 30), r), Outcome::Ongoing);
}

TEST(TournamentGame, PlyCapStopsAGameWithoutAWinner) {
  const Rules r;
  PlayerConfig pc;
  pc.searcher = "alphabeta";
  pc.depth = 1;
  Player a = make_player(pc, r), b = make_player(pc, r);
  search::Searcher* const both[2] = {a.searcher.get(), b.searcher.get()};
  const search::Limits limits[2] = {a.limits, b.limits};
  const play::PlayedGame g = play::play_game(start_position(Variant::Kiswahili), r, both, limits, 3);
  EXPECT_TRUE(g.capped);
  EXPECT_EQ(g.result, Outcome::Ongoing);
  EXPECT_EQ(g.plies, 3);
  EXPECT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.reason, "ply cap (3 plies)");
  // Without the cap the same game ends with a winner.
  const play::PlayedGame full = play::play_game(start_position(Variant::Kiswahili), r, both, limits, 1000);
  EXPECT_FALSE(full.capped);
  EXPECT_NE(full.result, Outcome::Ongoing);
  EXPECT_FALSE(full.reason.empty());
  EXPECT_TRUE(std::equal(g.moves.begin(), g.moves.end(), full.moves.begin()));
}

TEST(TournamentGame, CappedGamesAreRecordedAsCapped) {
  TempDir dir;
  Config c = parse_config(kSmall, "t.ini", {"ply_cap=2", "out=" + dir.str()});
  const RunResult res = run_tournament(c, {});
  ASSERT_EQ(res.records.size(), 4u);
  for (const TournamentGame& r : res.records) {
    EXPECT_EQ(r.result, "capped");
    EXPECT_EQ(r.winner, "");
    EXPECT_EQ(r.plies, 2);
    EXPECT_DOUBLE_EQ(r.first_points, 0.5);
  }
  const Summary s = summarise(c, make_pairings(c), res.records, res.total);
  EXPECT_EQ(s.pairings[0].stats.capped, 4);
  EXPECT_EQ(s.pairings[0].stats.wins + s.pairings[0].stats.losses, 0);
  EXPECT_DOUBLE_EQ(s.pairings[0].stats.score, 0.5);
  EXPECT_HAS(summary_csv(s), "a vs b,4,0,0,4,0.5000,");
}

TEST(TournamentRecords, JsonRoundTrip) {
  TournamentGame r;
  r.pairing = "a vs b";
  r.first = "a";
  r.second = "b";
  r.opening_index = 3;
  r.game = 1;
  r.south = "b";
  r.north = "a";
  r.opening = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -";
  r.moves = {"A6L*", "a6R>"};
  r.result = "north";
  r.winner = "a";
  r.reason = "South's \"front\" row is empty";
  r.plies = 2;
  r.first_points = 1;
  r.nodes_south = 123456789012ull;
  r.nodes_north = 5;
  r.time_south = 0.25;
  r.time_north = 1.5;
  const std::string j = to_json(r);
  EXPECT_EQ(j.find('\n'), std::string::npos);
  const TournamentGame back = from_json(j);
  EXPECT_EQ(to_json(back), j);
  EXPECT_EQ(back.reason, r.reason);
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(back.nodes_south, r.nodes_south);
  EXPECT_THROW(from_json("{\"pairing\":\"a\"}"), InputError);
  EXPECT_THROW(from_json(j.substr(0, j.size() - 5)), InputError);
  EXPECT_THROW(from_json(j + "x"), InputError);
}

TEST(TournamentRecords, TornLastLineIsCutAndBrokenMiddleLineRefused) {
  TempDir dir;
  TournamentGame r;
  r.pairing = "a vs b";
  r.result = "capped";
  r.first_points = 0.5;
  std::string lines;
  for (int i = 0; i < 3; ++i) {
    r.opening_index = i;
    lines += to_json(r) + "\n";
  }
  const std::string path = (dir / "games.jsonl").string();
  r.opening_index = 3;
  write(path, lines + to_json(r).substr(0, 40));  // killed mid-line
  LoadedRecords l = load_records(path, true);
  EXPECT_EQ(l.records.size(), 3u);
  ASSERT_EQ(l.notes.size(), 1u);
  EXPECT_HAS(l.notes[0], "games.jsonl:4: torn last line");
  EXPECT_EQ(read(path), lines);  // cut back to the last whole record

  r.opening_index = 1;  // a duplicate is counted once
  write(path, lines + to_json(r) + "\n");
  l = load_records(path, true);
  EXPECT_EQ(l.records.size(), 3u);
  EXPECT_HAS(l.notes.at(0), "recorded twice");

  write(path, "{broken\n" + lines);
  try {
    load_records(path, true);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "games.jsonl:1: not a game record");
  }
  EXPECT_EQ(read(path), "{broken\n" + lines);  // left as it was

  // A complete bad line is no torn line, last or not: refused alike, the file left as it
  // was (deleting it would replay that game).
  for (const std::string& text : {lines + "{broken\n", lines + "{broken\n" + to_json(r) + "\n"}) {
    write(path, text);
    try {
      load_records(path, true);
      ADD_FAILURE();
    } catch (const InputError& e) {
      EXPECT_HAS(e.what(), "games.jsonl:4: not a game record");
    }
    EXPECT_EQ(read(path), text);
  }
}

// The config played with 1 thread into dir/one and with 2 into dir/two.
std::pair<RunResult, RunResult> run_with_one_and_two_threads(const std::string& text, const TempDir& dir) {
  RunResult r[2];
  for (int t = 1; t <= 2; ++t) {
    const std::string out = (dir / (t == 1 ? "one" : "two")).string();
    RunOptions o;
    o.threads = t;
    r[t - 1] = run_tournament(parse_config(text, "t.ini", {"threads=" + std::to_string(t), "out=" + out}), o);
  }
  return {std::move(r[0]), std::move(r[1])};
}

TEST(TournamentRun, SameRecordsWithOneAndTwoThreads) {
  TempDir dir;
  const Config c1 = parse_config(round_robin(), "t.ini", {"threads=1", "out=" + (dir / "one").string()});
  const auto [r1, r2] = run_with_one_and_two_threads(round_robin(), dir);
  EXPECT_EQ(r1.total, 3 * 3 * 2);
  EXPECT_EQ(r1.played, r1.total);
  EXPECT_EQ(r2.played, r2.total);
  EXPECT_EQ(content(r1.records), content(r2.records));
  EXPECT_EQ(content(load_records((dir / "two" / "games.jsonl").string(), false).records), content(r1.records));
  // Each opening is a pair with colours swapped.
  std::set<std::string> seen;
  for (const TournamentGame& r : r1.records) {
    EXPECT_EQ(r.south, r.game == 0 ? r.first : r.second);
    EXPECT_TRUE(seen.insert(r.id()).second);
  }
  // The summary has the cross table and the ratings.
  const Summary s = summarise(c1, make_pairings(c1), r1.records, r1.total);
  const std::string md = summary_markdown(c1, s);
  EXPECT_HAS(md, "## Cross table");
  EXPECT_HAS(md, "## Ratings");
  EXPECT_EQ(s.ratings.size(), 3u);
}

// Monte-Carlo searchers are seeded by (seed, position): their games are the same for
// any thread count too.
TEST(TournamentRun, MctsGamesAreTheSameWithOneAndTwoThreads) {
  TempDir dir;
  std::string text = replace(kSmall, "searcher = alphabeta\neval = default\ndepth = 2",
                             "searcher = mcts(rollout=4)\neval = default\nnodes = 300");
  text = replace(text, "searcher = alphabeta\neval = material\ndepth = 1",
                 "searcher = prom-mcts(types=material:0.5,tau=5)\neval = default\nnodes = 200");
  const auto [r1, r2] = run_with_one_and_two_threads(text, dir);
  EXPECT_EQ(r1.played, r1.total);
  EXPECT_EQ(content(r1.records), content(r2.records));
}

// om-mcts with the model's searched reply (its cache of replies kept across games) and as a
// prior: its games too are the same for any thread count.
TEST(TournamentRun, SearchedModelMctsGamesAreTheSameWithOneAndTwoThreads) {
  TempDir dir;
  std::string text =
      replace(kSmall, "searcher = alphabeta\neval = default\ndepth = 2",
              "searcher = om-mcts(model=material,reply=search,model_depth=2)\neval = default\nnodes = 150");
  text =
      replace(text, "searcher = alphabeta\neval = material\ndepth = 1",
              "searcher = om-mcts(model=material,reply=search,model_depth=2,prior=0.5)\neval = default\nnodes = 150");
  const auto [r1, r2] = run_with_one_and_two_threads(text, dir);
  EXPECT_EQ(r1.played, r1.total);
  EXPECT_EQ(content(r1.records), content(r2.records));
}

TEST(TournamentRun, ResumePlaysOnlyTheMissingGames) {
  TempDir dir;
  const Config c = parse_config(kSmall, "t.ini", {"openings=3", "out=" + dir.str()});
  const RunResult full = run_tournament(c, {});
  ASSERT_EQ(full.records.size(), 6u);
  // Keep two whole records and half of a third, as a kill would leave them.
  const std::string path = (dir / "games.jsonl").string();
  const std::string text = read(path);
  std::size_t cut = 0;
  for (int i = 0; i < 2; ++i) cut = text.find('\n', cut) + 1;
  write(path, text.substr(0, cut + 30));
  const RunResult resumed = run_tournament(c, {});
  EXPECT_EQ(resumed.played, 4);
  EXPECT_EQ(content(resumed.records), content(full.records));
  const LoadedRecords l = load_records(path, false);
  EXPECT_TRUE(l.notes.empty());
  EXPECT_EQ(content(l.records), content(full.records));
  // Nothing left: a third run plays nothing.
  EXPECT_EQ(run_tournament(c, {}).played, 0);
}

TEST(TournamentRun, ProgressLineShowsNoMadeUpFigures) {
  TempDir dir;
  const Config c = parse_config(kSmall, "t.ini", {"openings=1", "out=" + dir.str()});
  std::ostringstream first, again;
  RunOptions o;
  o.progress = &first;
  run_tournament(c, o);
  // The last line, once every game is finished: this run's rate, and no ETA.
  std::string last = first.str();
  last.pop_back();
  last = last.substr(last.rfind('\n') + 1);
  EXPECT_HAS(last, "games 2/2  ");
  EXPECT_HAS(last, " games/s  | a vs b ");
  EXPECT_EQ(last.find("ETA"), std::string::npos) << last;
  // Nothing left to play: no rate either, rather than 0 games/s.
  o.progress = &again;
  EXPECT_EQ(run_tournament(c, o).played, 0);
  EXPECT_HAS(again.str(), "games 2/2  rate n/a  | a vs b ");
  EXPECT_EQ(again.str().find("games/s"), std::string::npos) << again.str();
  EXPECT_EQ(again.str().find('?'), std::string::npos) << again.str();
}

TEST(TournamentRun, RefusesAFolderOfAnotherConfig) {
  TempDir dir;
  const Config c = parse_config(kSmall, "t.ini", {"openings=1", "out=" + dir.str()});
  run_tournament(c, {});
  const std::string before = read(dir / "games.jsonl");
  const Config other = parse_config(kSmall, "t.ini", {"openings=1", "player.a.depth=3", "seed=8", "out=" + dir.str()});
  try {
    run_tournament(other, {});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "holds results of a different config");
    EXPECT_HAS(e.what(), "player.a.depth: was 2, now 3");
    EXPECT_HAS(e.what(), "seed: was 7, now 8");
  }
  EXPECT_EQ(read(dir / "games.jsonl"), before);
  // threads and out may differ.
  const Config same = parse_config(kSmall, "t.ini", {"openings=1", "threads=2", "out=" + dir.str()});
  EXPECT_EQ(run_tournament(same, {}).played, 0);
}

TEST(TournamentRun, SprtStopsAPairingAtTheSameGameForAnyThreadCount) {
  // depth 3 against depth 1 wins nearly every game; a wide SPRT decides early.
  TempDir dir;
  const std::string text = std::string(kSmall) + "[sprt]\nelo0 = 0\nelo1 = 400\nalpha = 0.1\nbeta = 0.1\n";
  std::vector<std::string> sprt_result;
  for (int t : {1, 2}) {
    const Config c =
        parse_config(text, "t.ini", {"openings=30", "player.a.depth=3", "out=" + (dir / std::to_string(t)).string()});
    RunOptions o;
    o.threads = t;
    const RunResult r = run_tournament(c, o);
    const Summary s = summarise(c, make_pairings(c), r.records, r.total);
    sprt_result.push_back(s.pairings[0].sprt + " " + std::to_string(s.pairings[0].sprt_pairs));
    // One thread plays the games in schedule order, so it stops right at the decision.
    // With two, games already running finish, and a slow game of an early opening holds
    // the decision back while the other thread goes on (how far is up to timing), but
    // the decision and the pair it falls on are the same.
    if (t == 1) {
      EXPECT_LT(s.pairings[0].sprt_pairs, 30) << "the SPRT should have stopped the pairing";
      EXPECT_EQ(static_cast<std::int64_t>(r.records.size()), 2 * s.pairings[0].sprt_pairs);
      EXPECT_EQ(r.skipped, r.total - static_cast<int>(r.records.size()));
    }
  }
  EXPECT_EQ(sprt_result[0], sprt_result[1]);
  EXPECT_EQ(sprt_result[0].substr(0, 2), "H1");
}

// Starts at the same moment, each on a fresh folder: one takes it, and every refused one
// names the holder's pid, also when refused between the holder's lock and its write of
// the pid (the message once lacked the pid there).
TEST(TournamentRun, EverySimultaneousStartRefusedNamesThePid) {
  for (int round = 0; round < 20; ++round) {
    TempDir dir;
    std::atomic<int> ready{0};
    std::vector<std::string> refused(10);
    std::vector<std::unique_ptr<FolderLock>> held(10);
    std::vector<std::thread> starts;
    for (int t = 0; t < 10; ++t)
      starts.emplace_back([&, t] {
        ++ready;
        while (ready.load() < 10) {
        }
        try {
          held[static_cast<std::size_t>(t)] = std::make_unique<FolderLock>(dir.str());
        } catch (const InputError& e) {
          refused[static_cast<std::size_t>(t)] = e.what();
        }
      });
    for (auto& th : starts) th.join();
    int holders = 0;
    for (int t = 0; t < 10; ++t) {
      if (held[static_cast<std::size_t>(t)]) {
        ++holders;
        continue;
      }
      EXPECT_HAS(refused[static_cast<std::size_t>(t)], "(pid " + std::to_string(::getpid()) + ")");
    }
    EXPECT_EQ(holders, 1);
  }
}

// Two runs on one folder would both play every missing game and append it twice: while
// another run holds the folder, run_tournament is refused at once, naming the folder,
// and touches nothing in it.
TEST(TournamentRun, RefusesAFolderAnotherRunHolds) {
  TempDir dir;
  const Config c = parse_config(kSmall, "t.ini", {"openings=1", "out=" + dir.str()});
  {
    // A fresh folder: not even config.ini is written.
    const FolderLock other(dir.str());
    try {
      run_tournament(c, {});
      ADD_FAILURE() << "a held folder was run";
    } catch (const InputError& e) {
      EXPECT_HAS(e.what(), "'" + dir.str() + "'");
      EXPECT_HAS(e.what(), "in use by another bao run (pid " + std::to_string(::getpid()) + ")");
    }
    EXPECT_FALSE(fs::exists(dir / "config.ini"));
    EXPECT_FALSE(fs::exists(dir / "games.jsonl"));
  }
  // Released: the run takes the folder, and lets it go when it returns.
  const RunResult first = run_tournament(c, {});
  ASSERT_EQ(first.played, 2);
  write_summaries(c, first);
  {
    // A folder with results: they are left as they are (a torn last line is not cut).
    const FolderLock other(dir.str());
    write(dir / "games.jsonl", read(dir / "games.jsonl") + "{\"pairing\":");
    const std::string games = read(dir / "games.jsonl"), md = read(dir / "summary.md");
    EXPECT_THROW(run_tournament(c, {}), InputError);
    EXPECT_EQ(read(dir / "games.jsonl"), games);
    EXPECT_EQ(read(dir / "summary.md"), md);
  }
  const RunResult again = run_tournament(c, {});
  EXPECT_EQ(again.played, 0);
  EXPECT_EQ(again.records.size(), 2u);
}

}  // namespace
}  // namespace bao::experiments
