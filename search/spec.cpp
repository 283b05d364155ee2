#include "search/spec.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::search {
namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

bool is_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return true;
}

}  // namespace

Spec parse_spec(std::string_view text) {
  Spec s;
  s.text = trim(text);
  const std::string t = s.text;
  const auto open = t.find('(');
  s.name = trim(std::string_view(t).substr(0, open));
  if (!is_name(s.name))
    throw InputError("'" + t + "': expected a name such as alphabeta or alphabeta(tt_mb=16), found '" + s.name + "'");
  if (open == std::string::npos) return s;
  if (t.back() != ')') throw InputError("'" + t + "': missing ')' at the end");
  const std::string inner = t.substr(open + 1, t.size() - open - 2);
  std::size_t at = 0;
  while (at <= inner.size()) {
    std::size_t comma = inner.find(',', at);
    if (comma == std::string::npos) comma = inner.size();
    const std::string item = trim(std::string_view(inner).substr(at, comma - at));
    at = comma + 1;
    if (item.empty()) {
      if (comma == inner.size() && s.params.empty() && trim(inner).empty()) break;
      throw InputError("'" + t + "': empty parameter");
    }
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw InputError("'" + t + "': parameter '" + item + "' is not key=value");
    const std::string key = trim(std::string_view(item).substr(0, eq));
    const std::string value = trim(std::string_view(item).substr(eq + 1));
    if (!is_name(key)) throw InputError("'" + t + "': bad parameter name '" + key + "'");
    if (value.empty()) throw InputError("'" + t + "': parameter " + key + " has no value");
    if (!s.params.emplace(key, value).second) throw InputError("'" + t + "': parameter " + key + " given twice");
  }
  return s;
}

bool Spec::take_bool(const std::string& key, bool def) {
  const auto it = params.find(key);
  if (it == params.end()) return def;
  const std::string v = it->second;
  params.erase(it);
  if (v == "true" || v == "1" || v == "yes" || v == "on") return true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return false;
  throw InputError(name + ": parameter " + key + " expects true or false, found '" + v + "'");
}

std::int64_t Spec::take_int(const std::string& key, std::int64_t def, std::int64_t min, std::int64_t max) {
  const auto it = params.find(key);
  if (it == params.end()) return def;
  const std::string v = it->second;
  params.erase(it);
  std::int64_t x = 0;
  if (!to_int(v, x) || x < min || x > max)
    throw InputError(name + ": parameter " + key + " expects a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", found '" + v + "'");
  return x;
}

void Spec::finish(const std::string& known) const {
  if (params.empty()) return;
  throw InputError(name + ": unknown parameter '" + params.begin()->first +
                   "' (known: " + (known.empty() ? std::string("none") : known) + ")");
}

std::vector<std::string> plus_items(const std::string& text) {
  std::vector<std::string> items;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t plus = std::min(text.find('+', at), text.size());
    items.push_back(text.substr(at, plus - at));
    at = plus + 1;
  }
  return items;
}

std::vector<std::string> split_spec_list(std::string_view text) {
  std::vector<std::string> out(1);
  int open = 0;
  for (const char c : text) {
    if (c == ',' && open == 0) {
      out.emplace_back();
      continue;
    }
    open += c == '(' ? 1 : c == ')' ? -1 : 0;
    out.back() += c;
  }
  return out;
}

}  // namespace bao::search
