// Text formats of spec/notation.md: position strings, moves, move lists, board diagrams.
// Printing is canonical; reading is lenient where game records need it. Every reader
// throws InputError naming the field or move, what it found and what it expected.
#pragma once

#include <string>
#include <string_view>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"

namespace bao {

// "0,0,0,0,6,2,2,0/.../... S 22,22 Aa -"
std::string format_position(const Position& p);

// Reads a position string for variant v. Rejects (naming the field): a wrong field count,
// a count that is not a number, a board that is not 4 rows of 8, a side other than S/N,
// seeds on board plus in hand not 64, a hand above 22 (or any hand in kujifunza), a
// house marked owned in a variant without houses, a takasia mark that is not a front pit
// of the side to move (or any mark in kujifunza).
Position parse_position(std::string_view text, Variant v);

// "A5", "b3": row letter of side s (front A/a, back B/b) and pit number of a ring index.
std::string pit_name(int side, int ring);

// Canonical move text <row><pit><L|R>[>][*] for side s (notation.md).
std::string format_move(const Move& m, int side);

// The moves as canonical texts separated by single spaces.
std::string format_moves(const MoveList& moves, int side);

// Reads the move `text` in position p and returns the legal move it names. Lenient as
// notation.md allows: `*`, `**` and `>` in any order, a space before `*`, a missing
// direction where only one legal move fits, either letter where a namua kichwa is forced,
// a missing row letter in the namua stage. `where` ("move 12N") starts error messages,
// which list the legal moves.
Move parse_move(std::string_view text, const Position& p, const Rules& rules, std::string_view where);

// The board as text, North on top as in Donkers' diagrams (rows b, a, A, B), with
// hands, houses, side to move, stage and takasia.
std::string format_board(const Position& p, const Rules& rules);

}  // namespace bao
