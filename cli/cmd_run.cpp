// bao run CONFIG [--threads N] [--out DIR] [--set KEY=VALUE ...] [--shard K/N] [--mpi] [--check]:
// runs (or resumes) the tournament a config describes, writing DIR/config.ini,
// DIR/games.jsonl, summary.csv and summary.md, with progress on stderr and the summary
// (markdown) on stdout. --shard plays one part of the schedule (bao merge joins the
// parts); --mpi, under mpirun, hands the games out from rank 0 to the other ranks.
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "cli/common.h"
#include "experiments/config.h"
#include "experiments/mpi_run.h"
#include "experiments/run_info.h"
#include "experiments/summary.h"
#include "experiments/tournament.h"
#include "search/result.h"

namespace bao::cli {

namespace {

void report(const experiments::Config& c, const experiments::RunResult& r, const std::string& workers) {
  if (r.played > 0)
    std::cerr << "bao run: played " << r.played << " games in " << r.seconds << " s ("
              << (r.seconds > 0 ? r.played / r.seconds : 0) << " games/s, " << workers << ")\n";
  else
    std::cerr << "bao run: nothing left to play in " << c.out << "\n";
}

}  // namespace

int cmd_run(const std::vector<std::string>& args) {
  std::string config_path, out;
  int threads = -1;
  std::vector<std::string> sets;
  std::string shard;
  po::options_description desc("options");
  desc.add_options()("config", po::value(&config_path)->value_name("CONFIG"),
                     "the experiment's config file (experiments/configs/*.ini)")(
      "threads", po::value(&threads)->value_name("N"),
      "games played at once (overrides the key threads; 0: all cores)")("out", po::value(&out)->value_name("DIR"),
                                                                        "results folder (overrides the key out)")(
      "set", po::value(&sets)->value_name("KEY=VALUE")->composing(),
      "override any config key, e.g. --set player.ab.depth=4 (repeatable)")(
      "shard", po::value(&shard)->value_name("K/N"),
      "play only the K-th of N parts of the schedule (the key shard); join the folders with bao merge")(
      "mpi", "under mpirun: rank 0 hands out the games and writes the folder, the other ranks play them")(
      "check", "read and check the config, print what it would run, and stop");
  po::positional_options_description pos;
  pos.add("config", 1);
  po::variables_map vm;
  if (!parse("run", "CONFIG [--threads N] [--out DIR] [--set KEY=VALUE ...] [--shard K/N] [--mpi] [--check]", args,
             desc, &pos, vm))
    return kExitOk;
  if (config_path.empty()) throw po::error("give a config file: bao run CONFIG");
  if (vm.count("threads") && (threads < 0 || threads > search::kMaxThreads))
    throw po::error("--threads must be 0 (all cores) to " + std::to_string(search::kMaxThreads) + ", found " +
                    std::to_string(threads));

  std::vector<std::string> overrides = sets;
  if (vm.count("threads")) overrides.push_back("threads=" + std::to_string(threads));
  if (vm.count("out")) overrides.push_back("out=" + out);
  if (vm.count("shard")) overrides.push_back("shard=" + shard);
  const bool mpi = vm.count("mpi") > 0;
  if (mpi && !experiments::mpi_available())
    throw po::error("--mpi: this bao was built without MPI (install libopenmpi-dev and rebuild: scripts/install)");
  const experiments::Config c = experiments::load_config(config_path, overrides);
  if (vm.count("check")) {
    // The openings too (no search): an opening_plies range no random walk reaches
    // passed --check and failed the run.
    experiments::make_openings(c);
    experiments::check_memory(c, c.threads);
    const auto pairings = experiments::make_pairings(c);
    std::cout << "config ok: " << pairings.size() << " pairing(s) x " << c.openings
              << " openings x 2 colours = " << pairings.size() * c.openings * 2 << " games";
    if (c.shards > 0) {
      const auto schedule = experiments::make_schedule(c, pairings);
      std::cout << ", of which shard " << c.shard << "/" << c.shards << " plays "
                << std::count_if(schedule.begin(), schedule.end(),
                                 [&](const experiments::ScheduledGame& g) { return experiments::in_shard(c, g); });
    }
    std::cout << " into " << c.out << "\n";
    return kExitOk;
  }

  const int run_threads = c.threads > 0 ? c.threads : omp_get_max_threads();
  const experiments::RunInfo info(experiments::command_line("run", args), run_threads, 1);
  experiments::RunOptions o;
  o.threads = c.threads;
  o.progress = &std::cerr;
  o.progress_tty = ::isatty(2);
  if (mpi) {
    const std::optional<experiments::RunResult> r = experiments::run_tournament_mpi(c, o);
    if (!r) return kExitOk;  // a worker rank: rank 0 writes and prints
    experiments::RunInfo(info).with_ranks(experiments::mpi_ranks()).append_to(c.out, r->played);
    report(
        c, *r,
        std::to_string(experiments::mpi_ranks() - 1) + " worker ranks x " + std::to_string(run_threads) + " threads");
    std::cout << experiments::write_summaries(c, *r) << "\nResults: " << c.out
              << "/ (games.jsonl, summary.csv, summary.md)\n";
    return kExitOk;
  }
  const experiments::RunResult r = experiments::run_tournament(c, o);
  info.append_to(c.out, r.played);
  report(c, r, std::to_string(run_threads) + " threads");
  std::cout << experiments::write_summaries(c, r) << "\nResults: " << c.out
            << "/ (games.jsonl, summary.csv, summary.md)\n";
  return kExitOk;
}

}  // namespace bao::cli
