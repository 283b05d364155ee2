// run.json: how a results folder was made. Every `bao run` into a folder (the first and
// each resumed one) and every `bao merge` adds an entry to DIR/run.json:
//
//   {"runs": [{"command": "bao run t.ini --threads 2", "commit": "<git hash>[+dirty]",
//              "compiler": "GNU 12.2.0", "build_type": "Release", "flags": "-O3 ...",
//              "host": "name", "cpu": "model name", "cores": 2, "threads": 2, "ranks": 1,
//              "start": "2026-12-01T10:00:00Z", "end": "...", "wall_seconds": 12.5,
//              "cpu_seconds": 24.1, "games_played": 80}, ...]}
//
// A build from a tree with uncommitted changes has "commit": "<hash>+dirty" and
// "diff_sha256": the SHA-256 of its `git diff HEAD` (experiments/build_info.cmake), which
// names the changes. A run that tests a declared hypothesis says which declaration: the
// environment variables BAO_DECLARATION (the section, e.g. "docs/results.md#E5s: H5f as a
// node-budget sweep") and BAO_DECLARATION_SHA256 (the SHA-256 of that section's text, as
// scripts/declaration-hash prints it) add "declaration": {"section", "sha256"} to the
// entry; the reproduce scripts set them per experiment. Entries written before these
// fields existed lack them.
//
// cpu_seconds are this process's (user + system; under MPI rank 0's, the coordinator's,
// and ranks > 1 say so); a merge lists the runs of its shards, each with its "shard",
// then its own entry. The file is written atomically after the games are recorded; a
// run.json that is not such a document is kept aside as run.json.bad rather than lost.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace bao::experiments {

// The declaration a run tests, from BAO_DECLARATION and BAO_DECLARATION_SHA256; empty
// when neither is set. Throws InputError when one is set without the other or the hash
// is not 64 lower-case hex digits.
struct Declaration {
  std::string section, sha256;
};
Declaration declaration_from_environment();

class RunInfo {
 public:
  // Starts the clocks. `command` is the command line, as a person would type it again.
  RunInfo(std::string command, int threads, int ranks);
  // Adds this run's entry (ended now) to DIR/run.json. `extra` entries (a merge's shard
  // runs, already JSON objects) go first, replacing the shard entries the file had.
  // Throws InputError when it cannot write.
  void append_to(const std::string& dir, int games_played, const std::vector<std::string>& extra = {}) const;

  RunInfo& with_ranks(int ranks) {
    ranks_ = ranks;
    return *this;
  }

  // The entries of DIR/run.json as JSON text, each with "shard": shard added (for a merge);
  // none when the file is missing or not a run.json.
  static std::vector<std::string> entries_of(const std::string& dir, const std::string& shard);

 private:
  std::string command_;
  int threads_, ranks_;
  std::chrono::system_clock::time_point start_;
  std::chrono::steady_clock::time_point t0_;
  double cpu0_;
  Declaration declaration_;
};

// Words joined as a shell would read them back, each quoted ('...') where needed.
std::string shell_words(const std::vector<std::string>& words);
// The command line of a `bao` subcommand, each argument shell-quoted where needed.
std::string command_line(const std::string& subcommand, const std::vector<std::string>& args);

}  // namespace bao::experiments
