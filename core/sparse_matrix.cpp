#include "core/sparse_matrix.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace linrepro {

void CsrMatrix::append_row(std::span<const int32_t> idx, std::span<const double> val) {
  if (idx.size() != val.size())
    throw std::invalid_argument("append_row: index/value size mismatch");
  for (size_t k = 0; k < idx.size(); ++k) {
    if (idx[k] < 0)
      throw std::invalid_argument(fmt::format("append_row: negative column {}", idx[k]));
    if (k > 0 && idx[k] <= idx[k - 1])
      throw std::invalid_argument("append_row: column indices must be strictly increasing");
  }
  if (!idx.empty()) cols = std::max(cols, idx.back() + 1);
  col_idx.insert(col_idx.end(), idx.begin(), idx.end());
  values.insert(values.end(), val.begin(), val.end());
  row_ptr.push_back(static_cast<int64_t>(col_idx.size()));
  ++rows;
}

double CsrMatrix::row_squared_norm(int32_t i) const {
  double s = 0;
  for (double v : row_values(i)) s += v * v;
  return s;
}

void CsrMatrix::multiply(std::span<const double> w, std::span<double> out) const {
  for (int32_t i = 0; i < rows; ++i) out[i] = row_dot(i, w);
}

void CsrMatrix::multiply_transpose(std::span<const double> v, std::span<double> out) const {
  std::fill(out.begin(), out.begin() + cols, 0.0);
  for (int32_t i = 0; i < rows; ++i)
    if (v[i] != 0) add_row_to(i, v[i], out);
}

CsrMatrix CsrMatrix::select_rows(std::span<const int32_t> rows_wanted) const {
  CsrMatrix out;
  out.cols = cols;
  out.row_ptr.reserve(rows_wanted.size() + 1);
  for (int32_t i : rows_wanted) {
    if (i < 0 || i >= rows)
      throw std::out_of_range(fmt::format("select_rows: row {} of {}", i, rows));
    out.col_idx.insert(out.col_idx.end(), col_idx.begin() + row_ptr[i],
                       col_idx.begin() + row_ptr[i + 1]);
    out.values.insert(out.values.end(), values.begin() + row_ptr[i],
                      values.begin() + row_ptr[i + 1]);
    out.row_ptr.push_back(static_cast<int64_t>(out.col_idx.size()));
  }
  out.rows = static_cast<int32_t>(rows_wanted.size());
  return out;
}

CsrMatrix CsrMatrix::select_columns(std::span<const int32_t> cols_wanted) const {
  std::vector<int32_t> new_index(cols, -1);
  for (size_t k = 0; k < cols_wanted.size(); ++k) {
    const int32_t j = cols_wanted[k];
    if (j < 0 || j >= cols)
      throw std::out_of_range(fmt::format("select_columns: column {} of {}", j, cols));
    // A repeated column would silently keep only its last copy and leave an empty column behind.
    if (new_index[j] >= 0)
      throw std::invalid_argument(fmt::format("select_columns: column {} requested twice", j));
    new_index[j] = static_cast<int32_t>(k);
  }
  CsrMatrix out;
  out.cols = static_cast<int32_t>(cols_wanted.size());
  std::vector<std::pair<int32_t, double>> row;
  for (int32_t i = 0; i < rows; ++i) {
    row.clear();
    const auto idx = row_indices(i);
    const auto val = row_values(i);
    for (size_t k = 0; k < idx.size(); ++k)
      if (new_index[idx[k]] >= 0) row.emplace_back(new_index[idx[k]], val[k]);
    std::sort(row.begin(), row.end());
    for (auto& [j, v] : row) {
      out.col_idx.push_back(j);
      out.values.push_back(v);
    }
    out.row_ptr.push_back(static_cast<int64_t>(out.col_idx.size()));
  }
  out.rows = rows;
  return out;
}

CsrMatrix CsrMatrix::with_bias_column(double value) const {
  CsrMatrix out;
  out.rows = rows;
  out.cols = cols + 1;
  out.row_ptr.reserve(rows + 1);
  out.col_idx.reserve(col_idx.size() + rows);
  out.values.reserve(values.size() + rows);
  for (int32_t i = 0; i < rows; ++i) {
    out.col_idx.insert(out.col_idx.end(), col_idx.begin() + row_ptr[i],
                       col_idx.begin() + row_ptr[i + 1]);
    out.values.insert(out.values.end(), values.begin() + row_ptr[i],
                      values.begin() + row_ptr[i + 1]);
    out.col_idx.push_back(cols);
    out.values.push_back(value);
    out.row_ptr.push_back(static_cast<int64_t>(out.col_idx.size()));
  }
  return out;
}

CscMatrix CscMatrix::from_csr(const CsrMatrix& X) {
  CscMatrix C;
  C.rows = X.rows;
  C.cols = X.cols;
  C.col_ptr.assign(static_cast<size_t>(X.cols) + 1, 0);
  for (int32_t j : X.col_idx) ++C.col_ptr[j + 1];
  for (int32_t j = 0; j < X.cols; ++j) C.col_ptr[j + 1] += C.col_ptr[j];
  C.row_idx.resize(X.col_idx.size());
  C.values.resize(X.values.size());
  std::vector<int64_t> next(C.col_ptr.begin(), C.col_ptr.end() - 1);
  for (int32_t i = 0; i < X.rows; ++i) {  // rows in order, so row_idx ends up increasing per column
    for (int64_t k = X.row_ptr[i]; k < X.row_ptr[i + 1]; ++k) {
      const int64_t dst = next[X.col_idx[k]]++;
      C.row_idx[dst] = i;
      C.values[dst] = X.values[k];
    }
  }
  return C;
}

}  // namespace linrepro
