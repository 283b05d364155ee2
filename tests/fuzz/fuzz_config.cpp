// The tournament config reader: any text is read or refused with InputError; a config
// read has at least two entrants, each with a player section, and an identity that
// reads back from its own text.
#include "engine/error.h"
#include "experiments/config.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  bao::experiments::Config c;
  try {
    c = bao::experiments::parse_config(text, "fuzz.ini", {});
  } catch (const bao::InputError&) {
    return 0;
  }
  BAO_FUZZ_CHECK(c.entrants.size() >= 2, text);
  for (const auto& e : c.entrants) BAO_FUZZ_CHECK(c.players.count(e) == 1, e);
  const std::string ini = bao::experiments::format_identity(c.identity);
  BAO_FUZZ_CHECK(bao::experiments::parse_identity(ini, "identity") == c.identity, ini);
  return 0;
}
