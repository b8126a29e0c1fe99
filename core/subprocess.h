#pragma once
// Runs an external tool (sha256sum, tar, xz, curl ...) without a shell: arguments are passed as an
// argv vector, so paths with spaces, quotes or CRs (WebKB has file names with CR) need no quoting.
// The data resolver shells out on purpose: checksums and archive formats are the jobs of the
// standard tools, not code we should hand-write.
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace linrepro {

struct CommandResult {
  int exit_code = -1;      // the tool's exit status; 127 when it could not be started
  std::string out;         // captured stdout (empty when redirected to a file)
  std::string err;         // captured stderr (for error messages)
  bool timed_out = false;  // killed at CommandOptions::timeout_seconds (exit_code is then 137)
  // The command's CPU time (user + system, its waited-for children included); also charged to
  // the calling thread's thread_cpu_seconds() (core/stopwatch.h).
  double cpu_seconds = 0;
};

struct CommandOptions {
  std::filesystem::path stdout_file;  // non-empty: stdout goes to this file instead of `out`
  // Called with each piece of the tool's stderr as it arrives; `err` still holds all of it.
  std::function<void(std::string_view)> on_stderr;
  // > 0: the command runs in a process group of its own, and past this many seconds of wall time
  // the whole group is killed (SIGKILL), so a hanging program, and whatever it started, ends.
  double timeout_seconds = 0;
};

// Runs argv[0] (looked up in PATH) with the given arguments and waits for it.
// stdout_file: when non-empty, stdout goes to this file (created/truncated) instead of `out`.
// on_stderr: when set, also called with each piece of the tool's stderr as it arrives (a long
// tool's progress lines can be shown live); `err` still holds all of it.
CommandResult run_command(const std::vector<std::string>& argv,
                          const std::filesystem::path& stdout_file = {},
                          const std::function<void(std::string_view)>& on_stderr = {});
CommandResult run_command(const std::vector<std::string>& argv, const CommandOptions& options);

// True when the program can be found in PATH.
bool have_program(const std::string& name);

}  // namespace linrepro
