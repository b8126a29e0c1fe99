#include "core/stopwatch.h"

#include <sys/resource.h>
#include <time.h>

namespace linrepro {

int64_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<int64_t>(u.ru_maxrss) * 1024;  // Linux reports kilobytes
}

namespace {
thread_local double children_cpu_seconds = 0;  // what charge_child_cpu_seconds added
}  // namespace

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec) +
         children_cpu_seconds;
}

void charge_child_cpu_seconds(double seconds) { children_cpu_seconds += seconds; }

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace linrepro
