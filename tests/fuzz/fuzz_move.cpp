// The move reader: the first line is a position string (the kiswahili start when it
// does not parse), the rest a move text. An accepted move is legal and its canonical
// text reads back to the same move.
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  const auto nl = text.find('\n');
  const std::string head = nl == std::string::npos ? "" : text.substr(0, nl);
  const std::string move_text = nl == std::string::npos ? text : text.substr(nl + 1);
  const bao::Rules rules;
  bao::Position p = bao::start_position(rules.variant);
  try {
    p = bao::parse_position(head, rules.variant);
  } catch (const bao::InputError&) {
  }
  bao::Move m;
  try {
    m = bao::parse_move(move_text, p, rules, "move 1S");
  } catch (const bao::InputError&) {
    return 0;
  }
  BAO_FUZZ_CHECK(bao::is_legal(p, m, rules), move_text);
  const std::string canonical = bao::format_move(m, p.side);
  BAO_FUZZ_CHECK(bao::parse_move(canonical, p, rules, "again") == m, canonical);
  return 0;
}
