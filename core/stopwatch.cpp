#include "core/stopwatch.h"

#include <sys/resource.h>

namespace linrepro {

int64_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<int64_t>(u.ru_maxrss) * 1024;  // Linux reports kilobytes
}

}  // namespace linrepro
