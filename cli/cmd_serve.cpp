// bao serve: the web page (web/) and its JSON API (docs/serve.md) over HTTP, on
// 127.0.0.1 by default. Play any registered game against any searcher it runs, replay a
// move list with its evaluation curve, replay and analyse the games of results folders
// (bao run), read their summaries. Prints
// "listening on http://HOST:PORT/" once it accepts connections (with --port 0, the port
// it picked), then serves until it is stopped.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>

#include "cli/common.h"
#include "cli/http_server.h"
#include "cli/serve_api.h"
#include "engine/error.h"
#include "search/searcher.h"
#include "search/tt.h"

#ifndef BAO_WEB_DIR
#define BAO_WEB_DIR ""
#endif

namespace bao::cli {

int cmd_serve(const std::vector<std::string>& args) {
  http::ServerOptions so;
  ServeOptions o;
  int port = 8080;
  o.web_dir = BAO_WEB_DIR;
  po::options_description desc("options");
  desc.add_options()("host", po::value(&so.host)->value_name("H"),
                     "address to listen on (default 127.0.0.1: this machine only)")(
      "port", po::value(&port)->value_name("P"), "port (default 8080; 0: pick a free one and print it)")(
      "results", po::value(&o.results)->value_name("DIR")->multitoken()->composing(),
      "results folders (bao run) to list, replay and analyse; repeatable")(
      "web", po::value(&o.web_dir)->value_name("DIR"),
      "serve the page's files from DIR (default: the source tree's web/ when it exists, else the copy built in)")(
      "max-depth", po::value(&o.max_depth)->value_name("D"), "deepest search a request may ask for (default 12)")(
      "max-time-ms", po::value(&o.max_time_ms)->value_name("T"),
      "every search stops after T milliseconds (default 10000)")(
      "max-searches", po::value(&o.max_searches)->value_name("N"), "searches running at once (default 2)")(
      "max-threads", po::value(&o.max_threads)->value_name("N"),
      "most threads one search may ask for, alphabeta(threads=N) (default 2)")(
      "max-memory-mb", po::value(&o.max_memory_mb)->value_name("M"),
      "most memory of one search's tables and pools, MiB (default 512; each running search holds its own)")(
      "max-connections", po::value(&so.max_connections)->value_name("N"), "open connections at once (default 32)")(
      "log", "print one line per request on stderr: method, path, status, milliseconds");
  po::variables_map vm;
  if (!parse("serve",
             "[--host H] [--port P] [--results DIR ...] [--web DIR] [--max-depth D] [--max-time-ms T]\n"
             "         [--max-searches N] [--max-threads N] [--max-memory-mb M] [--max-connections N] [--log]",
             args, desc, nullptr, vm))
    return kExitOk;
  if (port < 0 || port > 65535) throw po::error("--port: expected 0 to 65535, found " + std::to_string(port));
  if (o.max_depth < 1 || o.max_depth > 64)
    throw po::error("--max-depth: expected 1 to 64, found " + std::to_string(o.max_depth));
  if (o.max_time_ms < 1) throw po::error("--max-time-ms must be at least 1, found " + std::to_string(o.max_time_ms));
  if (o.max_searches < 1 || o.max_searches > 64)
    throw po::error("--max-searches: expected 1 to 64, found " + std::to_string(o.max_searches));
  if (o.max_threads < 1 || o.max_threads > search::kMaxSearchThreads)
    throw po::error("--max-threads: expected 1 to " + std::to_string(search::kMaxSearchThreads) + ", found " +
                    std::to_string(o.max_threads));
  if (o.max_memory_mb < 1 || o.max_memory_mb > search::kMaxTableMb)
    throw po::error("--max-memory-mb: expected 1 to " + std::to_string(search::kMaxTableMb) + ", found " +
                    std::to_string(o.max_memory_mb));
  if (so.max_connections < 1)
    throw po::error("--max-connections must be at least 1, found " + std::to_string(so.max_connections));
  for (const std::string& dir : o.results) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) throw InputError("--results: '" + dir + "' is not a folder");
  }
  so.port = static_cast<unsigned short>(port);
  ServeApi api(o);
  const bool log = vm.count("log") > 0;
  std::mutex log_mutex;
  http::serve(
      so,
      [&](const http::Request& r) {
        const auto t0 = std::chrono::steady_clock::now();
        http::Response res = api.handle(r);
        if (log) {
          const auto ms =
              std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
          std::lock_guard<std::mutex> lock(log_mutex);
          std::cerr << r.method << " " << r.path << " " << res.status << " " << ms << " ms" << std::endl;
        }
        return res;
      },
      [&](unsigned short bound) {
        const bool v6 = so.host.find(':') != std::string::npos;
        std::cout << "listening on http://" << (v6 ? "[" + so.host + "]" : so.host) << ":" << bound << "/" << std::endl;
      });
  return kExitOk;
}

}  // namespace bao::cli
