#pragma once
// Issue 15 item 3: Table 1's cross-validation as an ablation (harness/results/ablation.h). One row
// per way of running the CV (which categories, where the features are selected), plus the paper's
// Table 1; columns are Table 1's methods. Two tables from the same runs: the lambda each variant
// chooses (log10, what feeds Tables 2-5) and the pooled CV micro BEP at that lambda (over that
// variant's own categories, so a row is comparable with another only when they pool the same
// categories).
#include <string>
#include <vector>

#include "experiments/zhangoles2001/table1_cv.h"
#include "harness/experiment/published.h"
#include "harness/results/ablation.h"

namespace linrepro {

struct Table1CvVariant {
  std::string variant;              // "in_fold/10 largest"
  std::string description;          // one line
  bool chosen = false;              // the variant Table 1's cells (and so Tables 2-5) use
  std::vector<ZoCvPooled> methods;  // one per column, in `columns` order
  bool allowed = false;             // §4.1's CV: one lambda "for all categories", all pooled
};

// columns: Table 1's column names ("Naive Bayes", ...), one per Table1CvVariant::methods entry
// (std::invalid_argument otherwise). Returns {lambda table, BEP table}.
std::vector<Ablation> table1_cv_ablations(const std::vector<Table1CvVariant>& variants,
                                          const std::vector<std::string>& columns,
                                          const PublishedPaper& published);

}  // namespace linrepro
