// The position reader (notation.md "Position string"): any text is accepted or refused
// with InputError; an accepted position prints and reads back to itself, with the seed
// total of rule 2 and an up-to-date hash.
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  for (bao::Variant v : {bao::Variant::Kiswahili, bao::Variant::Kujifunza}) {
    bao::Position p;
    try {
      p = bao::parse_position(text, v);
    } catch (const bao::InputError&) {
      continue;
    }
    BAO_FUZZ_CHECK(bao::seed_total(p) == bao::kSeeds, text);
    BAO_FUZZ_CHECK(p.key == p.compute_key(), text);
    const std::string again = bao::format_position(p);
    BAO_FUZZ_CHECK(bao::parse_position(again, v) == p, again);
  }
  return 0;
}
