// libFuzzer target: the Reuters-21578 SGML parser on one file's bytes. Any input either parses
// (then every article's topics are non-empty names and its line is inside the input) or throws
// DataError naming the file; anything else (a crash, a sanitizer report, another exception) is a
// bug.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/error.h"
#include "corpora/reuters21578.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view sgml(reinterpret_cast<const char*>(data), size);
  try {
    const auto articles = linrepro::parse_reuters_sgml(sgml, "fuzz.sgm");
    const long lines = static_cast<long>(std::count(sgml.begin(), sgml.end(), '\n')) + 1;
    for (const auto& a : articles) {
      if (a.line < 1 || a.line > lines) std::abort();
      for (const auto& t : a.topics)
        if (t.empty()) std::abort();
    }
  } catch (const linrepro::DataError&) {
  }
  return 0;
}
