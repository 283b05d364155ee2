// The published perft counts of English draughts from the start, depths 1-14: Aart Bik,
// "perft for 8x8 checkers", TalkChess (Computer Chess Club), 8 May 2009
// (http://www.talkchess.com/forum3/viewtopic.php?t=27814), also OEIS A133046. The
// Two capture routes that take the same pieces need a king going round a ring of four;
// none arises this close to the start, so counting such routes once or twice gives the
// same numbers here (docs/checkers.md, "perft").
#pragma once

#include <cstdint>

namespace bao::checkers::testing {

inline constexpr std::uint64_t kPublishedPerft[] = {
    1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673, 1766623630, 7978439499};
inline constexpr int kPublishedDepth = 14;

}  // namespace bao::checkers::testing
