// Shared pieces of the libFuzzer targets: the input as text, and a check that aborts
// (a crash libFuzzer reports with its input) when an invariant fails. Readers must
// either accept an input or throw InputError; anything else is a defect.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace bao::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

#define BAO_FUZZ_CHECK(cond, detail)                 \
  do {                                               \
    if (!(cond)) ::bao::fuzz::fail(#cond, (detail)); \
  } while (0)

}  // namespace bao::fuzz
