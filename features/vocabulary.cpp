#include "features/vocabulary.h"

#include <algorithm>

#include "core/error.h"

namespace linrepro {

int32_t Vocabulary::id(std::string_view term) const {
  auto it = std::lower_bound(terms.begin(), terms.end(), term,
                             [](const std::string& a, std::string_view b) { return a < b; });
  if (it == terms.end() || *it != term) return -1;
  return static_cast<int32_t>(it - terms.begin());
}

Vocabulary build_vocabulary(const TokenizedCorpus& train, int64_t min_count) {
  if (min_count < 1) throw ConfigError(fmt::format("min_count must be >= 1 (got {})", min_count));
  const size_t V = train.terms.size();
  std::vector<int64_t> count(V, 0);
  std::vector<int32_t> df(V, 0);
  std::vector<int32_t> last_doc(V, -1);  // counts each term once per document for df
  for (int32_t d = 0; d < train.num_docs(); ++d) {
    for (int32_t t : train.doc(d)) {
      ++count[t];
      if (last_doc[t] != d) {
        last_doc[t] = d;
        ++df[t];
      }
    }
  }
  Vocabulary vocab;
  vocab.num_docs = train.num_docs();
  vocab.min_count = min_count;
  // train.terms is sorted, so the kept terms are too.
  for (size_t t = 0; t < V; ++t) {
    if (count[t] == 0) continue;
    ++vocab.terms_before_min_count;
    if (count[t] < min_count) continue;
    vocab.terms.push_back(train.terms[t]);
    vocab.count.push_back(count[t]);
    vocab.df.push_back(df[t]);
  }
  return vocab;
}

CsrMatrix count_matrix(const TokenizedCorpus& corpus, const Vocabulary& vocabulary,
                       int64_t* dropped_tokens) {
  // Corpus term id -> vocabulary id (-1: not a feature). Both lists are sorted: one merge pass.
  std::vector<int32_t> to_vocab(corpus.terms.size(), -1);
  for (size_t i = 0, j = 0; i < corpus.terms.size() && j < vocabulary.terms.size();) {
    const int c = corpus.terms[i].compare(vocabulary.terms[j]);
    if (c == 0)
      to_vocab[i++] = static_cast<int32_t>(j++);
    else if (c < 0)
      ++i;
    else
      ++j;
  }

  CsrMatrix X;
  X.cols = vocabulary.size();
  X.row_ptr.reserve(static_cast<size_t>(corpus.num_docs()) + 1);
  std::vector<int32_t> tf(static_cast<size_t>(vocabulary.size()), 0);
  std::vector<int32_t> touched;
  int64_t dropped = 0;
  for (int32_t d = 0; d < corpus.num_docs(); ++d) {
    touched.clear();
    for (int32_t t : corpus.doc(d)) {
      const int32_t j = to_vocab[t];
      if (j < 0) {
        ++dropped;
        continue;
      }
      if (tf[j]++ == 0) touched.push_back(j);
    }
    std::sort(touched.begin(), touched.end());
    for (int32_t j : touched) {
      X.col_idx.push_back(j);
      X.values.push_back(tf[j]);
      tf[j] = 0;
    }
    X.row_ptr.push_back(static_cast<int64_t>(X.col_idx.size()));
  }
  X.rows = corpus.num_docs();
  if (dropped_tokens != nullptr) *dropped_tokens = dropped;
  return X;
}

}  // namespace linrepro
