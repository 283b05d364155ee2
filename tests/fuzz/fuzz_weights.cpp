// The weights-file reader: any text is read or refused with InputError; weights read
// are finite and write back to text that reads to the same weights.
#include <cmath>

#include "engine/error.h"
#include "models/linear_evaluator.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  bao::models::Weights w;
  try {
    w = bao::models::parse_weights(text, "fuzz.txt");
  } catch (const bao::InputError&) {
    return 0;
  }
  for (int f = 0; f < bao::models::kHalfFeatures; ++f) BAO_FUZZ_CHECK(std::isfinite(w[f]), text);
  const std::string again = bao::models::format_weights(w);
  BAO_FUZZ_CHECK(bao::models::parse_weights(again, "again") == w, again);
  return 0;
}
