#include "core/line_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace linrepro {

namespace {

using Clock = std::chrono::steady_clock;
// How long a program may take to end after the end of its input before it is killed.
constexpr auto kGrace = std::chrono::seconds(5);

std::string exit_text(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace

LineProcess::LineProcess(const std::vector<std::string>& argv,
                         const std::filesystem::path& stderr_file) {
  if (argv.empty()) throw std::invalid_argument("LineProcess: empty argv");
  // stdin is a socket so that a write to a program that died fails with EPIPE (MSG_NOSIGNAL)
  // instead of killing us with SIGPIPE. Our ends are close-on-exec: a program another thread
  // starts must not hold them (this program would never read the end of its input).
  int in[2], out[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0)
    throw std::runtime_error(std::string("LineProcess: socketpair: ") + std::strerror(errno));
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    throw std::runtime_error(std::string("LineProcess: pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_file.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int rc = posix_spawnp(&pid_, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(in[1]);
  close(out[1]);
  if (rc != 0) {
    close(in[0]);
    close(out[0]);
    pid_ = -1;
    throw std::runtime_error(argv[0] + ": cannot run: " + std::strerror(rc));
  }
  to_child_ = in[0];
  from_child_ = out[0];
}

LineProcess::~LineProcess() { stop(false); }

void LineProcess::stop(bool kill_now) {
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
  to_child_ = from_child_ = -1;
  if (pid_ <= 0) return;
  const auto deadline = Clock::now() + kGrace;
  int status = 0;
  while (!kill_now && Clock::now() < deadline) {
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      pid_ = -1;
      return;
    }
    usleep(10000);
  }
  kill(-pid_, SIGKILL);
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

double LineProcess::cpu_seconds() const {
  // /proc/<pid>/stat: fields 14-17 after the command name are utime, stime, cutime, cstime.
  std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t name_end = text.rfind(')');
  if (name_end == std::string::npos) return 0;
  std::istringstream fields(text.substr(name_end + 2));
  std::string field;
  double ticks = 0;
  for (int k = 3; k <= 17 && fields >> field; ++k)
    if (k >= 14) ticks += std::stod(field);
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

LineReply LineProcess::request(const std::string& line, double timeout_seconds) {
  LineReply reply;
  if (pid_ <= 0) {
    reply.failure = "is not running";
    return reply;
  }
  const double cpu_before = cpu_seconds();
  const std::string text = line + "\n";
  for (size_t sent = 0; sent < text.size();) {
    const ssize_t n = send(to_child_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;  // it ended: the read below sees its end and its status
    sent += static_cast<size_t>(n);
  }
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(timeout_seconds));
  char buf[65536];
  for (;;) {
    if (const size_t newline = pending_.find('\n'); newline != std::string::npos) {
      reply.answered = true;
      reply.line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      reply.cpu_seconds = std::max(0.0, cpu_seconds() - cpu_before);
      return reply;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    pollfd fd = {from_child_, POLLIN, 0};
    const int ready = left > 0 ? poll(&fd, 1, static_cast<int>(left)) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      reply.timed_out = true;
      reply.failure = "gave no answer within the timeout; its process group was killed";
      reply.cpu_seconds = std::max(0.0, cpu_seconds() - cpu_before);
      stop(true);
      return reply;
    }
    const ssize_t n = ready > 0 ? read(from_child_, buf, sizeof buf) : -1;
    if (n > 0) {
      pending_.append(buf, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    // The end of its output: it exited (or closed stdout, and is stopped like one that did).
    int status = 0;
    const pid_t pid = pid_;
    close(to_child_);
    close(from_child_);
    to_child_ = from_child_ = -1;
    const auto grace = Clock::now() + kGrace;
    while (waitpid(pid, &status, WNOHANG) == 0 && Clock::now() < grace) usleep(10000);
    if (waitpid(pid, &status, WNOHANG) == 0) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
    }
    pid_ = -1;
    reply.failure = exit_text(status);
    return reply;
  }
}

}  // namespace linrepro
