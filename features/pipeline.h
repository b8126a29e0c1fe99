#pragma once
// The whole feature pipeline behind one config: text -> tokens -> training vocabulary -> selection
// on the training split -> train/test matrices. Everything learnt from data (vocabulary, min-count
// cut, selection scores, idf) comes from the training documents only; test documents are only
// mapped onto it, so changing the test set never changes a feature (tests/features check this).
// The config is FeatureConfig (features/feature_config.h).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "features/analyzer.h"
#include "features/feature_config.h"
#include "features/feature_selection.h"
#include "features/vectorizer.h"

namespace linrepro {

struct PrepareOptions {
  int threads = 2;       // tokenising workers (the result does not depend on it)
  bool progress = true;  // one line per step on stderr
};

// Tokenised train and test documents: tokenise once, then prepare() with several configs that
// share the text options (e.g. a sweep over k, Zhang & Oles fig. 7).
struct TokenizedSplit {
  TokenizedCorpus train;
  TokenizedCorpus test;
};
TokenizedSplit tokenize_split(const std::vector<TextDoc>& train, const std::vector<TextDoc>& test,
                              const FeatureConfig& config, const PrepareOptions& options = {});

struct FeatureMatrices {
  CsrMatrix train;
  CsrMatrix test;
  std::vector<std::string> feature_names;  // one per column; the bias column is named "<bias>"
};

struct PreparedStats {
  int32_t train_docs = 0, test_docs = 0;
  int64_t train_bytes = 0, test_bytes = 0;
  int64_t train_tokens = 0, test_tokens = 0;  // after stop words and the length rule
  int64_t train_terms = 0;                    // distinct training terms before min_count
  int32_t vocabulary = 0;                     // after min_count
  int32_t features = 0;            // selected (per_category: the union), without the bias column
  int64_t test_tokens_unseen = 0;  // test tokens whose term is not in the vocabulary
  int32_t empty_train_rows = 0, empty_test_rows = 0;  // documents with no selected feature
  double tokenize_seconds = 0, select_seconds = 0, vectorize_seconds = 0;
};

struct PreparedSplit {
  FeatureConfig config;
  // Global scope: the finished matrices. Per-category scope: the union of all categories'
  // features, weighted but neither normalised nor biased: use for_category().
  FeatureMatrices matrices;
  std::vector<int32_t> train_df;  // training document frequency of each feature (no bias)
  std::vector<double> scores;     // global selection: the score of each feature; else empty
  // Per-category scope: category_columns[k] = columns of `matrices` selected for category k,
  // ascending; category_names[k] names category k.
  std::vector<std::vector<int32_t>> category_columns;
  std::vector<std::string> category_names;
  PreparedStats stats;

  bool per_category() const { return config.scope == SelectionScope::per_category; }
};

// train_targets: the training documents' category ids (selection needs them; with selection
// "none" an empty MultilabelLabels is accepted). Throws ConfigError on bad config or sizes.
PreparedSplit prepare(const TokenizedSplit& split, const MultilabelLabels& train_targets,
                      const FeatureConfig& config, const PrepareOptions& options = {});
PreparedSplit prepare(const std::vector<TextDoc>& train, const std::vector<TextDoc>& test,
                      const MultilabelLabels& train_targets, const FeatureConfig& config,
                      const PrepareOptions& options = {});

// The finished matrices of category k (per-category scope only): its columns, normalised and with
// the bias column as configured.
FeatureMatrices for_category(const PreparedSplit& split, int32_t k);

// {"config": ..., "stats": {...}} for result files and the export sidecar.
Json describe(const PreparedSplit& split);

}  // namespace linrepro
