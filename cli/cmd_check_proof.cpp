// bao check-proof FILE: replays a proof file (search/solver/bao_proof_file.h, or a Kalah
// margin proof: search/solver/kalah_proof_file.h) with the move generator alone, no search. Accepted: "accepted: <side>
// wins from <position>", the positions replayed and the longest line, exit 0. Rejected: "rejected: <the first failing
// position and why>" on stderr, exit 2.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/kalah/kalah_notation.h"
#include "search/solver/bao_proof_file.h"
#include "search/solver/kalah_proof_file.h"

namespace bao::cli {

int cmd_check_proof(const std::vector<std::string>& args) {
  std::string file;
  po::options_description desc("options");
  desc.add_options()("file", po::value(&file)->value_name("FILE"),
                     "the proof file (bao solve --proof), or - for stdin");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse("check-proof", "FILE|-", args, desc, &pos, vm)) return kExitOk;
  if (file.empty()) throw po::error("missing FILE: the proof file to check, or - for standard input");
  std::ifstream f;
  if (file != "-") {
    f.open(file);
    if (!f) throw InputError("cannot open proof file '" + file + "'");
  }
  std::stringstream piped;  // standard input, read whole so that its first line can be looked at twice
  if (file == "-") piped << std::cin.rdbuf();
  std::istream& in = file == "-" ? static_cast<std::istream&>(piped) : f;
  if (search::solver::is_kalah_proof(in)) {
    const auto k = search::solver::check_kalah_proof(in);
    for (const auto* part : {&k.at_least, &k.at_most})
      if (!part->ok) {
        std::cerr << "bao check-proof: rejected: " << (part == &k.at_least ? "at-least" : "at-most") << ": "
                  << part->error << "\n";
        return kExitBadInput;
      }
    std::cout << "accepted: South's margin is " << (k.value > 0 ? "+" : "") << k.value << " from "
              << kalah::format_state(k.root, k.rules) << "\npositions " << k.at_least.positions + k.at_most.positions
              << "\ndepth " << std::max(k.at_least.depth, k.at_most.depth) << "\n";
    return kExitOk;
  }
  const auto c = search::solver::check_bao_proof(in);
  if (!c.result.ok) {
    std::cerr << "bao check-proof: rejected: " << c.result.error << "\n";
    return kExitBadInput;
  }
  std::cout << "accepted: " << (c.winner == South ? "South" : "North") << " wins from " << format_position(c.root)
            << "\npositions " << c.result.positions << "\ndepth " << c.result.depth << "\n";
  return kExitOk;
}

}  // namespace bao::cli
