#pragma once
// A program kept running to answer requests one line at a time (stdin -> stdout), where starting
// it for every request would cost more than the request: a py: solver's Python process answers
// every fit of an experiment. run_command (core/subprocess.h) is the one-shot form.
//
// The program runs in a process group of its own with its stderr in a file; a request past its
// timeout kills the group, and so does a program that outlives the end of its input by more
// than a few seconds. If linrepro itself dies, the program reads the end of its input and ends.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace linrepro {

struct LineReply {
  bool answered = false;   // `line` holds the program's answer
  std::string line;        // its answer, without the newline
  bool timed_out = false;  // no answer within the timeout: the program was killed
  std::string failure;     // not answered: what happened (it exited, with its status)
  double cpu_seconds = 0;  // the program's CPU time during the request (Linux /proc)
};

class LineProcess {
 public:
  // Starts argv[0] (looked up in PATH); its stderr goes to `stderr_file` (created/truncated).
  // Throws std::runtime_error when it cannot be started.
  LineProcess(const std::vector<std::string>& argv, const std::filesystem::path& stderr_file);
  ~LineProcess();  // ends the program (end of input, then SIGKILL after a grace period)
  LineProcess(const LineProcess&) = delete;
  LineProcess& operator=(const LineProcess&) = delete;

  // Sends `line` (a newline is added) and waits up to `timeout_seconds` (> 0) for one line back.
  // After a reply that is not answered, the program is gone and alive() is false.
  LineReply request(const std::string& line, double timeout_seconds);
  bool alive() const { return pid_ > 0; }

 private:
  void stop(bool kill_now);
  double cpu_seconds() const;

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string pending_;  // read past the last answer's newline
};

}  // namespace linrepro
