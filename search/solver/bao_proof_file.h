// Bao proof files: the header that says what is proven, around the generic proof body of
// search/solver/proof.h.
//
//   bao-proof 1
//   rule variant=kujifunza           (every Rules option, as Rules::describe writes them)
//   rule long_move_limit=0 ...
//   position <position text>         (notation.md)
//   winner S|N
//   body
//   <tokens: canonical move texts and "=", 16 a line>
//
// Moves are written as notation.md's canonical texts, so the checker compares texts and
// needs nothing but the move generator.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "engine/bao/notation.h"
#include "search/bao_game.h"
#include "search/solver/proof.h"

namespace bao::search::solver {

// Moves and positions as text, for proof bodies and messages.
struct BaoProofText {
  std::string move(const Position& s, const Move& m) const { return format_move(m, s.side); }
  std::string position(const Position& s) const { return format_position(s); }
};

// Writes a whole proof file for the win df-pn has just proven from root (dfpn.attacker()).
ProofStats write_bao_proof(std::ostream& out, const BaoGame& g, Dfpn<BaoGame>& dfpn, const Position& root,
                           Budget& budget);

struct BaoProofCheck {
  Rules rules;
  Position root;
  int winner = 0;
  CheckResult result;
};
// Reads a proof file's header and replays its body. Throws InputError for a header that
// cannot be read (naming the line); a body that fails is reported in result.
BaoProofCheck check_bao_proof(std::istream& in);

}  // namespace bao::search::solver
