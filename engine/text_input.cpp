#include "engine/text_input.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/error.h"

namespace bao {

std::string read_text_file(const std::string& path) {
  std::ostringstream s;
  if (path == "-") {
    s << std::cin.rdbuf();
    return s.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  s << in.rdbuf();
  if (in.bad()) throw InputError("cannot read '" + path + "'");
  return s.str();
}

void write_text_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    f.flush();
    if (!f) throw InputError("cannot write '" + tmp + "'");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw InputError("cannot write '" + path + "': " + ec.message());
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

}  // namespace bao
