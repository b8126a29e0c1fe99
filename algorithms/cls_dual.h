#pragma once
// Dual CLS: Zhang & Oles 2001 §3.2's row relaxation (Algorithm 5, algorithms/row_relaxation.h)
// applied to the least squares problem (4) of CLS (algorithms/cls.h),
//
//     min_w (1/n) sum_i (1 - w^T x_i y_i)^2 + lambda w^T w.
//
// The paper writes the dual for any loss f of (12) but runs it only for Mod SVM and CMLS; this is
// the same algorithm with f(r) = (1 - r)^2, whose Legendre transform k(z) = z^2/4 + z is finite
// everywhere, so (**) has the unconstrained minimiser
//     Dzeta_i = -((2 + zeta_i) lambda n + v^T x_i y_i) / (lambda n + x_i^2)
// (dual CMLS's step without its bound -zeta_i). Registered for issue 19 as the fast least-squares
// solver: with reshuffle = true (a new order per iteration, as LIBLINEAR's dual solvers) it is
// randomised dual coordinate descent for ridge regression.
//
// Parameters: lambda (default 1e-3, Table 1's Lin Reg) or C; K (100); constant_feature (1);
// reshuffle (false); eps (0) and shrinking (false), beyond the paper (algorithms/row_relaxation.h).
// The data order is drawn from derive_seed(ctx.seed, "data order").
#include <cmath>

#include "solvers/solver.h"

namespace linrepro {

// The dual policy of least squares for the row relaxation.
struct LeastSquaresDualStep {
  double step(double zeta, double vxy, double xx, double lambda_n) const {
    return -((2 + zeta) * lambda_n + vxy) / (lambda_n + xx);
  }
  double k(double zeta) const { return zeta * zeta / 4 + zeta; }
  double f(double r) const { return (1 - r) * (1 - r); }
  // For eps (algorithms/row_relaxation.h): k', and no bound on zeta (nothing to shrink).
  double k_prime(double zeta) const { return zeta / 2 + 1; }
  static constexpr double lower = -INFINITY, upper = INFINITY;
};

SolverInfo cls_dual_solver_info();

}  // namespace linrepro
