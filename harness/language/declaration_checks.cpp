#include "harness/language/declaration_checks.h"

#include <fmt/format.h>

#include "core/error.h"

namespace linrepro {

void declaration_error(const std::string& where, const std::string& what) {
  throw ConfigError(fmt::format("{}: {}", where, what));
}

std::string json_pointer_step(const std::string& path, const std::string& key) {
  std::string escaped;
  for (const char c : key) escaped += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return path + "/" + escaped;
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
