#pragma once
// MLR-CG's binary tasks (one category against the rest) as task sets of declared protocols
// (harness/task_sets.h), for the two kinds of runs of reuters_fits.h:
//   timed_task_set  Table 2 / Figure 2: options {"repeats": r, "trace": true|false} (sequential:
//                   one timed fit at a time); config fields "threshold" 0, "timing" (r repeats,
//                   thread CPU, median) and "trace_every" (1: the traced fit of Figure 2)
//   f1_task_set     §6.1: thresholds by SCutFBR.1 on 5-fold cross-validation; config fields
//                   "folds", "fold_seed" and "threshold" (the rule and its fbr)
// The Reuters-21578 sets (reuters.cpp): "reuters-table2", Table 2's four categories on their own
// features, and "reuters-f1", the 90 categories with options {"features": "per-category"} (each
// task's own 500 terms, the paper's) or {"features": "global"} (one joint set, the ablation's).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "experiments/mlrcg2003/reuters_fits.h"
#include "features/pipeline.h"
#include "harness/task_sets.h"

namespace linrepro {

// One category against the rest: its matrices (its own, or the collection's shared ones) and
// labels.
struct CategoryTask {
  std::shared_ptr<const FeatureMatrices> own;  // null: `shared` below
  const FeatureMatrices* shared = nullptr;
  BinaryLabels y_train, y_test;
  BinaryTask view() const;
};

// A collection prepared for binary tasks: every run's config "dataset", its dataset record, the
// categories (the tasks) and how one category's task is built.
struct BinaryCollection {
  Json dataset, record;
  std::vector<std::string> categories;
  std::function<CategoryTask(size_t)> task;
};

TaskSet timed_task_set(std::shared_ptr<const BinaryCollection> c, const Json& options);
TaskSet f1_task_set(std::shared_ptr<const BinaryCollection> c, uint64_t fold_seed);

// Table 2's categories (fast mode: the declared fast task, grain).
std::vector<std::string> reuters_table2_categories();
TaskSource reuters_table2_tasks();
TaskSource reuters_f1_tasks();

// SCutFBR.1's fallback level and the folds of §6.1 (reuters.cpp says why).
inline constexpr int kReutersFolds = 5;
// The corpus view of Table 2's and §6.1's categories (reuters.cpp says why).
inline constexpr const char* kReutersView = "reuters-modapte90";
inline constexpr double kFbr = 0.1;

}  // namespace linrepro
