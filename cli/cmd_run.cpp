// bao run CONFIG [--threads N] [--out DIR] [--set KEY=VALUE ...] [--check]: runs (or resumes) the
// tournament a config describes, writing DIR/config.ini, DIR/games.jsonl, summary.csv
// and summary.md, with progress on stderr and the summary (markdown) on stdout.
#include <omp.h>
#include <unistd.h>

#include <iostream>

#include "cli/common.h"
#include "experiments/config.h"
#include "experiments/summary.h"
#include "experiments/tournament.h"
#include "search/result.h"

namespace bao::cli {

int cmd_run(const std::vector<std::string>& args) {
  std::string config_path, out;
  int threads = -1;
  std::vector<std::string> sets;
  po::options_description desc("options");
  desc.add_options()("config", po::value(&config_path)->value_name("CONFIG"),
                     "the experiment's config file (experiments/configs/*.ini)")(
      "threads", po::value(&threads)->value_name("N"),
      "games played at once (overrides the key threads; 0: all cores)")("out", po::value(&out)->value_name("DIR"),
                                                                        "results folder (overrides the key out)")(
      "set", po::value(&sets)->value_name("KEY=VALUE")->composing(),
      "override any config key, e.g. --set player.ab.depth=4 (repeatable)")(
      "check", "read and check the config, print what it would run, and stop");
  po::positional_options_description pos;
  pos.add("config", 1);
  po::variables_map vm;
  if (!parse("run", "CONFIG [--threads N] [--out DIR] [--set KEY=VALUE ...] [--check]", args, desc, &pos, vm))
    return kExitOk;
  if (config_path.empty()) throw po::error("give a config file: bao run CONFIG");
  if (vm.count("threads") && (threads < 0 || threads > search::kMaxThreads))
    throw po::error("--threads must be 0 (all cores) to " + std::to_string(search::kMaxThreads) + ", found " +
                    std::to_string(threads));

  std::vector<std::string> overrides = sets;
  if (vm.count("threads")) overrides.push_back("threads=" + std::to_string(threads));
  if (vm.count("out")) overrides.push_back("out=" + out);
  const experiments::Config c = experiments::load_config(config_path, overrides);
  if (vm.count("check")) {
    // The openings too (no search): an opening_plies range no random walk reaches
    // passed --check and failed the run.
    experiments::make_openings(c);
    experiments::check_memory(c, c.threads);
    const auto pairings = experiments::make_pairings(c);
    std::cout << "config ok: " << pairings.size() << " pairing(s) x " << c.openings
              << " openings x 2 colours = " << pairings.size() * c.openings * 2 << " games into " << c.out << "\n";
    return kExitOk;
  }

  experiments::RunOptions o;
  o.threads = c.threads;
  o.progress = &std::cerr;
  o.progress_tty = ::isatty(2);
  const experiments::RunResult r = experiments::run_tournament(c, o);
  if (r.played > 0) {
    std::cerr << "bao run: played " << r.played << " games in " << r.seconds << " s ("
              << (r.seconds > 0 ? r.played / r.seconds : 0) << " games/s, "
              << (c.threads > 0 ? c.threads : omp_get_max_threads()) << " threads)\n";
  } else {
    std::cerr << "bao run: nothing left to play in " << c.out << "\n";
  }

  std::cout << experiments::write_summaries(c, r) << "\nResults: " << c.out
            << "/ (games.jsonl, summary.csv, summary.md)\n";
  return kExitOk;
}

}  // namespace bao::cli
