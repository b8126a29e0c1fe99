#include "features/vectorizer.h"

#include <cmath>

#include "core/error.h"

namespace linrepro {

std::vector<double> inverse_document_frequency(const Vocabulary& vocabulary) {
  std::vector<double> idf(vocabulary.df.size());
  for (size_t t = 0; t < idf.size(); ++t)
    idf[t] = std::log(static_cast<double>(vocabulary.num_docs) / vocabulary.df[t]);
  return idf;
}

CsrMatrix weight_columns(const CsrMatrix& counts, std::span<const int32_t> columns,
                         Representation representation, std::span<const double> idf) {
  if (representation == Representation::tfidf && static_cast<int64_t>(idf.size()) < counts.cols)
    throw ConfigError(
        fmt::format("vectorize: tfidf needs idf for {} terms, got {}", counts.cols, idf.size()));
  CsrMatrix X = counts.select_columns(columns);
  CsrMatrix out;
  out.rows = X.rows;
  out.cols = X.cols;
  out.row_ptr.reserve(static_cast<size_t>(X.rows) + 1);
  out.col_idx.reserve(X.col_idx.size());
  out.values.reserve(X.values.size());
  for (int32_t i = 0; i < X.rows; ++i) {
    const auto idx = X.row_indices(i);
    const auto tf = X.row_values(i);
    for (size_t k = 0; k < idx.size(); ++k) {
      double v = 1;
      if (representation == Representation::tf) v = tf[k];
      if (representation == Representation::tfidf) v = tf[k] * idf[columns[idx[k]]];
      if (v == 0) continue;  // never store zeros (a term in every training document under tfidf)
      out.col_idx.push_back(idx[k]);
      out.values.push_back(v);
    }
    out.row_ptr.push_back(static_cast<int64_t>(out.col_idx.size()));
  }
  return out;
}

CsrMatrix finish_rows(CsrMatrix X, bool l2_normalize, double bias) {
  if (!(bias >= 0) || !std::isfinite(bias))
    throw ConfigError(fmt::format("vectorize: bias must be finite and >= 0 (got {})", bias));
  if (l2_normalize) {
    for (int32_t i = 0; i < X.rows; ++i) {
      const double norm = std::sqrt(X.row_squared_norm(i));
      if (norm == 0) continue;
      for (int64_t k = X.row_ptr[i]; k < X.row_ptr[i + 1]; ++k) X.values[k] /= norm;
    }
  }
  if (bias > 0) return X.with_bias_column(bias);
  return X;
}

CsrMatrix vectorize(const CsrMatrix& counts, std::span<const int32_t> columns,
                    std::span<const double> idf, const VectorizerOptions& options) {
  return finish_rows(weight_columns(counts, columns, options.representation, idf),
                     options.l2_normalize, options.bias);
}

}  // namespace linrepro
