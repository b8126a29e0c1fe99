#pragma once
// The feature vocabulary, built from the TRAINING documents only: a term never seen in training
// cannot become a feature, and test documents are mapped onto this vocabulary with unseen terms
// dropped. Rare terms are removed with min_count (Zhang & Oles 2001, §5: "ignoring features
// occurring less than 3 times as suggested in Joachims (1998)"). "Occurring" counts occurrences
// (tokens) summed over the training documents, as Joachims does, not documents.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/sparse_matrix.h"
#include "features/analyzer.h"

namespace linrepro {

struct Vocabulary {
  std::vector<std::string> terms;  // sorted by term (byte order); feature id = position
  std::vector<int64_t> count;      // occurrences in the training documents
  std::vector<int32_t> df;         // training documents containing the term
  int32_t num_docs = 0;            // training documents
  int64_t min_count = 1;
  int64_t terms_before_min_count = 0;  // distinct training terms before the min_count cut

  int32_t size() const { return static_cast<int32_t>(terms.size()); }
  // The id of a term, or -1 if it is not in the vocabulary.
  int32_t id(std::string_view term) const;
};

// Throws ConfigError if min_count < 1.
Vocabulary build_vocabulary(const TokenizedCorpus& train, int64_t min_count = 1);

// Rows = documents of `corpus` (train or test), columns = vocabulary ids, values = occurrence
// counts. Terms outside the vocabulary are dropped; their token count goes to *dropped_tokens.
CsrMatrix count_matrix(const TokenizedCorpus& corpus, const Vocabulary& vocabulary,
                       int64_t* dropped_tokens = nullptr);

}  // namespace linrepro
