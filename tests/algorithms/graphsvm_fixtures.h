#pragma once
// Synthetic word-count data for the GraphSVM tests (clearly synthetic; built so the answers are
// known). Classes 2..K-1 each have their own 5 topic words: naive Bayes separates them perfectly.
// Classes 0 and 1 (when `confusable`) share their topic words and differ by
//   marker m0 / m1: in 90% of class 0 / class 1 documents, in 10% of the other's;
//   block D of 8 words that always occur together: in 50% of class 1, 20% of class 0 documents.
// NB counts the 8 perfectly correlated words as 8 independent pieces of evidence (about
// 8 log(0.4) = -7.3 against class 0), overwhelming the marker (log 9 = 2.2): class 0 documents
// containing D go to class 1 -- a confusion a discriminative SVM does not make (the Bayes-optimal
// rule weighs D once: log 0.4 = -0.9). Without `confusable`, classes 0 and 1 get own topic words.
#include <fmt/format.h>

#include <cstdint>
#include <random>
#include <vector>

#include "core/labels.h"
#include "core/seed.h"
#include "core/sparse_matrix.h"

namespace linrepro::testing {

struct TextData {
  CsrMatrix X;
  MulticlassLabels labels;
};

inline TextData make_confusable_text(int32_t K, int32_t docs_per_class, bool confusable,
                                     uint64_t seed) {
  const int32_t topic_words = 5, words_per_doc = 8;
  const int32_t marker0 = K * topic_words, marker1 = marker0 + 1, block = marker0 + 2,
                block_len = 8;
  const int32_t cols = block + block_len;
  Rng rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::uniform_int_distribution<int32_t> word(0, topic_words - 1);
  TextData d;
  d.X.cols = cols;
  for (int32_t c = 0; c < K; ++c) d.labels.class_names.push_back(fmt::format("c{}", c));
  for (int32_t i = 0; i < docs_per_class; ++i)
    for (int32_t c = 0; c < K; ++c) {
      std::vector<double> counts(cols, 0);
      const bool pair = confusable && c <= 1;
      const int32_t topic = pair ? 0 : c;  // the pair shares class 0's topic words
      for (int32_t w = 0; w < words_per_doc; ++w) counts[topic * topic_words + word(rng)] += 1;
      if (pair) {
        const bool own_marker = u(rng) < 0.9;
        counts[(c == 0) == own_marker ? marker0 : marker1] += 1;
        if (u(rng) < (c == 1 ? 0.5 : 0.2))
          for (int32_t b = 0; b < block_len; ++b) counts[block + b] += 1;
      }
      std::vector<int32_t> idx;
      std::vector<double> val;
      for (int32_t j = 0; j < cols; ++j)
        if (counts[j] > 0) idx.push_back(j), val.push_back(counts[j]);
      d.X.append_row(idx, val);
      d.labels.y.push_back(c);
    }
  d.X.cols = cols;
  return d;
}

}  // namespace linrepro::testing
