#pragma once
// The frame Zhang & Oles ("Text Categorization Based on Regularized Linear Classification Methods",
// Information Retrieval 4, 2001) put every linear classifier in, shared by their column-wise
// solvers (Algorithms 2-4: cls, cmls, clg) and row-wise ones (Algorithm 5: mod-svm, cmls-dual):
//
//   (12)  min_w  O(w) = (1/n) sum_i f(w^T x_i y_i) + lambda w^T w,        r_i = w^T x_i y_i
//
// Threshold (§1): the paper forces theta = 0 and appends a constant component A (normally 1) to
// every document vector. Its weight is an ordinary coordinate of w, so it IS penalised by
// lambda w^T w -- unlike SMO's and LIBSVM's intercept, exactly like LIBLINEAR's -B. We follow the
// paper: the model is f(x) = w.x + w_{d+1} A, i.e. LinearModel{w_1..w_d, b = w_{d+1} A}.
// Parameter constant_feature = A (default 1); 0 omits the column (no threshold at all).
//
// Dual (§3.2, eqs. 14-17, Appendix A): with k(z) = sup_u (u z - f(u)) the Legendre transform of f
// and v = sum_i zeta_i x_i y_i, the minimiser is w = -v / (2 lambda n) and, for every zeta,
//     O(w) >= G(zeta) = -(1/n) [ sum_i k(zeta_i) + |v|^2 / (4 lambda n) ],
// with equality at the optimum. G is the paper's (16) divided by -n, so primal and dual values are
// numbers in the convention of (12) and their difference is the duality gap.
//
// Lambda and C: (12) times 1/(2 lambda) is LIBLINEAR's (1/2)|w|^2 + C sum_i f(.) with
// C = 1/(2 lambda n) (solvers/regularization.h); every solver here accepts either.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/sparse_matrix.h"
#include "solvers/linear_model.h"
#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

// What all five solvers read: lambda (or C), K, A.
struct RegularizedLinearSettings {
  double lambda = 1e-3;
  int64_t K = 100;  // §4.1: "The default number of iterations K is chosen to be 100"
  double A = 1;     // the constant feature (§1: "Normally, one takes A = 1")
};

// The declarations of those three (lambda's default is the solver's Table 1 value; K and A come
// from the struct above), and their reading.
std::vector<ParamDecl> regularized_linear_params(double default_lambda);
RegularizedLinearSettings read_regularized_linear_settings(ParamReader& r, int64_t n);

// X with the constant column A appended (index X.cols) when A > 0; X itself when A == 0.
// `storage` holds the copy; the returned reference is valid while both X and storage are.
// The primal CD solvers build their column copy from it; the row solvers use RowsWithConstant.
const CsrMatrix& with_constant_feature(const CsrMatrix& X, double A, CsrMatrix& storage);

// The rows of X with the constant feature A appended as column X.cols (none when A == 0), without
// a copy: the row-wise (dual) solvers only take dot products with rows and add rows to vectors, so
// the constant costs one term per row instead of a second matrix (12 bytes a nonzero) beside the
// caller's. Each function adds the constant's term last, where the copied row
// (X.with_bias_column(A)) holds it, so the results are the same to the bit.
struct RowsWithConstant {
  RowsWithConstant(const CsrMatrix& X_, double A_ = 0)  // NOLINT: a plain X is A = 0
      : X(X_), A(A_), rows(X_.rows), cols(X_.cols + (A_ != 0 ? 1 : 0)) {}
  const CsrMatrix& X;
  double A;
  int32_t rows, cols;

  double row_dot(int32_t i, std::span<const double> w) const {
    const double s = X.row_dot(i, w);
    return A != 0 ? s + A * w[X.cols] : s;
  }
  void add_row_to(int32_t i, double a, std::span<double> w) const {
    X.add_row_to(i, a, w);
    if (A != 0) w[X.cols] += a * A;
  }
  double row_squared_norm(int32_t i) const {
    const double s = X.row_squared_norm(i);
    return A != 0 ? s + A * A : s;
  }
};

// w over d (+1) columns -> f(x) = w_1..d . x + w_{d+1} A. The second takes the solver's own
// vector instead of copying it: one-vs-rest fits two classes at once, and a copy beside each is
// 0.5 MiB a class on 20NG.
LinearModel model_from_weights(std::span<const double> w, int32_t d, double A);
LinearModel model_from_weights(std::vector<double>&& w, int32_t d, double A);

// (1/n) sum_i loss(r_i) + lambda w^T w, for any loss callable.
template <class Loss>
double regularized_objective(std::span<const double> r, std::span<const double> w, double lambda,
                             const Loss& loss) {
  double sum = 0;
  for (double ri : r) sum += loss(ri);
  double ww = 0;
  for (double wj : w) ww += wj * wj;
  return sum / static_cast<double>(r.size()) + lambda * ww;
}

}  // namespace linrepro
