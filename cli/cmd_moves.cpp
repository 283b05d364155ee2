// bao moves: the legal moves of a position, one per line: Bao's canonical and sorted,
// another game's (--game) in its own order. With --children, each move is followed by a
// tab and the position it leads to (the generator's order), so that a script can walk a
// game without the rules (scripts/reproduce-e10 samples positions this way).
#include <iostream>

#include "cli/common.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"

namespace bao::cli {

int cmd_moves(const std::vector<std::string>& args) {
  PositionOptions o;
  bool with_children = false;
  po::options_description desc("options");
  add_position_options(desc, o);
  desc.add_options()("children", po::bool_switch(&with_children), "print each move, a tab, and the position after it");
  po::variables_map vm;
  if (!parse("moves", std::string(kPositionSynopsis) + " [--children]", args, desc, nullptr, vm, &o)) return kExitOk;
  if (auto g = other_game(o)) {
    const search::AnyState s = any_position(*g, o);
    const auto children = g->children(s);
    for (const auto& c : children) {
      std::cout << c.first;
      if (with_children) std::cout << '\t' << g->format_state(c.second);
      std::cout << '\n';
    }
    if (children.empty()) std::cerr << "no legal moves: " << g->outcome(s) << "\n";
    return kExitOk;
  }
  const Rules rules = make_rules(o);
  const Position p = make_position(o, rules);
  if (with_children) {
    ChildList kids;
    generate_children(p, rules, kids);
    for (const Child& k : kids) std::cout << format_move(k.move, p.side) << "\t" << format_position(k.pos) << "\n";
    if (kids.empty()) std::cerr << "no legal moves: " << outcome_reason(p, rules) << "\n";
    return kExitOk;
  }
  MoveList moves;
  generate_moves(p, rules, moves);
  for (const Move& m : moves) std::cout << format_move(m, p.side) << "\n";
  if (moves.empty()) std::cerr << "no legal moves: " << outcome_reason(p, rules) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
