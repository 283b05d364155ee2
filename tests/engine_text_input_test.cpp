// engine/text_input.h: the one number reader, and reading and writing whole files where
// the input is not a regular file or the disk is full.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>

#include "engine/error.h"
#include "engine/text_input.h"
#include "input_error.h"

namespace bao {
namespace {

namespace fs = std::filesystem;

// A fresh folder of this test's own under the temporary directory.
fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("bao-text-input-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// The message read_text_file(path) refuses with.
std::string error_of(const std::string& path) {
  return test::input_error_of([&] { read_text_file(path); });
}

TEST(Numbers, WholeNumbersAreWholeTokens) {
  int i = -1;
  EXPECT_TRUE(to_int("42", i));
  EXPECT_EQ(i, 42);
  EXPECT_TRUE(to_int("-7", i));
  EXPECT_EQ(i, -7);
  for (const char* bad : {"", " 1", "1 ", "+1", "1.0", "0x10", "1e3", "2147483648", "12abc"})
    EXPECT_FALSE(to_int(bad, i)) << bad;
  std::int64_t big = 0;
  EXPECT_TRUE(to_int("9223372036854775807", big));
  EXPECT_EQ(big, std::numeric_limits<std::int64_t>::max());
  std::uint64_t u = 0;
  EXPECT_FALSE(to_int("-1", u));
}

TEST(Numbers, DecimalsAreFiniteWholeTokens) {
  double x = -1;
  EXPECT_TRUE(to_double("0.25", x));
  EXPECT_EQ(x, 0.25);
  EXPECT_TRUE(to_double("-3", x));
  EXPECT_EQ(x, -3);
  EXPECT_TRUE(to_double("1e-3", x));
  EXPECT_EQ(x, 1e-3);
  EXPECT_TRUE(to_double("1e-320", x));  // a subnormal is a number
  EXPECT_GT(x, 0);
  x = 7;
  for (const char* bad : {"", "nan", "inf", "-inf", "0x1p3", "+1", " 0.5", "0.5 ", "0.5x", "1e400", "1e-400", "."})
    EXPECT_FALSE(to_double(bad, x)) << bad;
  EXPECT_EQ(x, 7);  // untouched by a refused text
}

TEST(Printable, BytesThatDoNotPrintAreEscapedAndEscapingTwiceChangesNothing) {
  EXPECT_EQ(printable("a\x1b[2Jb\n\t\x7f"), "a\\x1b[2Jb\\x0a\\x09\\x7f");
  EXPECT_EQ(printable("e-acute \xc3\xa9, euro \xe2\x82\xac, back\\slash"),
            "e-acute \xc3\xa9, euro \xe2\x82\xac, back\\slash");
  // C1 control U+009B (a terminal's CSI), a lone continuation byte, a cut character, an
  // overlong '/' and a surrogate.
  EXPECT_EQ(printable("\xc2\x9b \x80 \xe2\x82 \xc0\xaf \xed\xa0\x80"),
            "\\xc2\\x9b \\x80 \\xe2\\x82 \\xc0\\xaf \\xed\\xa0\\x80");
  const std::string once = printable("\x1b\x01\xff");
  EXPECT_EQ(printable(once), once);
}

TEST(TextFiles, ADirectoryADeviceAndAFifoAreRefusedWithoutHanging) {
  const fs::path d = temp_dir("kinds");
  EXPECT_NE(error_of(d.string()).find("it is a directory"), std::string::npos) << error_of(d.string());
  // /dev/zero never ends: read, it would fill memory (std::bad_alloc), so it is refused.
  EXPECT_NE(error_of("/dev/zero").find("'/dev/zero': not a regular file"), std::string::npos);
  // Opening a FIFO waits for a writer: the type is checked first.
  const fs::path fifo = d / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(error_of(fifo.string()).find("not a regular file"), std::string::npos);
  const std::string missing = (d / "none.txt").string();
  EXPECT_NE(error_of(missing).find("cannot open '" + missing + "': No such file"), std::string::npos);
  fs::remove_all(d);
}

// A caller's cap (bao serve reads summaries with a few MiB) is held: a file at the cap
// is read, one byte more is refused with the cap named.
TEST(TextFiles, ACapGivenIsHeld) {
  const fs::path d = temp_dir("cap");
  const fs::path file = d / "summary.md";
  std::ofstream(file) << std::string(100, 'x');
  EXPECT_EQ(read_text_file(file.string(), 100).size(), 100u);
  const std::string e = test::input_error_of([&] { read_text_file(file.string(), 99); });
  EXPECT_NE(e.find("'" + file.string() + "' is larger than 99 bytes"), std::string::npos) << e;
  fs::remove_all(d);
}

// std::cin reads `text` while it lives.
class StandardInput {
 public:
  explicit StandardInput(const std::string& text) : in_(text), old_(std::cin.rdbuf(in_.rdbuf())) {}
  ~StandardInput() {
    std::cin.rdbuf(old_);
    std::cin.clear();
  }

 private:
  std::istringstream in_;
  std::streambuf* old_;
};

// Standard input ("-", as bao replay - reads it) is held to the cap as a file is, over
// several of the reader's 64 KiB pieces.
TEST(TextFiles, StandardInputIsHeldToTheCap) {
  const std::string text(200000, 'x');
  {
    const StandardInput in(text);
    EXPECT_EQ(read_text_file("-", 200000), text);
  }
  {
    const StandardInput in(text);
    const std::string e = test::input_error_of([&] { read_text_file("-", 199999); });
    EXPECT_NE(e.find("standard input is larger than 199999 bytes, the most this input may be"), std::string::npos) << e;
  }
  const StandardInput in("");
  EXPECT_EQ(read_text_file("-", 10), "");
}

// read_line reads lines as std::getline does, and refuses one past its cap having read
// one byte beyond it.
TEST(TextFiles, ALineIsReadUpToItsCap) {
  std::istringstream in("ab\n\ncd");
  std::string line;
  ASSERT_TRUE(read_line(in, line, "in", 4));
  EXPECT_EQ(line, "ab");
  ASSERT_TRUE(read_line(in, line, "in", 4));
  EXPECT_EQ(line, "");
  ASSERT_TRUE(read_line(in, line, "in", 4));  // the last line, without a newline
  EXPECT_EQ(line, "cd");
  EXPECT_FALSE(read_line(in, line, "in", 4));
  EXPECT_TRUE(in.eof() && in.fail());

  std::istringstream at_cap("1234\n12345\nrest\n");
  ASSERT_TRUE(read_line(at_cap, line, "in", 4));
  EXPECT_EQ(line, "1234");
  EXPECT_EQ(test::input_error_of([&] { read_line(at_cap, line, "standard input", 4); }),
            "standard input: a line longer than 4 bytes, the most a line of this input may be");
  EXPECT_EQ(at_cap.tellg(), 10);  // "1234\n" and 5 bytes of the long line

  // The default cap, 64 KiB: an endless line stops after it.
  std::istringstream zeros(std::string(kMaxLineBytes + 100, '\0'));
  EXPECT_EQ(test::input_error_of([&] { read_line(zeros, line, "standard input"); }),
            "standard input: a line longer than 65536 bytes (64 KiB), the most a line of this input may be");
  EXPECT_EQ(zeros.tellg(), static_cast<std::streamoff>(kMaxLineBytes + 1));
}

TEST(TextFiles, AFullDiskNamesTheReasonAndLeavesNoTemporaryFile) {
  const fs::path d = temp_dir("full");
  const fs::path target = d / "summary.md";
  { std::ofstream(target) << "old\n"; }
  // PATH.tmp as a link to /dev/full: every write fails with ENOSPC, as on a full disk.
  fs::create_symlink("/dev/full", d / "summary.md.tmp");
  try {
    write_text_file_atomically(target.string(), std::string(1 << 20, 'x'));
    ADD_FAILURE() << "the write to a full disk succeeded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'" + target.string() + "': No space left on device"), std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(d / "summary.md.tmp")));
  EXPECT_EQ(read_text_file(target.string()), "old\n");  // the old file stays
  // And a write that succeeds replaces it.
  write_text_file_atomically(target.string(), "new\n");
  EXPECT_EQ(read_text_file(target.string()), "new\n");
  EXPECT_FALSE(fs::exists(d / "summary.md.tmp"));
  fs::remove_all(d);
}

}  // namespace
}  // namespace bao
