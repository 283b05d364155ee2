// bao trees: not implemented yet (issue 4).
#include <iostream>

#include "experiments/cli/common.h"

namespace bao::cli {

int cmd_trees(const std::vector<std::string>&) {
  std::cerr << "bao trees: not implemented yet\n";
  return kExitUsage;
}

}  // namespace bao::cli
