// Kalah's text forms (docs/kalah.md):
//
//   position  "H1,...,Hm/h1,...,hm S,N X": South's houses 1..m, a slash, North's houses
//             1..m (each side in its own sowing order), the two stores South's first, and
//             the side to move, S or N. The start of Kalah(6,4):
//             "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S".
//   move      the mover's house number, 1..m, house 1 farthest from its store.
//
// Readers throw InputError naming what is wrong and where; a position must hold the
// game's m houses a side and its 2mn seeds.
#pragma once

#include <string>
#include <string_view>

#include "engine/kalah/kalah.h"

namespace bao::kalah {

std::string format_state(const KalahState& s, const KalahRules& r);
KalahState parse_state(std::string_view text, const KalahRules& r);
std::string format_move(KalahMove m);
KalahMove parse_move(std::string_view text, const KalahRules& r);
// The board for people: North's row on top (its house 1 on the right, as it sows
// counter-clockwise), the stores at the ends (North's on the left), South's row below.
std::string draw_state(const KalahState& s, const KalahRules& r);

}  // namespace bao::kalah
