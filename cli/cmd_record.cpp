// bao record DIR... [--threads N] -- COMMAND [ARG...]: runs COMMAND (stdin, stdout and
// stderr inherited) and adds how it ran to each DIR/run.json (experiments/run_info.h: the
// command, this build's commit, compiler and flags, host, CPU, cores, threads, start,
// end, wall and CPU seconds, the child's CPU included). For results folders that no
// `bao run` writes (the random-tree experiments, the learners' outputs): every results
// folder records how it was made. Exits with COMMAND's status (127: it could not start).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/common.h"
#include "engine/error.h"
#include "experiments/run_info.h"

namespace bao::cli {

int cmd_record(const std::vector<std::string>& args) {
  const auto dash = std::find(args.begin(), args.end(), "--");
  const std::vector<std::string> own(args.begin(), dash);
  std::vector<std::string> dirs;
  int threads = static_cast<int>(std::thread::hardware_concurrency());
  po::options_description desc("options");
  desc.add_options()("dir", po::value(&dirs)->value_name("DIR")->composing(),
                     "the results folders whose run.json gets the entry")(
      "threads", po::value(&threads)->value_name("N"), "threads the command uses, as recorded (default: all cores)");
  po::positional_options_description pos;
  pos.add("dir", -1);
  po::variables_map vm;
  if (!parse("record", "DIR... [--threads N] -- COMMAND [ARG...]", own, desc, &pos, vm)) return kExitOk;
  if (dirs.empty()) throw po::error("give the results folder: bao record DIR -- COMMAND...");
  if (dash == args.end() || dash + 1 == args.end()) throw po::error("give the command after '--'");
  if (threads < 1) throw po::error("--threads must be 1 or more");
  for (const auto& dir : dirs)
    if (!std::filesystem::is_directory(dir)) throw InputError("no folder '" + dir + "'");
  std::vector<std::string> cmd(dash + 1, args.end());
  const experiments::RunInfo info(experiments::shell_words(cmd), threads, 1);
  const pid_t pid = fork();
  if (pid < 0) throw InputError("cannot start a process");
  if (pid == 0) {
    std::vector<char*> argv;
    for (auto& a : cmd) argv.push_back(a.data());
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::cerr << "bao record: cannot run '" << cmd[0] << "'\n";
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw InputError("lost the command's process: " + std::string(std::strerror(errno)));
  const int rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  // A failed command leaves no entry: run.json says how the folder's content was made.
  if (rc == 0)
    for (const auto& dir : dirs) info.append_to(dir, 0);
  return rc;
}

}  // namespace bao::cli
