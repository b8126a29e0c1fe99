#pragma once
// The exact data one run of a task set is fitted on (`linrepro export <paper>/<experiment> --task
// KEY`, `linrepro.load_task`): its training and test matrices, labels and feature names, as the
// protocol prepares them, so that a user's own tool can be fitted on the same rows and columns.
#include <filesystem>
#include <string>
#include <vector>

#include "core/sparse_matrix.h"
#include "harness/results/result_schema.h"

namespace linrepro {

struct TaskData {
  CsrMatrix X_train, X_test;
  std::vector<double> y_train, y_test;     // a binary task's labels: +1 / -1
  std::vector<std::string> feature_names;  // one per column
  Json description;  // experiment, run key, task, the data set's record and the run's config
};

// train.libsvm and test.libsvm (1-based columns), features.txt ("<column>\t<name>", one line per
// column) and task.json (the description, rows, columns and nonzeros): each written atomically.
void write_task_data(const std::filesystem::path& dir, const TaskData& data);

}  // namespace linrepro
