// Shared pieces of the libFuzzer targets: the input as text, and a check that aborts
// (a crash libFuzzer reports with its input) when an invariant fails. Readers must
// either accept an input or throw InputError; anything else is a defect.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace bao::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

// A folder of the process's own under the temporary folder, TMP/bao-fuzz-NAME-PID, made
// on the first call and removed when the process ends normally.
inline const std::filesystem::path& process_folder(const char* name) {
  static const std::filesystem::path dir = [name] {
    const auto d =
        std::filesystem::temp_directory_path() / ("bao-fuzz-" + std::string(name) + "-" + std::to_string(getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  static const struct Remove {
    ~Remove() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  } remove;
  return dir;
}

#define BAO_FUZZ_CHECK(cond, detail)                 \
  do {                                               \
    if (!(cond)) ::bao::fuzz::fail(#cond, (detail)); \
  } while (0)

}  // namespace bao::fuzz
