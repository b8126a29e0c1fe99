#pragma once
// Compressed sparse rows (the layout LIBLINEAR/LIBSVM and the SGD/CG/SMO solvers read) and a
// compressed sparse column view (what the column-relaxation solvers of Zhang & Oles sweep over).
// Column indices are 0-based int32; feature j in a LIBSVM file is column j-1.
#include <cstdint>
#include <span>
#include <vector>

namespace linrepro {

struct CsrMatrix {
  int32_t rows = 0;
  int32_t cols = 0;
  std::vector<int64_t> row_ptr{0};  // size rows + 1
  std::vector<int32_t> col_idx;     // strictly increasing within a row
  std::vector<double> values;

  int64_t nnz() const { return static_cast<int64_t>(col_idx.size()); }
  std::span<const int32_t> row_indices(int32_t i) const {
    return {col_idx.data() + row_ptr[i], static_cast<size_t>(row_ptr[i + 1] - row_ptr[i])};
  }
  std::span<const double> row_values(int32_t i) const {
    return {values.data() + row_ptr[i], static_cast<size_t>(row_ptr[i + 1] - row_ptr[i])};
  }
  // Appends a row; indices must be strictly increasing and < cols (cols grows if needed).
  void append_row(std::span<const int32_t> idx, std::span<const double> val);

  // x_i . w  (w.size() >= cols)
  double row_dot(int32_t i, std::span<const double> w) const {
    double s = 0;
    const int64_t end = row_ptr[i + 1];
    for (int64_t k = row_ptr[i]; k < end; ++k) s += values[k] * w[col_idx[k]];
    return s;
  }
  // w += a * x_i
  void add_row_to(int32_t i, double a, std::span<double> w) const {
    const int64_t end = row_ptr[i + 1];
    for (int64_t k = row_ptr[i]; k < end; ++k) w[col_idx[k]] += a * values[k];
  }
  double row_squared_norm(int32_t i) const;

  void multiply(std::span<const double> w, std::span<double> out) const;            // out = X w
  void multiply_transpose(std::span<const double> v, std::span<double> out) const;  // out = X^T v

  CsrMatrix select_rows(std::span<const int32_t> rows_wanted) const;
  // Column cols_wanted[k] becomes column k (any order; a repeated column throws).
  CsrMatrix select_columns(std::span<const int32_t> cols_wanted) const;
  CsrMatrix with_bias_column(double value) const;  // appends a constant column at index cols
};

struct CscMatrix {
  int32_t rows = 0;
  int32_t cols = 0;
  std::vector<int64_t> col_ptr{0};  // size cols + 1
  std::vector<int32_t> row_idx;     // increasing within a column
  std::vector<double> values;

  static CscMatrix from_csr(const CsrMatrix& X);
  std::span<const int32_t> col_indices(int32_t j) const {
    return {row_idx.data() + col_ptr[j], static_cast<size_t>(col_ptr[j + 1] - col_ptr[j])};
  }
  std::span<const double> col_values(int32_t j) const {
    return {values.data() + col_ptr[j], static_cast<size_t>(col_ptr[j + 1] - col_ptr[j])};
  }
};

}  // namespace linrepro
