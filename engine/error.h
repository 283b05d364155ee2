// InputError: every malformed or illegal input (position string, move text, game
// record, option value) is reported with this exception. Its message names what was
// wrong and where; command-line front ends print it and exit with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace bao {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace bao
