#pragma once
// A task set a protocol declares whole, with no driver code: one binary task per category of a
// multi-label text collection (the category against the rest) on its standard split, every run
// evaluated the declared way (harness/protocol/binary_evaluations.h). Declared under the protocol's
// "task_sources":
//
//   "task_sources": {"reuters-f1": {
//     "kind": "binary-categories",
//     "view": "reuters-modapte90",             a corpus view (corpora/corpus_view.h)
//     "features": {...},                        features/feature_config.h's config; with scope
//                                               per_category each task has its own columns
//     "tasks": ["earn", "acq"],                 optional: these categories (default: every one)
//     "evaluation": "timed"                     timed_binary_run; a method's "data" gives
//                                               "repeats" (1) and "traced" (false)
//                or "SCutFBR.1",                cv_thresholded_run with Yang's rule at fbr 0.1
//                                               on 5 folds of each training set (a rule the
//                                               harness names; binary_categories.cpp)
//     "lambda": 0.001}                          the lambda of the O_svm every run reports
// A method's "data" may also change the features ({"features": {"scope": "global"}}) and name
// that reading ("name": "global IG features": its dataset record is "<set's name> (<name>)").
//
// Each run's config: "dataset" {view, docs, features, content_sha256}, and the evaluation's
// fields (timed: "threshold" 0, "timing", "trace_every"; SCutFBR.1: "folds", "fold_seed",
// "threshold"). The dataset record: the corpus identity with its split's sizes, the preparation,
// and "task_columns" {fewest, most}.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "features/pipeline.h"
#include "harness/protocol/binary_evaluations.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

inline constexpr const char* kBinaryCategories = "binary-categories";

// One category against the rest: its matrices (its own, or the collection's shared ones) and
// labels.
struct CategoryTask {
  std::shared_ptr<const FeatureMatrices> own;  // null: `shared` below
  const FeatureMatrices* shared = nullptr;
  BinaryLabels y_train, y_test;
  BinaryTask view(double objective_lambda) const;
};

// A collection prepared for binary tasks: every run's config "dataset", its dataset record, the
// categories (the tasks) and how one category's task is built. A driver may build one itself
// (a collection no corpus view reads) and evaluate it with timed_task_set.
struct BinaryCollection {
  Json dataset, record;
  std::vector<std::string> categories;
  std::function<CategoryTask(size_t)> task;
  double objective_lambda = 0.001;
};

// The timed evaluation of c's tasks, options {"repeats": r, "traced": bool} (a sequential set:
// one timed fit at a time).
TaskSet timed_task_set(std::shared_ptr<const BinaryCollection> c, const Json& options);

// The task source `declaration` describes; throws ConfigError naming `where` for a declaration it
// cannot run (an unknown key, no view, a bad evaluation or feature config).
TaskSource binary_category_tasks(const Json& declaration, const std::string& where);

}  // namespace linrepro
