// Game records (notation.md "Game record"): reading with full validation, and writing.
//
// A record is read in one pass: headers, then move lines, each move checked against the
// legal moves of the position it is played in. Every error names the source, the line
// and, for moves, the move number and ply ("move 5N").
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/bao/move.h"
#include "engine/bao/movegen.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"

namespace bao {

struct GamePly {
  int number;      // move number, from 1
  Side side;       // who played it
  Move move;       // canonical (what the record's text resolved to)
  MoveList legal;  // the legal moves before it
  Position after;  // the position after it
};

// A game as its record holds it: headers, rules, start, and every ply checked.
struct GameRecord {
  std::vector<std::pair<std::string, std::string>> headers;  // in file order
  Rules rules;
  Position start;
  std::vector<GamePly> plies;
  Outcome result = Outcome::Ongoing;  // Ongoing: unfinished
  std::string reason;                 // "South resigns", "North's front row is empty", ...
  const Position& final_position() const { return plies.empty() ? start : plies.back().after; }
};

// "1S", "12N".
std::string ply_label(int number, Side side);

// Reads a record. `rules` gives the rules options and the variant used when the record
// has no `variant:` header; when variant_given is true a differing header is an error.
// A `winner:` header that the moves contradict is an error too, and so are: a line that
// is neither a header (key: a word of 2+ letters, digits, '-', '_', from a letter) nor a
// move line (all-digit number, leading zeros allowed), a repeated variant/position/
// winner header, and a move or `resigns` after the game has ended.
GameRecord read_game(std::string_view text, std::string_view source, const Rules& rules, bool variant_given);

// The record of a game in canonical notation (headers kept, moves canonical).
std::string write_game(const GameRecord& game);

}  // namespace bao
