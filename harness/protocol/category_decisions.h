#pragma once
// Micro- and macro-F1 over a binary-category task set (binary_categories.h): one run per category,
// each holding its decisions on the shared test documents (extra "test_predicted" and
// "test_truth", hex per-document outcomes, document_outcomes.h) and its counts in its metrics
// (counts_json.h). MLR-CG §6.1's cells and claim read them:
//   counts-micro-f1, counts-macro-f1  (aggregates) the F1 averaged over the categories' counts,
//       with a sampling interval: micro, a bootstrap over the test documents, every category's
//       decision on a drawn document counted together; macro, each category's counts drawn
//       independently, positives and negatives apart (harness/results/cell_intervals.h). Runs
//       that hold no decisions give a micro average the interval of each category's counts
//       drawn independently, and its method says so.
//   micro-F1, macro-F1  (claim measures) a - b in points, paired bootstrap over the shared test
//       documents of both methods' decisions (partition_measures.h gives them for a multiclass
//       partition's runs; these are the binary categories').
#include <map>
#include <span>
#include <string>
#include <vector>

#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// Whether the runs hold binary-category decisions (hex outcomes, not a partition's class ids).
bool holds_category_decisions(std::span<const RunRecord> runs);

// The aggregate counts-micro-f1 (micro) or counts-macro-f1 of the runs, unscaled.
AggregateValue category_f1(std::span<const RunRecord> runs, const AggregateContext& at, bool micro);

// a - b micro- (or macro-) F1 in points over the categories' decisions, the methods' runs by name
// (refer to `runs`, which must outlive the measure).
ClaimMeasure category_f1_difference(const std::map<std::string, std::vector<RunRecord>>& runs,
                                    bool micro);

}  // namespace linrepro
