// The game Maulidi v Kijumbe, Zanzibar 1994 (de Voogt), replayed ply by ply against
// tests/data/game1994-positions.tsv: the move, the legal moves before it and the
// position after it; North wins when South resigns.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "test_util.h"

namespace bao {
namespace {

using Row = test::GameRow;

std::vector<Row> read_rows() { return test::read_game1994_rows(); }

TEST(Game1994, EveryPlyMatchesTheDataFile) {
  const std::vector<Row> rows = read_rows();
  ASSERT_EQ(rows.size(), 47u);  // the start and 46 plies
  const GameRecord g = read_game(test::read_data("game1994.txt"), "game1994.txt", Rules{}, false);
  EXPECT_EQ(format_position(g.start), rows[0].position);
  ASSERT_EQ(g.plies.size(), rows.size() - 1);
  for (std::size_t i = 0; i < g.plies.size(); ++i) {
    const GamePly& p = g.plies[i];
    const Row& r = rows[i + 1];
    SCOPED_TRACE("ply " + r.ply);
    EXPECT_EQ(ply_label(p.number, p.side), r.ply);
    EXPECT_EQ(format_moves(p.legal, p.side), r.legal);
    EXPECT_EQ(format_move(p.move, p.side), r.move);
    EXPECT_EQ(format_position(p.after), r.position);
  }
  EXPECT_EQ(g.result, Outcome::NorthWins);
  EXPECT_EQ(g.reason, "South resigns");
}

TEST(Game1994, ReplayFromTheTableAlone) {
  // Independent of the record reader: play each canonical move of the table on the
  // position before it and compare the generator's list and the position after.
  const std::vector<Row> rows = read_rows();
  const Rules rules;
  Position p = parse_position(rows[0].position, Variant::Kiswahili);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    SCOPED_TRACE("ply " + rows[i].ply);
    MoveList legal;
    generate_moves(p, rules, legal);
    ASSERT_EQ(format_moves(legal, p.side), rows[i].legal);
    const Move m = parse_move(rows[i].move, p, rules, "ply " + rows[i].ply);
    ASSERT_EQ(format_move(m, p.side), rows[i].move);
    p = apply_move(p, m, rules);
    ASSERT_EQ(format_position(p), rows[i].position);
  }
}

}  // namespace
}  // namespace bao
