#include "core/file_lock.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

namespace linrepro {
namespace fs = std::filesystem;

namespace {

// "pid 12 on host h since 2026-01-01T12:00:00Z: linrepro run ...": who holds a lock, for the
// process that waits for it.
std::string self_description() {
  char host[256] = "?";
  ::gethostname(host, sizeof host - 1);
  char when[32] = "";
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string command{std::istreambuf_iterator<char>(in), {}};
  for (char& c : command)
    if (c == '\0') c = ' ';
  while (!command.empty() && command.back() == ' ') command.pop_back();
  if (command.size() > 300) command = command.substr(0, 300) + "...";
  return fmt::format("pid {} on host {} since {}: {}\n", ::getpid(), host, when,
                     command.empty() ? "?" : command);
}

// One attempt without waiting: the descriptor of `path`, locked and still linked at `path`, or -1
// when another process holds the lock. A file its previous holder removed between our open and
// our lock is not the lock any more: the attempt starts again on the file now at `path`.
int try_lock_once(const fs::path& path) {
  for (;;) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
      throw std::runtime_error(
          fmt::format("{}: cannot open the lock file: {}", path.string(), std::strerror(errno)));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      ::close(fd);
      if (err == EWOULDBLOCK || err == EINTR) return -1;
      throw std::runtime_error(fmt::format(
          "{}: cannot lock: {} (on NFS, flock needs the lock manager: lockd for NFSv3, or "
          "NFSv4; see docs/RESULTS.md)",
          path.string(), std::strerror(err)));
    }
    struct stat held {
    }, linked{};
    if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &linked) == 0 &&
        held.st_dev == linked.st_dev && held.st_ino == linked.st_ino)
      return fd;
    ::close(fd);
  }
}

// The holder's description, replacing the previous holder's.
void describe_holder(int fd) {
  const std::string text = self_description();
  if (::ftruncate(fd, 0) != 0) return;  // the description only helps a waiting process: best effort
  [[maybe_unused]] const ssize_t n = ::pwrite(fd, text.data(), text.size(), 0);
}

}  // namespace

fs::path lock_path_for(const fs::path& file) { return fs::path(file.string() + ".lock"); }

std::optional<FileLock> FileLock::try_acquire(const fs::path& lock_file, std::string* holder) {
  if (lock_file.has_parent_path()) fs::create_directories(lock_file.parent_path());
  const int fd = try_lock_once(lock_file);
  if (fd < 0) {
    if (holder) *holder = lock_holder(lock_file);
    return std::nullopt;
  }
  describe_holder(fd);
  return FileLock(lock_file, fd);
}

FileLock FileLock::acquire(const fs::path& lock_file, std::chrono::milliseconds timeout,
                           std::chrono::milliseconds notice_after) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto pause = std::chrono::milliseconds(2);
  bool noticed = false;
  for (;;) {
    if (auto lock = try_acquire(lock_file)) return std::move(*lock);
    const auto waited = Clock::now() - start;
    if (waited >= timeout)
      throw std::runtime_error(fmt::format(
          "{}: still locked after {} s by {}; that process is writing the same results (if it "
          "hangs, stop it: a dead process holds no lock)",
          lock_file.string(), std::chrono::duration_cast<std::chrono::seconds>(timeout).count(),
          lock_holder(lock_file)));
    if (!noticed && waited >= notice_after) {
      noticed = true;
      fmt::print(stderr, "waiting for {}: locked by {}\n", lock_file.string(),
                 lock_holder(lock_file));
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
}

FileLock::FileLock(FileLock&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_) {
  other.fd_ = -1;
}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    release();
    path_ = std::move(other.path_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

FileLock::~FileLock() { release(); }

void FileLock::release() noexcept {
  if (fd_ < 0) return;
  // Unlinked while still held: whoever opened this file meanwhile finds it unlinked once it gets
  // the lock, and starts again on a fresh file.
  ::unlink(path_.c_str());
  ::close(fd_);
  fd_ = -1;
}

std::string lock_holder(const fs::path& lock_file) {
  std::ifstream in(lock_file);
  std::string text{std::istreambuf_iterator<char>(in), {}};
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? "an unknown process" : text;
}

}  // namespace linrepro
