// bao check-proof FILE: replays a proof file (search/solver/bao_proof_file.h) with the
// move generator alone, no search. Accepted: "accepted: <side> wins from <position>", the
// positions replayed and the longest line, exit 0. Rejected: "rejected: <the first failing
// position and why>" on stderr, exit 2.
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "search/solver/bao_proof_file.h"

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
  const auto c = search::solver::check_bao_proof(file == "-" ? std::cin : f);
  if (!c.result.ok) {
    std::cerr << "bao check-proof: rejected: " << c.result.error << "\n";
    return kExitBadInput;
  }
  std::cout << "accepted: " << (c.winner == South ? "South" : "North") << " wins from " << format_position(c.root)
            << "\npositions " << c.result.positions << "\ndepth " << c.result.depth << "\n";
  return kExitOk;
}

}  // namespace bao::cli
