#pragma once
// Cells and claim measures over a method's runs on the partitions of one collection
// (partition_tasks.h, multiclass_partitions.h). Cross-validation folds are scored with their test
// sides combined: every document of the collection is tested once across the folds, so the
// combined counts score the collection (MLR-CG's Table 3: "the combination of the five runs").
// Random splits are scored by the spread of a metric over them (Zhang & Oles' Table 5: "mean ±
// standard deviation" over five splits).
//
// Aggregates a protocol's columns name (protocol_cells.h):
//   combined-micro-f1   micro-F1 of the summed test confusion matrices, in [0, 1], with Wilson's
//                       interval over the documents (the micro-F1 of a single-label task is its
//                       accuracy);
//   combined-macro-f1   their macro-F1, with the percentile bootstrap of each class's counts;
//   fewest:<field>      the smallest extra.<field> of the runs (the features a partition's
//                       selection kept), exact;
//   split-mean:<metric> the mean over the splits of the metric, each split's value in its value
//                       expression's scale (100: points), with the interval mean ± t(0.975, n - 1)
//                       sd / sqrt(n) (metrics/split_summary.h); its note fields "summary" ("88.12 ±
//                       0.45"), "n", "sd" and "per_split" (each split's value, two decimals,
//                       ", "-joined).
// A column's "items" names the documents in the interval's text ("pages"; default "documents").
// And over one binary task per run (each run's metrics tp, fp, fn, tn:
// harness/results/counts_json.h):
//   counts-micro-f1     the micro-averaged F1 of the tasks' counts, in [0, 1], with the interval
//                       of category_decisions.h when the runs hold their decisions;
//   counts-macro-f1     the mean of the tasks' F1 (metrics/averaging.h), the same way;
//   counts-micro-f1:<s>, counts-macro-f1:<s>  the same of the counts stored with suffix s (tp<s>,
//                       ...: "0", a thresholded run's counts at threshold 0), exact.
//
// Claim measures (claim_comparisons.h) over the methods' runs on one collection, by method name:
//   micro-F1, macro-F1  a - b in points on the combined test documents, paired bootstrap over them
//                       (binary categories' runs: over their decisions, category_decisions.h);
//   mean:<metric>       a's mean of the run metric over the partitions, in % (exact: no sampling);
//   splits:<metric>     a - b in points of 100 x the metric, the paired t interval over the splits
//                       (each split's own training and test documents:
//                       harness/results/claim_verdict.h);
//   largest-difference:<metric>  the largest |a - b| over the partitions in points of 100 x the
//                       metric, exact (two implementations of one deterministic method).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/task_sets.h"
#include "metrics/confusion_folds.h"

namespace linrepro {

// The named aggregate, or nothing when `name` is none of the above nor an objective's
// (task_measures.h: "objective-lower:<method>", "median-gap-to:<method>") nor a series'
// (size_series.h: "cpu-slope"). Every protocol may name these besides its driver's.
std::optional<TaskAggregate> builtin_aggregate(const std::string& name);

// The combined micro- and macro-F1 of the runs (ConfigError naming a run without a confusion).
F1Pair combined_f1(std::span<const RunRecord> runs);

// The measures refer to `runs`, which must outlive them.
ClaimMeasures partition_measures(const std::map<std::string, std::vector<RunRecord>>& runs);
ClaimMeasures partition_measures(std::map<std::string, std::vector<RunRecord>>&&) = delete;

}  // namespace linrepro
