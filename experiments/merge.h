// bao merge: joins the results folders of a sharded tournament (bao run --shard K/N) into
// one folder with what a single process would have written: config.ini (without the
// shard key), games.jsonl (every game once, in schedule order), summary.csv and
// summary.md.
//
// Checks, each an InputError naming the folder (and game) at fault: every input is a
// results folder of a shard (config.ini with `shard = K/N`) not in use by a run (its
// lock is free); all have the same settings apart from the shard (the differences are
// named) and the same N; no shard is given twice; each record belongs to the schedule
// and to the shard of the folder it is in; a game found twice must be the same game
// (it is then counted once). Shards missing from the inputs are an error unless
// `partial`; games missing from a shard (a shard not finished) are reported in notes.
// The output folder may hold an earlier merge (or a run) of the same settings: its games
// are merged too, so that nothing is lost; a folder of other settings is refused.
#pragma once

#include <string>
#include <vector>

#include "experiments/config.h"
#include "experiments/tournament.h"

namespace bao::experiments {

struct MergeResult {
  Config config;                         // the settings, as far as the summary needs them
  RunResult run;                         // every game; total = the schedule's size
  std::vector<std::string> notes;        // what was missing, repaired or counted once
  std::vector<std::string> shard_names;  // "K/N" of each input, in the order given
};

MergeResult merge_shards(const std::vector<std::string>& dirs, const std::string& out, bool partial);

}  // namespace bao::experiments
