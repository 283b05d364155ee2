#include "cli/http_server.h"

// <utility> before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it.
#include <utility>
// clang-format off
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <sys/socket.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <memory>
#include <thread>
// clang-format on

#include "engine/error.h"

namespace bao::cli::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = asio::ip::tcp;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Request to_request(const bhttp::request<bhttp::string_body>& r) {
  Request out;
  out.method = std::string(r.method_string());
  const std::string target(r.target());
  const std::size_t q = target.find('?');
  out.path = url_decode(target.substr(0, q));
  if (q != std::string::npos) out.query = parse_query(target.substr(q + 1));
  out.body = r.body();
  out.host = std::string(r[bhttp::field::host]);
  out.origin = std::string(r[bhttp::field::origin]);
  out.content_type = std::string(r[bhttp::field::content_type]);
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Whether `host` ("name:port", "[v6]:port", or without ":port" for 80) names this server.
bool host_accepted(const std::string& host_header, const std::string& listen_host, unsigned short port) {
  const std::string h = lower(host_header);
  std::string name = h, port_text = "80";
  const std::size_t colon = h.rfind(':');
  if (colon != std::string::npos && h.find(']', colon) == std::string::npos) {
    name = h.substr(0, colon);
    port_text = h.substr(colon + 1);
  }
  if (port_text != std::to_string(port)) return false;
  if (name.size() >= 2 && name.front() == '[' && name.back() == ']') name = name.substr(1, name.size() - 2);
  boost::system::error_code ec;
  const asio::ip::address listen = asio::ip::make_address(listen_host, ec);
  if (name == lower(listen_host)) return true;
  if (ec) return false;  // a name given to --host: only that name
  if (listen.is_loopback() && name == "localhost") return true;
  if (listen.is_unspecified()) {
    asio::ip::make_address(name, ec);
    return !ec;  // an address, never a name
  }
  return false;
}

Response refusal(int status, const std::string& what) {
  std::string body = "{\"error\":\"";
  for (const char c : what) {
    if (c == '"' || c == '\\') body += '\\';
    body += static_cast<unsigned char>(c) >= 0x20 && c != 0x7f ? c : '?';
  }
  return {status, "application/json", body + "\"}"};
}

using RequestParser = bhttp::request_parser<bhttp::string_body>;

// A parser with the server's caps: max_body for the body, 16 kB for the header.
void set_limits(RequestParser& parser, std::size_t max_body) {
  parser.body_limit(max_body);
  parser.header_limit(16 * 1024);
}

// What the connection does after reading with `parser` ended with `ec`: answer the
// request, refuse it (413 for a body over the cap, 400 for anything else malformed), or
// close without a word (the client went away or stopped mid-request).
ParsedRequest judge(const beast::error_code& ec, RequestParser& parser) {
  ParsedRequest out;
  if (ec == bhttp::error::body_limit) {
    out.kind = ParsedRequest::Kind::Refused;
    out.refusal = {413, "application/json", "{\"error\":\"request body too large\"}"};
  } else if (ec == bhttp::error::end_of_stream || ec == beast::error::timeout || ec == asio::error::eof ||
             ec == asio::error::connection_reset || ec == asio::error::operation_aborted ||
             ec == bhttp::error::partial_message) {
    out.kind = ParsedRequest::Kind::Closed;
  } else if (ec) {
    out.kind = ParsedRequest::Kind::Refused;
    out.refusal = {400, "application/json", "{\"error\":\"bad HTTP request\"}"};
  } else {
    const auto& req = parser.get();
    out.kind = ParsedRequest::Kind::Request;
    out.version = req.version();
    out.keep_alive = req.keep_alive();
    out.request = to_request(req);
  }
  return out;
}

Response call(const Handler& handler, const Request& req) {
  try {
    return handler(req);
  } catch (...) {
    return {500, "application/json", std::string("{\"error\":\"internal error\"}")};
  }
}

bhttp::response<bhttp::string_body> to_beast(const Response& r, unsigned version, bool keep_alive) {
  bhttp::response<bhttp::string_body> res{static_cast<bhttp::status>(r.status), version};
  res.set(bhttp::field::server, "bao serve");
  res.set(bhttp::field::content_type, r.content_type);
  res.set(bhttp::field::cache_control, "no-store");
  res.set("X-Content-Type-Options", "nosniff");
  res.keep_alive(keep_alive);
  res.body() = r.body;
  res.prepare_payload();
  return res;
}

// Runs one asynchronous operation on the connection's own io_context to completion (or
// to the stream's timeout).
template <class Start>
beast::error_code run_one(asio::io_context& ctx, Start start) {
  beast::error_code result;
  start([&result](beast::error_code ec, std::size_t) { result = ec; });
  ctx.restart();
  ctx.run();
  return result;
}

// Closing with unread input makes the kernel send a reset, which can destroy the last
// response (a 413 before its body was read, a 503 before the request was read) before
// the client reads it: shut the sending side, then read what the client still sends,
// for a second at most, and close.
void close_gently(asio::io_context& ctx, beast::tcp_stream& stream) {
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  char sink[16384];
  std::size_t drained = 0;
  stream.expires_after(std::chrono::seconds(1));
  while (drained < (8u << 20)) {
    std::size_t got = 0;
    const beast::error_code ec = run_one(ctx, [&](auto done) {
      stream.async_read_some(asio::buffer(sink),
                             [&got, done = std::move(done)](beast::error_code e, std::size_t n) mutable {
                               got = n;
                               done(e, n);
                             });
    });
    if (ec) break;
    drained += got;
  }
  stream.socket().close(ignored);
}

const char kBusy[] =
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 26\r\n"
    "Connection: close\r\n\r\n{\"error\":\"server is busy\"}";

// A 503, then close_gently, on the connection's own thread. Never throws.
void refuse_busy(asio::io_context& ctx, tcp::socket socket) {
  try {
    beast::tcp_stream stream(std::move(socket));
    beast::error_code ec;
    asio::write(stream.socket(), asio::buffer(kBusy, sizeof kBusy - 1), ec);
    close_gently(ctx, stream);
  } catch (...) {
    // The socket closes with the stream; the client sees the connection end.
  }
}

// A 503 on the accepting thread, which must not wait: what the client sent by now is
// read, so that the close is no reset, unless more arrives later.
void refuse_busy_now(tcp::socket& socket) {
  beast::error_code ec;
  asio::write(socket, asio::buffer(kBusy, sizeof kBusy - 1), ec);
  socket.shutdown(tcp::socket::shutdown_send, ec);
  socket.non_blocking(true, ec);
  char sink[16384];
  while (!ec) socket.read_some(asio::buffer(sink), ec);
  socket.close(ec);
}

void session(asio::io_context& ctx, tcp::socket socket, const Handler& handler, const ServerOptions& o) {
  beast::error_code port_ec;
  const unsigned short port = socket.local_endpoint(port_ec).port();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  while (true) {
    RequestParser parser;
    set_limits(parser, o.max_body);
    stream.expires_after(std::chrono::seconds(o.idle_timeout_s));
    const beast::error_code ec =
        run_one(ctx, [&](auto done) { bhttp::async_read(stream, buffer, parser, std::move(done)); });
    ParsedRequest p = judge(ec, parser);
    // A peek that finds the end of the input: the client closed (a browser closes a
    // request it gave up on, a tab closed); bytes of a next request are no end.
    p.request.client_gone = [fd = stream.socket().native_handle()] {
      char c;
      const ssize_t n = ::recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
      return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
    };
    if (p.kind == ParsedRequest::Kind::Closed) break;
    std::optional<Response> foreign;
    if (p.kind == ParsedRequest::Kind::Request) foreign = refuse_foreign(p.request, o.host, port);
    const Response r = p.kind == ParsedRequest::Kind::Refused ? p.refusal
                       : foreign                              ? *foreign
                                                              : call(handler, p.request);
    const bool keep_alive = p.kind == ParsedRequest::Kind::Request && p.keep_alive;
    auto res = to_beast(r, p.version, keep_alive);
    stream.expires_after(std::chrono::seconds(o.idle_timeout_s));
    const beast::error_code wec = run_one(ctx, [&](auto done) { bhttp::async_write(stream, res, std::move(done)); });
    if (wec || !keep_alive) break;
  }
  close_gently(ctx, stream);
}

tcp::acceptor listen(asio::io_context& ctx, const ServerOptions& o) {
  const std::string where = o.host + ":" + std::to_string(o.port);
  try {
    tcp::resolver resolver(ctx);
    const auto endpoints = resolver.resolve(o.host, std::to_string(o.port), tcp::resolver::passive);
    if (endpoints.empty()) throw InputError("cannot listen on " + where + ": the host has no address");
    const tcp::endpoint ep = endpoints.begin()->endpoint();
    tcp::acceptor acceptor(ctx);
    acceptor.open(ep.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(ep);
    acceptor.listen(asio::socket_base::max_listen_connections);
    return acceptor;
  } catch (const boost::system::system_error& e) {
    throw InputError("cannot listen on " + where + ": " + e.code().message());
  }
}

// The connections served (active), those over the cap waiting for one of them to end,
// and those being refused on a thread of their own.
struct Counts {
  std::atomic<int> active{0}, waiting{0}, refusing{0};
};

// Takes one of the max connection slots; false when all are taken.
bool take_slot(std::atomic<int>& taken, int max) {
  int n = taken.load();
  while (n < max)
    if (taken.compare_exchange_weak(n, n + 1)) return true;
  return false;
}

// A connection's thread: it holds a slot (has_slot) or waits up to busy_wait_ms for one,
// then serves the connection or refuses it with a 503.
void run_connection(asio::io_context& ctx, tcp::socket socket, const Handler& handler, const ServerOptions& o,
                    Counts& counts, bool has_slot) {
  if (!has_slot) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(o.busy_wait_ms);
    while (!(has_slot = take_slot(counts.active, o.max_connections)) && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    --counts.waiting;
    if (!has_slot) return refuse_busy(ctx, std::move(socket));
  }
  try {
    session(ctx, std::move(socket), handler, o);
  } catch (...) {
    // A connection's failure ends that connection only.
  }
  --counts.active;
}

// Accepts one connection and serves it on a thread of its own, with an io_context of its
// own (which takes file descriptors too). Throws when it cannot.
//
// At the cap a connection waits on its own thread, up to busy_wait_ms, for a slot: a
// client that opens its next connection as soon as an answer arrives overlaps the last
// moments of its old one (the server sees that close only when its thread next runs,
// which on a loaded machine, or under a sanitizer, took over a second), which is no
// overload. The waits run side by side, so each waiting client has its answer within
// busy_wait_ms; beyond max_connections waiting, a connection is refused at once (on a
// thread of its own while fewer than max_connections are, else on this one), so the
// threads stay bounded.
void accept_one(tcp::acceptor& acceptor, const Handler& handler, const ServerOptions& o,
                const std::shared_ptr<Counts>& counts) {
  auto ctx = std::make_shared<asio::io_context>();
  tcp::socket socket(*ctx);
  acceptor.accept(socket);
  const bool has_slot = take_slot(counts->active, o.max_connections);
  if (!has_slot && !take_slot(counts->waiting, o.max_connections)) {
    if (!take_slot(counts->refusing, o.max_connections)) return refuse_busy_now(socket);
    try {
      std::thread([ctx, counts, s = std::move(socket)]() mutable {
        refuse_busy(*ctx, std::move(s));
        --counts->refusing;
      }).detach();
    } catch (...) {
      --counts->refusing;
      throw;
    }
    return;
  }
  try {
    std::thread([ctx, counts, &handler, &o, has_slot, s = std::move(socket)]() mutable {
      run_connection(*ctx, std::move(s), handler, o, *counts, has_slot);
    }).detach();
  } catch (...) {
    --(has_slot ? counts->active : counts->waiting);
    throw;
  }
}

}  // namespace

std::optional<Response> refuse_foreign(const Request& r, const std::string& listen_host, unsigned short port) {
  const std::string here =
      (listen_host.find(':') != std::string::npos ? "[" + listen_host + "]" : listen_host) + ":" + std::to_string(port);
  if (!r.host.empty() && !host_accepted(r.host, listen_host, port))
    return refusal(
        403, "Host '" + r.host + "' is not this server (" + here + "): open the page at the address bao serve prints");
  if (!r.origin.empty()) {
    const std::string o = lower(r.origin);
    if (!o.starts_with("http://") || !host_accepted(o.substr(7), listen_host, port))
      return refusal(403, "a page of another origin ('" + r.origin + "') may not use this server");
  }
  if (r.method == "POST") {
    const std::string type = lower(r.content_type);
    const std::string media = type.substr(0, type.find(';'));
    if (media.find_first_not_of(' ') == std::string::npos ||
        media.substr(0, media.find_last_not_of(' ') + 1) != "application/json")
      return refusal(415,
                     "a POST body must be JSON: send Content-Type: application/json (found '" + r.content_type + "')");
  }
  return std::nullopt;
}

std::string url_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::map<std::string, std::string> parse_query(const std::string& q) {
  std::map<std::string, std::string> out;
  std::size_t at = 0;
  while (at <= q.size()) {
    std::size_t amp = q.find('&', at);
    if (amp == std::string::npos) amp = q.size();
    const std::string item = q.substr(at, amp - at);
    if (!item.empty()) {
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos)
        out[url_decode(item)] = "";
      else
        out[url_decode(item.substr(0, eq))] = url_decode(item.substr(eq + 1));
    }
    at = amp + 1;
  }
  return out;
}

// As bhttp::read reads from a socket (eager parsing, then the end of the input), with
// the bytes all there from the start.
ParsedRequest parse_request(std::string_view bytes, std::size_t max_body) {
  RequestParser parser;
  set_limits(parser, max_body);
  parser.eager(true);
  beast::error_code ec;
  std::string_view rest = bytes;
  while (!parser.is_done()) {
    std::size_t used = 0;
    if (!rest.empty()) {
      ec = {};
      used = parser.put(asio::buffer(rest.data(), rest.size()), ec);
      rest.remove_prefix(used);
      if (ec && ec != bhttp::error::need_more) break;
      if (used > 0) continue;
    }
    // Nothing more to read: the client closed its side.
    ec = {};
    if (parser.got_some())
      parser.put_eof(ec);
    else
      ec = bhttp::error::end_of_stream;
    break;
  }
  ParsedRequest out = judge(ec, parser);
  out.used = bytes.size() - rest.size();
  return out;
}

void serve(const ServerOptions& o, const Handler& handler, const std::function<void(unsigned short)>& on_listening) {
  asio::io_context main_ctx;
  tcp::acceptor acceptor = listen(main_ctx, o);
  on_listening(acceptor.local_endpoint().port());
  auto counts = std::make_shared<Counts>();
  while (true) {
    try {
      accept_one(acceptor, handler, o, counts);
    } catch (const std::exception&) {
      // Out of file descriptors or threads: the connections already open go on; wait for
      // some of them to close instead of spinning or stopping the server.
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

}  // namespace bao::cli::http
