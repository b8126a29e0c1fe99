#pragma once
// Other processes for the tests of what processes share (file locks, result files written
// concurrently): fork, run a function in the child, and collect its exit status.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <functional>

namespace linrepro::testing {

// Forks; the child runs `body` and exits with its return value (70 when it throws, after printing
// the message) without returning into the test runner. Returns the child's pid.
inline pid_t start_child(const std::function<int()>& body) {
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  int code = 70;
  try {
    code = body();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "child %d: %s\n", static_cast<int>(::getpid()), e.what());
  }
  std::fflush(nullptr);
  ::_exit(code);
}

// The child's exit status, or -1 when it did not exit normally (a signal).
inline int wait_child(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace linrepro::testing
