// The searcher and evaluator spec readers (`alphabeta(tt_mb=4)`, `prom-beta(types=...)`,
// `td-long`): any text makes a searcher or is refused with InputError; a searcher made
// describes itself with a spec that makes a searcher again.
#include <charconv>

#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/spec.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

constexpr std::int64_t kMaxTableMb = 16;  // the default size

// Whether `text` is a spec whose tt_mb is a whole number above kMaxTableMb.
bool large_table(const std::string& text) {
  bao::search::Spec spec;
  try {
    spec = bao::search::parse_spec(text);
  } catch (const bao::InputError&) {
    return false;
  }
  const auto it = spec.params.find("tt_mb");
  if (it == spec.params.end()) return false;
  const std::string& v = it->second;
  std::int64_t mb = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), mb);
  return ec == std::errc() && end == v.data() + v.size() && mb > kMaxTableMb;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  // A table size the readers accept (up to 65536 MiB) is allocated and cleared at once,
  // beyond libFuzzer's memory limit: such specs are skipped, every other tt_mb (small,
  // negative, not a number) is read as usual.
  if (large_table(text)) return 0;
  const bao::Rules rules;
  try {
    bao::models::make_evaluator(text);
  } catch (const bao::InputError&) {
  }
  try {
    auto s = bao::models::make_searcher(text, rules, bao::models::make_evaluator("material"));
    BAO_FUZZ_CHECK(s != nullptr, text);
    BAO_FUZZ_CHECK(!s->describe().empty(), text);
    const std::string described = s->describe();
    try {
      BAO_FUZZ_CHECK(bao::models::make_searcher(described, rules, bao::models::make_evaluator("material")) != nullptr,
                     described);
    } catch (const bao::InputError& e) {
      bao::fuzz::fail("a searcher's description makes a searcher", text + " -> " + described + ": " + e.what());
    }
  } catch (const bao::InputError&) {
  }
  return 0;
}
