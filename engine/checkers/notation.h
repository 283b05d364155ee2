// Text forms of checkers moves and positions (docs/checkers.md, "Notation"):
//  * a step `11-15`; a capture with every landing square, `22x15x8`. Reading also takes
//    a capture by its two ends (`22x8`) where exactly one legal capture has them;
//  * a position as draughts programs write it (PDN's FEN): `B:W21,22,...:B1,2,...`, the
//    side to move, then each colour's squares, K before a king; reading also takes
//    ranges (`B1-12`), the two lists in either order and a trailing `.`. A draw-rule count
//    other than zero is written as a last field `:H<plies>` (this toolkit's addition, so
//    that a state prints and reads back to itself).
// Every malformed or illegal input throws bao::InputError naming what is wrong.
#pragma once

#include <string>
#include <string_view>

#include "engine/checkers/board.h"
#include "engine/checkers/move.h"

namespace bao::checkers {

std::string move_text(const Move& m);
// The legal move of s that text names.
Move parse_move(const State& s, std::string_view text);

std::string fen(const State& s);
State parse_fen(std::string_view text);

// The board as eight rows of text, Black's side on top: `b`/`w` men, `B`/`W` kings, `.`
// an empty dark square, a blank a light one; then the side to move.
std::string board_text(const State& s);

}  // namespace bao::checkers
