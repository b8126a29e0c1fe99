#pragma once
// Finding a cell in a result file's JSON, as the experiment tests look for what a run produced.
#include <nlohmann/json.hpp>
#include <string>

namespace linrepro::testing {

using Json = nlohmann::json;

// The cell (table, row, column) of a result document, or nullptr.
inline const Json* find_cell(const Json& doc, const std::string& table, const std::string& row,
                             const std::string& column) {
  for (const auto& c : doc["cells"])
    if (c["table"] == table && c["row"] == row && c["column"] == column) return &c;
  return nullptr;
}

}  // namespace linrepro::testing
