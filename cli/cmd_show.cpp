// bao show: the board diagram of a position.
#include <iostream>

#include "cli/common.h"
#include "engine/notation.h"

namespace bao::cli {

int cmd_show(const std::vector<std::string>& args) {
  Rules rules;
  Position p;
  if (!parse_position_command("show", args, rules, p)) return kExitOk;
  std::cout << format_board(p, rules);
  return kExitOk;
}

}  // namespace bao::cli
