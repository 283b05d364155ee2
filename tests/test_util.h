// Helpers shared by the tests: test data files and building positions from rows.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "engine/notation.h"
#include "engine/position.h"

namespace bao::test {

inline std::string data_path(const std::string& name) { return std::string(BAO_TEST_DATA) + "/" + name; }

inline std::string read_data(const std::string& name) {
  std::ifstream in(data_path(name));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace bao::test
