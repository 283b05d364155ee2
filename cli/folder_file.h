// Reading a file of a results folder for `bao serve` without a check-then-open race: the
// file is opened first, relative to the folder (openat with O_NOFOLLOW, so a link is never
// followed by the kernel, and O_NONBLOCK, so opening a FIFO does not wait for a writer),
// then the opened file is checked (fstat: a regular file, within the size cap) and read
// from that descriptor only. Whatever is swapped in at the path after the open, the
// answer is the file that was checked.
//
// A link is followed one step, by this code, only to a file beside it in the folder (a
// target that is a plain name: summary.csv -> real.csv), opened again with O_NOFOLLOW;
// any other link (an absolute target, one with a '/', a link to a link) leads out of what
// the folder holds and is refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace bao::cli {

// A file the folder holds but the server does not serve; what() names it and why.
struct FolderFileRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FolderFile {
  std::string text;
  std::uintmax_t size = 0;
  std::int64_t mtime_ns = 0;  // the modification time, for caches
  bool read = true;           // false: `unchanged` said the caller holds it already (text empty)
};

// DIR/NAME (NAME a plain file name), nullopt when there is no such file; throws
// FolderFileRefused for a link out of the folder, a link to nothing, a file that is not a
// regular file or one larger than max_bytes, or one that cannot be opened or read.
// `unchanged(size, mtime_ns)`, when given, is asked about the opened file before it is
// read: true leaves it unread (a cache of what it held is current).
std::optional<FolderFile> read_folder_file(
    const std::string& dir, const std::string& name, std::size_t max_bytes,
    const std::function<bool(std::uintmax_t size, std::int64_t mtime_ns)>& unchanged = {});

// Whether read_folder_file would read DIR/NAME (whatever its size): the file is opened
// and checked, not read.
bool folder_file_present(const std::string& dir, const std::string& name);

}  // namespace bao::cli
