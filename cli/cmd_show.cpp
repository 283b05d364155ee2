// bao show: the board diagram of a position, of Bao or of any registered game (--game).
#include <iostream>

#include "cli/common.h"
#include "engine/bao/notation.h"

namespace bao::cli {

int cmd_show(const std::vector<std::string>& args) {
  PositionOptions o;
  if (!parse_position_command("show", args, o)) return kExitOk;
  if (auto g = other_game(o)) {
    std::cout << g->draw(any_position(*g, o));
    return kExitOk;
  }
  const Rules rules = make_rules(o);
  std::cout << format_board(make_position(o, rules), rules);
  return kExitOk;
}

}  // namespace bao::cli
