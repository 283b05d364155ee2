// The budget and progress report the exact solvers share (df-pn, search/solver/dfpn.h, and
// the distance search, search/solver/exact.h).
//
// A solver counts a node per position it expands and calls tick() there; tick() reads the
// clock every 64 nodes only (a Bao node costs microseconds to milliseconds), and reports progress at most every
// `progress_s` seconds. Once a limit has passed, stopped() stays true and the solver unwinds, keeping what it has
// proven (its table) so that a caller can still read the bounds it reached.
#pragma once

#include <time.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace bao::search::solver {

struct SolveLimits {
  std::uint64_t nodes = 0;  // 0: no node limit
  double seconds = 0;       // 0: no time limit
  // 0: no limit on this process's processor time (user and system). On a shared machine
  // wall seconds count the other processes' turns; processor seconds count the solver's.
  double cpu_seconds = 0;
  double progress_s = 0;  // 0: no progress reports
  // Called at most every progress_s seconds with the nodes so far, the seconds, and a
  // short description of the solver's current bound (e.g. "root pn 12 dn 40").
  std::function<void(std::uint64_t nodes, double seconds, const std::string& bound)> progress;
  // Set from outside (a signal handler): the solve stops as at a limit, keeping what it
  // proved. Read every 64 nodes.
  const std::atomic<bool>* stop = nullptr;
};

class Budget {
 public:
  explicit Budget(const SolveLimits& limits)
      : limits_(limits), start_(std::chrono::steady_clock::now()), cpu_start_(process_cpu()), last_report_(0) {}

  // Counts one node; true once a limit has passed.
  template <class BoundText>
  bool tick(const BoundText& bound) {
    ++nodes_;
    if (stopped_) return true;
    if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
    if ((nodes_ & 63) == 0 && limits_.stop && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if ((nodes_ & 63) == 0 && (limits_.seconds > 0 || limits_.cpu_seconds > 0 || limits_.progress)) {
      const double s = seconds();
      if (limits_.seconds > 0 && s >= limits_.seconds) stopped_ = true;
      // The processor clock is a system call: read every 4096 nodes only.
      if (limits_.cpu_seconds > 0 && (nodes_ & 4095) == 0 && cpu_seconds() >= limits_.cpu_seconds) stopped_ = true;
      if (limits_.progress && limits_.progress_s > 0 && s - last_report_ >= limits_.progress_s) {
        last_report_ = s;
        limits_.progress(nodes_, s, bound());
      }
    }
    return stopped_;
  }
  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  // The processor time since the budget began (the whole process's, all threads).
  double cpu_seconds() const { return process_cpu() - cpu_start_; }

 private:
  static double process_cpu() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + t.tv_nsec * 1e-9;
  }

  SolveLimits limits_;
  std::chrono::steady_clock::time_point start_;
  double cpu_start_;
  double last_report_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace bao::search::solver
