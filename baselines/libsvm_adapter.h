#pragma once
// Debian's LIBSVM 3.24 as the registered peer "libsvm-linear": C-SVC with the linear kernel,
//     min_{w,b} (1/2)||w||^2 + C sum_i max(0, 1 - y_i (w.x_i + b))      (b unregularised),
// i.e. exactly the problem `smo` solves, by LIBSVM's own SMO (same WSS, same stopping rule).
// Parameters: lambda or C (C = 1/(2 lambda n)), eps (LIBSVM's -e, default 0.001), shrinking (-h,
// default true), cache_mb (-m, default 100).
//
// The model: w = sum over support vectors of sv_coef_k x_k, b = -rho. LIBSVM makes the first label
// it sees the positive side of its decision function; the adapter flips (w, b) when that label is
// -1 so decision > 0 always means +1. With a single class in the data LIBSVM trains nothing; the
// adapter returns w = 0, b = that label (the O_svm optimum then).
//
// BinaryFit.objective = O_svm in the paper convention (svm_objective.h); extra: dual_objective
// recomputed from the alphas, (1/2)||w||^2 - sum a_i (LIBSVM's "obj"), primal_C, C, lambda, eps,
// support_vectors, bounded_support_vectors.
#include "solvers/solver.h"

namespace linrepro {

SolverInfo libsvm_linear_solver_info();

}  // namespace linrepro
