// bao show: the board diagram of a position.
#include <iostream>

#include "cli/common.h"
#include "engine/notation.h"

namespace bao::cli {

int cmd_show(const std::vector<std::string>& args) {
  PositionOptions o;
  po::options_description desc("options");
  add_position_options(desc, o);
  po::variables_map vm;
  if (!parse("show", "[--variant V] [--rule KEY=VALUE ...] [--position P]", args, desc, nullptr, vm, &o))
    return kExitOk;
  const Rules rules = make_rules(o);
  std::cout << format_board(make_position(o, rules), rules);
  return kExitOk;
}

}  // namespace bao::cli
