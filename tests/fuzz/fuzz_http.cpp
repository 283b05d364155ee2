// The HTTP layer of bao serve: the input is the bytes a client sends on a connection.
// Every request in it is read as the server reads it (parse_request), one after the
// other as on a keep-alive connection. Checked: a request is answered, refused with a
// 400 or 413 whose body is a JSON error, or the connection closed; a request read has a
// method, a body within the cap, and the path and query the target decodes to; written
// again as a request of its own, it reads back to the same request. The input is also
// taken as a string for url_decode (never longer than its input; the identity on text
// without '%' and '+'; the inverse of percent-encoding) and as a query (parse_query:
// no '&' in a key or value and no '=' in a key unless the query encodes one).
#include <nlohmann/json.hpp>

#include "cli/http_server.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

namespace http = bao::cli::http;

constexpr std::size_t kMaxBody = 4096;

// Every byte but the unreserved ones (RFC 3986) as %XX, in upper or lower case hex.
std::string url_encode(const std::string& s, bool lower) {
  const char* hex = lower ? "0123456789abcdef" : "0123456789ABCDEF";
  std::string out;
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '-' || b == '.' ||
        b == '_' || b == '~') {
      out += c;
    } else {
      out += {'%', hex[b >> 4], hex[b & 15]};
    }
  }
  return out;
}

bool contains_ci(const std::string& s, const std::string& what) {
  for (std::size_t i = 0; i + what.size() <= s.size(); ++i) {
    bool same = true;
    for (std::size_t k = 0; k < what.size() && same; ++k)
      same = std::tolower(static_cast<unsigned char>(s[i + k])) == std::tolower(static_cast<unsigned char>(what[k]));
    if (same) return true;
  }
  return false;
}

void check_decode(const std::string& s) {
  const std::string d = http::url_decode(s);
  BAO_FUZZ_CHECK(d.size() <= s.size(), s);
  if (s.find_first_of("%+") == std::string::npos) BAO_FUZZ_CHECK(d == s, s);
  BAO_FUZZ_CHECK(http::url_decode(url_encode(s, false)) == s, s);
  BAO_FUZZ_CHECK(http::url_decode(url_encode(s, true)) == s, s);
}

void check_query(const std::string& q) {
  const auto m = http::parse_query(q);
  const bool amp = contains_ci(q, "%26"), eq = contains_ci(q, "%3d");
  std::size_t items = 1;
  for (const char c : q) items += c == '&';
  BAO_FUZZ_CHECK(m.size() <= items, q);
  for (const auto& [k, v] : m) {
    if (!amp) BAO_FUZZ_CHECK(k.find('&') == std::string::npos && v.find('&') == std::string::npos, q);
    if (!eq) BAO_FUZZ_CHECK(k.find('=') == std::string::npos, q);
  }
  // Pairs written with url_encode read back as they were.
  std::string again;
  for (const auto& [k, v] : m) again += (again.empty() ? "" : "&") + url_encode(k, false) + "=" + url_encode(v, true);
  BAO_FUZZ_CHECK(http::parse_query(again) == m, q + " -> " + again);
}

// The request written again: encoded path and query, the body with its length.
std::string rewrite(const http::Request& r) {
  std::string target;
  for (const char c : r.path) target += c == '/' ? std::string("/") : url_encode(std::string(1, c), false);
  std::string query;
  for (const auto& [k, v] : r.query)
    query += (query.empty() ? "" : "&") + url_encode(k, true) + "=" + url_encode(v, false);
  if (!query.empty()) target += "?" + query;
  return r.method + " " + target + " HTTP/1.1\r\nHost: fuzz\r\nContent-Length: " + std::to_string(r.body.size()) +
         "\r\n\r\n" + r.body;
}

void check_parsed(const http::ParsedRequest& p, std::size_t available, const std::string& bytes) {
  BAO_FUZZ_CHECK(p.used <= available, bytes);
  switch (p.kind) {
    case http::ParsedRequest::Kind::Closed:
      break;
    case http::ParsedRequest::Kind::Refused: {
      BAO_FUZZ_CHECK(p.refusal.status == 400 || p.refusal.status == 413, bytes);
      const auto j = nlohmann::json::parse(p.refusal.body, nullptr, false);
      BAO_FUZZ_CHECK(j.is_object() && j.contains("error"), p.refusal.body);
      break;
    }
    case http::ParsedRequest::Kind::Request: {
      const http::Request& r = p.request;
      BAO_FUZZ_CHECK(!r.method.empty(), bytes);
      BAO_FUZZ_CHECK(r.body.size() <= kMaxBody, bytes);
      BAO_FUZZ_CHECK(p.used > 0, bytes);
      BAO_FUZZ_CHECK(p.version == 10 || p.version == 11, bytes);
      if (r.path.empty() || r.path[0] != '/') break;  // "?a=1" or "*": no target to write again
      const std::string again = rewrite(r);
      const http::ParsedRequest q = http::parse_request(again, kMaxBody);
      BAO_FUZZ_CHECK(q.kind == http::ParsedRequest::Kind::Request, again);
      BAO_FUZZ_CHECK(q.request.method == r.method, again);
      BAO_FUZZ_CHECK(q.request.path == r.path, again);
      BAO_FUZZ_CHECK(q.request.query == r.query, again);
      BAO_FUZZ_CHECK(q.request.body == r.body, again);
      BAO_FUZZ_CHECK(q.used == again.size(), again);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  check_decode(text);
  check_query(text);
  std::string_view rest = text;
  // Requests one after the other, as a keep-alive connection reads them.
  for (int n = 0; n < 16; ++n) {
    const http::ParsedRequest p = http::parse_request(rest, kMaxBody);
    check_parsed(p, rest.size(), text);
    if (p.kind != http::ParsedRequest::Kind::Request || !p.keep_alive) break;
    rest.remove_prefix(p.used);
  }
  return 0;
}
