#pragma once
// MLR-CG (Zhang, Jin, Yang & Hauptmann, "Modified Logistic Regression: An Approximation to SVM and
// Its Applications in Large-Scale Text Categorization", ICML 2003, Algorithm 1): the linear SVM
//
//     min_{w,b} O_svm(w, b) = (1/n) sum_i max(0, 1 - y_i (w.x_i + b)) + lambda sum_j w_j^2
//
// approached through the smooth O_gamma of eq. (1) (algorithms/mlr_objective.h), minimised by
// nonlinear CG while gamma grows (algorithms/nonlinear_cg.h). The intercept b is not penalised
// (§3). Proposition 1: O_gamma - ln2/gamma <= O_svm <= O_gamma, so after CG has minimised O_gamma
// the SVM objective is within ln2/gamma of its optimum.
//
// Parameters: lambda (default 0.001, the paper's §5 value) or C (= 1/(2 lambda n)); intercept
// (default true); the schedule and CG fields of MlrCgParams.
#include "solvers/solver.h"

namespace linrepro {

BinaryFit fit_mlr_cg(const BinaryProblem& p, const Params& params, FitContext& ctx);
SolverInfo mlr_cg_solver_info();

}  // namespace linrepro
