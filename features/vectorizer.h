#pragma once
// Documents (occurrence counts over the vocabulary) -> the feature vectors the solvers read.
// Representations (value of feature t in document d; tf = occurrences of t in d):
//   binary  1 if t occurs in d (every paper reproduced here: Zhang & Oles 2001 §5 "Each feature is
//           a binary word occurrence in {0,1}"; Zhang et al. 2003 §6 "binary-valued features").
//   tf      tf.
//   tfidf   tf * idf_t, idf_t = ln(N / df_t) with N and df_t from the TRAINING documents
//           (Joachims 1998's tf-idf; Salton & Buckley's "tfx" weight). A term in every training
//           document gets weight 0 and is not stored.
// Then, optionally, each row is scaled to unit Euclidean norm (rows without features stay empty),
// and last a constant bias feature is appended as the final column: Zhang & Oles (2001, §2) embed
// x as (x, A) with "Normally, one takes A = 1". The bias is appended after normalisation, as
// LIBLINEAR does with -B, so it is not shrunk by the row norm.
// Terms outside the selected columns (including test terms never seen in training) are dropped.
#include <cstdint>
#include <span>
#include <vector>

#include "core/sparse_matrix.h"
#include "features/vocabulary.h"

namespace linrepro {

enum class Representation { binary, tf, tfidf };

struct VectorizerOptions {
  Representation representation = Representation::binary;
  bool l2_normalize = false;
  double bias = 0;  // 0: no bias column; > 0: a constant last feature with this value
};

// idf_t = ln(N / df_t) over the vocabulary's training statistics.
std::vector<double> inverse_document_frequency(const Vocabulary& vocabulary);

// Keeps `columns` (vocabulary ids; output column k is columns[k]) and weights the counts.
// idf is indexed by vocabulary id (needed for tfidf only).
CsrMatrix weight_columns(const CsrMatrix& counts, std::span<const int32_t> columns,
                         Representation representation, std::span<const double> idf);

// L2 normalisation (optional) and the bias column (if bias > 0), in that order.
CsrMatrix finish_rows(CsrMatrix X, bool l2_normalize, double bias);

// weight_columns then finish_rows.
CsrMatrix vectorize(const CsrMatrix& counts, std::span<const int32_t> columns,
                    std::span<const double> idf, const VectorizerOptions& options);

}  // namespace linrepro
