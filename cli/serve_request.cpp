#include "cli/serve_request.h"

#include <algorithm>
#include <charconv>

namespace bao::cli {
namespace {

// The deepest nesting of arrays and objects in `text` (strings skipped). The parser and
// the destructor recurse per level, so a body of 100,000 '[' would overflow the stack.
int nesting_depth(const std::string& text) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

constexpr int kMaxNesting = 32;

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b != 0x7f) {
      out += c;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += {'\\', 'x', kHex[b >> 4], kHex[b & 15]};
    }
  }
  return out;
}

[[noreturn]] void bad(const std::string& what) { throw HttpError(400, what); }

json parse_json(const std::string& body) {
  if (body.empty()) return json::object();
  if (nesting_depth(body) > kMaxNesting)
    bad("the request body nests arrays and objects deeper than " + std::to_string(kMaxNesting) + " levels");
  json j;
  try {
    j = json::parse(body);
  } catch (const json::exception& e) {
    // "[json.exception.parse_error.101] parse error at ...": the reason without the tag.
    // A number beyond a double (1e999) is an out_of_range error, not a parse_error; it
    // is bad input all the same.
    std::string m = e.what();
    if (m.starts_with("[json.exception.") && m.find("] ") != std::string::npos) m = m.substr(m.find("] ") + 2);
    bad("the request body is not JSON: " + m);
  }
  if (!j.is_object()) bad("the request body must be a JSON object, found " + j.dump());
  return j;
}

const std::string& plain(const std::string& field, const std::string& text) {
  if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    bad(field + " must not contain control characters (CR, LF, NUL, ...), found \"" + text + "\"");
  return text;
}

void check_known(const char* what, const std::string& key, Keys known) {
  if (std::find(known.begin(), known.end(), key) != known.end()) return;
  std::string list;
  for (const std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
  bad("unknown " + std::string(what) + " '" + key + "'" +
      (list.empty() ? " (this endpoint takes none)" : " (this endpoint takes: " + list + ")"));
}

void check_keys(const json& j, Keys known) {
  for (const auto& item : j.items()) check_known("key", item.key(), known);
}

void check_query(const std::map<std::string, std::string>& q, Keys known) {
  for (const auto& [key, value] : q) {
    check_known("query parameter", key, known);
    plain(key, value);
  }
}

json parse_body(const http::Request& r) {
  check_query(r.query, {});
  return parse_json(r.body);
}

std::string get_string(const json& j, const char* key, const std::string& def) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return def;
  if (!it->is_string()) bad(std::string("'") + key + "' must be a string, found " + it->dump());
  return plain(std::string("'") + key + "'", it->get<std::string>());
}

bool get_bool(const json& j, const char* key, bool def) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return def;
  if (!it->is_boolean()) bad(std::string("'") + key + "' must be true or false, found " + it->dump());
  return it->get<bool>();
}

std::int64_t get_int(const json& j, const char* key, std::int64_t def, std::int64_t lo, std::int64_t hi) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return def;
  const std::string name = std::string("'") + key + "'";
  if (!it->is_number_integer()) bad(name + " must be a whole number, found " + it->dump());
  const std::string text = it->dump();
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::invalid_argument || end != text.data() + text.size())
    bad(name + " must be a whole number, found " + it->dump());
  if (ec == std::errc::result_out_of_range || v < lo || v > hi)
    bad(name + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " + text);
  return v;
}

std::vector<std::string> get_strings(const json& j, const char* key) {
  std::vector<std::string> out;
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_array()) bad(std::string("'") + key + "' must be a list of strings, found " + it->dump());
  for (const auto& v : *it) {
    if (!v.is_string()) bad(std::string("'") + key + "' must be a list of strings, found " + v.dump() + " in it");
    out.push_back(plain(std::string("'") + key + "' item " + std::to_string(out.size() + 1), v.get<std::string>()));
  }
  return out;
}

std::string player_name(const json& j, const char* key) {
  const std::string name = get_string(j, key, "");
  constexpr std::string_view kBom = "\xef\xbb\xbf";
  const std::string_view v = name;
  if (v.starts_with(' ') || v.ends_with(' ') || v.starts_with(kBom) || v.ends_with(kBom))
    bad(std::string("'") + key + "' must not begin or end with a space or a byte order mark, found \"" + name + "\"");
  return name;
}

http::Response json_response(const json& j, int status) {
  return {status, "application/json", j.dump(-1, ' ', false, json::error_handler_t::replace)};
}

}  // namespace bao::cli
