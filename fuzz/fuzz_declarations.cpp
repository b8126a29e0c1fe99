// libFuzzer target: the protocol language's reader on arbitrary bytes, as the program reads
// experiments/<paper>/experiments.json at start (harness/language/grammar.h): the grammar's
// validation of a whole file, then the walk the reference takes its examples by, parsing each
// value expression and evidence text it meets (harness/language/value_expression.h). Accepted
// failures are the documented ones (not JSON; a ConfigError naming the file, the JSON path and
// what is wrong); a crash, a sanitizer report or any other exception is a bug.
#include <cstdint>
#include <string>

#include "core/error.h"
#include "harness/language/grammar.h"
#include "harness/language/value_expression.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  linrepro::Json file;
  try {
    file = linrepro::Json::parse(text);
  } catch (const linrepro::Json::exception&) {  // not JSON, or a number JSON cannot hold (1e600):
    return 0;                                   // the reader says "not valid JSON" for both
  }
  try {
    linrepro::check_declaration_file(file, "fuzz.json");
  } catch (const linrepro::ConfigError&) {
    return 0;
  }
  // Every string a value expression or an evidence text may be: parsed, or a ConfigError.
  const auto expressions = [](const linrepro::Json& v) {
    const auto parse = [](const linrepro::Json& text) {
      if (!text.is_string()) return;
      try {
        (void)linrepro::parse_value_expression(text.get<std::string>(), "fuzz.json");
        (void)linrepro::evidence_placeholders(text.get<std::string>(), "fuzz.json");
      } catch (const linrepro::ConfigError&) {
      }
    };
    parse(v);
    if (v.is_array())
      for (const linrepro::Json& x : v) parse(x);
  };
  linrepro::walk_declaration_file(
      file, [&](const linrepro::ObjectRule&, const linrepro::KeyRule& key, const std::string&,
                const linrepro::Json& v) {
        if (key.name == "value" || key.name == "values" || key.name == "evidence") expressions(v);
      });
  return 0;
}
