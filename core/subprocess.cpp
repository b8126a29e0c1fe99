#include "core/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "core/stopwatch.h"

extern char** environ;

namespace linrepro {
namespace {

using Clock = std::chrono::steady_clock;

// Reads both pipes until they close; polling both avoids the deadlock of a child that fills the
// stderr pipe while we block reading stdout. With a deadline, the process group `group` is killed
// when it passes (the pipes then close as its processes die); returns whether that happened.
bool drain(int out_fd, int err_fd, std::string& out, std::string& err,
           const std::function<void(std::string_view)>& on_stderr,
           std::optional<Clock::time_point> deadline, pid_t group) {
  pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  int open_count = (out_fd >= 0) + (err_fd >= 0);
  if (out_fd < 0) fds[0].fd = -1;
  char buf[65536];
  bool killed = false;
  while (open_count > 0) {
    int wait_ms = -1;
    if (deadline && !killed) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
      wait_ms = static_cast<int>(std::max<int64_t>(0, left.count()));
    }
    const int ready = poll(fds, 2, wait_ms);
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (ready == 0 && deadline && !killed) {  // the deadline passed
      kill(-group, SIGKILL);
      killed = true;
      continue;
    }
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = read(fds[k].fd, buf, sizeof buf);
      if (n > 0) {
        (k == 0 ? out : err).append(buf, static_cast<size_t>(n));
        if (k == 1 && on_stderr) on_stderr(std::string_view(buf, static_cast<size_t>(n)));
      } else if (n == 0 || errno != EINTR) {
        close(fds[k].fd);
        fds[k].fd = -1;
        --open_count;
      }
    }
  }
  return killed;
}

}  // namespace

CommandResult run_command(const std::vector<std::string>& argv,
                          const std::filesystem::path& stdout_file,
                          const std::function<void(std::string_view)>& on_stderr) {
  return run_command(argv, CommandOptions{stdout_file, on_stderr, 0});
}

CommandResult run_command(const std::vector<std::string>& argv, const CommandOptions& options) {
  const std::filesystem::path& stdout_file = options.stdout_file;
  if (argv.empty()) throw std::invalid_argument("run_command: empty argv");
  CommandResult result;
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  const bool capture_out = stdout_file.empty();
  // Close-on-exec (dup2 clears it on the child's copies): a program another thread starts
  // meanwhile must not hold our write ends, or our read would wait for it to end.
  if ((capture_out && pipe2(out_pipe, O_CLOEXEC) != 0) || pipe2(err_pipe, O_CLOEXEC) != 0) {
    throw std::runtime_error(std::string("run_command: pipe failed: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (capture_out) {
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
    posix_spawn_file_actions_addclose(&actions, out_pipe[1]);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_file.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  }
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
  posix_spawn_file_actions_addclose(&actions, err_pipe[1]);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const bool limited = options.timeout_seconds > 0;
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (limited) {  // a group of its own: the timeout kills what the command started, too
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  const auto start = Clock::now();
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (capture_out) close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    if (capture_out) close(out_pipe[0]);
    close(err_pipe[0]);
    result.exit_code = 127;
    result.err = argv[0] + ": cannot run: " + std::strerror(rc);
    return result;
  }
  std::optional<Clock::time_point> deadline;
  if (limited)
    deadline = start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(options.timeout_seconds));
  result.timed_out = drain(capture_out ? out_pipe[0] : -1, err_pipe[0], result.out, result.err,
                           options.on_stderr, deadline, pid);
  int status = 0;
  rusage usage{};  // the child's CPU time, with its own waited-for children (Linux's wait4)
  // A command that closed its pipes can still be running: with a deadline, wait without blocking
  // until it passes.
  while (limited && !result.timed_out) {
    const pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (Clock::now() >= *deadline) {
      kill(-pid, SIGKILL);
      result.timed_out = true;
      break;
    }
    usleep(10000);
  }
  if (!limited || result.timed_out)
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  result.cpu_seconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  charge_child_cpu_seconds(result.cpu_seconds);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

bool have_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream ss(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    if (!dir.empty() && access((std::filesystem::path(dir) / name).c_str(), X_OK) == 0) return true;
  }
  return false;
}

}  // namespace linrepro
