// One run per results folder: two `bao run` (or bao.run) processes on the same folder
// would each play every missing game and append it, so the folder would hold each game
// twice. The runner takes an exclusive flock(2) on DIR/.lock for the whole run; a second
// run is refused at once instead of waiting. The kernel drops the lock when its file is
// closed, so a run that crashes or is killed (SIGKILL included) leaves no stale lock.
// The file itself stays (removing it would let a third run lock a new file while a
// second still holds the old, unlinked one); it holds the pid of the last run that took
// it, for the message. Results readers open games.jsonl, config.ini and the summaries by
// name and never list the folder, so they do not see it.
#pragma once

#include <string>

namespace bao::experiments {

class FolderLock {
 public:
  // Creates DIR/.lock if needed and locks it. Throws InputError naming the folder when
  // another run holds it (another process, or another FolderLock in this process: flock
  // locks belong to the open file, not the process), or when the file cannot be opened
  // or locked.
  explicit FolderLock(const std::string& dir);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  static constexpr const char* kFileName = ".lock";

 private:
  int fd_ = -1;
};

}  // namespace bao::experiments
