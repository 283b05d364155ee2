// The `bao play` command loop: the input's lines are what a person types, fed to
// cmd_play on standard input (the first byte picks the variant, the side played and
// whether the first line is a --position). The engine is alphabeta at depth 1 without a
// table, so that a run takes milliseconds. Every `save` goes to a file of this process's
// temporary folder, and after every line a `position` command prints the position.
// Checked: the session never fails but with InputError, every position printed is
// valid (64 seeds, the position string round trip), every file saved is a record that
// bao replay reads, with as many plies as the session said and ending in the position
// printed right after the save, and --save's record at the end ends where the game did.
#include <fcntl.h>
#include <unistd.h>

#include <boost/program_options/errors.hpp>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <vector>

#include "cli/common.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

namespace fs = std::filesystem;

const char kCheck[] = "position fuzz-check";

const fs::path& folder() { return bao::fuzz::process_folder("session"); }

// Standard input and output swapped for strings while a session runs.
struct Redirect {
  std::istringstream in;
  std::ostringstream out;
  std::streambuf* old_in;
  std::streambuf* old_out;
  explicit Redirect(const std::string& input)
      : in(input), old_in(std::cin.rdbuf(in.rdbuf())), old_out(std::cout.rdbuf(out.rdbuf())) {
    std::cin.clear();
  }
  ~Redirect() {
    std::cin.rdbuf(old_in);
    std::cout.rdbuf(old_out);
    std::cin.clear();
    std::cout.clear();
  }
};

std::string first_word(const std::string& line) {
  std::istringstream in(line);
  std::string w;
  in >> w;
  return w;
}

bao::GameRecord read_saved(const fs::path& file, const bao::Rules& rules, const std::string& transcript) {
  std::string text;
  try {
    text = bao::read_text_file(file.string());
    return bao::read_game(text, file.string(), rules, false);
  } catch (const bao::InputError& e) {
    bao::fuzz::fail("a saved record reads back", text + "\n" + e.what() + "\n--- session:\n" + transcript);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // bao play echoes its input only when standard input is no terminal: make it none,
  // so the transcript has the same form wherever the fuzzer runs.
  if (isatty(STDIN_FILENO)) {
    const int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0) dup2(fd, STDIN_FILENO);
  }
  folder();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const std::string text = bao::fuzz::text_of(data + 1, size - 1);
  bao::Rules rules;
  rules.variant = (mode & 1) ? bao::Variant::Kujifunza : bao::Variant::Kiswahili;
  const char* sides[] = {"both", "south", "north", "both"};
  const std::string final_file = (folder() / "final.txt").string();
  std::vector<std::string> args = {"--variant",  bao::variant_name(rules.variant),
                                   "--side",     sides[(mode >> 1) & 3],
                                   "--opponent", "alphabeta(tt_mb=0)",
                                   "--depth",    "1",
                                   "--quiet",    "--save",
                                   final_file};

  std::istringstream lines(text);
  std::string line;
  if ((mode & 8) && std::getline(lines, line)) {
    args.push_back("--position=" + line);
  }
  // The session's input: each line, then the check; a save names a file of ours.
  std::string input;
  std::vector<fs::path> saves;  // the file of the n-th save
  int n = 0;
  bool quit = false;  // the input ends with quit (or exit), whose check is not run
  while (std::getline(lines, line) && n < 64) {
    // A line naming the check or our files would be echoed into the transcript, where it
    // could pass for what the checks look for.
    if (line.find("fuzz-check") != std::string::npos || line.find("bao-fuzz-session") != std::string::npos) continue;
    const std::string word = first_word(line);
    if (word == "save") {
      saves.push_back(folder() / ("save-" + std::to_string(saves.size()) + ".txt"));
      line = "save " + saves.back().string();
    }
    input += line + "\n" + kCheck + "\n";
    ++n;
    if ((quit = word == "quit" || word == "exit")) break;
  }
  for (const auto& f : saves) fs::remove(f);
  fs::remove(final_file);

  std::string transcript;
  {
    Redirect r(input);
    try {
      bao::cli::cmd_play(args);
    } catch (const bao::InputError&) {
      return 0;  // a --position refused
    } catch (const boost::program_options::error&) {
      return 0;  // the same, as an argument error
    }
    transcript = r.out.str();
  }

  // The positions printed by the checks, in order, and where in the transcript each is.
  const std::string marker = std::string("> ") + kCheck + "\n";
  std::vector<std::string> positions;
  std::vector<std::size_t> at;
  for (std::size_t i = transcript.find(marker); i != std::string::npos; i = transcript.find(marker, i + 1)) {
    const std::size_t start = i + marker.size(), end = transcript.find('\n', start);
    BAO_FUZZ_CHECK(end != std::string::npos, transcript);
    const std::string s = transcript.substr(start, end - start);
    bao::Position p;
    try {
      p = bao::parse_position(s, rules.variant);
    } catch (const bao::InputError& e) {
      bao::fuzz::fail("the position printed reads back", s + ": " + e.what() + "\n--- session:\n" + transcript);
    }
    BAO_FUZZ_CHECK(bao::seed_total(p) == bao::kSeeds, s);
    BAO_FUZZ_CHECK(bao::format_position(p) == s, s);
    positions.push_back(s);
    at.push_back(i);
  }
  // Every line reaches its check but a quit.
  BAO_FUZZ_CHECK(static_cast<int>(positions.size()) == n - (quit ? 1 : 0), transcript);

  // Each save: "saved FILE (N plies)", a record of N plies ending at the next check.
  for (std::size_t k = 0; k < saves.size(); ++k) {
    const std::string said = "\nsaved " + saves[k].string() + " (";  // at a line's start: no echo
    const std::size_t s = transcript.find(said);
    BAO_FUZZ_CHECK(s != std::string::npos, transcript);
    const bao::GameRecord g = read_saved(saves[k], rules, transcript);
    const std::string plies = std::to_string(g.plies.size()) + " plies)";
    BAO_FUZZ_CHECK(transcript.compare(s + said.size(), plies.size(), plies) == 0, transcript);
    std::size_t next = 0;
    while (next < at.size() && at[next] < s) ++next;
    BAO_FUZZ_CHECK(next < at.size(), transcript);
    BAO_FUZZ_CHECK(bao::format_position(g.final_position()) == positions[next], transcript);
  }
  // --save: the whole game, ending where the last check saw it.
  const bao::GameRecord g = read_saved(final_file, rules, transcript);
  if (!positions.empty()) BAO_FUZZ_CHECK(bao::format_position(g.final_position()) == positions.back(), transcript);
  return 0;
}
