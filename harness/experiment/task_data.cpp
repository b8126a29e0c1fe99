#include "harness/experiment/task_data.h"

#include <fmt/format.h>

#include "core/atomic_file.h"
#include "core/libsvm_format.h"

namespace linrepro {

void write_task_data(const std::filesystem::path& dir, const TaskData& data) {
  std::filesystem::create_directories(dir);
  write_libsvm(dir / "train.libsvm", data.X_train, data.y_train);
  write_libsvm(dir / "test.libsvm", data.X_test, data.y_test);
  std::string names;
  for (size_t j = 0; j < data.feature_names.size(); ++j)
    names += fmt::format("{}\t{}\n", j + 1, data.feature_names[j]);
  write_file_atomic(dir / "features.txt", names);
  Json sidecar = data.description;
  sidecar["format"] = "linrepro-task-1";
  sidecar["columns"] = data.X_train.cols;
  sidecar["rows"] = {{"train", data.X_train.rows}, {"test", data.X_test.rows}};
  sidecar["nnz"] = {{"train", data.X_train.nnz()}, {"test", data.X_test.nnz()}};
  sidecar["files"] = {
      {"train", "train.libsvm"}, {"test", "test.libsvm"}, {"features", "features.txt"}};
  write_file_atomic(dir / "task.json", sidecar.dump(2) + "\n");
}

}  // namespace linrepro
