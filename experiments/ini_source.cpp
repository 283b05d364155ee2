#include "experiments/ini_source.h"

#include <boost/program_options/parsers.hpp>
#include <sstream>

namespace bao::experiments::ini {

namespace po = boost::program_options;

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// Where a key was set, for messages: "FILE:LINE: key 'K'" or "--set K=V: key 'K'".
std::string where(const std::string& key, const Entry& e) {
  if (e.line == 0) return "--set " + key + "=" + e.value + ": key '" + key + "'";
  return e.source + ":" + std::to_string(e.line) + ": key '" + key + "'";
}

// The keys, values and lines of the file. Boost's parser reads the values (the format
// is its own); it does not report lines, so a pre-scan that follows the same grammar
// (`#` comments, `[section]`, `key = value`) finds each key's line and reports syntax
// errors with their line.
std::map<std::string, Entry> read_file_entries(const std::string& text, const std::string& name,
                                               std::map<std::string, int>& sections, int& top_level_end) {
  std::map<std::string, int> lines;
  std::istringstream scan(text);
  std::string raw, prefix;
  top_level_end = 0;
  for (int n = 1; std::getline(scan, raw); ++n) {
    const std::string line = trim(raw.substr(0, raw.find('#')));
    if (line.empty()) continue;
    const std::string at = name + ":" + std::to_string(n) + ": ";
    if (line.front() == '[') {
      if (line.back() != ']') throw InputError(at + "a section header must end with ']', found '" + line + "'");
      // Boost takes the name between the brackets as it is, and joins it to a key with a
      // '.' unless it ends with one: "[player.a.]" is [player.a], and "[ player.a ]"
      // would make keys " player.a .KEY" (so it is refused here, on its own line).
      prefix = line.substr(1, line.size() - 2);
      if (prefix != trim(prefix))
        throw InputError(at + "no spaces inside the brackets of a section header, found '" + line + "'");
      if (!prefix.empty() && prefix.back() == '.') prefix.pop_back();
      if (prefix.empty()) throw InputError(at + "empty section name");
      if (sections.count(prefix))
        throw InputError(at + "section [" + prefix + "] appears twice (first on line " +
                         std::to_string(sections[prefix]) + ")");
      sections[prefix] = n;
      continue;
    }
    const auto eq = line.find('=');
    if (eq == std::string::npos) throw InputError(at + "expected 'key = value' or '[section]', found '" + line + "'");
    const std::string k = trim(line.substr(0, eq));
    if (k.empty()) throw InputError(at + "a line with a value but no key");
    const std::string key = prefix.empty() ? k : prefix + "." + k;
    if (prefix.empty()) top_level_end = n;
    if (lines.count(key))
      throw InputError(at + "key '" + key + "' is set twice (first on line " + std::to_string(lines[key]) + ")");
    lines[key] = n;
  }

  std::map<std::string, Entry> entries;
  std::istringstream in(text);
  po::parsed_options parsed(nullptr);
  try {
    const po::options_description none;
    parsed = po::parse_config_file(in, none, /*allow_unregistered=*/true);
  } catch (const po::error& e) {
    throw InputError(name + ": " + e.what());
  }
  for (const po::option& o : parsed.options) {
    Entry e;
    e.value = o.value.empty() ? "" : trim(o.value.front());
    const auto it = lines.find(o.string_key);
    e.line = it == lines.end() ? 1 : it->second;
    e.source = name;
    entries[o.string_key] = e;
  }
  return entries;
}

Source read_source(const std::string& text, const std::string& name, const std::vector<std::string>& overrides) {
  Source src;
  src.name = name;
  src.entries = read_file_entries(text, name, src.sections, src.top_level_end);
  for (const std::string& kv : overrides) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || trim(kv.substr(0, eq)).empty())
      throw InputError("--set: expected KEY=VALUE, found '" + kv + "'");
    Entry e;
    e.value = trim(kv.substr(eq + 1));
    e.source = "--set";
    src.entries[trim(kv.substr(0, eq))] = e;
  }
  return src;
}

}  // namespace bao::experiments::ini
