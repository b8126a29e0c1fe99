#pragma once
// MMLR-CG (Zhang, Jin, Yang & Hauptmann, ICML 2003, §4): the Weston–Watkins multiclass linear SVM
//
//     min_W O_m-svm(W) = (1/n) sum_i sum_{k != y_i} max(0, 2 - (f_{y_i}(x_i) - f_k(x_i)))
//                        + lambda sum_k sum_j w_kj^2,          f_k(x) = w_k.x + b_k
//
// approached through its smoothing O_m-gamma (algorithms/mmlr_objective.h) with the same CG and
// gamma schedule as MLR-CG (Algorithm 1, algorithms/nonlinear_cg.h). One joint optimisation over
// all K classes; prediction is argmax_k f_k(x). Intercepts b_k are unregularised.
//
// Parameters: as mlr-cg (lambda default 0.001 or C = 1/(2 lambda n), intercept, schedule,
// direction).
#include "solvers/solver.h"

namespace linrepro {

MulticlassFit fit_mmlr_cg(const MulticlassProblem& p, const Params& params, FitContext& ctx);
SolverInfo mmlr_cg_solver_info();

}  // namespace linrepro
