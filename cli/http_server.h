// A small HTTP/1.1 server on Boost.Beast for `bao serve`: one thread per connection
// (each with its own io_context, so reads and writes have timeouts), keep-alive, a cap
// on open connections and on request size. The handler sees a parsed request and
// returns a response; an exception escaping it becomes a 500, never a crash.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>

namespace bao::cli::http {

struct Request {
  std::string method;                        // "GET", "POST", ...
  std::string path;                          // "/api/games", without the query
  std::map<std::string, std::string> query;  // decoded ?key=value&... pairs
  std::string body;
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

// "%41b+c" -> "Ab c".
std::string url_decode(const std::string& s);

}  // namespace bao::cli::http
