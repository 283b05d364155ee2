#include "experiments/folder_lock.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "engine/error.h"

namespace bao::experiments {

namespace {

// The pid the holder wrote into the lock file, or "" if there is none yet (the holder
// writes it just after locking) or it is not a number.
std::string holder_pid(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return "";
  std::string s(buf, static_cast<std::size_t>(n));
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return "";
  return s;
}

// The holder's pid for the message, waiting for it to be written: a run refused just as
// another took the lock finds the file empty (the first run into a folder) or holding
// the pid of a run that has ended, until the holder writes its own, microseconds later.
// A pid counts once its process is alive; after a second (a holder stopped between
// locking and writing) the last pid read, or "".
std::string live_holder_pid(int fd) {
  std::string pid;
  for (int i = 0; i < 200; ++i) {
    pid = holder_pid(fd);
    if (!pid.empty()) {
      const long n = std::strtol(pid.c_str(), nullptr, 10);
      if (n > 0 && (::kill(static_cast<pid_t>(n), 0) == 0 || errno == EPERM)) return pid;
    }
    ::usleep(5000);
  }
  return pid;
}

}  // namespace

FolderLock::FolderLock(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / kFileName).string();
  // O_CLOEXEC: a child process must not inherit (and so prolong) the lock.
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw InputError("cannot open the lock file '" + path + "': " + std::strerror(errno));
  int rc;
  do rc = ::flock(fd_, LOCK_EX | LOCK_NB);
  while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    const int err = errno;
    const std::string pid = err == EWOULDBLOCK ? live_holder_pid(fd_) : "";
    ::close(fd_);
    fd_ = -1;
    if (err == EWOULDBLOCK)
      throw InputError("results folder '" + dir + "' is in use by another bao run" +
                       (pid.empty() ? " (its pid not written yet)" : " (pid " + pid + ")") +
                       "; wait for it to end, or use another --out");
    throw InputError("cannot lock '" + path + "': " + std::strerror(err));
  }
  // Only for the message a refused run prints; a failure here does not matter. Written
  // over the old pid, then cut to length, so the file is never empty between the two.
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::pwrite(fd_, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size())) {
    [[maybe_unused]] const int rc = ::ftruncate(fd_, static_cast<off_t>(pid.size()));
  }
}

FolderLock::~FolderLock() {
  // Closing the file releases the lock.
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace bao::experiments
