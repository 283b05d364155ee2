// The checkers readers (docs/checkers.md "Notation"): the input's first line as a
// position, the rest as a move in it (or at the start when the position is refused).
// Any text is accepted or refused with InputError; an accepted position prints and reads
// back to itself with an up-to-date hash and at most 12 pieces a side, and an accepted
// move is legal and prints to a text naming the same move.
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/error.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bao::checkers;
  const std::string text = bao::fuzz::text_of(data, size);
  const std::size_t nl = text.find('\n');
  const std::string first = text.substr(0, nl), rest = nl == std::string::npos ? "" : text.substr(nl + 1);
  State s = start_state();
  try {
    s = parse_fen(first);
    BAO_FUZZ_CHECK(s.key == s.compute_key(), first);
    BAO_FUZZ_CHECK(popcount(s.pieces[Black]) <= kMaxPieces && popcount(s.pieces[White]) <= kMaxPieces, first);
    BAO_FUZZ_CHECK(parse_fen(fen(s)) == s, fen(s));
  } catch (const bao::InputError&) {
    s = start_state();
  }
  try {
    const Move m = parse_move(s, rest);
    MoveList moves;
    generate_moves(s, moves);
    bool legal = false;
    for (const Move& x : moves) legal = legal || x == m;
    BAO_FUZZ_CHECK(legal, rest);
    BAO_FUZZ_CHECK(parse_move(s, move_text(m)) == m, move_text(m));
  } catch (const bao::InputError&) {
  }
  return 0;
}
