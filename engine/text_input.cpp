#include "engine/text_input.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "engine/error.h"

namespace bao {

namespace {

std::string too_large(const std::string& what, std::size_t max_bytes) {
  const std::string limit = max_bytes >= (std::size_t{1} << 20) ? std::to_string(max_bytes >> 20) + " MiB"
                                                                : std::to_string(max_bytes) + " bytes";
  return what + " is larger than " + limit +
         (max_bytes == kMaxTextBytes ? ", more than any input of bao" : ", the most this input may be");
}

// Appends the rest of `in` to `text` in pieces, each refused before it is kept if it
// would pass the cap, so an endless or growing input stops there instead of filling
// memory. The pieces are joined once at the end: a string grown by appending doubles its
// capacity (1 GiB of standard input took a 2 GiB buffer before it was refused).
void read_capped(std::istream& in, std::string& text, std::size_t max_bytes, const std::string& what) {
  constexpr std::size_t kPiece = std::size_t{1} << 16;
  std::vector<std::string> pieces;
  std::size_t total = text.size();
  while (in) {
    std::string piece(kPiece, '\0');
    in.read(piece.data(), kPiece);
    const auto n = static_cast<std::size_t>(in.gcount());
    if (total + n > max_bytes) throw InputError(too_large(what, max_bytes));
    total += n;
    piece.resize(n);
    if (n) pieces.push_back(std::move(piece));
  }
  text.reserve(total);
  for (std::string& piece : pieces) {
    text += piece;
    std::string().swap(piece);  // freed as it is copied: at most a piece more than the text
  }
}

}  // namespace

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
  std::string text;
  if (path == "-") {
    read_capped(std::cin, text, max_bytes, "standard input");
    return text;
  }
  // The type is checked before opening: opening a FIFO would wait for a writer, and a
  // device such as /dev/zero never ends.
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(st)) throw InputError("cannot read '" + path + "': it is a directory");
  if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    throw InputError("cannot read '" + path +
                     "': not a regular file (a device, pipe or socket); give a file, or '-' for standard input");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > max_bytes) throw InputError(too_large("'" + path + "'", max_bytes));
  read_capped(in, text, max_bytes, "'" + path + "'");
  if (in.bad()) throw InputError("cannot read '" + path + "'");
  return text;
}

bool read_line(std::istream& in, std::string& line, const std::string& what, std::size_t max_bytes) {
  line.clear();
  std::istream::sentry ok(in, true);  // no whitespace skipped
  if (!ok) return false;
  std::streambuf& buf = *in.rdbuf();
  for (;;) {
    const int c = buf.sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(line.empty() ? std::ios::eofbit | std::ios::failbit : std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    if (line.size() >= max_bytes)
      throw InputError(what + ": a line longer than " + std::to_string(max_bytes) + " bytes" +
                       (max_bytes % 1024 == 0 ? " (" + std::to_string(max_bytes >> 10) + " KiB)" : "") +
                       ", the most a line of this input may be");
    line.push_back(static_cast<char>(c));
  }
}

void write_text_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  std::error_code ec;
  // On any failure PATH.tmp goes (a full disk left summary.md.tmp) and the message says
  // why (errno of the failed call: "No space left on device").
  const auto fail = [&](const std::string& why) {
    std::filesystem::remove(tmp, ec);
    throw InputError("cannot write '" + path + "': " + why);
  };
  {
    errno = 0;
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) fail(std::strerror(errno ? errno : EIO));
    f << text;
    f.flush();
    if (f) f.close();
    if (!f) fail(std::strerror(errno ? errno : EIO));
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) fail(ec.message());
}

void check_writable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError("'" + path + "' is a folder");
  const fs::path parent = fs::path(path).parent_path();
  const fs::path folder = parent.empty() ? fs::path(".") : parent;
  if (!fs::is_directory(folder, ec)) throw InputError("'" + folder.string() + "' is not a folder");
  const std::string tmp = path + ".tmp";
  const bool existed = fs::exists(fs::symlink_status(tmp, ec));
  errno = 0;
  const bool ok = static_cast<bool>(std::ofstream(tmp, std::ios::binary | std::ios::app));
  const int err = errno ? errno : EACCES;
  if (!existed) fs::remove(tmp, ec);
  if (!ok) throw InputError("cannot write in '" + folder.string() + "': " + std::strerror(err));
}

std::string fnv1a_hex(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

namespace {

// The length of the UTF-8 character that starts text[at] when it is one well-formed,
// printing character (no overlong form, surrogate or C1 control), else 0.
std::size_t utf8_printing_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[at + k]); };
  const unsigned lead = byte(0);
  const std::size_t n = lead >= 0xc2 && lead <= 0xdf   ? 2
                        : lead >= 0xe0 && lead <= 0xef ? 3
                        : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                       : 0;
  if (n == 0 || at + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(k) & 0xc0) != 0x80) return 0;
  const unsigned second = byte(1);
  if (lead == 0xc2 && second < 0xa0) return 0;                                       // U+0080..U+009F, the C1 controls
  if ((lead == 0xe0 && second < 0xa0) || (lead == 0xf0 && second < 0x90)) return 0;  // overlong
  if ((lead == 0xed && second > 0x9f) || (lead == 0xf4 && second > 0x8f)) return 0;  // surrogate, > U+10FFFF
  return n;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      ++at;
    } else if (const std::size_t n = c >= 0x80 ? utf8_printing_length(text, at) : 0) {
      out.append(text.substr(at, n));
      at += n;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
      ++at;
    }
  }
  return out;
}

bool to_double(std::string_view text, double& out) {
  if (text.empty()) return false;
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::general);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::pair<int, int> parse_int_range(std::string_view text, int lo, int hi) {
  const std::string_view t = trim(text);
  // The dash of a range is the first '-' after the first character (a leading '-' is
  // a sign, which the bounds then refuse when lo >= 0).
  const auto dash = t.size() > 1 ? t.find('-', 1) : std::string_view::npos;
  int a = 0, b = 0;
  const bool ok = dash == std::string_view::npos
                      ? to_int(t, a) && (b = a, true)
                      : to_int(trim(t.substr(0, dash)), a) && to_int(trim(t.substr(dash + 1)), b);
  if (!ok || a < lo || b < a || b > hi)
    throw InputError("expected N or MIN-MAX with " + std::to_string(lo) + " <= MIN <= MAX <= " + std::to_string(hi) +
                     ", found '" + std::string(text) + "'");
  return {a, b};
}

std::vector<std::pair<int, int>> parse_int_ranges(std::string_view text, int lo, int hi, bool ranges_as_pairs) {
  std::vector<std::pair<int, int>> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view item = text.substr(at, comma - at);
    at = comma + 1;
    if (trim(item).empty()) throw InputError("empty item in '" + std::string(text) + "'");
    std::pair<int, int> r;
    try {
      r = parse_int_range(item, lo, hi);
    } catch (const InputError& e) {
      throw InputError(std::string(e.what()) + " (in '" + std::string(text) + "')");
    }
    if (ranges_as_pairs) {
      out.push_back(r);
    } else {
      for (int v = r.first; v <= r.second; ++v) out.emplace_back(v, v);
    }
  }
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t i = s.find(sep, start);
    out.push_back(s.substr(start, i == std::string_view::npos ? std::string_view::npos : i - start));
    if (i == std::string_view::npos) return out;
    start = i + 1;
  }
}

}  // namespace bao
