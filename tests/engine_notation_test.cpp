// The text formats of spec/notation.md: position strings (reading, errors, canonical
// printing), move text (canonical printing, lenient reading, rejections) and game
// records (reading, errors naming line and move, writing and reading back).
#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "test_util.h"

namespace bao {
namespace {

constexpr const char* kKiswahiliStart = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -";
constexpr const char* kKujifunzaStart = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -";
// The kiswahili start after 1S A7L*: North to move, legal a5L a5R.
constexpr const char* kNorthToMove = "0,0,0,1,7,3,0,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 N 21,22 Aa -";
// All 64 seeds in South's front row: North's front row is empty, the game is over.
constexpr const char* kNorthRowEmpty = "8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 -- -";

// Runs f, which must throw InputError whose message contains every one of `parts`.
void check_input_error(const std::function<void()>& f, std::initializer_list<std::string_view> parts) {
  try {
    f();
  } catch (const InputError& e) {
    const std::string msg = e.what();
    for (std::string_view part : parts)
      EXPECT_TRUE(msg.find(part) != std::string::npos) << "message lacks '" << part << "': " << msg;
    return;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw a non-InputError exception: " << e.what();
    return;
  }
  ADD_FAILURE() << "no InputError thrown";
}

#define EXPECT_INPUT_ERROR(statement, ...)                        \
  do {                                                            \
    SCOPED_TRACE(#statement);                                     \
    check_input_error([&] { (void)(statement); }, {__VA_ARGS__}); \
  } while (0)

// The rows of tests/data/game1994-positions.tsv: ply label -> move, legal, position after.
using Row = test::GameRow;

const std::vector<Row>& game_rows() {
  static const std::vector<Row> rows = test::read_game1994_rows();
  return rows;
}

// The position string before ply `label` ("3S") of the 1994 game.
std::string before(const std::string& label) {
  const auto& rows = game_rows();
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i].ply == label) return rows[i - 1].position;
  ADD_FAILURE() << "no ply " << label << " in game1994-positions.tsv";
  return kKiswahiliStart;
}

Position kis(std::string_view s) { return parse_position(s, Variant::Kiswahili); }
Position kuj(std::string_view s) { return parse_position(s, Variant::Kujifunza); }

// parse_move in the kiswahili rules, printed canonically.
std::string read_move(std::string_view text, const std::string& position, std::string_view where = "move 1S") {
  const Position p = kis(position);
  return format_move(parse_move(text, p, Rules{}, where), p.side);
}

GameRecord read(std::string_view text, const Rules& rules = Rules{}, bool variant_given = false) {
  return read_game(text, "game.txt", rules, variant_given);
}

std::vector<std::string> ply_texts(const GameRecord& g) {
  std::vector<std::string> out;
  for (const GamePly& p : g.plies) out.push_back(ply_label(p.number, p.side) + " " + format_move(p.move, p.side));
  return out;
}

// ---------------------------------------------------------------------------------------
// Position strings: errors.

TEST(NotationPositionErrors, WrongFieldCount) {
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa"), "5 fields",
                     "found 4");
  EXPECT_INPUT_ERROR(kis(std::string(kKiswahiliStart) + " x"), "5 fields", "found 6");
  // Fields are separated by single spaces: a double space makes an empty field.
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S  22,22 Aa -"), "5 fields",
                     "found 6");
  EXPECT_INPUT_ERROR(kis(""), "5 fields", "found 1");
  EXPECT_INPUT_ERROR(kis("garbage"), "5 fields", "'garbage'");
}

TEST(NotationPositionErrors, CountNotANumber) {
  EXPECT_INPUT_ERROR(kis("0,0,x,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"),
                     "field 1 (board)", "row A pit 3", "'x'");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,-1 S 22,22 Aa -"),
                     "field 1 (board)", "row b pit 8", "'-1'");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"),
                     "field 1 (board)", "row a pit 2", "''");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 2x,22 Aa -"),
                     "field 3 (hands)", "South", "'2x'");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,two Aa -"),
                     "field 3 (hands)", "North", "'two'");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22.0 Aa -"),
                     "field 3 (hands)", "North", "'22.0'");
}

TEST(NotationPositionErrors, BoardShape) {
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0 S 22,22 Aa -"), "field 1 (board)", "4 rows",
                     "found 3");
  EXPECT_INPUT_ERROR(
      kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"),
      "field 1 (board)", "4 rows", "found 5");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"),
                     "field 1 (board)", "row B", "8 counts", "found 7");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"),
                     "field 1 (board)", "row a", "8 counts", "found 9");
}

TEST(NotationPositionErrors, SideToMove) {
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 W 22,22 Aa -"),
                     "field 2 (side to move)", "S or N", "'W'");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 s 22,22 Aa -"),
                     "field 2 (side to move)", "'s'");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 South 22,22 Aa -"),
                     "field 2 (side to move)", "'South'");
}

TEST(NotationPositionErrors, SeedTotal) {
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,21 Aa -"), "63",
                     "expected 64");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,1/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"), "65",
                     "expected 64");
  EXPECT_INPUT_ERROR(kuj("2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,0 S 0,0 -- -"), "62",
                     "expected 64");
}

TEST(NotationPositionErrors, HandAbove22) {
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 23,21 Aa -"),
                     "field 3 (hands)", "South", "23", "22");
  EXPECT_INPUT_ERROR(kis("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 0,44 Aa -"),
                     "field 3 (hands)", "North", "44", "22");
  // The reader's own limit: no hand of 22 in kujifunza either.
  EXPECT_INPUT_ERROR(kuj("2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,0,0 S 2,2 -- -"),
                     "field 3 (hands)", "South", "kujifunza");
}

TEST(NotationPositionErrors, HandsMalformed) {
  const std::string board = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S ";
  EXPECT_INPUT_ERROR(kis(board + "44 Aa -"), "field 3 (hands)", "'44'");
  EXPECT_INPUT_ERROR(kis(board + "22,22,0 Aa -"), "field 3 (hands)", "'22,22,0'");
  EXPECT_INPUT_ERROR(kis(board + "22;22 Aa -"), "field 3 (hands)", "'22;22'");
  EXPECT_INPUT_ERROR(kis(board + ",44 Aa -"), "field 3 (hands)", "South", "''");
}

TEST(NotationPositionErrors, Houses) {
  const std::string head = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 ";
  EXPECT_INPUT_ERROR(kis(head + "aA -"), "field 4 (houses)", "'aA'");
  EXPECT_INPUT_ERROR(kis(head + "AA -"), "field 4 (houses)", "'AA'");
  EXPECT_INPUT_ERROR(kis(head + "Aa- -"), "field 4 (houses)", "'Aa-'");
  EXPECT_INPUT_ERROR(kis(head + "- -"), "field 4 (houses)", "'-'");
  // A house marked owned in kujifunza, which has no houses.
  const std::string kuj_head = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 ";
  EXPECT_INPUT_ERROR(kuj(kuj_head + "A- -"), "field 4 (houses)", "'A-'", "kujifunza");
  EXPECT_INPUT_ERROR(kuj(kuj_head + "-a -"), "field 4 (houses)", "'-a'", "kujifunza");
  EXPECT_INPUT_ERROR(kuj(kuj_head + "Aa -"), "field 4 (houses)", "'Aa'", "kujifunza");
  // The same string is fine in kiswahili (with seeds in hand the total would be off, so
  // use a mtaji position).
  EXPECT_NO_THROW(kis(kuj_head + "Aa -"));
}

TEST(NotationPositionErrors, TakasiaMark) {
  const std::string south = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- ";
  const std::string north = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 0,0 -- ";
  // A pit of the other side, a back pit, pits outside 1..8, malformed marks.
  EXPECT_INPUT_ERROR(kis(south + "a3"), "field 5 (takasia)", "A1..A8", "'a3'");
  EXPECT_INPUT_ERROR(kis(north + "A3"), "field 5 (takasia)", "a1..a8", "'A3'");
  EXPECT_INPUT_ERROR(kis(south + "B3"), "field 5 (takasia)", "'B3'");
  EXPECT_INPUT_ERROR(kis(north + "b6"), "field 5 (takasia)", "'b6'");
  EXPECT_INPUT_ERROR(kis(south + "A9"), "field 5 (takasia)", "'A9'");
  EXPECT_INPUT_ERROR(kis(south + "A0"), "field 5 (takasia)", "'A0'");
  EXPECT_INPUT_ERROR(kis(south + "A"), "field 5 (takasia)", "'A'");
  EXPECT_INPUT_ERROR(kis(south + "A33"), "field 5 (takasia)", "'A33'");
  EXPECT_INPUT_ERROR(kis(south + "3"), "field 5 (takasia)", "'3'");
  EXPECT_INPUT_ERROR(kis(south + "--"), "field 5 (takasia)", "'--'");
  // Kujifunza has no takasia.
  EXPECT_INPUT_ERROR(kuj(south + "A3"), "field 5 (takasia)", "'A3'", "kujifunza");
  // A front pit of the side to move is read and printed back.
  EXPECT_EQ(format_position(kis(south + "A3")), south + "A3");
  EXPECT_EQ(format_position(kis(north + "a6")), north + "a6");
  EXPECT_EQ(format_position(kis(north + "a1")), north + "a1");
  EXPECT_EQ(format_position(kis(south + "A8")), south + "A8");
}

// ---------------------------------------------------------------------------------------
// Position strings: canonical printing and round trips.

TEST(NotationPosition, StartsReadAsTheStartPositions) {
  EXPECT_EQ(kis(kKiswahiliStart), start_position(Variant::Kiswahili));
  EXPECT_EQ(kuj(kKujifunzaStart), start_position(Variant::Kujifunza));
  EXPECT_EQ(format_position(start_position(Variant::Kiswahili)), kKiswahiliStart);
  EXPECT_EQ(format_position(start_position(Variant::Kujifunza)), kKujifunzaStart);
}

TEST(NotationPosition, RoundTripsTheStarts) {
  EXPECT_EQ(format_position(kis(kKiswahiliStart)), kKiswahiliStart);
  EXPECT_EQ(format_position(kuj(kKujifunzaStart)), kKujifunzaStart);
  // Surrounding whitespace is not part of the string.
  EXPECT_EQ(format_position(kis(std::string("  ") + kKiswahiliStart + "\n")), kKiswahiliStart);
}

TEST(NotationPosition, RoundTripsEveryPositionOfThe1994Game) {
  const auto& rows = game_rows();
  ASSERT_EQ(rows.size(), 47u);
  for (const Row& r : rows) {
    SCOPED_TRACE("ply " + r.ply);
    EXPECT_EQ(format_position(kis(r.position)), r.position);
  }
}

TEST(NotationPosition, FieldsReadIntoThePosition) {
  const Position p =
      kis(before("23N"));  // "1,0,2,6,19,1,0,0/1,1,1,1,1,2,0,2/1,0,7,1,0,0,0,0/1,2,5,1,4,1,2,1 N 0,0 -- -"
  EXPECT_EQ(p.side, North);
  EXPECT_EQ(p.hand[0], 0);
  EXPECT_EQ(p.hand[1], 0);
  EXPECT_FALSE(p.owns_house(South));
  EXPECT_FALSE(p.owns_house(North));
  EXPECT_EQ(p.takasia, kNoPit);
  EXPECT_EQ(p.pits[South][4], 19);         // A5
  EXPECT_EQ(p.pits[South][kRing - 6], 2);  // B6
  EXPECT_EQ(p.pits[North][2], 7);          // a3
  EXPECT_EQ(p.pits[North][kRing - 1], 1);  // b1
  EXPECT_EQ(p.pits[North][kRing - 5], 4);  // b5
  EXPECT_EQ(p.key, p.compute_key());
  const Position q = kis(before("12S"));  // houses -a
  EXPECT_FALSE(q.owns_house(South));
  EXPECT_TRUE(q.owns_house(North));
}

TEST(NotationPosition, PitNames) {
  EXPECT_EQ(pit_name(South, 0), "A1");
  EXPECT_EQ(pit_name(South, 4), "A5");
  EXPECT_EQ(pit_name(South, 7), "A8");
  EXPECT_EQ(pit_name(South, 8), "B8");
  EXPECT_EQ(pit_name(South, 15), "B1");
  EXPECT_EQ(pit_name(North, 2), "a3");
  EXPECT_EQ(pit_name(North, 13), "b3");
}

TEST(NotationPosition, BoardDiagramShowsRowsNorthOnTop) {
  const std::string board = format_board(start_position(Variant::Kiswahili), Rules{});
  const auto row_at = [&](const std::string& label) { return board.find("\n  " + label + " "); };
  ASSERT_NE(row_at("b"), std::string::npos) << board;
  ASSERT_NE(row_at("a"), std::string::npos) << board;
  ASSERT_NE(row_at("A"), std::string::npos) << board;
  ASSERT_NE(row_at("B"), std::string::npos) << board;
  EXPECT_LT(row_at("b"), row_at("a"));
  EXPECT_LT(row_at("a"), row_at("A"));
  EXPECT_LT(row_at("A"), row_at("B"));
  EXPECT_NE(board.find("[6]"), std::string::npos) << board;  // the owned houses
  EXPECT_NE(board.find(kKiswahiliStart), std::string::npos) << board;
}

// ---------------------------------------------------------------------------------------
// Moves: canonical printing.

TEST(NotationMoveFormat, CanonicalForms) {
  EXPECT_EQ(format_move(Move{6, 0, Move::kTakasa, 0}, South), "A7L*");   // namua takasa
  EXPECT_EQ(format_move(Move{5, 1, Move::kSafari, 0}, North), "a6R>");   // namua capture, safari
  EXPECT_EQ(format_move(Move{5, 1, 0, 0}, North), "a6R");                // the same, stopping
  EXPECT_EQ(format_move(Move{1, 0, 0, 0}, South), "A2L");                // capture at kichwa L
  EXPECT_EQ(format_move(Move{7, 1, 0, 0}, South), "A8R");                // capture at kichwa R
  EXPECT_EQ(format_move(Move{13, 0, 0, 0}, North), "b3L");               // mtaji, back row
  EXPECT_EQ(format_move(Move{13, 0, 0, 0}, South), "B3L");               //
  EXPECT_EQ(format_move(Move{10, 1, 0, 0}, South), "B6R");               //
  EXPECT_EQ(format_move(Move{15, 1, Move::kTakasa, 0}, North), "b1R*");  // mtaji takasa
  EXPECT_EQ(format_move(Move{4, 0, Move::kTakasa, 0}, South), "A5L*");   //
  EXPECT_EQ(format_moves(MoveList{}, South), "");
}

TEST(NotationMoveFormat, LegalListsAreCanonicalAndSorted) {
  MoveList moves;
  generate_moves(start_position(Variant::Kiswahili), Rules{}, moves);
  EXPECT_EQ(format_moves(moves, South), "A6L* A6R* A7L* A7R*");
  const Position p = kis(before("3N"));
  generate_moves(p, Rules{}, moves);
  EXPECT_EQ(format_moves(moves, North), "a6L a6R a6R> a8R a8R>");
  const Position q = kis(before("23N"));
  generate_moves(q, Rules{}, moves);
  EXPECT_EQ(format_moves(moves, North), "b3L");
}

// ---------------------------------------------------------------------------------------
// Moves: lenient reading.

TEST(MoveTextReading, CanonicalTextReadsBackForEveryLegalMoveOfTheGame) {
  const auto& rows = game_rows();
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const Position p = kis(rows[i - 1].position);
    MoveList legal;
    generate_moves(p, Rules{}, legal);
    for (const Move& m : legal) {
      const std::string text = format_move(m, p.side);
      SCOPED_TRACE("before ply " + rows[i].ply + ": " + text);
      EXPECT_EQ(parse_move(text, p, Rules{}, "move " + rows[i].ply), m);
    }
  }
}

TEST(MoveTextReading, TakasaMarkMayBeMissingSpacedOrDoubled) {
  EXPECT_EQ(read_move("A7L*", kKiswahiliStart), "A7L*");
  EXPECT_EQ(read_move("A7L", kKiswahiliStart), "A7L*");
  EXPECT_EQ(read_move("A7L *", kKiswahiliStart), "A7L*");
  EXPECT_EQ(read_move("A7L**", kKiswahiliStart), "A7L*");
  EXPECT_EQ(read_move(" A6R* ", kKiswahiliStart), "A6R*");
  const std::string p = before("8S");  // A2L* A2R* A3L* A3R* A7L* A7R*
  EXPECT_EQ(read_move("A2R", p), "A2R*");
  EXPECT_EQ(read_move("A2R *", p), "A2R*");
  EXPECT_EQ(read_move("A2R **", p), "A2R*");
  EXPECT_EQ(read_move("A7R**", p), "A7R*");
  // A `*` written on a capture move does not matter: the position decides.
  EXPECT_EQ(read_move("A2L*", before("3S")), "A2L");
}

TEST(MoveTextReading, SafariMarkInEitherOrder) {
  const std::string p = before("3N");  // a6L a6R a6R> a8R a8R>
  EXPECT_EQ(read_move("a6R>", p), "a6R>");
  EXPECT_EQ(read_move("a6R>*", p), "a6R>");
  EXPECT_EQ(read_move("a6R*>", p), "a6R>");
  EXPECT_EQ(read_move("a6R >", p), "a6R>");
  // Without `>` the move stops at the house.
  EXPECT_EQ(read_move("a6R", p), "a6R");
  EXPECT_EQ(read_move("a6L", p), "a6L");
  EXPECT_EQ(read_move("a8R>", p), "a8R>");
}

TEST(MoveTextReading, DirectionLeftOutWhereOnlyOneMoveFits) {
  EXPECT_EQ(read_move("A2", before("3S")), "A2L");
  EXPECT_EQ(read_move("a1", before("5N")), "a1L");
  EXPECT_EQ(read_move("a2", before("12N")), "a2L");
  EXPECT_EQ(read_move("a8", before("3N")), "a8R");
  EXPECT_EQ(read_move("a8>", before("3N")), "a8R>");
  EXPECT_EQ(read_move("A8", before("12S")), "A8R");
  // In the mtaji stage too.
  EXPECT_EQ(read_move("b3", before("23N")), "b3L");
  EXPECT_EQ(read_move("A2", before("23S")), "A2R");
}

TEST(MoveTextReading, EitherLetterAtAForcedKichwa) {
  EXPECT_EQ(read_move("A2R", before("3S")), "A2L");  // the record's "3: A2R"
  EXPECT_EQ(read_move("A1R", before("4S")), "A1L");
  EXPECT_EQ(read_move("a1R", before("5N")), "a1L");
  EXPECT_EQ(read_move("A8L", before("12S")), "A8R");
  EXPECT_EQ(read_move("A2R", before("12S")), "A2L");
  EXPECT_EQ(read_move("A7L", before("22S")), "A7R");
  EXPECT_EQ(read_move("a8L", before("3N")), "a8R");
  EXPECT_EQ(read_move("a8L>", before("3N")), "a8R>");
  EXPECT_EQ(read_move("A7L", before("7S")), "A7R");
  EXPECT_EQ(read_move("A7L>", before("7S")), "A7R>");
}

TEST(MoveTextReading, RowLetterLeftOutInTheNamuaStage) {
  EXPECT_EQ(read_move("7L*", kKiswahiliStart), "A7L*");
  EXPECT_EQ(read_move("6R", kKiswahiliStart), "A6R*");
  EXPECT_EQ(read_move("5R", kNorthToMove), "a5R");  // the side to move's front pit
  EXPECT_EQ(read_move("2R", before("3S")), "A2L");  // with a forced kichwa
  EXPECT_EQ(read_move("2", before("12N")), "a2L");
  EXPECT_EQ(read_move("6R>", before("3N")), "a6R>");
}

TEST(MoveTextRejects, NoLegalMoveMatches) {
  const Position start = kis(kKiswahiliStart);
  EXPECT_INPUT_ERROR(parse_move("A8L*", start, Rules{}, "move 1S"), "move 1S", "'A8L*'", "no legal move",
                     "A6L* A6R* A7L* A7R*");
  EXPECT_INPUT_ERROR(parse_move("A5L*", start, Rules{}, "move 1S"), "move 1S", "'A5L*'", "A6L* A6R* A7L* A7R*");
  // A takasa move has no safari.
  EXPECT_INPUT_ERROR(parse_move("A7L>", start, Rules{}, "move 1S"), "move 1S", "'A7L>'", "A6L* A6R* A7L* A7R*");
  // A back pit in the namua stage.
  EXPECT_INPUT_ERROR(parse_move("B7L", start, Rules{}, "move 1S"), "move 1S", "'B7L'", "A6L* A6R* A7L* A7R*");
  // No safari where the move does not reach the house choice.
  const Position p3n = kis(before("3N"));
  EXPECT_INPUT_ERROR(parse_move("a6L>", p3n, Rules{}, "move 3N"), "move 3N", "'a6L>'", "a6L a6R a6R> a8R a8R>");
  // In the mtaji stage a wrong letter is a different move, not a forced kichwa.
  const Position p23n = kis(before("23N"));
  EXPECT_INPUT_ERROR(parse_move("b3R", p23n, Rules{}, "move 23N"), "move 23N", "'b3R'", "legal: b3L");
  EXPECT_INPUT_ERROR(parse_move("a3L", p23n, Rules{}, "move 23N"), "move 23N", "'a3L'", "legal: b3L");
  const Position p23s = kis(before("23S"));
  EXPECT_INPUT_ERROR(parse_move("A2L", p23s, Rules{}, "move 23S"), "move 23S", "'A2L'", "legal: A2R");
  // A pit with no legal move.
  const Position p12s = kis(before("12S"));  // A2L A3L A3R A4L A4R A8R
  EXPECT_INPUT_ERROR(parse_move("A5L", p12s, Rules{}, "move 12S"), "move 12S", "'A5L'", "A2L A3L A3R A4L A4R A8R");
}

TEST(MoveTextRejects, NoLegalMovesAtAll) {
  const Position p = kis(kNorthRowEmpty);
  EXPECT_INPUT_ERROR(parse_move("A1L", p, Rules{}, "move 9S"), "move 9S", "'A1L'", "none");
}

TEST(MoveTextRejects, Ambiguous) {
  const Position start = kis(kKiswahiliStart);
  EXPECT_INPUT_ERROR(parse_move("A7", start, Rules{}, "move 1S"), "move 1S", "'A7'", "ambiguous", "A7L* A7R*");
  EXPECT_INPUT_ERROR(parse_move("6*", start, Rules{}, "move 1S"), "move 1S", "'6*'", "ambiguous", "A6L* A6R*");
  EXPECT_INPUT_ERROR(parse_move("A3", kis(before("5S")), Rules{}, "move 5S"), "move 5S", "ambiguous", "A3L A3R");
  EXPECT_INPUT_ERROR(parse_move("a6", kis(before("3N")), Rules{}, "move 3N"), "move 3N", "ambiguous", "a6L a6R");
  EXPECT_INPUT_ERROR(parse_move("A4", kis(before("12S")), Rules{}, "move 12S"), "move 12S", "ambiguous", "A4L A4R");
}

TEST(MoveTextRejects, RowLetterOfTheOtherSide) {
  const Position start = kis(kKiswahiliStart);
  EXPECT_INPUT_ERROR(parse_move("a7L*", start, Rules{}, "move 1S"), "move 1S", "'a7L*'", "North", "South is to move",
                     "A6L* A6R* A7L* A7R*");
  EXPECT_INPUT_ERROR(parse_move("b7L", start, Rules{}, "move 1S"), "move 1S", "'b7L'", "South is to move");
  const Position north = kis(kNorthToMove);
  EXPECT_INPUT_ERROR(parse_move("A5R", north, Rules{}, "move 1N"), "move 1N", "'A5R'", "North is to move", "a5L a5R");
  EXPECT_INPUT_ERROR(parse_move("B3L", kis(before("23N")), Rules{}, "move 23N"), "move 23N", "'B3L'",
                     "North is to move", "b3L");
}

TEST(MoveTextRejects, NoRowLetterInTheMtajiStage) {
  EXPECT_INPUT_ERROR(parse_move("3L", kis(before("23N")), Rules{}, "move 23N"), "move 23N", "'3L'", "row letter",
                     "namua", "b3L");
  EXPECT_INPUT_ERROR(parse_move("2R", kis(before("23S")), Rules{}, "move 23S"), "move 23S", "'2R'", "row letter",
                     "A2R");
}

TEST(MoveTextRejects, Garbage) {
  const Position start = kis(kKiswahiliStart);
  for (const char* text : {"", "x", "hello", "A", "A9L", "A0L", "A77L", "A7Lx", "A7l*", "A7L*L", "7 L", "A-7L", "**",
                           "resigns", "A7L*;"}) {
    SCOPED_TRACE(text);
    EXPECT_INPUT_ERROR(parse_move(text, start, Rules{}, "move 1S"), "move 1S", std::string("'") + text + "'",
                       "A6L* A6R* A7L* A7R*");
  }
}

// ---------------------------------------------------------------------------------------
// Game records: reading.

TEST(RecordRead, The1994Record) {
  const GameRecord g = read(test::read_data("game1994.txt"));
  ASSERT_EQ(g.plies.size(), 46u);
  EXPECT_EQ(g.result, Outcome::NorthWins);
  EXPECT_EQ(g.reason, "South resigns");
  EXPECT_EQ(g.rules.variant, Variant::Kiswahili);
  EXPECT_EQ(format_position(g.start), kKiswahiliStart);
  const std::vector<std::pair<std::string, std::string>> headers = {{"South", "Maulidi"},     {"North", "Kijumbe"},
                                                                    {"place", "Zanzibar"},    {"date", "11-10-94"},
                                                                    {"variant", "kiswahili"}, {"winner", "North"}};
  EXPECT_EQ(g.headers, headers);
  EXPECT_EQ(ply_label(g.plies[0].number, g.plies[0].side), "1S");
  EXPECT_EQ(ply_label(g.plies[45].number, g.plies[45].side), "23N");
  EXPECT_EQ(format_position(g.final_position()), game_rows().back().position);
  // Record texts resolved to canonical moves: "A2R" -> A2L, "a3R *" -> a3R*, "a2" -> a2L.
  EXPECT_EQ(format_move(g.plies[4].move, South), "A2L");
  EXPECT_EQ(format_move(g.plies[19].move, North), "a3R*");
  EXPECT_EQ(format_move(g.plies[23].move, North), "a2L");
}

TEST(RecordRead, NoMovesGivesTheStart) {
  const GameRecord g = read("South: x\nNorth: y\n");
  EXPECT_TRUE(g.plies.empty());
  EXPECT_EQ(g.result, Outcome::Ongoing);
  EXPECT_EQ(format_position(g.final_position()), kKiswahiliStart);
  const GameRecord e = read("");
  EXPECT_TRUE(e.plies.empty());
  EXPECT_TRUE(e.headers.empty());
  EXPECT_EQ(e.result, Outcome::Ongoing);
}

TEST(RecordRead, HeadersKeepFileOrderAndTrimValues) {
  const GameRecord g = read("event:   club match  \nround: 3\nSouth: A B\n1: A7L* a5R;\n");
  const std::vector<std::pair<std::string, std::string>> headers = {
      {"event", "club match"}, {"round", "3"}, {"South", "A B"}};
  EXPECT_EQ(g.headers, headers);
  EXPECT_EQ(g.plies.size(), 2u);
}

TEST(RecordRead, VariantHeader) {
  const GameRecord g = read("variant: kujifunza\n1: A1R;\n");
  EXPECT_EQ(g.rules.variant, Variant::Kujifunza);
  EXPECT_EQ(format_position(g.start), kKujifunzaStart);
  ASSERT_EQ(g.plies.size(), 1u);
  // The caller's variant is used without a header.
  Rules kujifunza;
  kujifunza.variant = Variant::Kujifunza;
  EXPECT_EQ(format_position(read("1: A1R;\n", kujifunza, true).start), kKujifunzaStart);
  // An agreeing header is fine when the variant is given.
  EXPECT_NO_THROW(read("variant: kujifunza\n1: A1R;\n", kujifunza, true));
}

TEST(RecordRead, PositionHeaderWithNorthToMove) {
  const std::string header = std::string("position: ") + kNorthToMove + "\n";
  for (const std::string first : {"1: ... a5R;\n", "1: a5R;\n", "1:  ...  a5R ;\n"}) {
    SCOPED_TRACE(first);
    const GameRecord g = read(header + first + "2: A6L* a5R;\n");
    EXPECT_EQ(format_position(g.start), kNorthToMove);
    const std::vector<std::string> plies = {"1N a5R", "2S A6L*", "2N a5R"};
    EXPECT_EQ(ply_texts(g), plies);
    EXPECT_EQ(format_position(g.final_position()), game_rows()[4].position);  // after 2N
  }
}

TEST(RecordRead, PositionHeaderWithSouthToMove) {
  // Move numbers start at 1 from any position.
  const GameRecord g = read(std::string("variant: kiswahili\nposition: ") + before("23S") + "\n1: A2R b3L;\n");
  const std::vector<std::string> plies = {"1S A2R", "1N b3L"};
  EXPECT_EQ(ply_texts(g), plies);
  EXPECT_EQ(format_position(g.final_position()), game_rows().back().position);
}

TEST(RecordRead, Resigns) {
  const GameRecord s = read("1: A7L* a5R;\n2: resigns;\n");
  EXPECT_EQ(s.plies.size(), 2u);
  EXPECT_EQ(s.result, Outcome::NorthWins);
  EXPECT_EQ(s.reason, "South resigns");
  const GameRecord n = read("1: A7L* resigns;\n");
  EXPECT_EQ(n.plies.size(), 1u);
  EXPECT_EQ(n.result, Outcome::SouthWins);
  EXPECT_EQ(n.reason, "North resigns");
  const GameRecord at_once = read("1: resigns;\n");
  EXPECT_TRUE(at_once.plies.empty());
  EXPECT_EQ(at_once.result, Outcome::NorthWins);
  const GameRecord north_first = read(std::string("position: ") + kNorthToMove + "\n1: ... resigns;\n");
  EXPECT_TRUE(north_first.plies.empty());
  EXPECT_EQ(north_first.result, Outcome::SouthWins);
  EXPECT_EQ(north_first.reason, "North resigns");
}

TEST(RecordRead, GameEndedByTheMoves) {
  const GameRecord g = read(std::string("position: ") + kNorthRowEmpty + "\n");
  EXPECT_EQ(g.result, Outcome::SouthWins);
  EXPECT_EQ(g.reason, "North's front row is empty");
  EXPECT_NO_THROW(read(std::string("winner: South\nposition: ") + kNorthRowEmpty + "\n"));
}

TEST(RecordRead, CommentsBlankLinesAndHashLines) {
  const std::string text =
      "# a comment line\n"
      "\n"
      "South: Maulidi   \n"
      "   # indented comment\n"
      "\n"
      "1: A7L* a5R; South opens; North answers: a5R\n"
      "\n"
      "# between moves\n"
      "  2: A6L* a5R ;\n"
      "3: A2R a6L;# comment without space\n";
  const GameRecord g = read(text);
  const std::vector<std::string> plies = {"1S A7L*", "1N a5R", "2S A6L*", "2N a5R", "3S A2L", "3N a6L"};
  EXPECT_EQ(ply_texts(g), plies);
  const std::vector<std::pair<std::string, std::string>> headers = {{"South", "Maulidi"}};
  EXPECT_EQ(g.headers, headers);
}

TEST(RecordRead, WindowsLineEndings) {
  const GameRecord g = read("South: x\r\n1: A7L* a5R;\r\n2: A6L* a5R;\r\n");
  EXPECT_EQ(g.plies.size(), 4u);
  ASSERT_EQ(g.headers.size(), 1u);
  EXPECT_EQ(g.headers[0].second, "x");
}

TEST(RecordRead, ByteOrderMark) {
  const GameRecord g = read(
      "\xef\xbb\xbf"
      "1: A7L* a5R;\n");
  EXPECT_EQ(g.plies.size(), 2u);
  EXPECT_TRUE(g.headers.empty());
  const GameRecord k = read(
      "\xef\xbb\xbf"
      "variant: kujifunza\n1: A1R;\n");
  EXPECT_EQ(k.rules.variant, Variant::Kujifunza);
  EXPECT_EQ(k.plies.size(), 1u);
  // On a later line too (files joined, found by fuzz_record): the header is 'variant'.
  const GameRecord j = read(
      "# c\n\xef\xbb\xbf"
      "variant: kujifunza\n1: A1R;\n");
  EXPECT_EQ(j.rules.variant, Variant::Kujifunza);
  EXPECT_EQ(j.headers.at(0).first, "variant");
}

TEST(RecordRead, LenientMovesInRecords) {
  // "a3R *" (space before *), "A2R" for a forced A2L, "a2" without direction, "**".
  const GameRecord g = read("position: " + before("10N") + "\n1: ... a3R *;\n2: A3L a4R;\n3: A4R a2;\n");
  const std::vector<std::string> plies = {"1N a3R*", "2S A3L", "2N a4R", "3S A4R", "3N a2L"};
  EXPECT_EQ(ply_texts(g), plies);
  const GameRecord h = read("position: " + before("3S") + "\n1: 2R a6L *;\n2: A1R a5R;\n");
  const std::vector<std::string> plies_h = {"1S A2L", "1N a6L", "2S A1L", "2N a5R"};
  EXPECT_EQ(ply_texts(h), plies_h);
}

// ---------------------------------------------------------------------------------------
// Game records: errors name the line and, for moves, the move number.

TEST(RecordErrors, WrongMoveNumber) {
  EXPECT_INPUT_ERROR(read("1: A7L* a5R;\n3: A6L* a5R;\n"), "game.txt", "line 2", "expected move number 2", "found 3");
  EXPECT_INPUT_ERROR(read("# c\n\n2: A7L* a5R;\n"), "line 3", "expected move number 1", "found 2");
  EXPECT_INPUT_ERROR(read("1: A7L* a5R;\n1: A6L* a5R;\n"), "line 2", "expected move number 2", "found 1");
  EXPECT_INPUT_ERROR(read("12345678901234567890: A7L*;\n"), "line 1", "expected move number 1",
                     "found 12345678901234567890");
}

TEST(RecordErrors, IllegalMove) {
  EXPECT_INPUT_ERROR(read("South: x\n1: A7L* a5R;\n2: A8L* a5R;\n"), "game.txt", "line 3", "move 2S", "'A8L*'",
                     "A6L* A6R*");
  EXPECT_INPUT_ERROR(read("1: A7L* a6R;\n"), "line 1", "move 1N", "'a6R'", "a5L a5R");
  EXPECT_INPUT_ERROR(read("1: A7L* a5R;\n2: A6 a5R;\n"), "line 2", "move 2S", "ambiguous", "A6L* A6R*");
  EXPECT_INPUT_ERROR(read("1: A7L* x;\n"), "line 1", "move 1N", "'x'", "a5L a5R");
  EXPECT_INPUT_ERROR(read("1: a7L*;\n"), "line 1", "move 1S", "'a7L*'");
}

TEST(RecordErrors, MoveAfterTheEnd) {
  EXPECT_INPUT_ERROR(read("1: A7L* a5R;\n2: resigns;\n3: A6L* a5R;\n"), "line 3", "after the end", "South resigns");
  EXPECT_INPUT_ERROR(read("1: A7L* a5R;\n2: resigns a5R;\n"), "line 2", "'a5R'", "after the end", "South resigns");
  EXPECT_INPUT_ERROR(read(std::string("position: ") + kNorthRowEmpty + "\n1: A1R;\n"), "line 2", "move 1S", "'A1R'",
                     "after the end", "North's front row is empty");
  // Both front rows occupied, but South has no pit of 2 or more: no legal move (8).
  EXPECT_INPUT_ERROR(read("variant: kujifunza\nposition: "
                          "1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 S 0,0 -- -\n1: A1R;\n"),
                     "line 3", "move 1S", "'A1R'", "after the end", "South has no legal move");
}

TEST(RecordErrors, HeaderAfterTheFirstMoveLine) {
  EXPECT_INPUT_ERROR(read("South: x\n1: A7L* a5R;\ndate: 1994\n2: A6L* a5R;\n"), "line 3", "header 'date'",
                     "after the first move line");
  EXPECT_INPUT_ERROR(read(std::string("1: A7L* a5R;\nposition: ") + kKiswahiliStart + "\n"), "line 2",
                     "header 'position'");
}

TEST(RecordErrors, TooManyMovesOnALine) {
  EXPECT_INPUT_ERROR(read("1: A7L* a5R A6L*;\n"), "line 1", "move 1", "3 moves", "at most 2");
  EXPECT_INPUT_ERROR(read(std::string("position: ") + kNorthToMove + "\n1: ... a5R A6L*;\n"), "line 2", "move 1",
                     "2 moves", "at most 1");
}

TEST(RecordErrors, MissingNorthMoveBeforeTheNextLine) {
  EXPECT_INPUT_ERROR(read("1: A7L*;\n2: A6L* a5R;\n"), "line 2", "move 1", "North");
}

TEST(RecordErrors, EllipsisOnlyWhenNorthMovesFirst) {
  EXPECT_INPUT_ERROR(read("1: ... A7L*;\n"), "line 1", "'...'");
  EXPECT_INPUT_ERROR(read(std::string("position: ") + kNorthToMove + "\n1: ... a5R;\n2: ... A6L*;\n"), "line 3",
                     "'...'");
}

TEST(RecordErrors, EmptyMoveAndMalformedLines) {
  EXPECT_INPUT_ERROR(read("1: ;\n"), "line 1", "move 1", "no move");
  EXPECT_INPUT_ERROR(read("1:\n"), "line 1", "move 1", "no move");
  EXPECT_INPUT_ERROR(read("South: x\nhello world\n"), "line 2", "'hello world'");
  EXPECT_INPUT_ERROR(read("1. A7L* a5R;\n"), "line 1", "'1. A7L* a5R;'");
}

// A mistyped move number is refused, not read as a header with its moves silently lost.
TEST(RecordErrors, LinesThatAreNeitherHeaderNorMoveLine) {
  EXPECT_INPUT_ERROR(read("l: A7L* a5R;\n"), "line 1", "'l: A7L* a5R;'", "neither a header", "nor a move line");
  EXPECT_INPUT_ERROR(read("1.: A7L* a5R;\n"), "line 1", "'1.: A7L* a5R;'", "neither");
  EXPECT_INPUT_ERROR(read("South: x\n: A7L* a5R;\n"), "line 2", "': A7L* a5R;'", "neither");
  EXPECT_INPUT_ERROR(read("1a: A7L*;\n"), "line 1", "neither");
  EXPECT_INPUT_ERROR(read("1: A7L* a5R;\nO2: A6L* a5R;\n"), "line 2", "header 'O2'", "after the first move line");
  EXPECT_INPUT_ERROR(read("my place: Zanzibar\n"), "line 1", "neither");
  // Words of letters, digits, '-' and '_' are headers.
  const GameRecord g = read("event_2-b: final\nround2: 3\n1: A7L* a5R;\n");
  ASSERT_EQ(g.headers.size(), 2u);
  EXPECT_EQ(g.headers[0].first, "event_2-b");
  EXPECT_EQ(g.plies.size(), 2u);
}

TEST(RecordErrors, RepeatedHeadersThatDecideTheGame) {
  EXPECT_INPUT_ERROR(read("variant: kiswahili\nSouth: x\nvariant: kujifunza\n"), "line 3", "'variant' repeated",
                     "line 1");
  EXPECT_INPUT_ERROR(read(std::string("position: ") + kKiswahiliStart + "\nposition: " + kNorthToMove + "\n"), "line 2",
                     "'position' repeated", "line 1");
  EXPECT_INPUT_ERROR(read("winner: North\n\nwinner: North\n1: A7L* a5R;\n2: resigns;\n"), "line 3",
                     "'winner' repeated");
  EXPECT_NO_THROW(read("note: a\nnote: b\n"));  // other keys may repeat
}

TEST(RecordErrors, ResignationAfterTheEnd) {
  EXPECT_INPUT_ERROR(read(std::string("position: ") + kNorthRowEmpty + "\n1: resigns;\n"), "line 2", "'resigns'",
                     "after the end", "North's front row is empty");
  EXPECT_INPUT_ERROR(read("1: A7L* resigns;\n2: resigns;\n"), "line 2", "after the end", "North resigns");
}

TEST(RecordRead, MoveNumbersWithLeadingZeros) {
  EXPECT_EQ(read("01: A7L* a5R;\n002: A6L* a5R;\n").plies.size(), 4u);
  EXPECT_EQ(read("0000001: A7L* a5R;\n").plies.size(), 2u);
  EXPECT_INPUT_ERROR(read("0000002: A7L* a5R;\n"), "line 1", "expected move number 1", "found 0000002");
  EXPECT_INPUT_ERROR(read("0: A7L* a5R;\n"), "line 1", "expected move number 1", "found 0");
}

TEST(RecordErrors, WinnerHeaderContradicted) {
  // The error names the header's line (record.h: every error names the line).
  EXPECT_INPUT_ERROR(read("winner: South\n1: A7L* a5R;\n2: resigns;\n"), "game.txt", "line 1", "winner", "South",
                     "North wins", "South resigns");
  EXPECT_INPUT_ERROR(read("South: x\nwinner: North\n1: A7L* a5R;\n"), "game.txt", "line 2", "winner", "North",
                     "no result");
  EXPECT_INPUT_ERROR(read("winner: nobody\n1: A7L* a5R;\n"), "game.txt", "line 1", "winner", "'nobody'",
                     "South or North");
  EXPECT_INPUT_ERROR(read(std::string("winner: North\nposition: ") + kNorthRowEmpty + "\n"), "game.txt", "line 1",
                     "winner", "South wins", "North's front row is empty");
  // Agreeing headers are fine.
  EXPECT_NO_THROW(read("winner: North\n1: A7L* a5R;\n2: resigns;\n"));
  EXPECT_NO_THROW(read("winner: South\n1: A7L* resigns;\n"));
}

TEST(RecordErrors, VariantHeaderContradictsTheGivenVariant) {
  EXPECT_INPUT_ERROR(read("South: x\nvariant: kujifunza\n1: A1R;\n", Rules{}, true), "game.txt", "line 2", "kujifunza",
                     "kiswahili");
  Rules kujifunza;
  kujifunza.variant = Variant::Kujifunza;
  EXPECT_INPUT_ERROR(read("variant: kiswahili\n", kujifunza, true), "line 1", "kiswahili", "kujifunza");
  EXPECT_INPUT_ERROR(read("variant: bao\n"), "line 1", "variant", "'bao'");
}

TEST(RecordErrors, BadPositionHeader) {
  // The error names the header's line, not the first move line.
  EXPECT_INPUT_ERROR(read("South: x\nposition: 1,2 S\n\n1: A7L*;\n"), "game.txt", "line 2", "position", "5 fields");
  EXPECT_INPUT_ERROR(read(std::string("variant: kujifunza\nposition: ") + kKiswahiliStart + "\n1: A1R;\n"), "line 2",
                     "position", "field 3 (hands)", "kujifunza");
}

// ---------------------------------------------------------------------------------------
// Game records: writing, and reading back what was written.

void expect_same_game(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(a.start, b.start);
  EXPECT_EQ(a.rules, b.rules);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.reason, b.reason);
  ASSERT_EQ(a.plies.size(), b.plies.size());
  for (std::size_t i = 0; i < a.plies.size(); ++i) {
    SCOPED_TRACE("ply " + std::to_string(i));
    EXPECT_EQ(a.plies[i].number, b.plies[i].number);
    EXPECT_EQ(a.plies[i].side, b.plies[i].side);
    EXPECT_EQ(a.plies[i].move, b.plies[i].move);
    EXPECT_EQ(a.plies[i].after, b.plies[i].after);
  }
}

TEST(RecordWrite, The1994RecordRoundTrips) {
  const GameRecord g = read(test::read_data("game1994.txt"));
  const std::string text = write_game(g);
  EXPECT_EQ(text.rfind("South: Maulidi\nNorth: Kijumbe\nplace: Zanzibar\ndate: 11-10-94\nvariant: kiswahili\n"
                       "winner: North\n1: A7L* a5R;\n2: A6L* a5R;\n3: A2L a6L;\n",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("\n10: A3L a3R*;\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n12: A4R a2L;\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n23: A2R b3L;\n24: resigns;\n"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("24: resigns;\n")) << text;
  const GameRecord again = read(text);
  expect_same_game(g, again);
  EXPECT_EQ(again.headers, g.headers);
  // Writing is canonical: a second round gives the same text.
  EXPECT_EQ(write_game(again), text);
}

TEST(RecordWrite, NorthToMoveStartWritesEllipsis) {
  const GameRecord g = read(std::string("position: ") + kNorthToMove + "\n1: a5R;\n2: A6L* resigns;\n");
  const std::string text = write_game(g);
  EXPECT_NE(text.find("\n1: ... a5R;\n2: A6L* resigns;\n"), std::string::npos) << text;
  expect_same_game(g, read(text));
  // Without the position header the writer adds one for a start that is not the variant's.
  GameRecord bare = g;
  bare.headers.clear();
  const std::string bare_text = write_game(bare);
  EXPECT_EQ(bare_text,
            std::string("variant: kiswahili\nposition: ") + kNorthToMove + "\n1: ... a5R;\n2: A6L* resigns;\n");
  expect_same_game(g, read(bare_text));
}

TEST(RecordWrite, Resignations) {
  for (const std::string& text :
       std::vector<std::string>{"1: resigns;\n", "1: A7L* resigns;\n", "1: A7L* a5R;\n2: resigns;\n",
                                std::string("position: ") + kNorthToMove + "\n1: ... resigns;\n"}) {
    SCOPED_TRACE(text);
    const GameRecord g = read(text);
    const std::string written = write_game(g);
    EXPECT_TRUE(written.ends_with(text.substr(text.find("1:")))) << written;
    expect_same_game(g, read(written));
  }
}

TEST(RecordWrite, KujifunzaAndUnfinishedGames) {
  const GameRecord g = read("variant: kujifunza\n1: A1R a3R;\n");
  const std::string text = write_game(g);
  EXPECT_EQ(g.result, Outcome::Ongoing);
  EXPECT_NE(text.find("variant: kujifunza\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("position:"), std::string::npos) << text;
  Rules kujifunza;
  kujifunza.variant = Variant::Kujifunza;
  expect_same_game(g, read(text, kujifunza, true));
  // No headers at all: the variant is written.
  const GameRecord plain = read("1: A7L* a5R;\n");
  EXPECT_EQ(write_game(plain), "variant: kiswahili\n1: A7L* a5R;\n");
}

}  // namespace
}  // namespace bao
