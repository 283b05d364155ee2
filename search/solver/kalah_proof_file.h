// Kalah margin proofs: the value v of a position as two win/loss proofs of
// search/solver/proof.h on the threshold games of search/solver/kalah_threshold_game.h,
// "South ends at least v ahead" (South proves) and "South ends at most v ahead" (North
// proves that South does not reach v + 1), checked with the rules alone.
//
//   kalah-margin-proof 1
//   rule houses=M | seeds=N | empty_capture=true|false | end=either|mover   (one a line)
//   position <docs/kalah.md's position text>
//   value <South's margin, signed>
//   at-least
//   <the body of South's proof at threshold v>
//   at-most
//   <the body of North's proof at threshold v + 1>
//
// Moves are house numbers (kalah::format_move), so the checker compares texts and needs
// nothing but the move generator.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "engine/kalah/kalah.h"
#include "search/solver/budget.h"
#include "search/solver/proof.h"

namespace bao::search::solver {

struct KalahProofStats {
  bool written = false;  // false: a budget ran out before both proofs were found
  ProofStats at_least, at_most;
};

// Proves both bounds of `value` from root by df-pn (table of table_mb MiB) and writes the
// file to out; nothing is written when either proof is not found within `budget`. Throws
// InputError when a bound does not hold (the value is wrong).
KalahProofStats write_kalah_proof(std::ostream& out, const kalah::KalahRules& rules, const kalah::KalahState& root,
                                  int value, std::size_t table_mb, Budget& budget);

struct KalahProofCheck {
  kalah::KalahRules rules;
  kalah::KalahState root;
  int value = 0;
  CheckResult at_least, at_most;
  bool ok() const { return at_least.ok && at_most.ok; }
};
// Reads a proof file's header and replays both bodies. Throws InputError for a header
// that cannot be read (naming the line); a body that fails is reported in its result.
KalahProofCheck check_kalah_proof(std::istream& in);
// Whether the stream's first line is a Kalah margin proof's (the stream is left as it was).
bool is_kalah_proof(std::istream& in);

}  // namespace bao::search::solver
