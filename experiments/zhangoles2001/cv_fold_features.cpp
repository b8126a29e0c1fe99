#include "experiments/zhangoles2001/cv_fold_features.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "features/feature_selection.h"
#include "features/vectorizer.h"

namespace linrepro {

namespace {

// Every stored value set to 1: §4.1's binary word occurrence.
CsrMatrix binary(CsrMatrix X) {
  std::fill(X.values.begin(), X.values.end(), 1.0);
  return X;
}

MultilabelLabels labels_of_rows(const MultilabelLabels& labels, std::span<const int32_t> rows) {
  MultilabelLabels out;
  out.class_names = labels.class_names;
  out.y.reserve(rows.size());
  for (int32_t i : rows) out.y.push_back(labels.y[static_cast<size_t>(i)]);
  return out;
}

}  // namespace

ZoFoldFeatures zo_fold_features(const CsrMatrix& counts, const MultilabelLabels& train_labels,
                                std::span<const int32_t> fold, int32_t folds,
                                const FeatureConfig& config) {
  config.validate();
  if (config.scope != SelectionScope::per_category ||
      config.representation != Representation::binary)
    throw ConfigError(
        "zo_fold_features: needs per-category selection and binary features (Zhang & Oles §4.1)");
  if (static_cast<size_t>(counts.rows) != fold.size() ||
      static_cast<size_t>(counts.rows) != train_labels.y.size())
    throw ConfigError(fmt::format("zo_fold_features: {} rows, {} fold ids, {} label rows",
                                  counts.rows, fold.size(), train_labels.y.size()));
  if (folds < 2) throw ConfigError(fmt::format("zo_fold_features: {} folds (need >= 2)", folds));
  ZoFoldFeatures ff;
  ff.folds = folds;
  ff.config = config;
  ff.train_rows.resize(folds);
  ff.heldout_rows.resize(folds);
  for (int32_t i = 0; i < counts.rows; ++i) {
    const int32_t f = fold[static_cast<size_t>(i)];
    if (f < 0 || f >= folds)
      throw ConfigError(fmt::format("zo_fold_features: row {} has fold {} of {}", i, f, folds));
    for (int32_t g = 0; g < folds; ++g) (g == f ? ff.heldout_rows : ff.train_rows)[g].push_back(i);
  }
  for (int32_t f = 0; f < folds; ++f) {
    const CsrMatrix train_counts = counts.select_rows(ff.train_rows[f]);
    // The min-count cut on the fold's training occurrences only.
    std::vector<int64_t> occurrences(static_cast<size_t>(counts.cols), 0);
    for (int64_t e = 0; e < train_counts.nnz(); ++e)
      occurrences[static_cast<size_t>(train_counts.col_idx[e])] +=
          static_cast<int64_t>(train_counts.values[e]);
    std::vector<int32_t> kept;  // ascending: term order, so top-k ties break as in prepare()
    for (int32_t t = 0; t < counts.cols; ++t)
      if (occurrences[static_cast<size_t>(t)] >= config.min_count) kept.push_back(t);
    const FeatureSelection sel =
        select_features(train_counts.select_columns(kept),
                        labels_of_rows(train_labels, ff.train_rows[f]), config.selection_options());
    std::vector<std::vector<int32_t>> cols;
    cols.reserve(sel.per_category.size());
    for (const auto& ids : sel.per_category) {
      std::vector<int32_t> c;
      c.reserve(ids.size());
      for (int32_t id : ids) c.push_back(kept[static_cast<size_t>(id)]);
      std::sort(c.begin(), c.end());
      cols.push_back(std::move(c));
    }
    ff.columns.push_back(std::move(cols));
    ff.vocabulary_after_cut.push_back(static_cast<int32_t>(kept.size()));
    ff.X_train.push_back(binary(train_counts));
    ff.X_heldout.push_back(binary(counts.select_rows(ff.heldout_rows[f])));
  }
  return ff;
}

ZoFoldCategory zo_fold_category(const ZoFoldFeatures& ff, const MultilabelLabels& train_labels,
                                int32_t k, int32_t f) {
  if (f < 0 || f >= ff.folds)
    throw ConfigError(fmt::format("zo_fold_category: fold {} of {}", f, ff.folds));
  const auto& per_category = ff.columns[static_cast<size_t>(f)];
  if (k < 0 || k >= static_cast<int32_t>(per_category.size()))
    throw ConfigError(fmt::format("zo_fold_category: category {} of {}", k, per_category.size()));
  const auto& cols = per_category[static_cast<size_t>(k)];
  const bool l2 = ff.config.l2_normalize;
  ZoFoldCategory c;
  c.X_train = finish_rows(ff.X_train[f].select_columns(cols), l2, ff.config.bias);
  c.X_heldout = finish_rows(ff.X_heldout[f].select_columns(cols), l2, ff.config.bias);
  const BinaryLabels y = one_vs_rest(train_labels, k);
  for (int32_t i : ff.train_rows[f]) c.y_train.push_back(y[static_cast<size_t>(i)]);
  for (int32_t i : ff.heldout_rows[f]) c.y_heldout.push_back(y[static_cast<size_t>(i)]);
  return c;
}

}  // namespace linrepro
