#pragma once
// Corpus-level helpers the experiments share: rows of a split, label targets in the types the
// solvers and metrics take (core/labels.h), and the seeded random splits the papers use where a
// corpus has no standard one (GraphSVM: 70/30 of 20news-18828; Zhang & Oles: five random 80/20
// splits; MLR-CG: 5 folds of Univ-6 / Hoovers).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/labels.h"
#include "corpora/document.h"

namespace linrepro {

// Indices of the documents whose split is `split`, in corpus order.
std::vector<int32_t> split_rows(const Corpus& corpus, std::string_view split);

// Targets of the given rows over corpus.label_names (class id = index in label_names); labels not
// in label_names are ignored.
MultilabelLabels multilabel_targets(const Corpus& corpus, std::span<const int32_t> rows);
// The same for single-label corpora: ConfigError naming the document when it has no label or
// more than one label from label_names.
MulticlassLabels multiclass_targets(const Corpus& corpus, std::span<const int32_t> rows);

// A seeded permutation of 0..n-1 (Fisher-Yates with core/seed.h's Rng and our own index draw, so
// the result is the same with every standard library).
std::vector<int32_t> seeded_permutation(int32_t n, uint64_t seed);

// Sets every document's split: a random round(train_fraction * n) documents "train", the rest
// "test". Not stratified (the papers draw plainly at random). Records the split in identity.
void assign_random_split(Corpus& corpus, double train_fraction, uint64_t seed);

// Fold (0..k-1) of each of n items: position in a seeded permutation modulo k, so fold sizes
// differ by at most one.
std::vector<int32_t> fold_assignment(int32_t n, int32_t k, uint64_t seed);

}  // namespace linrepro
