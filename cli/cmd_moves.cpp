// bao moves: the legal moves of a position, one per line, canonical and sorted.
#include <iostream>

#include "cli/common.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace bao::cli {

int cmd_moves(const std::vector<std::string>& args) {
  PositionOptions o;
  po::options_description desc("options");
  add_position_options(desc, o);
  po::variables_map vm;
  if (!parse("moves", "[--variant V] [--rule KEY=VALUE ...] [--position P]", args, desc, nullptr, vm, &o))
    return kExitOk;
  const Rules rules = make_rules(o);
  const Position p = make_position(o, rules);
  MoveList moves;
  generate_moves(p, rules, moves);
  for (const Move& m : moves) std::cout << format_move(m, p.side) << "\n";
  if (moves.empty()) std::cerr << "no legal moves: " << outcome_reason(p, rules) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
