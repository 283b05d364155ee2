// The `bao` command: dispatches to one subcommand per source file (cmd_*.cpp).
// Exit status: 0 success, 1 usage error, 2 bad input.
// Every message passes through bao::printable, line by line: command-line arguments and
// the errors that quote them (an unknown option or command, a bad name, a path that
// cannot be opened) reach the terminal with control bytes escaped, never as raw ESC
// sequences, while a message of several lines (a config's differences) keeps its lines.
#include <iostream>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "cli/common.h"
#include "engine/text_input.h"

namespace {

// printable() of each line of text, the line breaks kept.
std::string printable_lines(std::string_view text) {
  std::string out;
  for (std::size_t at = 0;;) {
    const std::size_t nl = text.find('\n', at);
    out += bao::printable(text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at));
    if (nl == std::string_view::npos) return out;
    out += '\n';
    at = nl + 1;
  }
}

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>&);
};

const Command kCommands[] = {
    {"show", "print a position as a board diagram", bao::cli::cmd_show},
    {"moves", "list the legal moves of a position, canonical and sorted", bao::cli::cmd_moves},
    {"replay", "replay a game record, checking every move", bao::cli::cmd_replay},
    {"perft", "count the move paths of a given depth (move generator test and speed)", bao::cli::cmd_perft},
    {"search", "search one position and print the best move", bao::cli::cmd_search},
    {"solve", "the exact value of a position under perfect play (df-pn or exact distance), with a proof",
     bao::cli::cmd_solve},
    {"check-proof", "check a proof file of bao solve by replaying it with the rules alone", bao::cli::cmd_check_proof},
    {"bench", "fixed-depth search of the bench positions: node signature and speed", bao::cli::cmd_bench},
    {"run", "run an experiment (a tournament) from a config file", bao::cli::cmd_run},
    {"merge", "join the folders of a sharded run (bao run --shard) into one", bao::cli::cmd_merge},
    {"record", "run a command and add how it ran to a results folder's run.json", bao::cli::cmd_record},
    {"trees", "opponent-model search on random game trees: cost and agreement grid", bao::cli::cmd_trees},
    {"tree-games", "random trees with a ground truth: when does OM search gain?", bao::cli::cmd_tree_games},
    {"learn-eval", "learn evaluation weights (genetic tuning or TD-Leaf)", bao::cli::cmd_learn_eval},
    {"learn-types", "learn opponent-type probabilities (off-line or on-line)", bao::cli::cmd_learn_types},
    {"play", "play a game on the terminal: against an engine, two people, or watch two engines", bao::cli::cmd_play},
    {"serve", "the web page: play, replay and analyse games in a browser (HTTP on 127.0.0.1)", bao::cli::cmd_serve},
};

void usage(std::ostream& o) {
  o << "usage: bao <command> [options]   (bao <command> --help for its options)\n\ncommands:\n";
  for (const Command& c : kCommands) {
    const std::string name = c.name;
    o << "  " << name << std::string(name.size() < 13 ? 13 - name.size() : 1, ' ') << c.summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return bao::cli::kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage(std::cout);
    return bao::cli::kExitOk;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  for (const Command& c : kCommands) {
    if (name != c.name) continue;
    try {
      return c.run(args);
    } catch (const boost::program_options::error& e) {
      std::cerr << "bao " << name << ": " << printable_lines(e.what()) << " (see bao " << name << " --help)\n";
      return bao::cli::kExitUsage;
    } catch (const std::bad_alloc&) {  // the tables check their size; anything else that runs out
      std::cerr << "bao " << name
                << ": out of memory (std::bad_alloc); lower the players' tt_mb or --threads, or give a smaller "
                   "input\n";
      return bao::cli::kExitBadInput;
    } catch (const std::exception& e) {  // bao::InputError, or a failure mid-run (a searcher's, a write's)
      std::cerr << "bao " << name << ": " << printable_lines(e.what()) << "\n";
      return bao::cli::kExitBadInput;
    }
  }
  std::cerr << "bao: unknown command '" << bao::printable(name) << "'\n";
  usage(std::cerr);
  return bao::cli::kExitUsage;
}
