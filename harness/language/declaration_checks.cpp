#include "harness/language/declaration_checks.h"

#include <fmt/format.h>

#include "core/error.h"

namespace linrepro {

void declaration_error(const std::string& where, const std::string& what) {
  throw ConfigError(fmt::format("{}: {}", where, what));
}

void check_keys(const Json& o, std::initializer_list<const char*> allowed,
                const std::string& where) {
  if (!o.is_object()) declaration_error(where, "must be a JSON object");
  for (const auto& [key, value] : o.items()) {
    bool known = false;
    for (const char* a : allowed) known |= key == a;
    if (!known) declaration_error(where, fmt::format("unknown key \"{}\"", key));
  }
}

std::string text_of(const Json& o, const char* key, const std::string& where) {
  if (!o.contains(key) || !o.at(key).is_string() || o.at(key).get<std::string>().empty())
    declaration_error(where, fmt::format("\"{}\" must be a non-empty string", key));
  return o.at(key).get<std::string>();
}

std::vector<std::string> texts_of(const Json& a, const std::string& where) {
  if (!a.is_array()) declaration_error(where, "must be a list of strings");
  std::vector<std::string> out;
  for (const Json& s : a) {
    if (!s.is_string()) declaration_error(where, "must be a list of strings");
    out.push_back(s.get<std::string>());
  }
  return out;
}

}  // namespace linrepro
