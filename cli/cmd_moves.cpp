// bao moves: the legal moves of a position, one per line, canonical and sorted.
#include <iostream>

#include "cli/common.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace bao::cli {

int cmd_moves(const std::vector<std::string>& args) {
  Rules rules;
  Position p;
  if (!parse_position_command("moves", args, rules, p)) return kExitOk;
  MoveList moves;
  generate_moves(p, rules, moves);
  for (const Move& m : moves) std::cout << format_move(m, p.side) << "\n";
  if (moves.empty()) std::cerr << "no legal moves: " << outcome_reason(p, rules) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
