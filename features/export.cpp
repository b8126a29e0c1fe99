#include "features/export.h"

#include <fmt/format.h>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/libsvm_format.h"

namespace linrepro {

ExportedFiles export_split(const std::filesystem::path& dir, const PreparedSplit& split,
                           const std::vector<double>& train_labels,
                           const std::vector<double>& test_labels, const nlohmann::json& extra,
                           int32_t category) {
  // The matrices and, per column, the training document frequency.
  FeatureMatrices per_category_matrices;
  const FeatureMatrices* m = &split.matrices;
  std::vector<int32_t> df;
  if (split.per_category()) {
    if (category < 0)
      throw ConfigError("export: the split has per-category features; name the category to export");
    per_category_matrices = for_category(split, category);
    m = &per_category_matrices;
    for (int32_t c : split.category_columns[category]) df.push_back(split.train_df[c]);
  } else {
    if (category >= 0)
      throw ConfigError("export: a category was given but the split has global features");
    df = split.train_df;
  }
  if (split.config.bias > 0) df.push_back(split.stats.train_docs);
  if (train_labels.size() != static_cast<size_t>(m->train.rows) ||
      test_labels.size() != static_cast<size_t>(m->test.rows))
    throw ConfigError(fmt::format("export: {} train / {} test labels for {} train / {} test rows",
                                  train_labels.size(), test_labels.size(), m->train.rows,
                                  m->test.rows));

  std::filesystem::create_directories(dir);
  ExportedFiles files{dir / "train.libsvm", dir / "test.libsvm", dir / "features.txt",
                      dir / "features.json"};
  write_libsvm(files.train, m->train, train_labels);
  write_libsvm(files.test, m->test, test_labels);

  std::string names;
  for (size_t j = 0; j < m->feature_names.size(); ++j)
    names += fmt::format("{}\t{}\t{}\n", j + 1, m->feature_names[j], df[j]);
  write_file_atomic(files.features, names);

  nlohmann::json sidecar = describe(split);
  sidecar["format"] = "linrepro-features-1";
  sidecar["columns"] = m->train.cols;
  sidecar["bias_index"] = split.config.bias > 0 ? nlohmann::json(m->train.cols) : nlohmann::json();
  sidecar["category"] =
      category >= 0 && category < static_cast<int32_t>(split.category_names.size())
          ? nlohmann::json(split.category_names[category])
          : nlohmann::json();
  sidecar["files"] = {{"train", files.train.filename().string()},
                      {"test", files.test.filename().string()},
                      {"features", files.features.filename().string()}};
  sidecar["rows"] = {{"train", m->train.rows}, {"test", m->test.rows}};
  sidecar["nnz"] = {{"train", m->train.nnz()}, {"test", m->test.nnz()}};
  sidecar["extra"] = extra;
  write_file_atomic(files.sidecar, sidecar.dump(2) + "\n");
  return files;
}

}  // namespace linrepro
