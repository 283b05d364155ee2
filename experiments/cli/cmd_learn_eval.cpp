// bao learn-eval: not implemented yet (issue 5).
#include <iostream>

#include "experiments/cli/common.h"

namespace bao::cli {

int cmd_learn_eval(const std::vector<std::string>&) {
  std::cerr << "bao learn-eval: not implemented yet\n";
  return kExitUsage;
}

}  // namespace bao::cli
