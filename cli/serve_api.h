// The JSON API of `bao serve` (docs/serve.md) and the page's static files. Stateless:
// every request carries the position (or the start position and the moves) it is about,
// so the page keeps the game and the server keeps nothing but the results folders it
// was given. Bad input is a 400 whose "error" is the message the CLI prints for it;
// searches are capped in depth, time and number at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/http_server.h"

namespace bao::cli {

struct ServeOptions {
  int max_depth = 12;                 // deepest search a request may ask for
  std::int64_t max_time_ms = 10'000;  // every search stops after this long
  int max_memory_mb = 512;            // most memory one searcher may hold (SearcherRegistry::memory_bytes)
  int max_threads = 2;                // most threads one search may ask for (alphabeta's threads)
  int max_searches = 2;               // searches running at once; more wait, then get a 503
  std::vector<std::string> results;   // results folders (bao run), in order
  std::string web_dir;                // the page's files; "" or missing: the copy built in
};

class ServeApi {
 public:
  explicit ServeApi(const ServeOptions& o);
  ~ServeApi();
  // Never throws: every error is a response.
  http::Response handle(const http::Request& req);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The page's files built into the binary: name ("index.html") -> content; null when
// there is no such file.
const std::string* embedded_web_file(const std::string& name);

}  // namespace bao::cli
