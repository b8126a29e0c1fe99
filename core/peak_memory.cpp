#include "core/peak_memory.h"

#include <malloc.h>

#include <fstream>
#include <sstream>
#include <string>

namespace linrepro {

namespace {

// A "Vm...:  1234 kB" line of /proc/self/status in bytes; -1 when absent.
int64_t status_kb_field(const std::string& name) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.starts_with(name + ":")) {
      std::istringstream fields(line.substr(name.size() + 1));
      int64_t kb = -1;
      fields >> kb;
      return kb < 0 ? -1 : kb * 1024;
    }
  return -1;
}

bool reset_high_water_mark() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

}  // namespace

std::optional<int64_t> peak_rss_growth_bytes(const std::function<void()>& work) {
  malloc_trim(0);
  const bool reset = reset_high_water_mark();
  const int64_t before = status_kb_field("VmRSS");
  // A kernel that cannot reset the mark rejects the write (EINVAL). Comparing VmHWM with VmRSS
  // right after the reset is no check: both come from approximate per-CPU counters and may differ
  // by hundreds of KiB on a busy machine.
  const bool usable = reset && before >= 0;
  work();
  if (!usable) return std::nullopt;
  const int64_t peak = status_kb_field("VmHWM");
  if (peak < 0) return std::nullopt;
  return peak > before ? peak - before : 0;
}

}  // namespace linrepro
