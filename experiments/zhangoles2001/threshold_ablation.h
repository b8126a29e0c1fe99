#pragma once
// Issue 15 item 1: the threshold rule of Tables 2 and 3 as an ablation
// (harness/results/ablation.h). One row per rule of metrics/threshold.h plus "threshold 0" (no
// adjustment) and the paper's numbers; the columns are the affected cells: Table 2's micro-F1 and
// Table 3's mean F1 over the 10 largest categories, per method. Every rule is computed by the same
// fits (reuters_protocol.h ZoEval).
#include <map>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/experiment/published.h"
#include "harness/results/ablation.h"

namespace linrepro {

struct ThresholdAblationMethod {
  std::string column;                // Table 2's column ("Mod Least Squares")
  const std::vector<ZoEval>* evals;  // per category id
};

// micro-F1 over all categories; `largest`: Table 3's categories (ids), for the mean-F1 table.
std::vector<Ablation> threshold_ablations(const std::vector<ThresholdAblationMethod>& methods,
                                          const std::vector<int32_t>& largest,
                                          const std::vector<std::string>& largest_rows,
                                          const PublishedPaper& published);

}  // namespace linrepro
