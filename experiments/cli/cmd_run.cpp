// bao run: not implemented yet (issue 6).
#include <iostream>

#include "experiments/cli/common.h"

namespace bao::cli {

int cmd_run(const std::vector<std::string>&) {
  std::cerr << "bao run: not implemented yet\n";
  return kExitUsage;
}

}  // namespace bao::cli
