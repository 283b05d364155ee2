// bao merge DIR... --out DIR [--partial]: joins the folders of a sharded tournament
// (bao run --shard K/N) into one folder with config.ini, games.jsonl, summary.csv and
// summary.md as one process would have written them (experiments/merge.h); notes on
// stderr, the summary (markdown) on stdout.
#include <iostream>

#include "cli/common.h"
#include "experiments/merge.h"
#include "experiments/run_info.h"
#include "experiments/summary.h"

namespace bao::cli {

int cmd_merge(const std::vector<std::string>& args) {
  std::vector<std::string> dirs;
  std::string out;
  po::options_description desc("options");
  desc.add_options()("dirs", po::value(&dirs)->value_name("DIR")->composing(), "the shards' results folders")(
      "out", po::value(&out)->value_name("DIR"), "the merged results folder (new, or an earlier merge)")(
      "partial", "merge even when shards are missing from the inputs (their games are reported missing)");
  po::positional_options_description pos;
  pos.add("dirs", -1);
  po::variables_map vm;
  if (!parse("merge", "DIR... --out DIR [--partial]", args, desc, &pos, vm)) return kExitOk;
  if (dirs.empty()) throw po::error("give the shards' folders: bao merge DIR... --out DIR");
  if (out.empty()) throw po::error("give the merged folder: --out DIR");
  const experiments::RunInfo info(experiments::command_line("merge", args), 1, 1);
  const experiments::MergeResult m = experiments::merge_shards(dirs, out, vm.count("partial") > 0);
  std::vector<std::string> shard_runs;
  for (std::size_t i = 0; i < dirs.size(); ++i)
    for (auto& e : experiments::RunInfo::entries_of(dirs[i], m.shard_names[i])) shard_runs.push_back(std::move(e));
  info.append_to(out, 0, shard_runs);
  for (const auto& n : m.notes) std::cerr << "bao merge: " << n << "\n";
  std::cerr << "bao merge: " << m.run.records.size() << " of " << m.run.total << " games from " << dirs.size()
            << " folder(s) into " << out << "\n";
  std::cout << experiments::write_summaries(m.config, m.run) << "\nResults: " << out
            << "/ (games.jsonl, summary.csv, summary.md)\n";
  return kExitOk;
}

}  // namespace bao::cli
