#pragma once
// Ridge regression trained by SGD and used as a classifier (sign of w^T x), as in the SGD report
// (/work/shared/papers/sgd-l1-ridge-report.md, "Ridge Regression via SGD with L2-regularization").
//
// Problem (report Eq. 14), targets y_i in {-1, +1}:
//     min_w  (1/N) sum_{i=1}^N (y_i - w^T x_i)^2  +  lambda ||w||_2^2
// Per-example gradient (Eq. 15): -2 x_i (y_i - w^T x_i) + 2 lambda w, so one update (Eq. 16) is
//     w <- (1 - 2 gamma lambda) w  +  2 gamma (y_i - w^T x_i) x_i
// with the report's decaying rate gamma_t = gamma0 / (1 + gamma0 a t), gamma0 = 0.001, a = 0.003
// (sgd_common.h explains the reading of the garbled formula).
// Intercept: Eq. 14 writes only w; we keep the report's convention from the logistic section
// (x = (1; x), so the intercept is one more weight and is penalised) as the default, with
// bias=unpenalized|none available.
// Lazy L2 scaling: w = s v. The decay multiplies the scalar s, the loss step adds
// 2 gamma r x_i / s to v at the example's nonzeros, so a step costs O(nnz(x_i)) and equals the
// dense Eq. 16 up to rounding. When s falls below 1e-9 it is folded into v (v <- s v, s <- 1) so v
// never overflows. lazy=false runs the dense Eq. 16 (for the lazy-vs-dense benchmark).
// Requires 2 gamma0 lambda < 1 (otherwise the decay factor is <= 0 and the iteration is
// meaningless).
//
// Trace (every ctx.trace_every updates, and at the end): train_error, objective (Eq. 14), zeros,
// and test_error when a monitor gives test data.
#include <cstdint>
#include <span>

#include "algorithms/sgd_common.h"
#include "solvers/solver.h"

namespace linrepro {

struct SgdRidgeOptions {
  double lambda = 1e-4;                                     // report Table 5
  LearningRate rate{RateSchedule::decaying, 0.001, 0.003};  // report Table 5
  int64_t epochs = 200;                                     // 200 on a9a, 30 on covtype
  BiasMode bias = BiasMode::penalized;
  bool lazy = true;
};

// Options from solver parameters: lambda | C, gamma, schedule, decay, epochs, bias, lazy.
// C follows the SVM convention of solvers/regularization.h: C = 1 / (2 lambda n).
SgdRidgeOptions read_sgd_ridge_options(const Params& params, int64_t n);

// Eq. 14 at (w, b) (b enters the penalty only when bias == penalized).
double sgd_ridge_objective(const LinearModel& model, const CsrMatrix& X, std::span<const double> y,
                           double lambda, BiasMode bias);

BinaryFit fit_sgd_ridge(const CsrMatrix& X, std::span<const double> y,
                        const SgdRidgeOptions& options, FitContext& ctx,
                        const SgdMonitor* monitor = nullptr);

// Registry entry "sgd-ridge".
SolverInfo sgd_ridge_solver_info();

}  // namespace linrepro
