#pragma once
// An exclusive advisory lock shared by processes: flock(2) on a sidecar lock file, e.g.
// "results/p/e.json.lock" beside the file it guards. Writers of one file hold it around their
// read-merge-write, so no writer's work is lost to another's rename (last writer wins otherwise).
//
// The lock file holds a line naming its holder (pid, host, start time, command line), which a
// refusal or a long wait prints. It is removed when the lock is released (before unlocking), so
// nothing is left beside the results; an acquirer that finds the file it locked already unlinked
// by the previous holder starts again on the new one. A process killed while holding the lock
// leaves the file but not the lock: the kernel drops a dead process's flock, and the next holder
// takes the file over.
//
// Shared filesystems: Linux's NFS client emulates flock with POSIX byte-range locks (since 2.6.12),
// which need the lock manager (lockd/statd for NFSv3, built in for NFSv4); a mount with `nolock`
// or `local_lock=flock` locks on one client only. See docs/RESULTS.md.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace linrepro {

// "<file>.lock": the lock file guarding `file`.
std::filesystem::path lock_path_for(const std::filesystem::path& file);

class FileLock {
 public:
  // Waits until the lock is had. After `notice_after` it says once on stderr whom it waits for;
  // after `timeout` it throws std::runtime_error naming the lock file and its holder.
  static FileLock acquire(const std::filesystem::path& lock_file,
                          std::chrono::milliseconds timeout = std::chrono::minutes(5),
                          std::chrono::milliseconds notice_after = std::chrono::seconds(3));
  // The lock now, or nullopt when another process holds it (its description in *holder).
  static std::optional<FileLock> try_acquire(const std::filesystem::path& lock_file,
                                             std::string* holder = nullptr);

  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();  // removes the lock file, then releases the lock

  const std::filesystem::path& path() const { return path_; }

 private:
  FileLock(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
  void release() noexcept;

  std::filesystem::path path_;
  int fd_ = -1;
};

// The description its holder wrote into `lock_file` ("pid 12 on host h since ...: linrepro run
// ..."), or "an unknown process" when it is empty or gone.
std::string lock_holder(const std::filesystem::path& lock_file);

}  // namespace linrepro
