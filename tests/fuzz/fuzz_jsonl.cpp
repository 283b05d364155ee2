// The games.jsonl line reader: any line is a record or refused with InputError; a
// record read writes back to the same line it reads from.
#include "engine/error.h"
#include "experiments/records.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  bao::experiments::TournamentGame r;
  try {
    r = bao::experiments::from_json(text);
  } catch (const bao::InputError&) {
    return 0;
  }
  const std::string line = bao::experiments::to_json(r);
  const bao::experiments::TournamentGame back = bao::experiments::from_json(line);
  BAO_FUZZ_CHECK(bao::experiments::to_json(back) == line, line);
  return 0;
}
