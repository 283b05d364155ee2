// Helpers shared by the tests: test data files and building positions from rows.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

// A row of tests/data/game1994-positions.tsv: the ply ("1S"), the move, the legal moves
// before it and the position after it (row 0: the start, with empty move and legal).
struct GameRow {
  std::string ply, move, legal, position;
};

inline std::vector<GameRow> read_game1994_rows() {
  std::istringstream in(read_data("game1994-positions.tsv"));
  std::vector<GameRow> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    GameRow r;
    std::istringstream f(line);
    std::getline(f, r.ply, '\t');
    std::getline(f, r.move, '\t');
    std::getline(f, r.legal, '\t');
    std::getline(f, r.position, '\t');
    rows.push_back(r);
  }
  return rows;
}

}  // namespace bao::test
