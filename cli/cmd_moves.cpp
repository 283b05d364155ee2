// bao moves: the legal moves of a position, one per line: Bao's canonical and sorted,
// another game's (--game) in its own order.
#include <iostream>

#include "cli/common.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"

namespace bao::cli {

int cmd_moves(const std::vector<std::string>& args) {
  PositionOptions o;
  if (!parse_position_command("moves", args, o)) return kExitOk;
  if (auto g = other_game(o)) {
    const search::AnyState s = any_position(*g, o);
    const auto children = g->children(s);
    for (const auto& c : children) std::cout << c.first << "\n";
    if (children.empty()) std::cerr << "no legal moves: " << g->outcome(s) << "\n";
    return kExitOk;
  }
  const Rules rules = make_rules(o);
  const Position p = make_position(o, rules);
  MoveList moves;
  generate_moves(p, rules, moves);
  for (const Move& m : moves) std::cout << format_move(m, p.side) << "\n";
  if (moves.empty()) std::cerr << "no legal moves: " << outcome_reason(p, rules) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
