#pragma once
// The one path from a named corpus view to train/test matrices, shared by every paper's driver and
// by `linrepro export` (so an exported split is exactly what the experiments train on):
//   load_corpus_view(name) -> Corpus -> split (standard / seeded random / k-fold) -> TextSplit
//   -> prepare_text(split, FeatureConfig) -> PreparedText (features/pipeline.h PreparedSplit +
//   labels)
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/labels.h"
#include "corpora/corpus_view.h"  // load_corpus_view: where the Corpus comes from
#include "corpora/document.h"
#include "features/analyzer.h"
#include "features/pipeline.h"

namespace linrepro {

struct TextSplit {
  std::vector<TextDoc> train, test;
  MultilabelLabels train_labels, test_labels;  // class names = the corpus's label_names
  std::vector<std::string> train_ids, test_ids;
};

// The corpus's own split (Document::split "train"/"test"); throws if a side is empty.
TextSplit split_standard(const Corpus& corpus);
// A seeded random split (corpora/splits.h: round(train_fraction * n) documents drawn plainly at
// random, as the papers do): GraphSVM's 70/30, Zhang & Oles' 80/20.
TextSplit split_random(const Corpus& corpus, double train_fraction, uint64_t seed);
// Seeded k-fold cross-validation (corpora/splits.h fold_assignment): fold `fold` is the test side.
TextSplit split_fold(const Corpus& corpus, int folds, int fold, uint64_t seed);

struct PreparedText {
  PreparedSplit features;
  MultilabelLabels train_labels, test_labels;
  nlohmann::json identity;  // corpus identity + split + feature description
};

PreparedText prepare_text(const TextSplit& split, const FeatureConfig& config,
                          const PrepareOptions& options = {});

// What runs on a named corpus view are computed from, for their config: view, docs, classes and
// the data's content digest (or, for a user's folder corpus, its path).
nlohmann::json corpus_description(const Corpus& corpus, const std::string& view);

// Single-label view of multi-label targets: the first label of each document (-1 when none).
MulticlassLabels first_labels(const MultilabelLabels& labels);

}  // namespace linrepro
