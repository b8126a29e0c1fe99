// libFuzzer target: the parameter parser (-p key=value) and ParamReader's typed reads against a
// declaration with one parameter of every type. Any input is accepted or rejected with
// ConfigError; nothing else may happen (UB in conversions included).
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "solvers/params.h"

namespace {

const std::vector<linrepro::ParamDecl>& declarations() {
  using namespace linrepro;
  static const std::vector<ParamDecl> d = {
      number_param("x", 0.5, "any finite number"),
      positive_param("tol", 1e-3, "a tolerance"),
      non_negative_param("eps", 0.0, "a width"),
      integer_param("max_iter", 100, 0, "a count"),
      boolean_param("shrinking", true, "a switch"),
      choice_param("loss", "hinge", {"hinge", "squared_hinge"}, "a choice"),
      string_param("path", "", "a name")};
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    linrepro::Params p = linrepro::Params::object();
    linrepro::set_param_from_text(p, text);
    // The input's key read as each type in turn: a user may give any value to any parameter.
    for (const auto& [key, value] : p.items()) {
      for (const auto& decl : declarations()) {
        linrepro::Params q = linrepro::Params::object();
        q[decl.name] = value;
        linrepro::ParamReader r(q, "fuzz", declarations());
        try {
          for (const auto& d : declarations()) {
            switch (d.type) {
              case linrepro::ParamType::integer:
                r.integer(d.name);
                break;
              case linrepro::ParamType::boolean:
                r.boolean(d.name);
                break;
              case linrepro::ParamType::choice:
              case linrepro::ParamType::string:
                r.text(d.name);
                break;
              default:
                r.number(d.name);
            }
          }
          r.finish();
        } catch (const linrepro::ConfigError&) {
        }
      }
    }
  } catch (const linrepro::ConfigError&) {
  }
  return 0;
}
