#pragma once
// Dual CMLS, Zhang & Oles 2001 §3.2: the modified least squares problem (10) of CMLS
// (algorithms/cmls.h),
//
//     min_w (1/n) sum_i h(w^T x_i y_i) + lambda w^T w,   h(z) = (1 - z)^2 if z <= 1, else 0,
//
// solved in the dual by Algorithm 5 (algorithms/row_relaxation.h) with
//     k(z) = z^2/4 + z for z <= 0 (+infinity for z > 0), the Legendre transform of h,
// and the closed-form minimiser of (**)
//     Dzeta_i = min( -zeta_i, -((2 + zeta_i) lambda n + v^T x_i y_i) / (lambda n + x_i^2) ).
// §4 compares it with the primal CMLS as lambda -> 0 at a fixed K = 100: the dual converges more
// slowly there, which keeps zeta/lambda from growing (BEP about 85 against about 80 for the
// primal). An optional eta scales the unconstrained step before the bound (as (18) does for Mod
// SVM); the paper's update is eta = 1, the default.
//
// Parameters: lambda (default 1e-3, Table 1's Mod Least Squares) or C; K (100); eta (1);
// constant_feature (1); reshuffle (false); eps (0) and shrinking (false), beyond the paper
// (algorithms/row_relaxation.h). The data order is drawn from
// derive_seed(ctx.seed, "data order"): one permutation, or a new one per iteration with reshuffle.
#include <algorithm>
#include <cmath>

#include "solvers/solver.h"

namespace linrepro {

// The dual policy of the modified least squares for the row relaxation.
struct ModifiedLeastSquaresDualStep {
  double eta = 1;
  double step(double zeta, double vxy, double xx, double lambda_n) const {
    return std::min(-zeta, -eta * ((2 + zeta) * lambda_n + vxy) / (lambda_n + xx));
  }
  double k(double zeta) const { return zeta * zeta / 4 + zeta; }
  double f(double r) const { return r <= 1 ? (r - 1) * (r - 1) : 0.0; }  // h, eq. (11)
  // For eps and shrinking (algorithms/row_relaxation.h): k' and zeta <= 0.
  double k_prime(double zeta) const { return zeta / 2 + 1; }
  static constexpr double lower = -INFINITY, upper = 0;
};

BinaryFit fit_cmls_dual(const BinaryProblem& p, const Params& params, FitContext& ctx);
SolverInfo cmls_dual_solver_info();

}  // namespace linrepro
