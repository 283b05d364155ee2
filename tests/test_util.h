// Helpers shared by the tests: test data files and building positions from rows.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/position.h"
#include "search/random_tree.h"

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

// MAX's decision at the root s of any game (search/game.h): the child with the highest
// value(child), the first of equals; index -1 when s has no child. For the brute-force
// definitions the searchers are tested against.
template <class V>
struct RootChoice {
  V value{};
  int index = -1;
};
template <class G, class Value>
auto root_choice(const G& g, const typename G::State& s, Value&& value) {
  using V = decltype(value(s));
  RootChoice<V> r;
  typename G::Children ch;
  g.children(s, ch);
  for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
    const V v = value(ch[i].pos);
    if (i == 0 || v > r.value) r = {v, i};
  }
  return r;
}

// Positions along seeded random games of variant v (a position taken at about one ply in
// seven), `count` of them: the same for the same seed.
inline std::vector<Position> bao_positions(Variant v, int count, std::uint64_t seed) {
  Rules rules;
  rules.variant = v;
  std::vector<Position> out;
  std::uint64_t x = seed;
  while (static_cast<int>(out.size()) < count) {
    Position p = start_position(v);
    for (int ply = 0;; ++ply) {
      MoveList moves;
      generate_moves(p, rules, moves);
      if (moves.empty()) break;
      x = search::tree_mix(x + 1);
      if (ply % 7 == static_cast<int>(x % 7) && static_cast<int>(out.size()) < count) out.push_back(p);
      p = apply_move(p, moves[x % moves.size()], rules);
    }
  }
  return out;
}

}  // namespace bao::test
