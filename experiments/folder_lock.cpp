#include "experiments/folder_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
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
    const std::string pid = err == EWOULDBLOCK ? holder_pid(fd_) : "";
    ::close(fd_);
    fd_ = -1;
    if (err == EWOULDBLOCK)
      throw InputError("results folder '" + dir + "' is in use by another bao run" +
                       (pid.empty() ? "" : " (pid " + pid + ")") + "; wait for it to end, or use another --out");
    throw InputError("cannot lock '" + path + "': " + std::strerror(err));
  }
  // Only for the message a refused run prints; a failure here does not matter.
  if (::ftruncate(fd_, 0) == 0) {
    const std::string pid = std::to_string(::getpid()) + "\n";
    [[maybe_unused]] const ssize_t n = ::pwrite(fd_, pid.data(), pid.size(), 0);
  }
}

FolderLock::~FolderLock() {
  // Closing the file releases the lock.
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace bao::experiments
