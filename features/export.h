#pragma once
// A prepared split on disk, so any external tool (LIBLINEAR, LIBSVM, SVMlight, scikit-learn's
// load_svmlight_file) runs on exactly the vectors our solvers see. The experiment drivers and
// `linrepro export` write through this one function. In `dir`:
//   train.libsvm, test.libsvm  LIBSVM format (core/libsvm_format.h; 1-based indices), atomic
//   features.txt               one line per column: "<LIBSVM index>\t<feature>\t<training df>"
//                              (the bias column is "<bias>" with df = number of training docs)
//   features.json              sidecar: the FeatureConfig, the pipeline counts, the column count
//                              and bias index, the category (per-category splits) and `extra`
//                              (the caller's dataset identity, label names, ...)
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "features/pipeline.h"

namespace linrepro {

struct ExportedFiles {
  std::filesystem::path train, test, features, sidecar;
};

// category: -1 for a global-scope split; for a per-category split the category whose columns
// (for_category) are written. Labels are written as given (e.g. +1/-1 or class ids).
// Throws ConfigError for a label count that does not match the rows or a bad category.
ExportedFiles export_split(const std::filesystem::path& dir, const PreparedSplit& split,
                           const std::vector<double>& train_labels,
                           const std::vector<double>& test_labels,
                           const nlohmann::json& extra = nlohmann::json::object(),
                           int32_t category = -1);

}  // namespace linrepro
