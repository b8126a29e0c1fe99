#pragma once
// Trained models on disk, as JSON (the `linrepro train` output, read by `linrepro predict`):
// {"format":"linrepro.model/1","solver":..,"params":{..},"kind":"binary"|"multiclass",
//  "labels":[raw label of class 0, ...] (binary: [positive, negative]),"features":n,
//  "classes":[{"w":[..],"b":..[,"tie":-1]}, ...]} ("tie": the label at decision 0, written only
//  when it is -1, a peer's rule: LinearModel::tie_positive; files without it predict +1 there).
//  Weights are stored densely (%.17g): models are small.
#include <filesystem>
#include <string>
#include <vector>

#include "solvers/linear_model.h"
#include "solvers/params.h"

namespace linrepro {

struct SavedModel {
  std::string solver;
  Params params = Params::object();
  bool multiclass = false;
  std::vector<double> labels;  // raw label values: binary {positive, negative}; multiclass per class id
  MulticlassModel model;       // binary: exactly one LinearModel
};

void save_model(const std::filesystem::path& path, const SavedModel& m);  // atomic
SavedModel load_model(const std::filesystem::path& path);                // DataError on bad files

}  // namespace linrepro
