// The rules of docs/rules.md, one test per rule point, named after Donkers' rule numbers
// (appendix C of Nosce Hostem) as rules.md quotes them. Every expected move list and
// position below was worked out by hand from rules.md; the comments show the working.
//
// Each test draws its position as Donkers does, North on top:
//
//            8   7   6   5   4   3   2   1      North's pit numbers
//     b      .   .   .   .   .   .   .   .      North back row  (b8 .. b1)
//     a      .   2   2  [6]  .   .   .   .      North front row (a8 .. a1)
//     A      .   .   .   .  [6]  2   2   .      South front row (A1 .. A8)
//     B      .   .   .   .   .   .   .   .      South back row  (B1 .. B8)
//            1   2   3   4   5   6   7   8      South's pit numbers
//
// `.` is an empty pit, [n] an owned house, <n> the takasia-ed pit of the side to move.
// A k faces a (9-k). pos() takes the four rows in the same order and orientation.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "engine/error.h"

namespace bao {
namespace {

// One row of a diagram ("0 2 2 6 0 0 0 0") as the comma list of a position string, in
// pit order 1..8 (North's rows are drawn 8..1, so they are reversed).
std::string row_field(std::string_view drawn, bool north) {
  std::istringstream in{std::string(drawn)};
  std::vector<std::string> cells;
  for (std::string c; in >> c;) cells.push_back(c);
  EXPECT_EQ(cells.size(), 8u) << "row \"" << drawn << "\"";
  if (north) std::reverse(cells.begin(), cells.end());
  std::string out;
  for (const std::string& c : cells) out += (out.empty() ? "" : ",") + c;
  return out;
}

// The position of a diagram: rows b, a (pits 8..1), A, B (pits 1..8) and the other
// fields of the position string ("S 22,22 Aa -"). parse_position checks the 64 seeds.
Position pos(std::string_view rest, std::string_view b, std::string_view a, std::string_view A, std::string_view B,
             Variant v = Variant::Kiswahili) {
  const std::string text = row_field(A, false) + "/" + row_field(B, false) + "/" + row_field(a, true) + "/" +
                           row_field(b, true) + " " + std::string(rest);
  return parse_position(text, v);
}

// An expected position, as its canonical string (rows drawn as in pos()).
std::string rows(std::string_view rest, std::string_view b, std::string_view a, std::string_view A,
                 std::string_view B) {
  return format_position(pos(rest, b, a, A, B));
}

Rules kiswahili() { return Rules{}; }
Rules kujifunza() {
  Rules r;
  r.variant = Variant::Kujifunza;
  return r;
}

// The legal moves, canonical and sorted (notation.md).
std::string moves(const Position& p, const Rules& r = kiswahili()) {
  MoveList m;
  generate_moves(p, r, m);
  return format_moves(m, p.side);
}

// The position after `move`, which must be legal.
Position play(const Position& p, std::string_view move, const Rules& r = kiswahili()) {
  return apply_move(p, parse_move(move, p, r, "test"), r);
}
std::string after(const Position& p, std::string_view move, const Rules& r = kiswahili()) {
  return format_position(play(p, move, r));
}

// ---------------------------------------------------------------------------------------
// Namua captures (rules.md 5.1, Donkers 2.3) and the kichwa (1.4)
// ---------------------------------------------------------------------------------------

// Captures at A1, A2 (left kichwa forced), A4 (a choice), A7, A8 (right forced). A3 holds a
// seed but faces the empty a6, so it is no capture; the right kichwa is never offered at
// 1, 2 nor the left at 7, 8.
//         8   7   6   5   4   3   2   1
//  b      1   1   1   1   1   .   .   .
//  a      1   1   .   1   .   .   1   1
//  A      1   1   1   1   .   .   1   1
//  B      1   1   1   1   1   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 22 N 21
TEST(Rules, R1_4b_R2_3b_NamuaKichwaForcedAt1278ChosenAt3To6) {
  const Position p = pos("S 22,21 -- -",  //
                         "1 1 1 1 1 0 0 0", "1 1 0 1 0 0 1 1", "1 1 1 1 0 0 1 1", "1 1 1 1 1 0 0 0");
  EXPECT_EQ(moves(p), "A1L A2L A4L A4R A7R A8R");
  for (const char* forbidden : {"A3L", "A3R", "A5L", "A6R"})
    EXPECT_THROW(parse_move(forbidden, p, kiswahili(), "t"), InputError);
  // A forced kichwa may be written with either letter (notation.md): A2R is A2L.
  EXPECT_EQ(format_move(parse_move("A2R", p, kiswahili(), "t"), South), "A2L");
  // A4R: A4 = 2, a5 (1) enters at A8 (right) -> ends in A8, which held 1: capture a1
  // from A8 (pit 8: right kichwa, forced) -> A8 = 3, a1 now empty -> relay A8 acw:
  // A7 2, A6 1, A5 1 -> ends in the empty A5.
  EXPECT_EQ(after(p, "A4R"), rows("N 21,21 -- -",  //
                                  "1 1 1 1 1 0 0 0", "1 1 0 0 0 0 1 0", "1 1 1 2 1 1 2 0", "1 1 1 1 1 0 0 0"));
}

// A capture chain. The first capture of a namua move at a central pit lets the player
// choose the kichwa (A3L/A3R, A6L/A6R are all listed); every later capture at a central
// pit takes the kichwa that keeps the current direction (1.4c).
//         8   7   6   5   4   3   2   1
//  b      .   .   .   1   1   1   1   1
//  a      .   3   2   .   .   2   3   .
//  A      .   1   1   .   .   1   1   .
//  B      1   1   1   1   1   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R1_4c_LaterCapturesKeepTheDirection) {
  const Position p = pos("S 20,20 -- -",  //
                         "0 0 0 1 1 1 1 1", "0 3 2 0 0 2 3 0", "0 1 1 0 0 1 1 0", "1 1 1 1 1 0 0 0");
  EXPECT_EQ(moves(p), "A2L A3L A3R A6L A6R A7R");
  // A7R: A7 = 2, a2 (3) from A8 acw: A8 1, A7 3, A6 2 -> capture a3 (2) at the central A6:
  // direction acw -> right kichwa: A8 2, A7 4 -> relay A7 (4) acw: A6 3, A5 1, A4 1, A3 2
  // -> capture a6 (2) at the central A3, still acw -> right: A8 3, A7 1 -> ends (empty).
  // (With the left kichwa at A6 the first seeds would go to A1, A2 and the move end.)
  EXPECT_EQ(after(p, "A7R"), rows("N 19,20 -- -",  //
                                  "0 0 0 1 1 1 1 1", "0 3 0 0 0 0 0 0", "0 1 2 1 1 3 1 3", "1 1 1 1 1 0 0 0"));
  // A2L, the mirror image: cw, so each later central capture (A3, A6) uses the left kichwa.
  // A2 = 2, a7 (3): A1 1, A2 3, A3 2 -> capture a6 (2): A1 2, A2 4 -> relay A2 (4): A3 3,
  // A4 1, A5 1, A6 2 -> capture a3 (2): A1 3, A2 1 -> ends.
  EXPECT_EQ(after(p, "A2L"), rows("N 19,20 -- -",  //
                                  "0 0 0 1 1 1 1 1", "0 0 0 0 0 0 3 0", "3 1 3 1 1 2 1 0", "1 1 1 1 1 0 0 0"));
}

// A later capture at a kimbi takes its own kichwa whatever the direction (1.4b): A4L
// (acw: A3 1, A2 2) captures a7 at A2 and sows from the left kichwa, turning cw: A1 1,
// A2 3 -> relay A2 (3): A3 2, A4 1, A5 1 -> ends. (Keeping the direction would have
// sown the 2 seeds into A8, A7.)
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   7   8   8
//  a      1   2   .   .   .   .   .   .
//  A      .   1   .   2   .   .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R1_4b_KimbiForcesKichwaOnLaterCaptures) {
  const Position left =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 8 8", "1 2 0 0 0 0 0 0", "0 1 0 2 0 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(left, kujifunza()), "A4L");
  EXPECT_EQ(after(left, "A4L", kujifunza()),
            rows("N 0,0 -- -",  //
                 "7 7 7 7 7 7 8 8", "1 0 0 0 0 0 0 0", "1 0 2 1 1 0 0 0", "0 0 0 0 0 0 0 0"));
  // The mirror image: A5R (cw: A6 1, A7 2) captures a2 at A7, right kichwa, now acw:
  // A8 1, A7 3 -> relay A7 (3): A6 2, A5 1, A4 1 -> ends.
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   7   7   8   8
  //  a      1   .   .   .   .   .   2   .
  //  A      .   .   .   .   2   .   1   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position right =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 8 8", "1 0 0 0 0 0 2 0", "0 0 0 0 2 0 1 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(right, kujifunza()), "A5R");
  EXPECT_EQ(after(right, "A5R", kujifunza()),
            rows("N 0,0 -- -",  //
                 "7 7 7 7 7 7 8 8", "1 0 0 0 0 0 0 0", "0 0 0 1 1 2 0 1", "0 0 0 0 0 0 0 0"));
}

// ---------------------------------------------------------------------------------------
// Namua takasa (rules.md 5.2, Donkers 2.4)
// ---------------------------------------------------------------------------------------

// The only occupied front pit is the functional house: a tax move takes out only 2 seeds
// and the house stays owned. Not owned, the same pit is an ordinary pit emptied by its
// move; with another occupied front pit the functional house may not be played at all.
//         8   7   6   5   4   3   2   1
//  b      1   1   1   1   1   1   1   .
//  a      .   2   2  [6]  .   .   .   .
//  A      .   .   .   .  [7]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R2_4b_TaxMoveWithLoneFunctionalHouse) {
  const Position tax = pos("S 20,20 Aa -",  //
                           "1 1 1 1 1 1 1 0", "0 2 2 6 0 0 0 0", "0 0 0 0 7 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(tax), "A5L* A5R*");
  // A5 = 8, two seeds out: A4, A3 (or A6, A7); A5 keeps 6 and stays owned.
  EXPECT_EQ(after(tax, "A5L*"), rows("N 19,20 Aa -",  //
                                     "1 1 1 1 1 1 1 0", "0 2 2 6 0 0 0 0", "0 0 1 1 6 0 0 0", "0 0 0 0 0 0 0 0"));
  EXPECT_EQ(after(tax, "A5R*"), rows("N 19,20 Aa -",  //
                                     "1 1 1 1 1 1 1 0", "0 2 2 6 0 0 0 0", "0 0 0 0 6 1 1 0", "0 0 0 0 0 0 0 0"));

  // House not owned: all 8 seeds are sown, A4 .. A1, B1 .. B4.
  const Position unowned = pos("S 20,20 -a -",  //
                               "1 1 1 1 1 1 1 0", "0 2 2 6 0 0 0 0", "0 0 0 0 7 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(unowned), "A5L* A5R*");
  EXPECT_EQ(after(unowned, "A5L*"), rows("N 19,20 -a -",  //
                                         "1 1 1 1 1 1 1 0", "0 2 2 6 0 0 0 0", "1 1 1 1 0 0 0 0", "1 1 1 1 0 0 0 0"));

  // Not alone (A1 holds a seed): no tax, and the functional house is never a takasa pit;
  // the single seed in A1 may be played because South owns his house (2.4c).
  //         8   7   6   5   4   3   2   1
  //  b      1   1   1   1   1   1   .   .
  //  a      .   2   2  [6]  .   .   .   .
  //  A      1   .   .   .  [7]  .   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
  const Position other = pos("S 20,20 Aa -",  //
                             "1 1 1 1 1 1 0 0", "0 2 2 6 0 0 0 0", "1 0 0 0 7 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(other), "A1L* A1R*");
}

// Single-seed front pits may start a namua takasa only if no front pit holds 2 or more,
// or while the player owns his house, even a house of fewer than 6 (2.4c).
//         8   7   6   5   4   3   2   1
//  b      1   1   1   1   1   1   1   1
//  a      2   .   2  [6]  .   .   .   .
//  A      .   2   .   .   1   1   .   1
//  B      1   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R2_4c_SingleSeedPitsOnlyWithoutTwosOrWithOwnedHouse) {
  const Position unowned = pos("S 20,20 -a -",  //
                               "1 1 1 1 1 1 1 1", "2 0 2 6 0 0 0 0", "0 2 0 0 1 1 0 1", "1 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(unowned), "A2L* A2R*");
  // The same board with South owning his house (of 1 seed): every occupied pit.
  const Position owned = pos("S 20,20 Aa -",  //
                             "1 1 1 1 1 1 1 1", "2 0 2 6 0 0 0 0", "0 2 0 0 1 1 0 1", "1 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(owned), "A2L* A2R* A5L* A5R* A6L* A6R* A8L* A8R*");
  // No house, but no front pit of 2 or more (A2 has 1): singles again.
  //         8   7   6   5   4   3   2   1
  //  b      1   1   1   1   1   1   1   1
  //  a      2   .   2  [6]  .   .   .   .
  //  A      .   1   .   .   1   1   .   1
  //  B      2   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
  const Position ones = pos("S 20,20 -a -",  //
                            "1 1 1 1 1 1 1 1", "2 0 2 6 0 0 0 0", "0 1 0 0 1 1 0 1", "2 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(ones), "A2L* A2R* A5L* A5R* A6L* A6R* A8L* A8R*");
}

// A kichwa that is the only occupied front pit is sown towards the centre only (2.4a).
//         8   7   6   5   4   3   2   1
//  b      2   2   2   2   1   1   1   1
//  a      .   2   2  [6]  .   .   .   .
//  A      2   .   .   .   .   .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R2_4a_LoneKichwaSowsTowardsTheCentreInNamua) {
  const Position left = pos("S 20,20 -a -",  //
                            "2 2 2 2 1 1 1 1", "0 2 2 6 0 0 0 0", "2 0 0 0 0 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(left), "A1R*");
  const Position right = pos("S 20,20 -a -",  //
                             "2 2 2 2 1 1 1 1", "0 2 2 6 0 0 0 0", "0 0 0 0 0 0 0 2", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(right), "A8L*");
  // A1 is not alone (A6 holds a seed, which itself may not move: 2.4c): both ways.
  //         8   7   6   5   4   3   2   1
  //  b      2   2   2   2   1   1   1   .
  //  a      .   2   2  [6]  .   .   .   .
  //  A      2   .   .   .   .   1   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
  const Position not_alone = pos("S 20,20 -a -",  //
                                 "2 2 2 2 1 1 1 0", "0 2 2 6 0 0 0 0", "2 0 0 0 0 1 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(not_alone), "A1L* A1R*");
}

// ---------------------------------------------------------------------------------------
// Laps: relay (1.6) and the end in an empty pit (1.5)
// ---------------------------------------------------------------------------------------

// A2R ends in the occupied A5 and goes on with its seeds; A2L ends in the empty B2.
//         8   7   6   5   4   3   2   1
//  b      6   6   6   6   6   6   7   7
//  a     10   .   .   .   .   .   .   .
//  A      .   3   .   .   1   .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R1_6_RelayFromAnOccupiedPit) {
  const Position p =
      pos("S 0,0 -- -",  //
          "6 6 6 6 6 6 7 7", "10 0 0 0 0 0 0 0", "0 3 0 0 1 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(p, kujifunza()), "A2L* A2R*");
  // A2R: A3 1, A4 1, A5 2 -> relay A5 (2): A6 1, A7 1 -> ends in the empty A7.
  EXPECT_EQ(after(p, "A2R*", kujifunza()),
            rows("N 0,0 -- -",  //
                 "6 6 6 6 6 6 7 7", "10 0 0 0 0 0 0 0", "0 0 1 1 0 1 1 0", "0 0 0 0 0 0 0 0"));
  // A2L: A1, B1, B2 -> ends in the empty B2 at once.
  EXPECT_EQ(after(p, "A2L*", kujifunza()),
            rows("N 0,0 -- -",  //
                 "6 6 6 6 6 6 7 7", "10 0 0 0 0 0 0 0", "1 0 0 0 1 0 0 0", "1 1 0 0 0 0 0 0"));
}

// ---------------------------------------------------------------------------------------
// The house (2.5, 1.6a)
// ---------------------------------------------------------------------------------------

// A namua takasa lap that ends in the owned house holding 6 or more ends the move
// (2.5b(1)). With 5 after the lap, or not owned, the house has no power: relay.
//         8   7   6   5   4   3   2   1
//  b      2   2   2   2   2   1   1   1
//  a      2   2   .   .   .   .   .   .
//  A      .   .   .   .  [5]  .   .   2
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R2_5b1_TakasaMoveStopsAtFunctionalHouse) {
  const Position six = pos("S 20,20 A- -",  //
                           "2 2 2 2 2 1 1 1", "2 2 0 0 0 0 0 0", "0 0 0 0 5 0 0 2", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(six), "A5L* A5R* A8L* A8R*");
  // A8L: A8 = 3: A7 1, A6 1, A5 6 -> owned, 6 -> the move ends.
  EXPECT_EQ(after(six, "A8L*"), rows("N 19,20 A- -",  //
                                     "2 2 2 2 2 1 1 1", "2 2 0 0 0 0 0 0", "0 0 0 0 6 1 1 0", "0 0 0 0 0 0 0 0"));
  // House of 4: 5 after the lap -> relay acw from A5 (house lost): A4 .. A1, B1.
  //         8   7   6   5   4   3   2   1
  //  b      2   2   2   2   2   2   1   1
  //  a      2   2   .   .   .   .   .   .
  //  A      .   .   .   .  [4]  .   .   2
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
  const Position five = pos("S 20,20 A- -",  //
                            "2 2 2 2 2 2 1 1", "2 2 0 0 0 0 0 0", "0 0 0 0 4 0 0 2", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(after(five, "A8L*"), rows("N 19,20 -- -",  //
                                      "2 2 2 2 2 2 1 1", "2 2 0 0 0 0 0 0", "1 1 1 1 0 1 1 0", "1 0 0 0 0 0 0 0"));
  // Not owned, 6 after the lap -> relay: A4 .. A1, B1, B2.
  const Position unowned = pos("S 20,20 -- -",  //
                               "2 2 2 2 2 1 1 1", "2 2 0 0 0 0 0 0", "0 0 0 0 5 0 0 2", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(after(unowned, "A8L*"), rows("N 19,20 -- -",  //
                                         "2 2 2 2 2 1 1 1", "2 2 0 0 0 0 0 0", "1 1 1 1 0 1 1 0", "1 1 0 0 0 0 0 0"));
}

// The stage of a move is fixed when it starts (rules.md 3): the move that uses the last
// hand seed still stops at the functional house. The same lap in the mtaji stage (the
// hand seed already on A8) relays: in mtaji the house has no namua powers (3.2).
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   6   6   6   6
//  a      2   2   .   .   .   .   .   .
//  A      .   .   .   .  [5]  .   .   2
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 1 N 0
TEST(Rules, R2_5b1_R3_2_HouseStopsOnlyNamuaMovesStageFixedAtStart) {
  const Position last_seed = pos("S 1,0 A- -",  //
                                 "7 7 7 7 6 6 6 6", "2 2 0 0 0 0 0 0", "0 0 0 0 5 0 0 2", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(after(last_seed, "A8L*"), rows("N 0,0 A- -",  //
                                           "7 7 7 7 6 6 6 6", "2 2 0 0 0 0 0 0", "0 0 0 0 6 1 1 0", "0 0 0 0 0 0 0 0"));
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   6   6   6   6
  //  a      2   2   .   .   .   .   .   .
  //  A      .   .   .   .  [5]  .   .   3
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
  const Position mtaji = pos("S 0,0 A- -",  //
                             "7 7 7 7 6 6 6 6", "2 2 0 0 0 0 0 0", "0 0 0 0 5 0 0 3", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(mtaji), "A5L* A5R* A8L* A8R*");
  // A8L: A7 1, A6 1, A5 6 -> relay (house emptied, lost): A4 .. A1, B1, B2. North then
  // has a capture (b4 acw ends in a7, facing A2), so there is no takasia.
  EXPECT_EQ(after(mtaji, "A8L*"), rows("N 0,0 -- -",  //
                                       "7 7 7 7 6 6 6 6", "2 2 0 0 0 0 0 0", "1 1 1 1 0 1 1 0", "1 1 0 0 0 0 0 0"));
}

// A namua capture move whose lap ends in the owned house holding 6 or more (and no
// capture there) offers stop or safari: two moves (2.5b(2)). Below 6 (1.6a) or not owned
// the house is an ordinary pit: one move, which relays.
//         8   7   6   5   4   3   2   1
//  b      2   2   2   2   1   1   1   1
//  a      1   5   .   .   .   .   .   .
//  A      .   1   .   .  [5]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R2_5b2_CaptureMoveStopOrSafariAtFunctionalHouse) {
  const Position p = pos("S 20,20 A- -",  //
                         "2 2 2 2 1 1 1 1", "1 5 0 0 0 0 0 0", "0 1 0 0 5 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A2L A2L>");
  // A2 = 2, a7 (5) from A1 cw: A1 1, A2 3, A3 1, A4 1, A5 6; a4 is empty -> the choice.
  EXPECT_EQ(after(p, "A2L"), rows("N 19,20 A- -",  //
                                  "2 2 2 2 1 1 1 1", "1 0 0 0 0 0 0 0", "1 3 1 1 6 0 0 0", "0 0 0 0 0 0 0 0"));
  // Safari: A5 (6) sown on cw: A6, A7, A8, B8, B7, B6; the house is lost.
  EXPECT_EQ(after(p, "A2L>"), rows("N 19,20 -- -",  //
                                   "2 2 2 2 1 1 1 1", "1 0 0 0 0 0 0 0", "1 3 1 1 0 1 1 1", "0 0 0 0 0 1 1 1"));
  // Not owned: no choice; the lap relays from A5 as a safari would.
  const Position unowned = pos("S 20,20 -- -",  //
                               "2 2 2 2 1 1 1 1", "1 5 0 0 0 0 0 0", "0 1 0 0 5 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(unowned), "A2L");
  EXPECT_EQ(after(unowned, "A2L"), rows("N 19,20 -- -",  //
                                        "2 2 2 2 1 1 1 1", "1 0 0 0 0 0 0 0", "1 3 1 1 0 1 1 1", "0 0 0 0 0 1 1 1"));
}

// The stop/safari choice needs 6 or more in the house after the lap (1.6a): a house of 4
// holds 5 and is relayed (and so lost).
//         8   7   6   5   4   3   2   1
//  b      2   2   2   2   2   1   1   1
//  a      1   5   .   .   .   .   .   .
//  A      .   1   .   .  [4]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R1_6a_HouseChoiceNeedsSixSeeds) {
  const Position p = pos("S 20,20 A- -",  //
                         "2 2 2 2 2 1 1 1", "1 5 0 0 0 0 0 0", "0 1 0 0 4 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A2L");
  // A1 1, A2 3, A3 1, A4 1, A5 5 -> relay A5 (5): A6, A7, A8, B8, B7.
  EXPECT_EQ(after(p, "A2L"), rows("N 19,20 -- -",  //
                                  "2 2 2 2 2 1 1 1", "1 0 0 0 0 0 0 0", "1 3 1 1 0 1 1 1", "0 0 0 0 0 0 1 1"));
}

// The owner loses his house when he empties it (2.5a): here by starting a lap from it.
// (Relay and safari from the house are in R2_5b1 and R2_5b2.) A move that does not empty
// it leaves it owned.
//         8   7   6   5   4   3   2   1
//  b      2   2   2   1   1   1   1   1
//  a      .   .   2  [6]  .   .   .   .
//  A      .   2   .   .  [3]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R2_5a_HouseLostWhenEmptiedByOwner) {
  const Position p = pos("S 20,20 Aa -",  //
                         "2 2 2 1 1 1 1 1", "0 0 2 6 0 0 0 0", "0 2 0 0 3 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A2L* A2R* A5L* A5R*");
  // A5 = 4, all sown: A4, A3, A2, A1 -> ends in the empty A1; South's house is gone.
  EXPECT_EQ(after(p, "A5L*"), rows("N 19,20 -a -",  //
                                   "2 2 2 1 1 1 1 1", "0 0 2 6 0 0 0 0", "1 3 1 1 0 0 0 0", "0 0 0 0 0 0 0 0"));
  // A2 = 3: A1, B1, B2 -> the house is untouched and still owned.
  EXPECT_EQ(after(p, "A2L*"), rows("N 19,20 Aa -",  //
                                   "2 2 2 1 1 1 1 1", "0 0 2 6 0 0 0 0", "1 0 0 0 3 0 0 0", "1 1 0 0 0 0 0 0"));
}

// Capturing the opponent's house ends his ownership (2.5a); another capture does not.
//         8   7   6   5   4   3   2   1
//  b      .   .   .   .   .   .   .   .
//  a      .   2   2  [6]  .   .   1   .
//  A      .   .   .   1  [6]  2   2   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 22 N 20
TEST(Rules, R2_5a_HouseLostWhenCapturedByOpponent) {
  const Position p = pos("S 22,20 Aa -",  //
                         "0 0 0 0 0 0 0 0", "0 2 2 6 0 0 1 0", "0 0 0 1 6 2 2 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A4L A4R A7R");
  // A4R: A4 = 2, a5 (6) taken, from A8 acw: A8 1, A7 3, A6 3, A5 7, A4 3, A3 1 -> ends.
  EXPECT_EQ(after(p, "A4R"), rows("N 21,20 A- -",  //
                                  "0 0 0 0 0 0 0 0", "0 2 2 0 0 0 1 0", "0 0 1 3 7 3 3 1", "0 0 0 0 0 0 0 0"));
  // A7R: A7 = 3, a2 (1) into A8 -> ends; North keeps his house.
  EXPECT_EQ(after(p, "A7R"), rows("N 21,20 Aa -",  //
                                  "0 0 0 0 0 0 0 0", "0 2 2 6 0 0 0 0", "0 0 0 1 6 2 3 1", "0 0 0 0 0 0 0 0"));
}

// The first capture of the mtaji stage ends both houses (2.5a, 3.2), even though neither
// house is touched; a mtaji takasa move leaves them owned.
//         8   7   6   5   4   3   2   1
//  b      6   6   6   6   6   6   6   5
//  a      .   .   2  [6]  .   .   .   .
//  A      2   .   1   .  [6]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
TEST(Rules, R3_2_BothHousesLostAtFirstMtajiCapture) {
  const Position p = pos("S 0,0 Aa -",  //
                         "6 6 6 6 6 6 6 5", "0 0 2 6 0 0 0 0", "2 0 1 0 6 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A1R");
  // A1R: A2 1, A3 2 -> capture a6 (2) at the central A3, cw -> left kichwa: A1 1, A2 2
  // -> relay A2 (2): A3 3, A4 1 -> ends.
  EXPECT_EQ(after(p, "A1R"), rows("N 0,0 -- -",  //
                                  "6 6 6 6 6 6 6 5", "0 0 0 6 0 0 0 0", "1 0 3 1 6 0 0 0", "0 0 0 0 0 0 0 0"));
  // a6 empty: no capture, takasa only; A1L (A1 -> B1, B2) keeps both houses.
  //         8   7   6   5   4   3   2   1
  //  b      7   7   6   6   6   6   6   5
  //  a      .   .   .  [6]  .   .   .   .
  //  A      2   .   1   .  [6]  .   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
  const Position q = pos("S 0,0 Aa -",  //
                         "7 7 6 6 6 6 6 5", "0 0 0 6 0 0 0 0", "2 0 1 0 6 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(q), "A1L* A1R* A5L* A5R*");
  const Position r = play(q, "A1L*");
  EXPECT_TRUE(r.owns_house(South));
  EXPECT_TRUE(r.owns_house(North));
}

// ---------------------------------------------------------------------------------------
// Mtaji stage (rules.md 6, Donkers 3)
// ---------------------------------------------------------------------------------------

// A pit of one seed never starts a move (3.3): A3's single seed would end in the occupied
// A4 facing a5, yet only A7 moves. With 2 seeds in A2 the same capture exists.
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   7   8   8
//  a      .   .   .   2   .   .   .   .
//  A      .   .   1   1   .   .   2   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_3_SingleSeedNeverMoves) {
  const Position p =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 8 8", "0 0 0 2 0 0 0 0", "0 0 1 1 0 0 2 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(p, kujifunza()), "A7L* A7R*");
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   7   7   7   8
  //  a      .   .   .   2   .   .   .   .
  //  A      .   2   .   1   .   .   2   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position two =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 7 8", "0 0 0 2 0 0 0 0", "0 2 0 1 0 0 2 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(two, kujifunza()), "A2R");
}

// A capture move starts from a pit of 2..15 (3.4). With 15 seeds A1L goes round to A2
// (B1..B8, A8..A2) and captures; with 17 A1R ends in the same occupied A2 facing a7, but
// a pit of 16 or more never captures, so only takasa moves are left.
//         8   7   6   5   4   3   2   1
//  b      6   6   6   6   6   6   5   5
//  a      .   2   .   .   .   .   .   .
//  A     15   1   .   .   .   .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_4_SixteenOrMoreSeedsNeverCapture) {
  const Position fifteen =
      pos("S 0,0 -- -",  //
          "6 6 6 6 6 6 5 5", "0 2 0 0 0 0 0 0", "15 1 0 0 0 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(fifteen, kujifunza()), "A1L");
  //         8   7   6   5   4   3   2   1
  //  b      6   6   6   6   5   5   5   5
  //  a      .   2   .   .   .   .   .   .
  //  A     17   1   .   .   .   .   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position seventeen =
      pos("S 0,0 -- -",  //
          "6 6 6 6 5 5 5 5", "0 2 0 0 0 0 0 0", "17 1 0 0 0 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(seventeen, kujifunza()), "A1L* A1R*");
  // 16 seeds go exactly once round and end in A1 itself, which held seeds before the lap
  // and faces the occupied a8; still no capture (and the lap ends in an empty pit).
  //         8   7   6   5   4   3   2   1
  //  b      6   6   6   6   6   6   6   1
  //  a      2   2   .   .   .   .   .   .
  //  A     16   1   .   .   .   .   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position sixteen =
      pos("S 0,0 -- -",  //
          "6 6 6 6 6 6 6 1", "2 2 0 0 0 0 0 0", "16 1 0 0 0 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(sixteen, kujifunza()), "A1L* A1R*");
}

// The first lap of a mtaji capture must end in an own front pit that was occupied before
// the lap (3.4): A1R ends in A3, facing a6; if A3 was empty the lap just ends there.
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   7   8   8
//  a      .   .   2   .   .   .   .   .
//  A      2   .   1   .   .   .   .   1
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_4_CaptureLapEndsInOccupiedFrontPit) {
  const Position p =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 8 8", "0 0 2 0 0 0 0 0", "2 0 1 0 0 0 0 1", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(p, kujifunza()), "A1R");
  const Position empty_a3 =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 8 8 8", "0 0 2 0 0 0 0 0", "2 0 0 0 0 0 0 1", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(empty_a3, kujifunza()), "A1L* A1R*");
}

// Mtaji takasa starts from a front pit of 2 or more; only when there is none from a back
// pit of 2 or more (3.5).
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   7   6   6
//  a      .   .   .   .   .   .   .   2
//  A      .   .   2   .   .   1   .   .
//  B      .   3   .   .   .   .   2   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_5_TakasaFromFrontRowFirst) {
  const Position front =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 6 6", "0 0 0 0 0 0 0 2", "0 0 2 0 0 1 0 0", "0 3 0 0 0 0 2 0", Variant::Kujifunza);
  EXPECT_EQ(moves(front, kujifunza()), "A3L* A3R*");
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   7   7   7   6
  //  a      .   .   .   .   .   .   .   2
  //  A      .   .   1   .   .   1   .   .
  //  B      .   3   .   .   .   .   2   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position back =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 7 6", "0 0 0 0 0 0 0 2", "0 0 1 0 0 1 0 0", "0 3 0 0 0 0 2 0", Variant::Kujifunza);
  EXPECT_EQ(moves(back, kujifunza()), "B2L* B2R* B7L* B7R*");
}

// A kichwa that is the only occupied front pit is sown towards the centre (3.5b).
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   8   8   8
//  a      2   .   .   .   .   .   .   .
//  A      .   .   .   .   .   .   .   3
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_5b_LoneKichwaSowsTowardsTheCentreInMtaji) {
  const Position alone =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 8 8 8", "2 0 0 0 0 0 0 0", "0 0 0 0 0 0 0 3", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(alone, kujifunza()), "A8L*");
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   7   7   8   8
  //  a      2   .   .   .   .   .   .   .
  //  A      .   .   .   .   .   1   .   3
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position not_alone =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 8 8", "2 0 0 0 0 0 0 0", "0 0 0 0 0 1 0 3", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(not_alone, kujifunza()), "A8L* A8R*");
}

// Capturing is compulsory (1.7a), in both stages.
//         8   7   6   5   4   3   2   1
//  b      3   3   3   2   2   2   2   2
//  a      .   1   .   .   .   .   .   .
//  A      .   1   .   .   .   3   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R1_7a_CaptureIsCompulsory) {
  // Namua: A2 captures a7, so A6 (3 seeds) may not make a takasa move.
  const Position namua = pos("S 20,20 -- -",  //
                             "3 3 3 2 2 2 2 2", "0 1 0 0 0 0 0 0", "0 1 0 0 0 3 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(namua), "A2L");
  // The seed of a7 in a8 instead (facing the empty A1): no capture, takasa from A6 only
  // (A2's single seed may not move, 2.4c).
  const Position namua_none = pos("S 20,20 -- -",  //
                                  "3 3 3 2 2 2 2 2", "1 0 0 0 0 0 0 0", "0 1 0 0 0 3 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(namua_none), "A6L* A6R*");
  // Mtaji: A1R and A6L both end in A3, facing a6; no takasa is offered.
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   7   7   7   7
  //  a      .   .   2   .   .   .   .   .
  //  A      2   .   1   .   .   3   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position mtaji =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 7 7", "0 0 2 0 0 0 0 0", "2 0 1 0 0 3 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(mtaji, kujifunza()), "A1R A6L");
  // The seeds of a6 in a1 instead (facing the empty A8): takasa.
  const Position mtaji_none =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 7 7", "0 0 0 0 0 0 0 2", "2 0 1 0 0 3 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(mtaji_none, kujifunza()), "A1L* A1R* A6L* A6R*");
}

// ---------------------------------------------------------------------------------------
// Takasia (rules.md 7, Donkers 4.1)
// ---------------------------------------------------------------------------------------

// After South's mtaji takasa A5L* (A4 1, A3 1), South threatens exactly one North pit:
// A1R would end in A3 and capture a6. North has no capture, a6 is neither his house nor
// his only occupied pit nor his only pit of 2 or more: a6 is takasia-ed.
//         8   7   6   5   4   3   2   1
//  b     46   .   .   .   .   .   .   .
//  a      .   .   3   .   1   .   2   .
//  A      2   .   .   .   2   .   .   .
//  B      1   1   1   1   1   1   1   1
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
TEST(Rules, R4_1_TakasaMarksTheOnlyThreatenedPit) {
  const Position p = pos("S 0,0 -- -",  //
                         "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 0 0 2 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(moves(p), "A1L* A1R* A5L* A5R*");
  EXPECT_EQ(after(p, "A5L*"), rows("N 0,0 -- a6",  //
                                   "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1"));
  // A5R* (A6 1, A7 1) leaves A3 empty: South threatens nothing, no mark.
  EXPECT_EQ(play(p, "A5R*").takasia, kNoPit);
  // A pit of 16 threatens nothing (3.4): A8 (16) faces the occupied a1, yet a6 is still
  // the only threatened pit and is marked.
  //         8   7   6   5   4   3   2   1
  //  b     29   .   .   .   .   .   .   .
  //  a      .   .   3   .   1   .   2   1
  //  A      2   .   .   .   2   .   .  16
  //  B      1   1   1   1   1   1   1   1
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
  const Position sixteen = pos("S 0,0 -- -",  //
                               "29 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 1", "2 0 0 0 2 0 0 16", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(moves(sixteen), "A1L* A1R* A5L* A5R* A8L* A8R*");
  EXPECT_EQ(after(sixteen, "A5L*"), rows("N 0,0 -- a6",  //
                                         "29 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 1", "2 0 1 1 0 0 0 16", "1 1 1 1 1 1 1 1"));
}

// Only a takasa move makes takasia (4.1). A5R captures a2 at A7 (right kichwa: A8 1,
// ends). Afterwards South threatens a6 alone (A1R ends in A3), North has no capture and
// another pit of 2 (a1): every condition but the kind of move holds. No mark.
//         8   7   6   5   4   3   2   1
//  b     52   .   .   .   .   .   .   .
//  a      .   .   3   .   .   .   1   2
//  A      2   .   1   .   2   .   1   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
TEST(Rules, R4_1_NoTakasiaAfterCaptureMove) {
  const Position p = pos("S 0,0 -- -",  //
                         "52 0 0 0 0 0 0 0", "0 0 3 0 0 0 1 2", "2 0 1 0 2 0 1 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A1R A5L A5R");
  EXPECT_EQ(after(p, "A5R"), rows("N 0,0 -- -",  //
                                  "52 0 0 0 0 0 0 0", "0 0 3 0 0 0 0 2", "2 0 1 0 0 1 2 1", "0 0 0 0 0 0 0 0"));
}

// The takasia-ed pit may not start a move, a lap ending in it ends the move, and the
// mark lasts one move (4.1b). North's a2R: a3 1, a4 2 -> relay a4: a5 1, a6 4 -> ends in
// the takasia-ed a6. Unmarked, the same lap relays on from a6 (a takasa move never
// captures, though a6 faces the occupied A3).
//         8   7   6   5   4   3   2   1
//  b     46   .   .   .   .   .   .   .
//  a      .   .  <3>  .   1   .   2   .
//  A      2   .   1   1   .   .   .   .
//  B      1   1   1   1   1   1   1   1
//         1   2   3   4   5   6   7   8    North to move, hands S 0 N 0
TEST(Rules, R4_1b_TakasiaPitNeitherStartsNorRelays) {
  const Position marked = pos("N 0,0 -- a6",  //
                              "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(moves(marked), "a2L* a2R*");
  EXPECT_EQ(after(marked, "a2R*"), rows("S 0,0 -- -",  //
                                        "46 0 0 0 0 0 0 0", "0 0 4 1 0 1 0 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1"));
  // The mark is gone after North's move, whichever move it is.
  EXPECT_EQ(play(marked, "a2L*").takasia, kNoPit);
  //         8   7   6   5   4   3   2   1
  //  b     46   .   .   .   .   .   .   .
  //  a      .   .   3   .   1   .   2   .
  //  A      2   .   1   1   .   .   .   .
  //  B      1   1   1   1   1   1   1   1
  //         1   2   3   4   5   6   7   8    North to move, hands S 0 N 0
  const Position unmarked = pos("N 0,0 -- -",  //
                                "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(moves(unmarked), "a2L* a2R* a6L* a6R*");
  // a6 (4) relays: a7 1, a8 1, b8 47, b7 1 -> ends in the empty b7.
  EXPECT_EQ(after(unmarked, "a2R*"), rows("S 0,0 -- -",  //
                                          "47 1 0 0 0 0 0 0", "1 1 0 1 0 1 0 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1"));
}

// 4.1a: no takasia on the opponent's only occupied front pit, nor on his only front pit
// of 2 or more. Same play as R4_1_TakasaMarksTheOnlyThreatenedPit (A5L*: A4 1, A3 1, so
// A1R threatens a6 alone; North has no capture).
//         8   7   6   5   4   3   2   1
//  b     51   .   .   .   .   .   .   .
//  a      .   .   1   .   .   .   .   .
//  A      2   .   .   .   2   .   .   .
//  B      1   1   1   1   1   1   1   1
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
TEST(Rules, R4_1a_OnlyOccupiedOrOnlyTwoSeedPitNotTakasiaed) {
  // a6 holds a single seed and is North's only occupied front pit (so it is not "the only
  // pit of 2 or more": North has none).
  const Position only_occupied = pos("S 0,0 -- -",  //
                                     "51 0 0 0 0 0 0 0", "0 0 1 0 0 0 0 0", "2 0 0 0 2 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(after(only_occupied, "A5L*"),
            rows("N 0,0 -- -",  //
                 "51 0 0 0 0 0 0 0", "0 0 1 0 0 0 0 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1"));
  // a6 (3) is North's only front pit of 2 or more, a4 and a2 hold one seed each.
  //         8   7   6   5   4   3   2   1
  //  b     47   .   .   .   .   .   .   .
  //  a      .   .   3   .   1   .   1   .
  //  A      2   .   .   .   2   .   .   .
  //  B      1   1   1   1   1   1   1   1
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
  const Position only_two = pos("S 0,0 -- -",  //
                                "47 0 0 0 0 0 0 0", "0 0 3 0 1 0 1 0", "2 0 0 0 2 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(after(only_two, "A5L*"), rows("N 0,0 -- -",  //
                                          "47 0 0 0 0 0 0 0", "0 0 3 0 1 0 1 0", "2 0 1 1 0 0 0 0", "1 1 1 1 1 1 1 1"));
  // One more pit of 2 (a2), everything else equal: marked.
  const Position marked = pos("S 0,0 -- -",  //
                              "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 0 0 2 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(play(marked, "A5L*").takasia, 5);  // a6
}

// 4.1c: the opponent's owned house cannot be takasia-ed. South's A6L* (A5 1, A4 1) makes
// A2R end in A4, facing a5. Owned by North: no mark; not owned: a5 is takasia-ed.
//         8   7   6   5   4   3   2   1
//  b     44   .   .   .   .   .   .   .
//  a      .   .   .  [6]  .   .   2   .
//  A      .   2   .   .   .   2   .   .
//  B      1   1   1   1   1   1   1   1
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0
TEST(Rules, R4_1c_OwnedHouseCannotBeTakasiaed) {
  const Position owned = pos("S 0,0 -a -",  //
                             "44 0 0 0 0 0 0 0", "0 0 0 6 0 0 2 0", "0 2 0 0 0 2 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(moves(owned), "A2L* A2R* A6L* A6R*");
  EXPECT_EQ(after(owned, "A6L*"), rows("N 0,0 -a -",  //
                                       "44 0 0 0 0 0 0 0", "0 0 0 6 0 0 2 0", "0 2 0 1 1 0 0 0", "1 1 1 1 1 1 1 1"));
  const Position unowned = pos("S 0,0 -- -",  //
                               "44 0 0 0 0 0 0 0", "0 0 0 6 0 0 2 0", "0 2 0 0 0 2 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(after(unowned, "A6L*"), rows("N 0,0 -- a5",  //
                                         "44 0 0 0 0 0 0 0", "0 0 0 6 0 0 2 0", "0 2 0 1 1 0 0 0", "1 1 1 1 1 1 1 1"));
}

// Bao la Kujifunza has no takasia (rules.md 2, 9): the position of
// R4_1_TakasaMarksTheOnlyThreatenedPit is also a kujifunza position, and there the same
// move marks nothing.
//         8   7   6   5   4   3   2   1
//  b     46   .   .   .   .   .   .   .
//  a      .   .   3   .   1   .   2   .
//  A      2   .   .   .   2   .   .   .
//  B      1   1   1   1   1   1   1   1
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R9_KujifunzaHasNoTakasia) {
  const Position kuj =
      pos("S 0,0 -- -",  //
          "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 0 0 2 0 0 0", "1 1 1 1 1 1 1 1", Variant::Kujifunza);
  const std::string b = "46 0 0 0 0 0 0 0", a = "0 0 3 0 1 0 2 0", A = "2 0 1 1 0 0 0 0", B = "1 1 1 1 1 1 1 1";
  EXPECT_EQ(after(kuj, "A5L*", kujifunza()), rows("N 0,0 -- -", b, a, A, B));
  const Position kis = pos("S 0,0 -- -",  //
                           "46 0 0 0 0 0 0 0", "0 0 3 0 1 0 2 0", "2 0 0 0 2 0 0 0", "1 1 1 1 1 1 1 1");
  EXPECT_EQ(after(kis, "A5L*"), rows("N 0,0 -- a6", b, a, A, B));
}

// ---------------------------------------------------------------------------------------
// End of the game (rules.md 3.1(1), 8)
// ---------------------------------------------------------------------------------------

// A capture lap that empties the opponent's front row ends the move at once and the
// mover wins (3.1(1), 1.2): A1R captures a6, North's last front seeds, sows them into
// A1, A2 and stops although A2 (2) would relay. With a seed left in a1 the move goes on.
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   8   8   8
//  a      .   .   2   .   .   .   .   .
//  A      2   .   1   .   .   .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_1_1_CaptureEmptyingOpponentFrontRowWinsMidMove) {
  const Position p =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 8 8 8", "0 0 2 0 0 0 0 0", "2 0 1 0 0 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  EXPECT_EQ(moves(p, kujifunza()), "A1R");
  const Position won = play(p, "A1R", kujifunza());
  EXPECT_EQ(format_position(won), rows("N 0,0 -- -",  //
                                       "7 7 7 7 7 8 8 8", "0 0 0 0 0 0 0 0", "1 2 2 0 0 0 0 0", "0 0 0 0 0 0 0 0"));
  EXPECT_EQ(outcome(won, kujifunza()), Outcome::SouthWins);
  EXPECT_EQ(moves(won, kujifunza()), "");
  // a1 still holds a seed: A2 (2) relays: A3 3, A4 1 -> ends; the game goes on.
  //         8   7   6   5   4   3   2   1
  //  b      7   7   7   7   7   7   8   8
  //  a      .   .   2   .   .   .   .   1
  //  A      2   .   1   .   .   .   .   .
  //  B      .   .   .   .   .   .   .   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position q =
      pos("S 0,0 -- -",  //
          "7 7 7 7 7 7 8 8", "0 0 2 0 0 0 0 1", "2 0 1 0 0 0 0 0", "0 0 0 0 0 0 0 0", Variant::Kujifunza);
  const Position on = play(q, "A1R", kujifunza());
  EXPECT_EQ(format_position(on), rows("N 0,0 -- -",  //
                                      "7 7 7 7 7 7 8 8", "0 0 0 0 0 0 0 1", "1 0 3 1 0 0 0 0", "0 0 0 0 0 0 0 0"));
  EXPECT_EQ(outcome(on, kujifunza()), Outcome::Ongoing);
}

// A player whose own front row is empty has lost (3.1(1), 8), whatever he has behind.
// No move of the rules can empty the mover's own front row (a lap only empties the pit
// it starts from; a lone kichwa may not be sown to the back row, 2.4a, 3.5b; captured
// seeds go into a kichwa), so the position is set up directly.
//         8   7   6   5   4   3   2   1
//  b      4   4   4   4   4   4   4   4
//  a      2   2   2   2   2   2   2   2
//  A      .   .   .   .   .   .   .   .
//  B      2   2   2   2   2   2   2   2
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R3_1_1_EmptyOwnFrontRowLoses) {
  const Position p =
      pos("S 0,0 -- -",  //
          "4 4 4 4 4 4 4 4", "2 2 2 2 2 2 2 2", "0 0 0 0 0 0 0 0", "2 2 2 2 2 2 2 2", Variant::Kujifunza);
  EXPECT_EQ(moves(p, kujifunza()), "");
  EXPECT_EQ(outcome(p, kujifunza()), Outcome::NorthWins);
  // One seed in A1 (from a1): South moves again; B2L (B1, A1) ends in A1 facing a8 and
  // captures, the only capture, so the only move.
  //         8   7   6   5   4   3   2   1
  //  b      4   4   4   4   4   4   4   4
  //  a      2   2   2   2   2   2   2   1
  //  A      1   .   .   .   .   .   .   .
  //  B      2   2   2   2   2   2   2   2
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position q =
      pos("S 0,0 -- -",  //
          "4 4 4 4 4 4 4 4", "2 2 2 2 2 2 2 1", "1 0 0 0 0 0 0 0", "2 2 2 2 2 2 2 2", Variant::Kujifunza);
  EXPECT_EQ(moves(q, kujifunza()), "B2L");
  EXPECT_EQ(outcome(q, kujifunza()), Outcome::Ongoing);
}

// A player with no legal move loses (8): here South has no pit of 2 or more (3.3).
//         8   7   6   5   4   3   2   1
//  b      4   4   4   4   4   4   4   4
//  a      2   2   2   2   2   2   2   2
//  A      1   1   1   1   1   1   1   1
//  B      1   1   1   1   1   1   1   1
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R8_NoLegalMoveLoses) {
  const Position p =
      pos("S 0,0 -- -",  //
          "4 4 4 4 4 4 4 4", "2 2 2 2 2 2 2 2", "1 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1", Variant::Kujifunza);
  EXPECT_EQ(moves(p, kujifunza()), "");
  EXPECT_EQ(outcome(p, kujifunza()), Outcome::NorthWins);
  // A single pit of 2 (A1) gives South a move (A1R ends in A3, facing a6: a capture).
  //         8   7   6   5   4   3   2   1
  //  b      4   4   4   4   4   4   4   4
  //  a      2   2   2   2   2   2   2   2
  //  A      2   1   1   1   1   1   1   1
  //  B      1   1   1   1   1   1   1   .
  //         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
  const Position q =
      pos("S 0,0 -- -",  //
          "4 4 4 4 4 4 4 4", "2 2 2 2 2 2 2 2", "2 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 0", Variant::Kujifunza);
  EXPECT_EQ(moves(q, kujifunza()), "A1R");
  EXPECT_EQ(outcome(q, kujifunza()), Outcome::Ongoing);
}

// Plays a mtaji takasa move of the side to move on his ring by itself, independently of
// the engine: no captures (a takasa move never captures), no house powers (mtaji), no
// takasia.
// Returns true if a lap ends in an empty pit, false if the move repeats an in-move state
// (board and current pit; the direction never changes), i.e. goes on for ever (1.5a).
bool takasa_move_ends(const Position& p, int pit, int step) {
  std::array<int, kRing> ring{};
  for (int r = 0; r < kRing; ++r) ring[r] = p.pits[p.side][r];
  std::set<std::pair<std::array<int, kRing>, int>> seen;
  for (int at = pit;;) {
    int n = ring[at];
    ring[at] = 0;
    for (; n > 0; --n) {
      at = (at + step + kRing) % kRing;
      ++ring[at];
    }
    if (ring[at] == 1) return true;
    if (!seen.insert({ring, at}).second) return false;
  }
}

// An infinite move is illegal (1.5a, rules.md 8). South has no capture (only a1 is
// occupied, facing the empty A8), so the takasa candidates are A2 and A4, both ways.
// A2R never ends: it enters a cycle of laps (a state repeats after about a hundred laps),
// which the independent simulation above confirms; the other three end. The legal
// moves are the three finite ones.
//         8   7   6   5   4   3   2   1
//  b      6   6   6   6   6   6   6   6
//  a      .   .   .   .   .   .   .   2
//  A      1   2   .   2   1   .   1   .
//  B      2   .   1   2   .   1   .   1
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R8_InfiniteMoveIsIllegal) {
  const Position p =
      pos("S 0,0 -- -",  //
          "6 6 6 6 6 6 6 6", "0 0 0 0 0 0 0 2", "1 2 0 2 1 0 1 0", "2 0 1 2 0 1 0 1", Variant::Kujifunza);
  EXPECT_FALSE(takasa_move_ends(p, 1, +1));  // A2R: A3, A4, ... (cw)
  EXPECT_TRUE(takasa_move_ends(p, 1, -1));   // A2L
  EXPECT_TRUE(takasa_move_ends(p, 3, -1));   // A4L
  EXPECT_TRUE(takasa_move_ends(p, 3, +1));   // A4R
  EXPECT_EQ(moves(p, kujifunza()), "A2L* A4L* A4R*");
  // The same with Donkers' cap (rules.md 8a): the infinite move sows more than 100.
  Rules capped = kujifunza();
  capped.long_move_limit = 100;
  EXPECT_EQ(moves(p, capped), "A2L* A4L* A4R*");
}

// The same for a move whose cycle shows only after the verdict cache's threshold (4,096
// laps): A2R* repeats a state after 7,320 laps, which the independent simulation confirms.
// The first generation proves it infinite and stores the verdict (engine/bao/verdict_cache.h);
// the next reads it back, as does a position that differs only on North's side, since a
// takasa move's verdict depends on the mover's ring alone. Every reading drops A2R*.
//         8   7   6   5   4   3   2   1
//  b      3   2   3   .   3   6   2   1
//  a      .   1   .   .   .   .   1   1
//  A      1   9   5   6   1   6   1   .
//  B      .   1   2   3   .   1   .   5
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R8_LongInfiniteMoveIsIllegalFromTheVerdictCacheToo) {
  const Position p =
      pos("S 0,0 -- -",  //
          "3 2 3 0 3 6 2 1", "0 1 0 0 0 0 1 1", "1 9 5 6 1 6 1 0", "0 1 2 3 0 1 0 5", Variant::Kujifunza);
  EXPECT_FALSE(takasa_move_ends(p, 1, +1));  // A2R: A3, A4, ... (cw)
  const std::string computed = moves(p, kujifunza());
  EXPECT_EQ(computed.find("A2R"), std::string::npos) << computed;
  EXPECT_EQ(moves(p, kujifunza()), computed);
  // One of North's seeds moved from b3 to b4: no capture appears or goes away.
  Position q = p;
  --q.pits[North][13];
  ++q.pits[North][12];
  q.refresh_key();
  EXPECT_EQ(moves(q, kujifunza()), computed);
}

// ---------------------------------------------------------------------------------------
// Rules options (rules.h, rules.md 8a)
// ---------------------------------------------------------------------------------------

// long_move_limit: a move sowing more seeds than the limit is illegal. A2R sows 10 (A3 ..
// A8, B8 .. B5), ends in B5 (1 -> 2) and relays 2 (B4, B3): 12 in all. A2L sows 10
// (A1, B1 .. B8, A8) and ends in the empty A8: exactly 10, not more than 10.
//         8   7   6   5   4   3   2   1
//  b      6   6   6   6   6   6   7   7
//  a      .   .   .   .   .   .   .   3
//  A      .  10   .   .   .   .   .   .
//  B      .   .   .   .   1   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 0 N 0, kujifunza
TEST(Rules, R8a_LongMoveLimit) {
  const Position p =
      pos("S 0,0 -- -",  //
          "6 6 6 6 6 6 7 7", "0 0 0 0 0 0 0 3", "0 10 0 0 0 0 0 0", "0 0 0 0 1 0 0 0", Variant::Kujifunza);
  Rules r = kujifunza();
  EXPECT_EQ(moves(p, r), "A2L* A2R*");
  r.long_move_limit = 10;
  EXPECT_EQ(moves(p, r), "A2L*");
  r.long_move_limit = 11;
  EXPECT_EQ(moves(p, r), "A2L*");
  r.long_move_limit = 12;
  EXPECT_EQ(moves(p, r), "A2L* A2R*");
}

// house_choice_any_count: the stop/safari choice at any house count. The position of
// R1_6a_HouseChoiceNeedsSixSeeds: the lap leaves 5 in the owned house.
//         8   7   6   5   4   3   2   1
//  b      2   2   2   2   2   1   1   1
//  a      1   5   .   .   .   .   .   .
//  A      .   1   .   .  [4]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R8a_HouseChoiceAnyCount) {
  const Position p = pos("S 20,20 A- -",  //
                         "2 2 2 2 2 1 1 1", "1 5 0 0 0 0 0 0", "0 1 0 0 4 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A2L");
  Rules any;
  any.house_choice_any_count = true;
  EXPECT_EQ(moves(p, any), "A2L A2L>");
  EXPECT_EQ(after(p, "A2L", any), rows("N 19,20 A- -",  //
                                       "2 2 2 2 2 1 1 1", "1 0 0 0 0 0 0 0", "1 3 1 1 5 0 0 0", "0 0 0 0 0 0 0 0"));
}

// tax_any_lone_house: a lone owned house of fewer than 6 is taxed too. By default it is
// an ordinary pit of 2 or more: all 4 seeds go and the house is lost.
//         8   7   6   5   4   3   2   1
//  b      2   2   2   1   1   1   1   1
//  a      .   2   2  [6]  .   .   .   .
//  A      .   .   .   .  [3]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 20 N 20
TEST(Rules, R8a_TaxAnyLoneHouse) {
  const Position p = pos("S 20,20 Aa -",  //
                         "2 2 2 1 1 1 1 1", "0 2 2 6 0 0 0 0", "0 0 0 0 3 0 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A5L* A5R*");
  EXPECT_EQ(after(p, "A5L*"), rows("N 19,20 -a -",  //
                                   "2 2 2 1 1 1 1 1", "0 2 2 6 0 0 0 0", "1 1 1 1 0 0 0 0", "0 0 0 0 0 0 0 0"));
  Rules tax;
  tax.tax_any_lone_house = true;
  EXPECT_EQ(moves(p, tax), "A5L* A5R*");
  EXPECT_EQ(after(p, "A5L*", tax), rows("N 19,20 Aa -",  //
                                        "2 2 2 1 1 1 1 1", "0 2 2 6 0 0 0 0", "0 0 1 1 2 0 0 0", "0 0 0 0 0 0 0 0"));
}

// house_lost_when_hand_empties: South's last namua move (A2L*: A1, B1, B2) leaves his
// house untouched. By default it stays owned until the first mtaji capture; with the
// option it goes with the last hand seed.
//         8   7   6   5   4   3   2   1
//  b      7   7   7   7   7   7   7   .
//  a      .   .   2  [6]  .   .   .   .
//  A      .   2   .   .  [3]  .   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 1 N 1
TEST(Rules, R8a_HouseLostWhenHandEmpties) {
  const Position p = pos("S 1,1 Aa -",  //
                         "7 7 7 7 7 7 7 0", "0 0 2 6 0 0 0 0", "0 2 0 0 3 0 0 0", "0 0 0 0 0 0 0 0");
  const std::string b = "7 7 7 7 7 7 7 0", a = "0 0 2 6 0 0 0 0", A = "1 0 0 0 3 0 0 0", B = "1 1 0 0 0 0 0 0";
  EXPECT_EQ(after(p, "A2L*"), rows("N 0,1 Aa -", b, a, A, B));
  Rules lose;
  lose.house_lost_when_hand_empties = true;
  EXPECT_EQ(after(p, "A2L*", lose), rows("N 0,1 -a -", b, a, A, B));
}

// takasia_after_namua: takasia also after the last namua takasa. South's A6L* (A6 = 3:
// A5, A4, A3) uses his last hand seed and leaves A1R threatening a6 alone; North's hand is
// empty and he has no capture. By default there is no takasia after a namua move.
//         8   7   6   5   4   3   2   1
//  b     54   .   .   .   .   .   .   .
//  a      .   .   3   .   .   .   2   .
//  A      2   .   .   .   .   2   .   .
//  B      .   .   .   .   .   .   .   .
//         1   2   3   4   5   6   7   8    South to move, hands S 1 N 0
TEST(Rules, R8a_TakasiaAfterNamua) {
  const Position p = pos("S 1,0 -- -",  //
                         "54 0 0 0 0 0 0 0", "0 0 3 0 0 0 2 0", "2 0 0 0 0 2 0 0", "0 0 0 0 0 0 0 0");
  EXPECT_EQ(moves(p), "A1L* A1R* A6L* A6R*");
  const std::string b = "54 0 0 0 0 0 0 0", a = "0 0 3 0 0 0 2 0", A = "2 0 1 1 1 0 0 0", B = "0 0 0 0 0 0 0 0";
  EXPECT_EQ(after(p, "A6L*"), rows("N 0,0 -- -", b, a, A, B));
  Rules namua;
  namua.takasia_after_namua = true;
  EXPECT_EQ(after(p, "A6L*", namua), rows("N 0,0 -- a6", b, a, A, B));
}

// candidates() (vector code for mtaji captures) against the rules of rules.md 5 and 6
// written out pit by pit here, on random boards of both stages, with and without a
// takasia mark and a house: the same moves, in the canonical order of notation.md.
std::vector<Move> reference_candidates(const Position& p, const Rules& rules) {
  std::vector<Move> out;
  if (p.front_empty(South) || p.front_empty(North)) return out;
  const int s = p.side;
  const auto* me = p.pits[s];
  const auto* op = p.pits[s ^ 1];
  auto add = [&](int pit, int right, int flags) {
    out.push_back(
        Move{static_cast<std::uint8_t>(pit), static_cast<std::uint8_t>(right), static_cast<std::uint8_t>(flags), 0});
  };
  int occupied = 0, twos = 0;
  for (int c = 0; c < kFront; ++c) occupied += me[c] > 0, twos += me[c] >= 2;
  auto both_ways = [&](int pit) {
    const bool lone = occupied == 1;  // the pit itself is the only occupied front pit
    if (!(pit == 0 && lone)) add(pit, 0, Move::kTakasa);
    if (!(pit == 7 && lone)) add(pit, 1, Move::kTakasa);
  };
  if (p.hand[s] > 0) {
    for (int c = 0; c < kFront; ++c) {
      if (!me[c] || !op[7 - c] || c == p.takasia) continue;
      if (c <= 5) add(c, 0, 0);
      if (c >= 2) add(c, 1, 0);
    }
    if (!out.empty()) return out;
    const bool owns = p.owns_house(s);
    if (occupied == 1 && me[kHouse] > 0 && owns && (me[kHouse] >= 6 || rules.tax_any_lone_house)) {
      add(kHouse, 0, Move::kTakasa);
      add(kHouse, 1, Move::kTakasa);
      return out;
    }
    for (int c = 0; c < kFront; ++c) {
      if (c == p.takasia || me[c] == 0) continue;
      if (me[c] >= 2 ? (c == kHouse && owns && me[kHouse] >= 6) : !(owns || twos == 0)) continue;
      both_ways(c);
    }
    return out;
  }
  for (int i = 0; i < kRing; ++i) {  // canonical order: front 1..8, back 1..8
    const int r = i < kFront ? i : kRing - 1 - (i - kFront);
    const int n = me[r];
    if (n < 2 || n > 15 || r == p.takasia) continue;
    for (int right = 0; right < 2; ++right) {
      const int step = (r < kFront) == (right == 1) ? 1 : -1;
      const int e = ((r + n * step) % kRing + kRing) % kRing;
      if (e < kFront && me[e] > 0 && op[7 - e] > 0) add(r, right, 0);
    }
  }
  if (!out.empty()) return out;
  for (int r = 0; r < kFront; ++r)
    if (me[r] >= 2 && r != p.takasia) both_ways(r);
  if (!out.empty()) return out;
  for (int i = kFront; i < kRing; ++i) {
    const int r = kRing - 1 - (i - kFront);
    if (me[r] >= 2 && r != p.takasia) add(r, 0, Move::kTakasa), add(r, 1, Move::kTakasa);
  }
  return out;
}

TEST(Rules, CandidatesMatchThePitByPitRules) {
  std::uint64_t x = 12345;
  auto next = [&] {  // SplitMix64
    x += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  int captures = 0, takasa = 0, excluded = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Position p = start_position(Variant::Kiswahili);
    const int max_seeds = 1 + static_cast<int>(next() % 20);
    for (int s = 0; s < 2; ++s)
      for (int r = 0; r < kRing; ++r)
        p.pits[s][r] = static_cast<std::uint8_t>(next() % 3 == 0 ? 0 : next() % max_seeds);
    p.side = static_cast<std::uint8_t>(next() % 2);
    const bool namua = next() % 3 == 0;
    p.hand[0] = p.hand[1] = static_cast<std::uint8_t>(namua ? 1 + next() % 20 : 0);
    p.houses = static_cast<std::uint8_t>(next() % 4);
    p.takasia = next() % 4 == 0 ? static_cast<std::int8_t>(next() % kFront) : kNoPit;
    p.refresh_key();
    Rules rules;
    rules.tax_any_lone_house = next() % 2 == 0;
    const std::vector<Move> want = reference_candidates(p, rules);
    const Candidates got = candidates(p, rules);
    std::vector<Move> have;
    for (std::uint32_t b = got.bits; b; b &= b - 1) {
      const int k = std::countr_zero(b), i = k >> 1;
      have.push_back(Move{static_cast<std::uint8_t>(i < kFront ? i : kRing - 1 - (i - kFront)),
                          static_cast<std::uint8_t>(k & 1), got.flags, 0});
    }
    ASSERT_EQ(have, want) << format_position(p);
    if (!want.empty()) (want[0].takasa() ? takasa : captures) += 1;
    excluded += p.takasia != kNoPit && !want.empty();
  }
  EXPECT_GT(captures, 3000);
  EXPECT_GT(takasa, 2000);
  EXPECT_GT(excluded, 1000);
}

}  // namespace
}  // namespace bao
