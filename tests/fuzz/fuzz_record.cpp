// The game-record reader: any text is read or refused with InputError; a record read
// writes back to text that reads to the same game (start, moves, result).
#include "engine/bao/record.h"
#include "engine/error.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  const bao::Rules rules;
  bao::GameRecord g;
  try {
    g = bao::read_game(text, "fuzz", rules, false);
  } catch (const bao::InputError&) {
    return 0;
  }
  const std::string written = bao::write_game(g);
  bao::GameRecord back;
  try {
    back = bao::read_game(written, "written", rules, false);
  } catch (const bao::InputError& e) {
    bao::fuzz::fail("a written record reads back", written + "\n" + e.what());
  }
  BAO_FUZZ_CHECK(back.start == g.start, written);
  BAO_FUZZ_CHECK(back.plies.size() == g.plies.size(), written);
  for (std::size_t i = 0; i < g.plies.size(); ++i) BAO_FUZZ_CHECK(back.plies[i].move == g.plies[i].move, written);
  BAO_FUZZ_CHECK(back.result == g.result, written);
  return 0;
}
