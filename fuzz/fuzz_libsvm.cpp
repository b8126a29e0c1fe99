// libFuzzer target: the LIBSVM reader. Any input either parses (then the matrix is consistent) or
// throws DataError/ConfigError; anything else (a crash, a sanitizer report, another exception) is
// a bug.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/libsvm_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Small limits keep each execution cheap; the guards themselves are exercised too.
  setenv("LINREPRO_MAX_FEATURES", "100000", 1);
  setenv("LINREPRO_MAX_LINE_BYTES", "4096", 1);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const linrepro::LibsvmData d = linrepro::read_libsvm(in, "fuzz");
    if (d.labels.size() != static_cast<size_t>(d.X.rows)) std::abort();
    if (d.X.row_ptr.back() != static_cast<int64_t>(d.X.col_idx.size())) std::abort();
    for (int32_t c : d.X.col_idx)
      if (c < 0 || c >= d.X.cols) std::abort();
  } catch (const linrepro::DataError&) {
  } catch (const linrepro::ConfigError&) {
  }
  return 0;
}
