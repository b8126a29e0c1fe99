#pragma once
// Running a shell command line as a user would type it, and what it printed: the CLI tests start
// the real `linrepro` program this way.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace linrepro::testing {

struct CommandOutput {
  int status = -1;  // exit status; -1 when it did not exit normally
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `command` through the shell with stdout and stderr captured in files under `dir`.
inline CommandOutput run_shell(const std::string& command, const std::filesystem::path& dir) {
  const auto out_file = dir / "stdout.txt", err_file = dir / "stderr.txt";
  const std::string line = command + " >'" + out_file.string() + "' 2>'" + err_file.string() + "'";
  const int raw = std::system(line.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out_file), slurp(err_file)};
}

}  // namespace linrepro::testing
