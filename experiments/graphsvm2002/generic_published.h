#pragma once
// Candidate for harness/ (beside published.h): a paper's published file when it is there, and one
// cell's value, for the paper's row of an ablation.
#include <filesystem>
#include <optional>
#include <string>

#include "harness/published.h"

namespace linrepro {

// <published_dir>/<paper>.json, or nullopt when the file is not there.
inline std::optional<PublishedPaper> load_published_if_present(
    const std::filesystem::path& published_dir, const std::string& paper) {
  const auto file = published_dir / (paper + ".json");
  return std::filesystem::exists(file) ? std::optional(load_published(file)) : std::nullopt;
}

// The published value of (table, row, column), or nullopt (none, or no published file).
inline std::optional<double> published_value(const PublishedPaper* paper, const std::string& table,
                                             const std::string& row, const std::string& column) {
  const PublishedCell* cell = paper ? find_published_cell(*paper, table, row, column) : nullptr;
  return cell ? std::optional(cell->value) : std::nullopt;
}

}  // namespace linrepro
