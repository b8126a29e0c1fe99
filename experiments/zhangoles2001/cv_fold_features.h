#pragma once
// Table 1's cross-validation with the feature selection INSIDE each fold (issue 15 item 3). §4.1
// determines lambda "by a 5-fold cross-validation with the training set"; the features of §4.1
// (min-count cut, then 10,000 per category by Gini information gain) are learnt from data, so in a
// fold they may only be learnt from the fold's training part: a held-out document must neither
// bring a term in nor move its rank. Selecting once on the whole training set (our old Table 1)
// lets the held-out fold choose its own features, an optimism that need not be the same for every
// lambda.
//
// Cheaply: the training documents are counted ONCE against their full vocabulary (every term, no
// cut); per fold the occurrences of the fold's training rows give the min-count cut, and
// select_features (features/feature_selection.h) ranks the surviving terms on those rows only.
// A category's fold matrices are then a column subset of the fold's row blocks. With a fold
// holding every document this is exactly features/pipeline.h prepare() on the same documents
// (same cut, same scores, same tie order: the kept columns stay in term order); a test checks it.
#include <cstdint>
#include <span>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "features/pipeline.h"

namespace linrepro {

struct ZoFoldFeatures {
  int32_t folds = 0;
  // Per fold: its training rows and held-out rows (ids of the training documents, ascending) and
  // their binary occurrence matrices over the full training vocabulary.
  std::vector<std::vector<int32_t>> train_rows, heldout_rows;
  std::vector<CsrMatrix> X_train, X_heldout;
  // columns[f][k]: the full-vocabulary columns selected for category k from fold f's training
  // rows, ascending.
  std::vector<std::vector<std::vector<int32_t>>> columns;
  std::vector<int32_t> vocabulary_after_cut;  // per fold: terms surviving the min-count cut
  FeatureConfig config;
};

// counts: training documents x full training vocabulary (features/vocabulary.h count_matrix with
// min_count 1), occurrence counts. fold[i] in [0, folds) for each row. config: the per-category
// selection to repeat in each fold (scope per_category, binary representation; anything else
// throws ConfigError, as does a size mismatch).
ZoFoldFeatures zo_fold_features(const CsrMatrix& counts, const MultilabelLabels& train_labels,
                                std::span<const int32_t> fold, int32_t folds,
                                const FeatureConfig& config);

// Category k in fold f: its selected columns of the fold's blocks (bias / l2 as configured) and
// +1/-1 labels.
struct ZoFoldCategory {
  CsrMatrix X_train, X_heldout;
  BinaryLabels y_train, y_heldout;
};
ZoFoldCategory zo_fold_category(const ZoFoldFeatures& ff, const MultilabelLabels& train_labels,
                                int32_t k, int32_t f);

}  // namespace linrepro
