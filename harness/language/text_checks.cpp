#include "harness/language/text_checks.h"

#include <fmt/args.h>
#include <fmt/format.h>

#include <regex>
#include <vector>

#include "core/error.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/grammar.h"

namespace linrepro {

namespace {

std::vector<std::string> names_of(const Json& j) {
  if (j.is_string()) return {j.get<std::string>()};
  return j.get<std::vector<std::string>>();
}

}  // namespace

void check_declared_claims(const Json& claims, const std::string& where) {
  if (!claims.is_object()) throw ConfigError(where + ": \"claims\" must map ids to claims");
  for (const auto& [id, entry] : claims.items()) {
    const std::string at = fmt::format("{} claim \"{}\"", where, id);
    check_object(entry, "claim", at);
    if (entry.contains("bounds")) {
      const Json& b = entry.at("bounds");
      if (!b.is_object()) throw ConfigError(at + ": \"bounds\" must map names to numbers");
      for (const auto& [name, value] : b.items())
        if (!value.is_number() || !std::regex_match(name, std::regex("[A-Za-z_][A-Za-z0-9_]*")))
          throw ConfigError(
              fmt::format("{}: bound \"{}\" must be a number named by an identifier", at, name));
    }
    if (entry.contains("tests"))
      check_declared_tests(entry.at("tests"), entry.value("bounds", Json::object()), at);
    const std::string kind = entry.value("kind", "claim");
    if (kind != "claim" && kind != "correctness_check")
      throw ConfigError(at + ": \"kind\" must be \"claim\" or \"correctness_check\"");
  }
}

void check_declared_ablations(const Json& ablations, const std::string& where) {
  if (!ablations.is_object()) throw ConfigError(where + ": \"ablations\" must map ids to texts");
  for (const auto& [id, entry] : ablations.items()) {
    const std::string at = fmt::format("{} ablation \"{}\"", where, id);
    check_object(entry, "ablation", at);
    if (entry.contains("why") == entry.contains("same_why_as"))
      throw ConfigError(at + ": needs one of \"why\" or \"same_why_as\"");
  }
}

void check_declared_tests(const Json& tests, const Json& bounds, const std::string& at) {
  if (!tests.is_array()) throw ConfigError(at + ": \"tests\" must be a list");
  for (size_t i = 0; i < tests.size(); ++i) {
    const Json& t = tests[i];
    const std::string here = fmt::format("{} test {}", at, i + 1);
    check_object(t, "claim-test", here);
    for (const char* key : {"measure", "a", "side", "bound", "what"})
      if (!t.contains(key)) throw ConfigError(fmt::format("{}: \"{}\" is missing", here, key));
    const auto names = [&](const char* key) {
      const Json& v = t.at(key);
      bool ok = v.is_string() || (v.is_array() && !v.empty());
      if (v.is_array())
        for (const Json& x : v) ok &= x.is_string();
      if (!ok)
        throw ConfigError(fmt::format("{}: \"{}\" must be a name or a list of names", here, key));
    };
    for (const char* key : {"measure", "a", "side"}) names(key);
    if (t.contains("b")) names("b");
    if (t.contains("groups")) names("groups");
    if (!t.at("what").is_string()) throw ConfigError(here + ": \"what\" must be a string");
    const std::vector<std::string> sides = names_of(t.at("side"));
    for (const std::string& side : sides)
      if (side != ">" && side != ">=" && side != "<" && side != "<=" && side != "within")
        throw ConfigError(here + ": a side must be \">\", \">=\", \"<\", \"<=\" or \"within\"");
    const Json& bound = t.at("bound");
    if (t.at("side").is_array() != bound.is_array() ||
        (bound.is_array() && bound.size() != sides.size()))
      throw ConfigError(here + ": \"side\" and \"bound\" must be one each or lists of one length");
    for (const Json& b : bound.is_array() ? bound : Json::array({bound})) {
      if (b.is_string()) {
        const std::string name = b.get<std::string>();
        if (name != kMeasuredBound &&
            !bounds.contains(name.starts_with('-') ? name.substr(1) : name))
          throw ConfigError(fmt::format(
              "{}: bound \"{}\" is not one the claim declares in \"bounds\"", here, name));
      } else if (!b.is_number()) {
        throw ConfigError(here + ": a bound must be a number or a declared bound's name");
      }
    }
    if (t.contains("optional") && !t.at("optional").is_boolean())
      throw ConfigError(here + ": \"optional\" must be true or false");
    try {
      (void)fmt::format(fmt::runtime(t.at("what").get<std::string>()), fmt::arg("a", "a"),
                        fmt::arg("b", "b"), fmt::arg("measure", "measure"),
                        fmt::arg("group", "group"));
    } catch (const fmt::format_error& e) {
      throw ConfigError(
          fmt::format("{}: \"what\": {} (its placeholders: {{a}}, {{b}}, {{measure}}, {{group}})",
                      here, e.what()));
    }
  }
}

}  // namespace linrepro
