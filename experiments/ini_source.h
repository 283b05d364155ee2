// The INI reader of experiment configs: `key = value` lines, `[section]` prefixing its
// keys with `section.`, `#` comments, read with Boost.Program_options' config parser, and
// `--set KEY=VALUE` overrides; every key remembers where it was set, so that the config
// rules (experiments/config.cpp) report a bad value with its file, line and key.
#pragma once

#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::experiments::ini {

// s without leading and trailing blanks, tabs and carriage returns.
std::string trim(const std::string& s);

// One key's value and where it came from.
struct Entry {
  std::string value;
  int line = 0;        // 0: from --set
  std::string source;  // the file, or "--set"
};

// Where a key was set, for messages: "FILE:LINE: key 'K'" or "--set K=V: key 'K'".
std::string where(const std::string& key, const Entry& e);

// The keys, values and lines of the file `name` holding `text`; fills `sections`
// (section -> the line of its header) and top_level_end (the line of the last key before
// the first section). Throws InputError naming the line for a malformed line, a section
// or key given twice, and what Boost's parser refuses.
std::map<std::string, Entry> read_file_entries(const std::string& text, const std::string& name,
                                               std::map<std::string, int>& sections, int& top_level_end);

// A config's keys with where each was set, and what every section's reader needs to
// report a bad one: each message names the file (or --set), the line and the key.
struct Source {
  std::string name;
  std::map<std::string, Entry> entries;
  std::map<std::string, int> sections;  // section -> the line of its header
  int top_level_end = 0;                // the line of the last top-level key

  const Entry* get(const std::string& key) const {
    const auto it = entries.find(key);
    return it == entries.end() ? nullptr : &it->second;
  }
  [[noreturn]] void fail(const std::string& key, const Entry& e, const std::string& msg) const {
    throw InputError(where(key, e) + ": " + msg);
  }
  [[noreturn]] void missing(const std::string& key, const std::string& what) const {
    throw InputError(name + ":" + std::to_string(std::max(top_level_end, 1)) + ": missing required key '" + key +
                     "' (" + what + "; a top-level key, before the first [section])");
  }
  // Stores e's value in `out` when it is a whole number from min to max, and fails
  // otherwise (with `note` after the message).
  template <class Int>
  void parse_int(const std::string& key, const Entry& e, Int& out, std::type_identity_t<Int> min,
                 std::type_identity_t<Int> max, const char* what, const std::string& note = "") const {
    Int v{};
    if (!to_int(e.value, v) || v < min || v > max)
      fail(key, e,
           std::string("expected ") + what + " from " + std::to_string(min) + " to " + std::to_string(max) +
               ", found '" + e.value + "'" + note);
    out = v;
  }
  // The same for a key that may be absent; returns whether it is set.
  template <class Int>
  bool read_int(const std::string& key, Int& out, std::type_identity_t<Int> min, std::type_identity_t<Int> max,
                const char* what) const {
    const Entry* e = get(key);
    if (e) parse_int(key, *e, out, min, max, what);
    return e != nullptr;
  }
};

// The file's keys, then the overrides ("key=value", later ones win); throws InputError for
// an override without '='.
Source read_source(const std::string& text, const std::string& name, const std::vector<std::string>& overrides);

}  // namespace bao::experiments::ini
