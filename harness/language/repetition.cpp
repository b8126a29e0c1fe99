#include "harness/language/repetition.h"

#include <fmt/format.h>

#include <map>
#include <regex>
#include <set>
#include <vector>

#include "core/error.h"
#include "harness/language/declaration_checks.h"

namespace linrepro {

namespace {

using Binding = std::map<std::string, Json>;

[[noreturn]] void repetition_error(const std::string& where, const std::string& path,
                                   const std::string& what) {
  throw ConfigError(fmt::format("{}: {}: {}", where, path.empty() ? "/" : path, what));
}

const std::regex& name_pattern() {
  static const std::regex re("[A-Za-z_][A-Za-z0-9_]*");
  return re;
}

// The bindings a "for_each" gives, in order.
std::vector<Binding> bindings_of(const Json& f, const std::string& where, const std::string& at) {
  std::vector<Binding> out;
  const auto check_name = [&](const std::string& name) {
    if (!std::regex_match(name, name_pattern()))
      repetition_error(where, at, fmt::format("\"for_each\" binds \"{}\", not a name", name));
  };
  if (f.is_array() && !f.empty()) {
    for (const Json& b : f) {
      if (!b.is_object() || b.empty())
        repetition_error(where, at, "a \"for_each\" list holds objects of names and their values");
      Binding binding;
      for (const auto& [name, value] : b.items()) {
        check_name(name);
        binding[name] = value;
      }
      out.push_back(binding);
    }
    return out;
  }
  if (!f.is_object() || f.empty())
    repetition_error(
        where, at, "\"for_each\" is an object of names and lists of values, or a list of objects");
  out.push_back({});
  for (const auto& [name, values] : f.items()) {  // nlohmann's object order: by name
    check_name(name);
    if (!values.is_array() || values.empty())
      repetition_error(where, at,
                       fmt::format("\"for_each\": \"{}\" must be a non-empty list", name));
    std::vector<Binding> next;
    for (const Binding& b : out)
      for (const Json& v : values) {
        Binding c = b;
        c[name] = v;
        next.push_back(c);
      }
    out = std::move(next);
  }
  return out;
}

std::string as_text(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// `j` with the binding's "$name" and "{$name}" replaced; `used` collects the names met.
Json substituted(const Json& j, const Binding& b, std::set<std::string>& used) {
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s.size() > 1 && s[0] == '$')
      if (const auto it = b.find(s.substr(1)); it != b.end()) {
        used.insert(it->first);
        return it->second;
      }
    std::string out = s;
    for (const auto& [name, value] : b) {
      const std::string placeholder = "{$" + name + "}";
      for (size_t at; (at = out.find(placeholder)) != std::string::npos;) {
        out.replace(at, placeholder.size(), as_text(value));
        used.insert(name);
      }
    }
    return out;
  }
  if (j.is_object() || j.is_array()) {
    Json out = j;
    for (auto& [key, item] : out.items()) item = substituted(item, b, used);
    return out;
  }
  return j;
}

// The names a protocol declares as values (its `values`, `supplied`, its data sets' `values`, and
// `n`): a "for_each" may not bind one, or "$name" would silently mean the binding.
std::set<std::string> declared_value_names(const Json& protocol) {
  std::set<std::string> names = {"n"};
  const auto add_keys = [&](const Json& values) {
    if (values.is_object())
      for (const auto& [name, v] : values.items()) names.insert(name);
  };
  add_keys(protocol.value("values", Json()));
  for (const Json& s : protocol.value("supplied", Json::array()))
    if (s.is_string()) names.insert(s.get<std::string>());
  for (const Json& d : protocol.value("datasets", Json::array()))
    if (d.is_object()) add_keys(d.value("values", Json()));
  return names;
}

Json expand(const Json& j, const std::string& where, const std::string& path,
            const std::set<std::string>& values) {
  if (j.is_object()) {
    if (j.contains("for_each"))
      repetition_error(where, path, "\"for_each\" repeats an element of a list; this is not one");
    const bool protocol = j.contains("methods") && j.contains("datasets");
    const std::set<std::string> inside = protocol ? declared_value_names(j) : values;
    Json out = Json::object();
    for (const auto& [key, item] : j.items())
      out[key] = expand(item, where, json_pointer_step(path, key), inside);
    return out;
  }
  if (!j.is_array()) return j;
  Json out = Json::array();
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string at = json_pointer_step(path, std::to_string(i));
    const Json& e = j[i];
    if (!e.is_object() || !e.contains("for_each")) {
      out.push_back(expand(e, where, at, values));
      continue;
    }
    Json body = e;
    body.erase("for_each");
    std::set<std::string> names, used;
    for (const Binding& b : bindings_of(e.at("for_each"), where, at)) {
      for (const auto& [name, value] : b) {
        if (values.contains(name))
          repetition_error(where, at,
                           fmt::format("\"for_each\" binds \"{}\", a value the protocol "
                                       "declares: \"${}\" would mean either",
                                       name, name));
        names.insert(name);
      }
      out.push_back(expand(substituted(body, b, used), where, at, values));
    }
    for (const std::string& name : names)
      if (!used.contains(name))
        repetition_error(
            where, at,
            fmt::format("\"for_each\" binds \"{}\", which the element never uses", name));
  }
  return out;
}

}  // namespace

Json expand_repetitions(const Json& j, const std::string& where) {
  return expand(j, where, "", {});
}

}  // namespace linrepro
