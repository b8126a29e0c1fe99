// libFuzzer target: the protocol language's reader on arbitrary bytes, as the program reads
// experiments/<paper>/experiments.json at start (harness/language/grammar.h): the grammar's
// validation of a whole file, then the walk the reference takes its examples by. Accepted
// failures are the documented ones (not JSON; a ConfigError naming the file, the JSON path and
// what is wrong); a crash, a sanitizer report or any other exception is a bug.
#include <cstdint>
#include <string>

#include "core/error.h"
#include "harness/language/grammar.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  linrepro::Json file;
  try {
    file = linrepro::Json::parse(text);
  } catch (const linrepro::Json::exception&) {  // not JSON, or a number JSON cannot hold (1e600):
    return 0;                                    // the reader says "not valid JSON" for both
  }
  try {
    linrepro::check_declaration_file(file, "fuzz.json");
  } catch (const linrepro::ConfigError&) {
    return 0;
  }
  size_t keys = 0;
  linrepro::walk_declaration_file(file, [&](const linrepro::ObjectRule&, const linrepro::KeyRule&,
                                            const std::string&, const linrepro::Json&) { ++keys; });
  return 0;
}
