// Reading input text at the edges of every layer: whole files (or standard input) and
// the small number forms that configs and command lines share. Not part of the rules
// core: movegen and position never call it.
#pragma once

#include <charconv>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/error.h"

namespace bao {

// The largest text input bao reads (records, configs, weights, games.jsonl).
inline constexpr std::size_t kMaxTextBytes = std::size_t{1} << 30;

// The whole content of `path`, or of standard input for "-". Throws InputError naming
// the path for a missing or unreadable file, a directory, anything that is not a regular
// file (a device, FIFO or socket: checked before opening, so neither hangs) and an input
// above max_bytes (checked while reading too, so a file that grows is cut off at the cap).
// No buffer grows past the cap: the input is read in pieces of 64 KiB, each counted
// before it is kept, and joined at the end into a string of exactly their size.
std::string read_text_file(const std::string& path, std::size_t max_bytes = kMaxTextBytes);

// The longest line a reader of interactive input takes (bao play's commands: a move is
// a few bytes, `save FILE` at most a path, PATH_MAX being 4096).
inline constexpr std::size_t kMaxLineBytes = std::size_t{64} << 10;

// Reads one line of `in` into `line` (without its '\n'); false at the end of input with
// nothing read (eofbit and failbit set, as std::getline). Throws InputError naming
// `what` and the cap when a line passes max_bytes, having read max_bytes + 1 of its
// bytes and kept max_bytes: an endless line (`< /dev/zero`) stops at once instead of
// filling memory.
bool read_line(std::istream& in, std::string& line, const std::string& what, std::size_t max_bytes = kMaxLineBytes);

// Writes `text` to `path` through PATH.tmp and a rename, so a reader never sees half a
// file and a failed write leaves the old file and no PATH.tmp. Throws InputError naming
// the file and the reason ("No space left on device").
void write_text_file_atomically(const std::string& path, const std::string& text);

// Throws InputError (the reason after "'PATH': ") where write_text_file_atomically(path)
// would fail for the place, found before work whose result it would write: PATH is a
// folder, its folder is not there, or no file can be created there (PATH.tmp is created
// and removed again, which matches the write whatever the reason: permissions, a
// read-only or pseudo file system).
void check_writable(const std::string& path);

// The 64-bit FNV-1a hash of `bytes` as 16 hex digits: the content identity a results
// folder records for its openings and weights files.
std::string fnv1a_hex(std::string_view bytes);

// The pieces of `s` between the separators, empty ones too ("a,,b" -> a, "", b): the
// position readers of every game split their fields with it.
std::vector<std::string_view> split(std::string_view s, char sep);

// `text` as a message may show it: every byte that would not print as itself is written
// \xNN (two lowercase hex digits): control bytes (ESC, which a terminal obeys, newline and
// tab included), DEL, the C1 controls U+0080..U+009F and bytes that are not UTF-8.
// Printable ASCII and other UTF-8 characters are kept, and so are backslashes, so that
// escaping a message a second time changes nothing (an inner reader's message may be
// wrapped by an outer one's).
std::string printable(std::string_view text);

// f(), with an InputError it throws rethrown with its message made printable: the error
// path of every reader that echoes its input (positions, moves, game records, configs,
// games.jsonl, weights), so no message carries raw bytes of a bad file to a terminal.
template <class F>
auto with_printable_errors(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const InputError& e) {
    throw InputError(printable(e.what()));
  }
}

// The project's one number reader: configs, searcher specs, weights files, record move
// numbers and command-line lists all read their numbers with these two, so a number is
// the same text everywhere.
//
// `text` as a whole number with nothing before or after it (no sign other than '-', no
// spaces). Returns false when it is not one or does not fit Int.
template <class Int>
bool to_int(std::string_view text, Int& out) {
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// `text` as a finite decimal number with nothing before or after it: "0.25", "-3", "1e-3",
// "1e-320" (a subnormal is a number). Returns false for "nan", "inf", hexadecimal, a
// leading '+' or space, trailing text ("0.5x"), or a value beyond a double's range.
bool to_double(std::string_view text, double& out);

// "N" or "MIN-MAX" (spaces around the dash allowed) with lo <= MIN <= MAX <= hi; "N"
// is the range N-N. Throws InputError "expected N or MIN-MAX with lo <= MIN <= MAX <=
// hi, found 'TEXT'" (callers put the option or key in front).
std::pair<int, int> parse_int_range(std::string_view text, int lo, int hi);

// A comma-separated list of such items, "2,3,4", "2-8", "2,4-6", each range checked
// against [lo, hi] before anything is expanded. With ranges_as_pairs a range is one
// item (2, 8); else it is expanded into its values. Throws InputError naming the bad
// item and the whole text.
std::vector<std::pair<int, int>> parse_int_ranges(std::string_view text, int lo, int hi, bool ranges_as_pairs);

}  // namespace bao
