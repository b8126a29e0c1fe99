#pragma once
// Cells and claim measures over a method's runs on the partitions of one collection
// (multiclass_partitions.h: each run holds its test "confusion" and each test document's class
// and prediction), the test sides combined: every document of the collection is tested once
// across the folds, so the combined counts score the collection (MLR-CG's Table 3: "the
// combination of the five runs").
//
// Aggregates a protocol's columns name (protocol_cells.h), in [0, 1]:
//   combined-micro-f1   micro-F1 of the summed confusion matrices, with Wilson's interval over
//                       the documents (the micro-F1 of a single-label task is its accuracy);
//   combined-macro-f1   their macro-F1, with the percentile bootstrap of each class's counts;
//   fewest:<field>      the smallest extra.<field> of the runs (the features a partition's
//                       selection kept), exact.
// A column's "items" names the documents in the interval's text ("pages"; default "documents").
//
// Claim measures (declared_tests.h) over the methods' runs on one collection, by method name:
//   micro-F1, macro-F1  a - b in points on the combined test documents, paired bootstrap over them;
//   mean:<metric>       a's mean of the run metric over the partitions, in % (exact: no sampling).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/declared_tests.h"
#include "harness/task_sets.h"
#include "metrics/confusion_folds.h"

namespace linrepro {

// The named aggregate, or nothing when `name` is none of the above.
std::optional<TaskAggregate> combined_partition_aggregate(const std::string& name);

// The combined micro- and macro-F1 of the runs (ConfigError naming a run without a confusion).
F1Pair combined_f1(std::span<const RunRecord> runs);

// The measures refer to `runs`, which must outlive them.
ClaimMeasures combined_partition_measures(
    const std::map<std::string, std::vector<RunRecord>>& runs);
ClaimMeasures combined_partition_measures(std::map<std::string, std::vector<RunRecord>>&&) = delete;

}  // namespace linrepro
