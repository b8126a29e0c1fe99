#pragma once
// Finding a cell or a run in a result file's JSON, as the experiment tests look for what a run
// produced, and checking that a run with extra solvers left the paper's runs as they were.
#include <gtest/gtest.h>

#include <cstddef>
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

// The run with this key of a result document, or nullptr.
inline const Json* find_run(const Json& doc, const std::string& key) {
  for (const auto& r : doc["runs"])
    if (r["key"] == key) return &r;
  return nullptr;
}

// `with` (a fast run with extra solvers) against `reference` (the committed fast result): every
// reference run is there with the same config hash and metrics, and `extra_runs` more runs, each
// tagged extra.part = "extra" (so none of the paper's runs is), timing rounds aside (an extra
// solver's rounds are tagged like its run).
inline void expect_reference_runs_unchanged(const Json& with, const Json& reference,
                                            size_t extra_runs) {
  for (const auto& r : reference["runs"]) {
    const Json* w = find_run(with, r["key"]);
    ASSERT_NE(w, nullptr) << r["key"];
    EXPECT_EQ((*w)["config_hash"], r["config_hash"]) << r["key"];
    EXPECT_EQ((*w)["metrics"], r["metrics"]) << r["key"];
  }
  // Timing rounds (harness/results/timing_rounds.h) are runs of their own: counted apart.
  const auto fits = [](const Json& doc) {
    size_t n = 0;
    for (const auto& r : doc["runs"])
      n += r["key"].get<std::string>().find("/round") == std::string::npos;
    return n;
  };
  EXPECT_EQ(fits(with), fits(reference) + extra_runs);
  size_t tagged = 0;
  for (const auto& r : with["runs"])
    tagged += r["extra"].value("part", "") == "extra" &&
              r["key"].get<std::string>().find("/round") == std::string::npos;
  EXPECT_EQ(tagged, extra_runs);
}

}  // namespace linrepro::testing
