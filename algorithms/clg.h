#pragma once
// CLG, Zhang & Oles 2001 Algorithm 4 ("Logistic Reg" in §4): regularised logistic regression (6),
//
//     min_w (1/n) sum_i ln(1 + exp(-w^T x_i y_i)) + lambda w^T w,
//
// with the constant feature A appended and regularised (algorithms/regularized_linear.h). This is
// LIBLINEAR's -s 0 (and -s 7) with C = 1/(2 lambda n) and -B A.
//
// Solved by the column relaxation (algorithms/column_relaxation.h) with
//     C_k(r) = f'(r) = -1 / (exp(r) + 1)
//     F_k(r, y) = min(0.25, e^|y| / (2 + e^r + e^-r))
// (f''(r) = 1 / (2 + e^r + e^-r) <= 1/4, and moving r by at most |y| raises it by at most e^|y|),
// and the trust region D_j = 2|Dw_j| + epsilon. Both are evaluated in forms that cannot overflow.
//
// Parameters: lambda (default 1e-4, Table 1) or C; K (100); epsilon (0.1); initial_delta (1);
// constant_feature (1); stop_rule, stop_tolerance.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "solvers/solver.h"

namespace linrepro {

// The loss policy of Algorithm 4 for the column relaxation.
struct LogisticLoss {
  static constexpr bool exact = false;
  static constexpr bool continuation = false;
  double c_k = 0;  // unused (no continuation)
  void begin_iteration(int64_t, int64_t) {}
  double f(double r) const {
    return r > 0 ? std::log1p(std::exp(-r)) : -r + std::log1p(std::exp(r));
  }
  double f_k(double r) const { return f(r); }
  double C_k(double r) const { return -1.0 / (std::exp(r) + 1.0); }
  // e^|y| / (2 + e^r + e^-r) = exp(|y| - |r| - 2 ln(1 + e^-|r|)); capped at 1/4 before exp.
  double F_k(double r, double reach) const {
    const double a = std::fabs(r);
    const double log_bound = std::fabs(reach) - a - 2 * std::log1p(std::exp(-a));
    return std::min(0.25, std::exp(std::min(log_bound, 0.0)));
  }
  bool stop_allowed() const { return true; }
};

BinaryFit fit_clg(const BinaryProblem& p, const Params& params, FitContext& ctx);
SolverInfo clg_solver_info();

}  // namespace linrepro
