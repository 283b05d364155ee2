// Reading the requests of `bao serve` (docs/serve.md) and writing its answers: the JSON
// body, its keys and values, the query parameters, each refused with a 400 whose message
// names the key and what was found. Every message echoes the request printably, so it
// reaches the client whole.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/http_server.h"

namespace bao::cli {

using json = nlohmann::ordered_json;

// `text` with every control byte (below 0x20, and 0x7f) written as \n, \r, \t or \xNN.
// Messages echo the request: raw, a NUL would cut what() short and a newline would break
// the one-line message.
std::string printable(std::string_view text);

// An error with its HTTP status; InputError is a 400 too. The message is kept printable
// (see printable), so it reaches the client whole.
struct HttpError : std::runtime_error {
  int status;
  HttpError(int s, const std::string& what) : std::runtime_error(printable(what)), status(s) {}
};

// A 400 with the message `what`.
[[noreturn]] void bad(const std::string& what);

// The request body as a JSON object ({} when empty); refused when it is no JSON, nests
// deeper than 32 levels (the parser recurses per level) or is not an object.
json parse_json(const std::string& body);

// `text`, a string of the request named by `field`, refused when it holds a control byte:
// no move, position, spec or name has one, and a name with a newline would add lines to
// a game record.
const std::string& plain(const std::string& field, const std::string& text);

using Keys = std::initializer_list<std::string_view>;

// Refuses `key` (what: "key", "query parameter") unless it is one of `known`: a misspelt
// key ("movs") would otherwise be ignored and the request answered as if it were absent.
void check_known(const char* what, const std::string& key, Keys known);
void check_keys(const json& j, Keys known);
// The ?key=value pairs of a query: known keys, and values without control bytes.
void check_query(const std::map<std::string, std::string>& q, Keys known);
// A POST's JSON body; the POST endpoints take no query parameters.
json parse_body(const http::Request& r);

// The value of `key`, `def` when absent or null; refused when of another type.
std::string get_string(const json& j, const char* key, const std::string& def);
bool get_bool(const json& j, const char* key, bool def);
// A whole number, a JSON number (not a string) from lo to hi; one beyond the int64 range
// is out of range too.
std::int64_t get_int(const json& j, const char* key, std::int64_t def, std::int64_t lo, std::int64_t hi);
std::vector<std::string> get_strings(const json& j, const char* key);

// A player's name for a header of a game record (get_string refuses control bytes: a
// name is a header line). The record reader trims spaces and byte order marks around a
// header's value, so a name beginning or ending with one would not read back as given.
std::string player_name(const json& j, const char* key);

// Invalid UTF-8 in a request (echoed in a message) is replaced, not an error.
http::Response json_response(const json& j, int status = 200);

}  // namespace bao::cli
