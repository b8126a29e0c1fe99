#pragma once
// Issue 15 item 6: Figure 7 (micro BEP of Logistic Reg against the number of features per
// category) under each tokenisation variant considered, as an ablation (harness/ablation.h): one
// row per variant (Porter stemming on/off x the "< 3 occurrences" rule on/off), its vocabulary in
// the description, one column per feature count plus the no-selection point.
#include <cstdint>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "harness/cell_cause.h"

namespace linrepro {

struct TokenisationRow {
  std::string variant;      // "porter, min count 3"
  std::string description;  // what it does and why (not) chosen; the vocabulary is appended
  bool chosen = false;
  int64_t train_terms = 0;                 // distinct training terms (before min count)
  int32_t vocabulary = 0;                  // after min count
  std::vector<double> bep;                 // per feature count, %
  double bep_no_selection = 0;             // every training term (min count 1), %
  std::vector<CellEvidence> bep_evidence;  // per feature count: the cell's sampling interval
};

// `feature_counts`: the columns (each row's bep has one value per count). Throws
// std::invalid_argument when a row's length differs.
Ablation tokenisation_ablation(const std::vector<int32_t>& feature_counts,
                               const std::vector<TokenisationRow>& rows);

}  // namespace linrepro
