#include "core/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace linrepro {
namespace {

// Reads both pipes until they close; polling both avoids the deadlock of a child that fills the
// stderr pipe while we block reading stdout.
void drain(int out_fd, int err_fd, std::string& out, std::string& err,
           const std::function<void(std::string_view)>& on_stderr) {
  pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  int open_count = (out_fd >= 0) + (err_fd >= 0);
  if (out_fd < 0) fds[0].fd = -1;
  char buf[65536];
  while (open_count > 0) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
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
}

}  // namespace

CommandResult run_command(const std::vector<std::string>& argv,
                          const std::filesystem::path& stdout_file,
                          const std::function<void(std::string_view)>& on_stderr) {
  if (argv.empty()) throw std::invalid_argument("run_command: empty argv");
  CommandResult result;
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  const bool capture_out = stdout_file.empty();
  if ((capture_out && pipe(out_pipe) != 0) || pipe(err_pipe) != 0) {
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
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (capture_out) close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    if (capture_out) close(out_pipe[0]);
    close(err_pipe[0]);
    result.exit_code = 127;
    result.err = argv[0] + ": cannot run: " + std::strerror(rc);
    return result;
  }
  drain(capture_out ? out_pipe[0] : -1, err_pipe[0], result.out, result.err, on_stderr);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
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
