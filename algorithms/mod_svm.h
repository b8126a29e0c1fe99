#pragma once
// Mod SVM, Zhang & Oles 2001 §3.2 and §4: the SVM with theta = 0 and a constant feature A
// appended, so that its weight is regularised and the dual has no equality constraint
// sum_i zeta_i y_i = 0:
//
//     min_w (1/n) sum_i g(w^T x_i y_i) + lambda w^T w,   g(z) = max(0, 1 - z)
//
// ((8)-(9) with theta = 0),
//
// solved in the dual by Algorithm 5 (algorithms/row_relaxation.h) with
//     k(z) = z on [-1, 0] (+infinity elsewhere)
// and the damped step (18)
//     Dzeta_i = -max( zeta_i, min( 1 + zeta_i, eta (2 lambda n + v^T x_i y_i) / x_i^2 ) ),
// eta = 0.1 (§4.1; eta = 1 is the exact minimiser of (**)). The loss is the hinge g, not the
// modified least squares h: "modified" refers to the missing threshold. With C = 1/(2 lambda n) and
// -B A this is the problem of LIBLINEAR's -s 3, whose dual variables are alpha_i = -zeta_i C, and
// Algorithm 5 with eta = 1 and reshuffle = true is its dual coordinate descent without shrinking.
//
// Parameters: lambda (default 1e-3, Table 1) or C; K (100); eta (0.1); constant_feature (1);
// reshuffle (false); eps (0) and shrinking (false), beyond the paper (algorithms/row_relaxation.h:
// with eta = 1, reshuffle, eps and shrinking this is LIBLINEAR -s 3). The data order is drawn from
// derive_seed(ctx.seed, "data order"): one permutation for all K iterations (§3.2), or a new one
// per iteration with reshuffle.
#include <algorithm>
#include <cstdint>

#include "solvers/solver.h"

namespace linrepro {

// The dual policy of update (18) for the row relaxation.
struct HingeDualStep {
  double eta = 0.1;
  double step(double zeta, double vxy, double xx, double lambda_n) const {
    if (xx == 0) return -1 - zeta;  // (**) is then k alone, least at zeta = -1
    return -std::max(zeta, std::min(1 + zeta, eta * (2 * lambda_n + vxy) / xx));
  }
  double k(double zeta) const { return zeta; }
  double f(double r) const { return std::max(0.0, 1 - r); }
  // For eps and shrinking (algorithms/row_relaxation.h): k' and the box [-1, 0] of zeta.
  double k_prime(double) const { return 1; }
  static constexpr double lower = -1, upper = 0;
};

BinaryFit fit_mod_svm(const BinaryProblem& p, const Params& params, FitContext& ctx);
SolverInfo mod_svm_solver_info();

}  // namespace linrepro
