// libFuzzer target: the Reuters-21578 SGML parser on one file's bytes. Any input either parses
// (then every article's categories - topics, places, people, orgs, exchanges - are names with a
// non-blank character and its line is inside the input) or throws DataError naming the file;
// anything else (a crash, a sanitizer report, another exception) is a bug.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "core/error.h"
#include "corpora/reuters21578.h"

namespace {

bool blank(const std::string& name) {
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

}  // namespace

// The parser warns on stderr about each skipped empty name; millions of those lines would only
// slow the run (sanitizer reports do not go through std::cerr).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::cerr.rdbuf(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view sgml(reinterpret_cast<const char*>(data), size);
  try {
    const auto articles = linrepro::parse_reuters_sgml(sgml, "fuzz.sgm");
    const long lines = static_cast<long>(std::count(sgml.begin(), sgml.end(), '\n')) + 1;
    for (const auto& a : articles) {
      if (a.line < 1 || a.line > lines) std::abort();
      for (const auto* list : {&a.topics, &a.places, &a.people, &a.orgs, &a.exchanges})
        if (std::any_of(list->begin(), list->end(), blank)) std::abort();
    }
  } catch (const linrepro::DataError&) {
  }
  return 0;
}
