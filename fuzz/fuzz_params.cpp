// libFuzzer target: the parameter parser (-p key=value) and ParamReader's typed reads. Any input is
// accepted or rejected with ConfigError; nothing else may happen (UB in conversions included).
#include <cstdint>
#include <string>

#include "core/error.h"
#include "solvers/params.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    linrepro::Params p = linrepro::Params::object();
    linrepro::set_param_from_text(p, text);
    for (const auto& [key, value] : p.items()) {
      linrepro::ParamReader r(p, "fuzz");
      try {
        r.integer(key, 1, 0);
      } catch (const linrepro::ConfigError&) {
      }
      try {
        r.number(key, 1.0);
      } catch (const linrepro::ConfigError&) {
      }
      try {
        r.positive(key, 1.0);
      } catch (const linrepro::ConfigError&) {
      }
      try {
        r.boolean(key, true);
      } catch (const linrepro::ConfigError&) {
      }
      try {
        r.choice(key, "a", {"a", "b"});
      } catch (const linrepro::ConfigError&) {
      }
      r.finish();
    }
  } catch (const linrepro::ConfigError&) {
  }
  return 0;
}
