// Perft regression: the published counts from both starts (tests/data/perft-start.tsv)
// and deeper counts frozen from this engine, which also match a mid-game mtaji
// position. A change to move generation that alters any of them is a rules change.
// perft's per-move counts (what `bao perft --divide` prints) are checked against a plain
// count through generate_moves and apply_move.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
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

// perft counted the plain way, through generate_moves and apply_move alone: none of
// perft's shortcuts (the positions of generate_children, count_legal_moves at the last
// ply, which plays candidates without building the children).
std::uint64_t plain_perft(const Position& p, const Rules& r, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_moves(p, r, moves);
  std::uint64_t n = 0;
  for (const Move& m : moves) n += plain_perft(apply_move(p, m, r), r, depth - 1);
  return n;
}

// `bao perft --divide` prints, for each child of generate_children, the move and
// perft(child, depth - 1). Each count must be the plain count below the same move.
TEST(Perft, DivideCountsMatchAPlainCountPerMove) {
  struct Case {
    Variant variant;
    Position position;
    int depth;
  };
  const Position mid =
      parse_position("1,0,2,3,2,2,1,0/3,3,0,0,0,0,4,2/3,2,2,9,2,4,1,2/1,0,4,3,0,5,3,0 S 0,0 -- -", Variant::Kiswahili);
  const Position namua = parse_position(
      "0,0,3,0,12,1,0,0/0,0,0,0,0,1,1,1/0,1,4,1,10,0,0,1/0,0,0,0,0,0,0,0 S 14,14 Aa -", Variant::Kiswahili);
  for (const Case& c : {Case{Variant::Kiswahili, start_position(Variant::Kiswahili), 8},
                        Case{Variant::Kujifunza, start_position(Variant::Kujifunza), 5},
                        Case{Variant::Kiswahili, namua, 4}, Case{Variant::Kiswahili, mid, 5}}) {
    SCOPED_TRACE(format_position(c.position) + " depth " + std::to_string(c.depth));
    const Rules r = rules_for(c.variant);
    ChildList children;
    generate_children(c.position, r, children);
    MoveList moves;
    generate_moves(c.position, r, moves);
    ASSERT_EQ(children.size(), moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      EXPECT_EQ(children[i].move, moves[i]);
      EXPECT_EQ(perft(children[i].pos, r, c.depth - 1),
                plain_perft(apply_move(c.position, moves[i], r), r, c.depth - 1))
          << format_move(moves[i], c.position.side);
    }
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
