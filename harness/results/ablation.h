#pragma once
// An ablation: the variants of one protocol choice (a rule the paper leaves open, or one where our
// old behaviour differed from the paper's text), each with the numbers it gives for the affected
// cells. The cells use the `chosen` variant; `why` says how it was chosen (from the paper's text,
// never by nearness to the published numbers). Drivers add them with ResultFile::add_ablation;
// `linrepro compare` shows every one in REPORT.md and writes
// results/<paper>/tables/ablation_<id>.md.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace linrepro {

struct AblationRow {
  std::string variant;      // "lowest_midpoint"
  std::string description;  // one line: what the variant does
  bool chosen = false;      // the variant the experiment's cells use
  bool reference = false;   // not a variant: the published numbers, for comparison
  // Whether the paper's text admits this reading (it is silent on the choice, or names it); only
  // an allowed row can be a cell's measured cause (harness/judge/cell_cause.h). A row the text
  // rules out, a draw of a spread table and the published row are not allowed.
  bool allowed = false;
  std::vector<std::optional<double>> values;  // one per column; nullopt: not available
};

struct Ablation {
  std::string id;     // unique within the paper, e.g. "threshold-rule"
  std::string title;  // "Table 2 micro-F1 by threshold rule"
  std::string why;    // why the chosen variant
  std::string unit;   // of every value ("%")
  std::vector<std::string> columns;
  std::vector<AblationRow> rows;
};

// JSON form (the result file's "ablations" array). from_json throws ConfigError naming the field.
nlohmann::json ablation_to_json(const Ablation& ablation);
Ablation ablation_from_json(const nlohmann::json& j);
// A markdown section: title, why, and the table (chosen row marked).
std::string ablation_markdown(const Ablation& ablation);

}  // namespace linrepro
