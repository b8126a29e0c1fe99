#pragma once
// CLS, Zhang & Oles 2001 Algorithm 2 ("Lin Reg" in §4): regularised linear least squares, i.e.
// ridge regression on the labels, eq. (4):
//
//     min_w (1/n) sum_i (w^T x_i y_i - 1)^2 + lambda w^T w
//         (= (1/n) sum_i (w^T x_i - y_i)^2 + lambda w^T w, since y_i^2 = 1)
//
// with the constant feature A appended and regularised (algorithms/regularized_linear.h). Solved by
// the column relaxation (algorithms/column_relaxation.h) with (*) solved exactly:
//     Dw_j = -( sum_i (r_i - 1) x_ij y_i + lambda n w_j ) / ( sum_i x_ij^2 + lambda n ),
// which is the generic step with f' = 2(r - 1) and F = f'' = 2; the quadratic model is the
// function itself, so Algorithm 2 has no trust region (no epsilon parameter).
//
// Parameters: lambda (default 1e-3, Table 1) or C; K (100); constant_feature (1); stop_rule,
// stop_tolerance.
#include <cstdint>
#include <utility>

#include "solvers/solver.h"

namespace linrepro {

// The loss policy of Algorithm 2 for the column relaxation.
struct LeastSquaresLoss {
  static constexpr bool exact = true;
  static constexpr bool continuation = false;
  double c_k = 0;  // unused (no continuation)
  void begin_iteration(int64_t, int64_t) {}
  double f(double r) const { return (r - 1) * (r - 1); }
  double f_k(double r) const { return f(r); }
  double C_k(double r) const { return 2 * (r - 1); }
  double F_k(double, double) const { return 2; }
  std::pair<double, double> C_k_and_F_k(double r, double reach) const {
    return {C_k(r), F_k(r, reach)};
  }
  bool stop_allowed() const { return true; }
};

BinaryFit fit_cls(const BinaryProblem& p, const Params& params, FitContext& ctx);
SolverInfo cls_solver_info();

}  // namespace linrepro
