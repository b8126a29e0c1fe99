#include "core/sparse_matrix.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "core/seed.h"

namespace linrepro {
namespace {

using Dense = std::vector<std::vector<double>>;  // [row][col]

// A random sparse matrix (about `density` of entries non-zero, some stored zeros kept out) and the
// same matrix densely, the reference every operation is checked against.
struct Random {
  CsrMatrix X;
  Dense D;
};

Random random_matrix(int32_t rows, int32_t cols, double density, uint64_t seed) {
  Rng rng(seed);
  std::uniform_real_distribution<double> u(0, 1), value(-2, 2);
  Random r;
  r.X.cols = cols;
  r.D.assign(rows, std::vector<double>(cols, 0.0));
  for (int32_t i = 0; i < rows; ++i) {
    std::vector<int32_t> idx;
    std::vector<double> val;
    for (int32_t j = 0; j < cols; ++j) {
      if (u(rng) < density) {
        idx.push_back(j);
        val.push_back(value(rng));
        r.D[i][j] = val.back();
      }
    }
    r.X.append_row(idx, val);
  }
  return r;
}

Dense to_dense(const CsrMatrix& X) {
  Dense D(X.rows, std::vector<double>(X.cols, 0.0));
  for (int32_t i = 0; i < X.rows; ++i) {
    const auto idx = X.row_indices(i);
    const auto val = X.row_values(i);
    for (size_t k = 0; k < idx.size(); ++k) {
      EXPECT_LT(idx[k], X.cols);
      if (k > 0) {
        EXPECT_LT(idx[k - 1], idx[k]) << "row " << i << " not strictly increasing";
      }
      D[i][idx[k]] = val[k];
    }
  }
  return D;
}

Dense to_dense(const CscMatrix& C) {
  Dense D(C.rows, std::vector<double>(C.cols, 0.0));
  for (int32_t j = 0; j < C.cols; ++j) {
    const auto idx = C.col_indices(j);
    const auto val = C.col_values(j);
    for (size_t k = 0; k < idx.size(); ++k) {
      if (k > 0) {
        EXPECT_LT(idx[k - 1], idx[k]) << "column " << j << " not increasing";
      }
      D[idx[k]][j] = val[k];
    }
  }
  return D;
}

void check_consistent(const CsrMatrix& X) {
  ASSERT_EQ(X.row_ptr.size(), static_cast<size_t>(X.rows) + 1);
  EXPECT_EQ(X.row_ptr.front(), 0);
  EXPECT_EQ(X.row_ptr.back(), X.nnz());
  EXPECT_EQ(X.col_idx.size(), X.values.size());
}

class SparseMatrixRandom : public ::testing::TestWithParam<uint64_t> {};

TEST_P(SparseMatrixRandom, MultiplyMatchesDense) {
  const auto [X, D] = random_matrix(37, 23, 0.15, GetParam());
  Rng rng(derive_seed(GetParam(), "w"));
  std::normal_distribution<double> g;
  std::vector<double> w(23), v(37);
  for (double& x : w) x = g(rng);
  for (double& x : v) x = g(rng);
  v[3] = 0;  // a zero weight row is skipped by multiply_transpose; the result must not change

  std::vector<double> Xw(37, 99.0), Xtv(23, 99.0);  // stale content must be overwritten
  X.multiply(w, Xw);
  X.multiply_transpose(v, Xtv);
  for (int32_t i = 0; i < 37; ++i) {
    double ref = 0, sq = 0;
    for (int32_t j = 0; j < 23; ++j) ref += D[i][j] * w[j], sq += D[i][j] * D[i][j];
    EXPECT_NEAR(Xw[i], ref, 1e-12);
    EXPECT_NEAR(X.row_dot(i, w), ref, 1e-12);
    EXPECT_NEAR(X.row_squared_norm(i), sq, 1e-12);
  }
  for (int32_t j = 0; j < 23; ++j) {
    double ref = 0;
    for (int32_t i = 0; i < 37; ++i) ref += D[i][j] * v[i];
    EXPECT_NEAR(Xtv[j], ref, 1e-12);
  }
  std::vector<double> acc(23, 1.0);
  X.add_row_to(5, -0.5, acc);
  for (int32_t j = 0; j < 23; ++j) EXPECT_NEAR(acc[j], 1.0 - 0.5 * D[5][j], 1e-15);
}

TEST_P(SparseMatrixRandom, SelectRowsMatchesDense) {
  const auto [X, D] = random_matrix(30, 12, 0.3, GetParam());
  const std::vector<int32_t> wanted{29, 0, 7, 7, 15};  // any order, repeats allowed (bootstrap)
  const CsrMatrix S = X.select_rows(wanted);
  check_consistent(S);
  EXPECT_EQ(S.rows, 5);
  EXPECT_EQ(S.cols, 12);
  const Dense SD = to_dense(S);
  for (size_t r = 0; r < wanted.size(); ++r) EXPECT_EQ(SD[r], D[wanted[r]]) << "row " << r;
}

TEST_P(SparseMatrixRandom, SelectColumnsRenumbersInRequestedOrder) {
  const auto [X, D] = random_matrix(30, 12, 0.3, GetParam());
  const std::vector<int32_t> wanted{11, 2, 5, 0};
  const CsrMatrix S = X.select_columns(wanted);
  check_consistent(S);
  EXPECT_EQ(S.rows, 30);
  EXPECT_EQ(S.cols, 4);
  const Dense SD = to_dense(S);  // also checks indices are strictly increasing after renumbering
  for (int32_t i = 0; i < 30; ++i)
    for (size_t k = 0; k < wanted.size(); ++k) EXPECT_EQ(SD[i][k], D[i][wanted[k]]);
}

TEST_P(SparseMatrixRandom, BiasColumnAppendedToEveryRow) {
  const auto [X, D] = random_matrix(20, 9, 0.2, GetParam());
  const CsrMatrix B = X.with_bias_column(1.5);
  check_consistent(B);
  EXPECT_EQ(B.rows, 20);
  EXPECT_EQ(B.cols, 10);
  EXPECT_EQ(B.nnz(), X.nnz() + 20);
  const Dense BD = to_dense(B);
  for (int32_t i = 0; i < 20; ++i) {
    for (int32_t j = 0; j < 9; ++j) EXPECT_EQ(BD[i][j], D[i][j]);
    EXPECT_EQ(BD[i][9], 1.5);
  }
}

TEST_P(SparseMatrixRandom, CscHoldsTheSameEntries) {
  const auto [X, D] = random_matrix(41, 17, 0.2, GetParam());
  const CscMatrix C = CscMatrix::from_csr(X);
  EXPECT_EQ(C.rows, 41);
  EXPECT_EQ(C.cols, 17);
  ASSERT_EQ(C.col_ptr.size(), 18u);
  EXPECT_EQ(C.col_ptr.back(), X.nnz());
  EXPECT_EQ(to_dense(C), D);
}

INSTANTIATE_TEST_SUITE_P(Seeds, SparseMatrixRandom, ::testing::Values(1u, 2u, 2024u));

TEST(SparseMatrix, EmptyRowsAndEmptyColumnsSurvive) {
  CsrMatrix X;
  X.cols = 5;  // column 4 never occurs
  X.append_row(std::vector<int32_t>{}, std::vector<double>{});
  X.append_row(std::vector<int32_t>{0, 3}, std::vector<double>{1, 2});
  X.append_row(std::vector<int32_t>{}, std::vector<double>{});
  check_consistent(X);
  EXPECT_EQ(X.rows, 3);
  EXPECT_EQ(X.cols, 5);
  const CscMatrix C = CscMatrix::from_csr(X);
  EXPECT_EQ(C.col_indices(4).size(), 0u);
  EXPECT_EQ(C.col_indices(3)[0], 1);
  std::vector<double> out(5, 7.0);
  X.multiply_transpose(std::vector<double>{1, 1, 1}, out);
  EXPECT_EQ(out, (std::vector<double>{1, 0, 0, 2, 0}));
}

TEST(SparseMatrix, AppendRowGrowsColumnsAndRejectsBadIndices) {
  CsrMatrix X;
  X.append_row(std::vector<int32_t>{2, 6}, std::vector<double>{1, 1});
  EXPECT_EQ(X.cols, 7);
  EXPECT_THROW(X.append_row(std::vector<int32_t>{3, 3}, std::vector<double>{1, 1}),
               std::invalid_argument);
  EXPECT_THROW(X.append_row(std::vector<int32_t>{4, 1}, std::vector<double>{1, 1}),
               std::invalid_argument);
  EXPECT_THROW(X.append_row(std::vector<int32_t>{-1}, std::vector<double>{1}),
               std::invalid_argument);
  EXPECT_THROW(X.append_row(std::vector<int32_t>{1}, std::vector<double>{1, 2}),
               std::invalid_argument);
  EXPECT_EQ(X.rows, 1);  // failed appends leave the matrix unchanged
  check_consistent(X);
}

TEST(SparseMatrix, SelectionsRejectOutOfRangeAndRepeatedColumns) {
  CsrMatrix X;
  X.append_row(std::vector<int32_t>{0, 1}, std::vector<double>{1, 2});
  EXPECT_THROW(X.select_rows(std::vector<int32_t>{1}), std::out_of_range);
  EXPECT_THROW(X.select_columns(std::vector<int32_t>{2}), std::out_of_range);
  EXPECT_THROW(X.select_columns(std::vector<int32_t>{1, 1}), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
