// Runs beyond one process: shards dealt so that each gets every pairing,
// shards merged into exactly what one process writes, every refusal of bao merge, and
// the SPRT summary independent of threads and shards.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/error.h"
#include "experiments/config.h"
#include "experiments/folder_lock.h"
#include "experiments/merge.h"
#include "experiments/records.h"
#include "experiments/summary.h"
#include "experiments/tournament.h"
#include "tournament_util.h"

namespace bao::experiments {
namespace {

using namespace test;  // NOLINT: the helpers of tournament_util.h

TEST(TournamentShards, EveryPairInOneShardAndEveryShardGetsEveryPairing) {
  for (int shards : {1, 2, 3, 4, 7}) {
    for (int pairings : {1, 2, 3, 6}) {
      std::map<int, std::set<int>> pairings_of;
      std::map<int, int> pairs_of;
      const int openings = 3 * shards;
      for (int o = 0; o < openings; ++o)
        for (int p = 0; p < pairings; ++p) {
          const int k = shard_of(o, p, shards);
          ASSERT_GE(k, 1);
          ASSERT_LE(k, shards);
          pairings_of[k].insert(p);
          ++pairs_of[k];
        }
      for (int k = 1; k <= shards; ++k) {
        EXPECT_EQ(pairings_of[k].size(), static_cast<std::size_t>(pairings)) << k << "/" << shards;
        EXPECT_EQ(pairs_of[k], 3 * pairings) << "balanced: " << k << "/" << shards;
      }
    }
  }
}

// Runs the config as shards 1..n into dir/shard-K.
std::vector<std::string> run_shards(const std::string& text, const fs::path& dir, int n,
                                    const std::vector<std::string>& sets = {}) {
  std::vector<std::string> dirs;
  for (int k = 1; k <= n; ++k) {
    std::vector<std::string> s = sets;
    s.push_back("shard=" + std::to_string(k) + "/" + std::to_string(n));
    s.push_back("out=" + (dir / ("shard-" + std::to_string(k))).string());
    const Config c = parse_config(text, "t.ini", s);
    const RunResult r = run_tournament(c, {});
    EXPECT_EQ(r.played, r.total);
    write_summaries(c, r);
    dirs.push_back(c.out);
  }
  return dirs;
}

TEST(TournamentShards, ThreeShardsMergedAreTheSingleRun) {
  TempDir dir;
  const std::string text = round_robin();  // 3 pairings x 3 openings x 2 = 18 games
  const Config one = parse_config(text, "t.ini", {"out=" + (dir / "one").string()});
  const RunResult r1 = run_tournament(one, {});
  write_summaries(one, r1);

  const auto dirs = run_shards(text, dir / "", 3);
  // Each shard holds only its own games, with the shard in its config.ini.
  std::size_t sum = 0;
  for (int k = 1; k <= 3; ++k) {
    const auto recs = load_records(dirs[k - 1] + "/games.jsonl", false).records;
    EXPECT_GT(recs.size(), 0u);
    sum += recs.size();
    EXPECT_HAS(read(dirs[k - 1] + "/config.ini"), "shard = " + std::to_string(k) + "/3");
    EXPECT_HAS(read(dirs[k - 1] + "/summary.md"), "shard " + std::to_string(k) + "/3 of the schedule");
  }
  EXPECT_EQ(sum, r1.records.size());

  const std::string out = (dir / "merged").string();
  const MergeResult m = merge_shards(dirs, out, false);
  write_summaries(m.config, m.run);
  EXPECT_TRUE(m.notes.empty()) << m.notes.front();
  EXPECT_EQ(content(load_records(out + "/games.jsonl", false).records), content(r1.records));
  EXPECT_EQ(read(out + "/summary.csv"), read(dir / "one" / "summary.csv"));
  EXPECT_EQ(read(out + "/summary.md"), read(dir / "one" / "summary.md"));
  EXPECT_EQ(read(out + "/config.ini"), read(dir / "one" / "config.ini"));

  // The merged folder is a results folder of the config: a run into it has nothing left.
  const Config again = parse_config(text, "t.ini", {"out=" + out});
  EXPECT_EQ(run_tournament(again, {}).played, 0);
  // Merging again into it keeps its games (counted once).
  const MergeResult m2 = merge_shards(dirs, out, false);
  EXPECT_EQ(m2.run.records.size(), r1.records.size());
}

std::string merge_error(const std::vector<std::string>& dirs, const std::string& out, bool partial = false) {
  try {
    merge_shards(dirs, out, partial);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "merge accepted it";
  return "";
}

TEST(TournamentShards, MergeRefusesWhatDoesNotFit) {
  TempDir dir;
  const auto dirs = run_shards(kSmall, dir / "", 2, {"openings=4"});
  const std::string out = (dir / "out").string();
  // A missing shard: refused, or merged with a note under --partial.
  EXPECT_HAS(merge_error({dirs[0]}, out), "shard(s) 2 of 2 are not among the inputs");
  const MergeResult part = merge_shards({dirs[0]}, (dir / "part").string(), true);
  ASSERT_EQ(part.notes.size(), 2u);
  EXPECT_HAS(part.notes[1], "shard 2/2: 4 game(s) not played yet");
  // A shard twice.
  EXPECT_HAS(merge_error({dirs[0], dirs[1], dirs[0]}, out), "shard 1/2 is given twice");
  // Another tournament.
  const auto seeded = run_shards(kSmall, dir / "seeded", 2, {"openings=4", "seed=8"});
  const std::string msg = merge_error({dirs[0], seeded[1]}, out);
  EXPECT_HAS(msg, "holds another tournament");
  EXPECT_HAS(msg, "seed: was 7, now 8");
  // Another number of shards.
  const auto of3 = run_shards(kSmall, dir / "three", 3, {"openings=4"});
  EXPECT_HAS(merge_error({dirs[0], of3[1]}, out), "is one of 2 shards");
  // A folder that is not a shard's, and one a run holds.
  const Config whole = parse_config(kSmall, "t.ini", {"openings=4", "out=" + (dir / "whole").string()});
  run_tournament(whole, {});
  EXPECT_HAS(merge_error({(dir / "whole").string()}, out), "is not a shard's folder");
  {
    const FolderLock busy(dirs[1]);
    EXPECT_HAS(merge_error(dirs, out), "in use by another bao run");
  }
  // The output is an input, or holds other results.
  EXPECT_HAS(merge_error(dirs, dirs[0]), "is one of the inputs");
  const Config f = parse_config(kSmall, "t.ini", {"openings=1", "out=" + (dir / "foreign").string()});
  run_tournament(f, {});
  EXPECT_HAS(merge_error(dirs, (dir / "foreign").string()), "holds results of other settings");
  // A game in the wrong shard's folder.
  const std::string moved = read(dirs[1] + "/games.jsonl");
  write(dirs[0] + "/games.jsonl", read(dirs[0] + "/games.jsonl") + moved.substr(0, moved.find('\n') + 1));
  EXPECT_HAS(merge_error(dirs, (dir / "fresh").string()), "not to the folder's shard 1");
}

// Every record is replayed from its opening under the config's rules and ply cap: one
// whose plies, result, winner or first_points contradicts its moves, or whose moves do
// not make the game it claims, is refused naming the file, line and field, in a shard
// and in the output's earlier games.
TEST(TournamentShards, MergeRefusesARecordThatContradictsItsMoves) {
  TempDir dir;
  const auto dirs = run_shards(kSmall, dir / "", 2, {"openings=2", "ply_cap=30"});
  const std::string file = dirs[0] + "/games.jsonl", good = read(file);
  const std::string rest = good.substr(good.find('\n') + 1);
  TournamentGame r = from_json(good.substr(0, good.find('\n')));
  r.predicted.clear();  // the moves below change in number
  const auto refused = [&](const TournamentGame& bad, const std::string& what) {
    write(file, to_json(bad) + "\n" + rest);
    const std::string m = merge_error(dirs, (dir / "out").string());
    EXPECT_HAS(m, file + ":1: game " + r.id() + " contradicts its moves: " + what);
  };
  TournamentGame bad = r;
  bad.plies = r.plies + 1;
  refused(bad, "field 'plies' is " + std::to_string(r.plies + 1) + ", the moves give " + std::to_string(r.plies));
  bad = r;
  bad.result = r.result == "south" ? "north" : "south";
  refused(bad, "field 'result' is \"" + bad.result + "\", the moves give \"" + r.result + "\"");
  bad = r;
  bad.winner = "c";
  refused(bad, "field 'winner' is \"c\", the moves give \"" + r.winner + "\"");
  bad = r;
  bad.first_points = r.first_points == 0.5 ? 1 : 0.5;
  refused(bad, "field 'first_points' is ");
  bad = r;
  bad.moves.pop_back();
  bad.plies = r.plies - 1;
  refused(bad, "the game goes on after its " + std::to_string(r.plies - 1) + " moves");
  bad = r;
  bad.moves.push_back(bad.moves.front());
  refused(bad, "move " + std::to_string(r.plies + 1) + " '" + bad.moves.back() + "' comes after the ");
  bad = r;
  bad.moves.front() = "Z9L";
  refused(bad, "move 1: ");

  // The output folder's earlier games are checked too.
  write(file, good);
  const std::string out = (dir / "out").string();
  merge_shards(dirs, out, false);
  const std::string merged = read(out + "/games.jsonl");
  bad = from_json(merged.substr(0, merged.find('\n')));
  const std::string id = bad.id();
  ++bad.plies;
  write(out + "/games.jsonl", to_json(bad) + "\n" + merged.substr(merged.find('\n') + 1));
  EXPECT_HAS(merge_error(dirs, out), out + "/games.jsonl:1: game " + id + " contradicts its moves: field 'plies'");
}

TEST(TournamentShards, AShardFolderRefusesAnotherShard) {
  TempDir dir;
  const auto dirs = run_shards(kSmall, dir / "", 2, {"openings=2"});
  const Config as2 = parse_config(kSmall, "t.ini", {"openings=2", "shard=2/2", "out=" + dirs[0]});
  try {
    run_tournament(as2, {});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_HAS(e.what(), "shard: was 1/2, now 2/2");
  }
  for (const char* bad : {"0/2", "3/2", "1", "a/b", "1/0", "-1/2"})
    EXPECT_HAS(config_error(kSmall, {std::string("shard=") + bad}), "expected K/N with 1 <= K <= N");
}

// The SPRT summary counts exactly the pairs the decision took, so it is the same for one
// thread, two threads, and shards merged, although the games in the files differ.
TEST(TournamentShards, SprtSummaryIsTheSameForThreadsAndShards) {
  TempDir dir;
  const std::string text = std::string(kSmall) + "[sprt]\nelo0 = 0\nelo1 = 400\nalpha = 0.1\nbeta = 0.1\n";
  const std::vector<std::string> sets = {"openings=30", "player.a.depth=3"};
  std::vector<std::string> csv, md;
  for (int t : {1, 2}) {
    std::vector<std::string> s = sets;
    s.push_back("out=" + (dir / std::to_string(t)).string());
    const Config c = parse_config(text, "t.ini", s);
    RunOptions o;
    o.threads = t;
    write_summaries(c, run_tournament(c, o));
    csv.push_back(read(dir / std::to_string(t) / "summary.csv"));
    md.push_back(read(dir / std::to_string(t) / "summary.md"));
  }
  const auto dirs = run_shards(text, dir / "", 3, sets);
  const MergeResult m = merge_shards(dirs, (dir / "merged").string(), false);
  write_summaries(m.config, m.run);
  // The shards played every game; the summary counts the decided prefix only.
  EXPECT_EQ(m.run.records.size(), 60u);
  EXPECT_EQ(read(dir / "merged" / "summary.csv"), csv[0]);
  EXPECT_EQ(csv[1], csv[0]);
  EXPECT_HAS(csv[0], ",H1,");
  const std::string merged_md = read(dir / "merged" / "summary.md");
  EXPECT_HAS(merged_md, "more games, of openings beyond an SPRT decision");
  // Apart from that line, the same text.
  auto without_beyond = [](std::string s) {
    const auto at = s.find("more games, of openings beyond");
    if (at == std::string::npos) return s;
    const auto start = s.rfind('\n', at) + 1;
    return s.erase(start, s.find('\n', at) + 1 - start);
  };
  EXPECT_EQ(without_beyond(merged_md), without_beyond(md[0]));
  EXPECT_EQ(without_beyond(md[1]), without_beyond(md[0]));
}

}  // namespace
}  // namespace bao::experiments
