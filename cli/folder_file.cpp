#include "cli/folder_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bao::cli {
namespace {

// Closes a descriptor when the scope ends.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

constexpr int kOpenFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;

std::string size_text(std::size_t bytes) {
  return bytes >= (std::size_t{1} << 20) ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

// A link's target when it is a plain name (a file beside the link), else "".
std::string sibling_target(int dirfd, const std::string& name) {
  char buf[256];
  const ssize_t n = ::readlinkat(dirfd, name.c_str(), buf, sizeof buf);
  if (n <= 0 || static_cast<std::size_t>(n) >= sizeof buf) return "";
  const std::string target(buf, static_cast<std::size_t>(n));
  if (target.find('/') != std::string::npos || target == "." || target == "..") return "";
  return target;
}

// DIR/NAME opened as the header says and checked to be a regular file (its status in
// st); -1 when there is no such file.
int open_regular(const std::string& dir, const std::string& name, const std::string& path, struct stat& st) {
  const Fd folder(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (folder.get() < 0) {
    if (errno == ENOENT) return -1;
    throw FolderFileRefused("cannot open the results folder '" + dir + "': " + std::strerror(errno));
  }
  int fd = ::openat(folder.get(), name.c_str(), kOpenFlags);
  if (fd < 0 && errno == ENOENT) return -1;
  if (fd < 0 && errno == ELOOP) {
    const std::string target = sibling_target(folder.get(), name);
    if (target.empty())
      throw FolderFileRefused("'" + path + "' leads out of the results folder '" + dir + "'; not read");
    fd = ::openat(folder.get(), target.c_str(), kOpenFlags);
    if (fd < 0 && errno == ENOENT) throw FolderFileRefused("'" + path + "' is a link to nothing; not read");
    if (fd < 0 && errno == ELOOP)
      throw FolderFileRefused("'" + path + "' leads out of the results folder '" + dir + "'; not read");
  }
  if (fd < 0) throw FolderFileRefused("cannot open '" + path + "': " + std::strerror(errno));
  Fd file(fd);
  if (::fstat(fd, &st) != 0) throw FolderFileRefused("cannot read '" + path + "': " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw FolderFileRefused("'" + path + "' is not a regular file (a folder, FIFO, device or socket); not read");
  return file.release();
}

}  // namespace

bool folder_file_present(const std::string& dir, const std::string& name) {
  struct stat st {};
  const std::string path = (dir.ends_with('/') ? dir : dir + "/") + name;
  try {
    const Fd file(open_regular(dir, name, path, st));
    return file.get() >= 0;
  } catch (const FolderFileRefused&) {
    return false;
  }
}

std::optional<FolderFile> read_folder_file(const std::string& dir, const std::string& name, std::size_t max_bytes,
                                           const std::function<bool(std::uintmax_t, std::int64_t)>& unchanged) {
  struct stat st {};
  const std::string path = (dir.ends_with('/') ? dir : dir + "/") + name;
  const Fd file(open_regular(dir, name, path, st));
  if (file.get() < 0) return std::nullopt;
  const auto too_large = [&] {
    return FolderFileRefused("'" + path + "' is larger than " + size_text(max_bytes) + ", the most this input may be");
  };
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) throw too_large();
  FolderFile out;
  out.size = static_cast<std::uintmax_t>(st.st_size);
  out.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  if (unchanged && unchanged(out.size, out.mtime_ns)) {
    out.read = false;
    return out;
  }
  // Read to the end of the descriptor, not to st_size: a file still being written (a
  // running bao run's games.jsonl) grows, and the cap holds for what is read.
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(file.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw FolderFileRefused("cannot read '" + path + "': " + std::strerror(errno));
    if (n == 0) break;
    if (out.text.size() + static_cast<std::size_t>(n) > max_bytes) throw too_large();
    out.text.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

}  // namespace bao::cli
