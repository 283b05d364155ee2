// Perft regression: the published counts from both starts (tests/data/perft-start.tsv)
// and deeper counts frozen from this engine, which also match a mid-game mtaji
// position. A change to move generation that alters any of them is a rules change.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "test_util.h"

namespace bao {
namespace {

Rules rules_for(Variant v) {
  Rules r;
  r.variant = v;
  return r;
}

TEST(Perft, PublishedCountsFromBothStarts) {
  std::istringstream in(test::read_data("perft-start.tsv"));
  std::string line;
  std::getline(in, line);  // header
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string variant;
    int depth = 0;
    std::uint64_t count = 0;
    f >> variant >> depth >> count;
    const Variant v = parse_variant(variant);
    EXPECT_EQ(perft(start_position(v), rules_for(v), depth), count) << variant << " depth " << depth;
    ++rows;
  }
  EXPECT_EQ(rows, 12);
}

// Frozen from this engine (bao perft), beyond the published depth 6.
TEST(Perft, DeeperFrozenCounts) {
  const Rules kis = rules_for(Variant::Kiswahili), kuj = rules_for(Variant::Kujifunza);
  EXPECT_EQ(perft(start_position(Variant::Kiswahili), kis, 8), 23270u);
  EXPECT_EQ(perft(start_position(Variant::Kiswahili), kis, 10), 494462u);
  EXPECT_EQ(perft(start_position(Variant::Kujifunza), kuj, 7), 84200u);
  // A mid-game mtaji position (both hands empty) from a seeded random game.
  const Position mid =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  EXPECT_EQ(perft(mid, kis, 5), 2192u);
  EXPECT_EQ(perft(mid, kis, 6), 7789u);
}

TEST(Perft, DivideSumsToTheTotal) {
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    const Rules r = rules_for(v);
    const Position p = start_position(v);
    ChildList children;
    generate_children(p, r, children);
    std::uint64_t sum = 0;
    for (const Child& c : children) sum += perft(c.pos, r, 4);
    EXPECT_EQ(sum, perft(p, r, 5));
  }
}

TEST(Perft, ChildrenEqualApplyMove) {
  // generate_children's positions are those apply_move gives for the same moves.
  const Rules r;
  const Position p =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  ChildList children;
  generate_children(p, r, children);
  ASSERT_FALSE(children.empty());
  for (const Child& c : children) EXPECT_TRUE(apply_move(p, c.move, r) == c.pos) << format_move(c.move, p.side);
}

}  // namespace
}  // namespace bao
