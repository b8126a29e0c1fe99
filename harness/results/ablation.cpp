#include "harness/results/ablation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace linrepro {

using Json = nlohmann::json;

Json ablation_to_json(const Ablation& a) {
  Json rows = Json::array();
  for (const AblationRow& r : a.rows) {
    Json values = Json::array();
    for (const auto& v : r.values) values.push_back(v ? Json(*v) : Json(nullptr));
    rows.push_back({{"variant", r.variant},
                    {"description", r.description},
                    {"chosen", r.chosen},
                    {"reference", r.reference},
                    {"allowed", r.allowed},
                    {"values", values}});
  }
  return {{"id", a.id},     {"title", a.title},     {"why", a.why},
          {"unit", a.unit}, {"columns", a.columns}, {"rows", rows}};
}

Ablation ablation_from_json(const Json& j) {
  try {
    Ablation a;
    a.id = j.at("id").get<std::string>();
    a.title = j.at("title").get<std::string>();
    a.why = j.at("why").get<std::string>();
    a.unit = j.at("unit").get<std::string>();
    a.columns = j.at("columns").get<std::vector<std::string>>();
    for (const Json& r : j.at("rows")) {
      AblationRow row;
      row.variant = r.at("variant").get<std::string>();
      row.description = r.at("description").get<std::string>();
      row.chosen = r.at("chosen").get<bool>();
      row.reference = r.value("reference", false);
      // Required: a row that does not say whether the paper allows it must not explain a cell,
      // nor silently stop explaining one.
      if (!r.contains("allowed"))
        throw ConfigError(fmt::format(
            "row '{}' does not say whether the paper's text allows it (\"allowed\", since "
            "2026-12-02): `linrepro run` the experiment again to re-summarise it from its runs",
            row.variant));
      row.allowed = r.at("allowed").get<bool>();
      if (row.allowed && row.reference)
        throw ConfigError(
            fmt::format("row '{}' is the published row and cannot be allowed", row.variant));
      for (const Json& v : r.at("values"))
        row.values.push_back(v.is_null() ? std::nullopt : std::optional<double>(v.get<double>()));
      if (row.values.size() != a.columns.size())
        throw ConfigError(fmt::format("row '{}' has {} values for {} columns", row.variant,
                                      row.values.size(), a.columns.size()));
      a.rows.push_back(std::move(row));
    }
    return a;
  } catch (const Json::exception& e) {
    throw ConfigError(fmt::format("ablation {}: {}", j.value("id", "?"), e.what()));
  }
}

namespace {

// One decimal, as the papers print percentages; but small values keep three significant digits
// (a C of 3.6e-5 is not "0.0") and whole counts print without a decimal ("9475", not "9475.0").
std::string format_value(double v) {
  if (v != 0 && std::fabs(v) < 0.05) return fmt::format("{:.3g}", v);
  if (std::fabs(v) >= 100 && v == std::floor(v)) return fmt::format("{:.0f}", v);
  return fmt::format("{:.1f}", v);
}

}  // namespace

std::string ablation_markdown(const Ablation& a) {
  // The "paper allows" column only where some row is a variant the paper's text admits (a spread
  // table's draws are none).
  const bool variants =
      std::any_of(a.rows.begin(), a.rows.end(), [](const AblationRow& r) { return r.allowed; });
  std::string out = fmt::format("#### Ablation `{}`: {}\n\n{}\n\n| variant | |{}", a.id, a.title,
                                a.why, variants ? " paper allows |" : "");
  for (const auto& c : a.columns) out += fmt::format(" {} |", c);
  out += variants ? "\n|---|---|---|" : "\n|---|---|";
  for (size_t i = 0; i < a.columns.size(); ++i) out += "---:|";
  out += "\n";
  for (const AblationRow& r : a.rows) {
    const std::string name = r.chosen      ? fmt::format("**{}** (used)", r.variant)
                             : r.reference ? fmt::format("*{}*", r.variant)
                                           : r.variant;
    out += fmt::format("| {} | {} |", name, r.description);
    if (variants) out += r.reference ? " |" : r.allowed ? " yes |" : " no |";
    for (const auto& v : r.values)
      out += v ? fmt::format(" {} |", format_value(*v)) : std::string(" — |");
    out += "\n";
  }
  if (!a.unit.empty()) out += fmt::format("\nValues in {}.\n", a.unit);
  return out;
}

}  // namespace linrepro
