// A small HTTP/1.1 server on Boost.Beast for `bao serve`: one thread per connection
// (each with its own io_context, so reads and writes have timeouts), keep-alive, a cap
// on open connections and on request size. The handler sees a parsed request and
// returns a response; an exception escaping it becomes a 500, never a crash.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace bao::cli::http {

struct Request {
  std::string method;                        // "GET", "POST", ...
  std::string path;                          // "/api/games", without the query
  std::map<std::string, std::string> query;  // decoded ?key=value&... pairs
  std::string body;
  // Headers the server judges a request's origin by ("" when absent).
  std::string host, origin, content_type;
  // Whether the client has closed the connection (or its sending side) by now; empty
  // outside a connection. A long answer asks it, to stop working for no one.
  std::function<bool()> client_gone;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

using Handler = std::function<Response(const Request&)>;

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 0;         // 0: a free port
  int max_connections = 32;        // served at once; beyond, a connection waits, then 503
  int busy_wait_ms = 2000;         // how long a connection over the cap waits for a slot
  std::size_t max_body = 1 << 20;  // bytes; beyond: 413
  int idle_timeout_s = 30;         // a connection idle this long is closed
};

// Binds (throws InputError naming the host and port when it cannot), calls
// on_listening with the bound port, then serves until the process ends.
void serve(const ServerOptions& o, const Handler& handler, const std::function<void(unsigned short)>& on_listening);

// Where a request comes from, judged before the handler runs (a refusal, or nullopt):
//  * Host must name the server as it listens, host:port (a browser sends the name in its
//    address bar): a page of another site that had its name resolve to this machine (DNS
//    rebinding) sends its own name and is refused, so it cannot read the answers. Also
//    accepted: "localhost" for a loopback address, and any IP address when the server
//    listens on all of them (0.0.0.0, ::), since only a name can be rebound. A request
//    without Host (HTTP/1.0) is let through: browsers always send one.
//  * Origin, when sent, must be http://HOST where HOST is accepted as above: a page of
//    another site may not start searches or read results through the visitor's browser
//    (a cross-origin "simple" POST needs no preflight, so this is the check that stops it).
//  * A POST's body must be declared JSON (Content-Type application/json): the types a
//    cross-origin form may send without a preflight (text/plain, form encodings) are
//    refused with a 415.
std::optional<Response> refuse_foreign(const Request& r, const std::string& listen_host, unsigned short port);

// "%41b+c" -> "Ab c".
std::string url_decode(const std::string& s);

// "a=1&b=%32&c" -> {a: 1, b: 2, c: ""}: split at '&', then at the first '=', each part
// decoded; an empty item is skipped and a repeated key keeps its last value.
std::map<std::string, std::string> parse_query(const std::string& q);

// What a connection does with the bytes a client sent: answer a request, refuse it, or
// close without an answer.
struct ParsedRequest {
  enum class Kind {
    Request,  // a whole request: `request`, `version`, `keep_alive`
    Refused,  // malformed (400) or a body over max_body (413): `refusal`
    Closed,   // no request, or the input ends inside one
  };
  Kind kind = Kind::Closed;
  Request request;
  unsigned version = 11;  // 11: HTTP/1.1
  bool keep_alive = false;
  Response refusal;
  std::size_t used = 0;  // bytes of the input taken; a next request starts after them
};

// The first request of `bytes`, read as the server reads a connection that sent them
// and then closed its side. Never throws.
ParsedRequest parse_request(std::string_view bytes, std::size_t max_body);

}  // namespace bao::cli::http
