#include "harness/language/protocol_declaration.h"

#include <fmt/format.h>

#include <algorithm>

#include "harness/language/declaration_checks.h"

namespace linrepro {

Json resolve_protocol_value(const Json& v, const Json& scope, const std::string& where) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s.empty() || s[0] != '$') return v;
    const std::string name = s.substr(1);
    if (!scope.contains(name)) declaration_error(where, fmt::format("no value \"{}\"", name));
    return scope.at(name);
  }
  if (v.is_object() && v.size() == 1 && v.contains("reciprocal")) {
    double product = 1;
    for (const std::string& name : texts_of(v.at("reciprocal"), where + " reciprocal")) {
      const Json x = resolve_protocol_value("$" + name, scope, where);
      if (!x.is_number()) declaration_error(where, fmt::format("\"{}\" is not a number", name));
      product *= x.get<double>();
    }
    return 1.0 / product;
  }
  if (v.is_object() || v.is_array()) {
    Json out = v;
    for (auto& [key, item] : out.items()) item = resolve_protocol_value(item, scope, where);
    return out;
  }
  return v;
}

Json DeclaredProtocol::value(const std::string& name) const {
  const size_t dot = name.find('.');
  if (dot == std::string::npos) return resolve_protocol_value("$" + name, values, where);
  for (const ProtocolDataset& d : datasets)
    if (d.cls == name.substr(0, dot))
      return resolve_protocol_value("$" + name.substr(dot + 1), d.values, where + " " + d.cls);
  declaration_error(where, fmt::format("no data set \"{}\"", name.substr(0, dot)));
}

bool is_extra_solver_row(const DeclaredProtocol& p, const Json& row) {
  const std::string run = row.value("run", "");
  return std::any_of(p.methods.begin(), p.methods.end(),
                     [&](const ProtocolMethod& m) { return m.extra && m.name == run; });
}

std::vector<Json> cell_columns(const DeclaredProtocol& p, const Json& row) {
  static const std::string placeholder = "{row}";
  const std::string name = row.value("row", "");
  std::vector<Json> out;
  for (const Json& set : row.at("columns"))
    for (Json spec : p.cells.at("columns").at(set.get<std::string>())) {
      std::string value = spec.value("value", "");
      for (size_t at = value.find(placeholder); at != std::string::npos;
           at = value.find(placeholder, at + name.size()))
        value.replace(at, placeholder.size(), name);
      if (spec.contains("value")) spec["value"] = value;
      out.push_back(std::move(spec));
    }
  return out;
}

// The evidence ids a row names: one, or a list.
std::vector<std::string> evidence_ids(const Json& row) {
  if (!row.contains("evidence")) return {};
  const Json& e = row.at("evidence");
  return e.is_array() ? e.get<std::vector<std::string>>()
                      : std::vector<std::string>{e.get<std::string>()};
}

// One entry, or a list of them (one per data set).
std::vector<Json> entries_of(const Json& x) {
  return x.is_array() ? x.get<std::vector<Json>>() : std::vector<Json>{x};
}

}  // namespace linrepro
