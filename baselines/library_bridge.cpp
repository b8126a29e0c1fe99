#include "baselines/library_bridge.h"

#include <cstdlib>
#include <sstream>

namespace linrepro {

std::string& library_log() {
  thread_local std::string log;
  return log;
}

void capture_library_output(const char* text) { library_log() += text; }

int64_t iterations_from_log(const std::string& log) {
  const std::string key = "#iter = ";
  if (const auto pos = log.rfind(key); pos != std::string::npos)
    return std::strtoll(log.c_str() + pos + key.size(), nullptr, 10);
  std::istringstream lines(log);
  std::string line;
  int64_t newton_steps = 0;
  bool any = false;
  while (std::getline(lines, line))
    if (line.rfind("iter ", 0) == 0) {
      any = true;
      ++newton_steps;
    }
  return any ? newton_steps : -1;
}

bool hit_iteration_limit(const std::string& log) {
  return log.find("reaching max") != std::string::npos;
}

}  // namespace linrepro
