#pragma once
// A task set a protocol declares whole, with no driver code: a multi-class text collection cut
// into cross-validation folds or random splits (partition_tasks.h), features selected on each
// training side, every declared solver fitted on it as one multi-class problem (a binary solver
// goes one-vs-rest) and scored on its test side. Declared under the protocol's "task_sources":
//
//   "task_sources": {"webkb-univ6": {
//     "kind": "multiclass-partitions",
//     "name": "Univ-6",                          the seeds' and the dataset record's name
//     "view": "webkb-univ6",                     a corpus view (corpora/corpus_view.h; one that
//                                                 is not here is unavailable and says why)
//     "folds": 5  (or "splits": n, "train_fraction": f),
//     "features": {...}}}                            features/feature_config.h's config, selected
//                                                    on each training side
// A method's "data" may change the features ({"features": {"min_count": 3}}): the runs' config
// "features" is then what they were fitted on.
//
// Each run's metrics: "accuracy", "micro_f1", "macro_f1" on the test side and "train_micro_f1",
// "train_macro_f1" on the training side; extra: its test "confusion" (metrics/confusion_folds.h,
// what the combined-fold aggregates sum), each test document's class and prediction
// ("test_truth", "test_predicted", class indices into "labels": what a paired comparison reads),
// "train_rows", "test_rows", "features" (selected) and "empty_test_rows". Its class is "fold <k>"
// or "split <k>"; its config has the features (config field "features").
#include <string>

#include "harness/protocol/task_sets.h"

namespace linrepro {

inline constexpr const char* kMulticlassPartitions = "multiclass-partitions";

// The task source `declaration` describes, under its declared `name` (the data set tag its
// cells are marked under when the collection is not here); throws ConfigError naming `where` for
// a declaration it cannot run (an unknown key, no view, a bad partitioning or feature config).
TaskSource multiclass_partition_tasks(const std::string& name, const Json& declaration,
                                      const std::string& where);

}  // namespace linrepro
