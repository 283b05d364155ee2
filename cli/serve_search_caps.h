// What bounds the searches of `bao serve`: a request's searcher refused when it would read
// files, hold more memory or threads than the server allows or search too deep; a search
// slot held while one runs (the slots bound their number and memory); a watch on the
// client that halts a search nobody waits for.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <semaphore>
#include <string>
#include <thread>
#include <vector>

#include "cli/serve_api.h"
#include "experiments/config.h"

namespace bao::cli {

// Minimax's depth alone bounds its time (about 1 s at 10).
constexpr int kMaxMinimaxDepth = 8;

// "a, b, c" -> {"a", "b", "c"}.
std::vector<std::string> split_names(const std::string& names);

// Evaluator names a request may use: the registry's, without "or a weights file PATH.txt".
std::vector<std::string> evaluator_list();

// The player a request names, refused (a 400) when its evaluator is not one of
// `evaluators` or when it would read files (every evaluator its searcher names must be
// built in), take more memory than the server allows or, for minimax, which ignores
// time limits, search too deep.
void check_engine(const ServeOptions& o, const std::vector<std::string>& evaluators,
                  const experiments::PlayerConfig& pc);

// One of the server's search slots, held for a scope: waits up to `wait_ms` for a free
// one, else a 503; released when the scope ends, whatever ends it.
class SearchSlot {
 public:
  SearchSlot(std::counting_semaphore<1024>& slots, std::int64_t wait_ms);
  ~SearchSlot() { slots_.release(); }
  SearchSlot(const SearchSlot&) = delete;
  SearchSlot& operator=(const SearchSlot&) = delete;

 private:
  std::counting_semaphore<1024>& slots_;
};

// Watches a request's client while a search runs for it: once the client has gone (it
// closed the connection), flag() is set, which as Limits::halt ends the search as at its
// deadline: nobody reads the answer, and the search would hold its slot for up to
// max_time_ms. The client is asked every 20 ms, on a thread of the watch's own.
class ClientWatch {
 public:
  explicit ClientWatch(const std::function<bool()>& client_gone);
  const std::atomic<bool>* flag() const { return &gone_; }
  bool gone() const { return gone_; }

 private:
  std::atomic<bool> gone_{false};
  std::jthread thread_;  // last: stopped and joined before gone_ goes
};

}  // namespace bao::cli
