// Helpers of the tournament tests (tournament_test.cpp, tournament_shards_test.cpp): a
// temporary folder, small configs, and records compared without their machine-dependent
// times.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/error.h"
#include "experiments/config.h"
#include "experiments/records.h"

namespace bao::experiments::test {

namespace fs = std::filesystem;

// A fresh folder per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            ("bao-tour-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" + info->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  fs::path operator/(const std::string& s) const { return path_ / s; }
  std::string str() const { return path_.string(); }

 private:
  fs::path path_;
};

inline void write(const fs::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary);
  f << text;
}

inline std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// Two players at depth 1 and 2, two openings: 4 games.
inline const char* kSmall =
    "# a small test config\n"  // 1
    "seed = 7\n"               // 2
    "openings = 2\n"           // 3
    "players = a, b\n"         // 4
    "ply_cap = 200\n"          // 5
    "\n"                       // 6
    "[player.a]\n"             // 7
    "searcher = alphabeta\n"   // 8
    "eval = default\n"         // 9
    "depth = 2\n"              // 10
    "\n"                       // 11
    "[player.b]\n"             // 12
    "searcher = alphabeta\n"   // 13
    "eval = material\n"        // 14
    "depth = 1\n";             // 15

inline std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The message of the InputError that parsing `text` (as "t.ini") throws.
inline std::string config_error(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    parse_config(text, "t.ini", sets);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return "";
}

#define EXPECT_HAS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

// The records without their times (which depend on the machine), sorted.
inline std::vector<std::string> content(std::vector<TournamentGame> records) {
  std::vector<std::string> out;
  for (TournamentGame& r : records) {
    r.time_south = r.time_north = 0;
    out.push_back(to_json(r));
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string round_robin() {
  std::string t = replace(kSmall, "players = a, b", "schedule = round-robin\nplayers = a, b, c");
  t = replace(t, "openings = 2", "openings = 3");
  return t + "[player.c]\nsearcher = minimax\neval = default\ndepth = 2\n";
}

}  // namespace bao::experiments::test
