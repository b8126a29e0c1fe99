#pragma once
// Debian's LIBLINEAR 2.3 as registered peers, named by its -s numbers:
//
//   liblinear-s0  L2-regularised logistic regression, primal (trust-region Newton)
//   liblinear-s1  L2-regularised L2-loss (squared hinge) SVM, dual coordinate descent
//   liblinear-s2  L2-regularised L2-loss SVM, primal (trust-region Newton)
//   liblinear-s3  L2-regularised L1-loss (hinge) SVM, dual coordinate descent
//   liblinear-s5  L1-regularised L2-loss SVM (coordinate descent)
//   liblinear-s6  L1-regularised logistic regression (newGLMNET)
//   liblinear-s7  L2-regularised logistic regression, dual coordinate descent
//
// LIBLINEAR minimises  F(w) = R(w) + C sum_i loss(y_i w.x_i),  R = (1/2)||w||^2 or ||w||_1,
// with hinge max(0, 1-z), squared hinge max(0, 1-z)^2 or logistic log(1 + e^-z) loss.
// Parameters: lambda or C (C = 1/(2 lambda n), solvers/regularization.h), eps (LIBLINEAR's default
// per solver: 0.01 for -s 0/2/5/6, 0.1 for -s 1/3/7; each solver's own stopping rule), bias
// (LIBLINEAR's -B, default -1 = none).
//
// Bias: with bias = B >= 0 every row gets an extra feature of value B, and its weight w_b is
// REGULARISED like any other weight (unlike SMO's and LIBSVM's intercept); the model's b = w_b B.
//
// BinaryFit.objective = F(w) / (n C), the paper convention: for the L2 solvers
//     (1/n) sum_i loss + lambda ||w||^2,
// and for the L1 solvers (-s 5/6), with the same C = 1/(2 lambda n),
//     (1/n) sum_i loss + 2 lambda ||w||_1;
// the norms include w_b when a bias is used. extra: objective_C (F itself), C, lambda, eps, bias,
// nonzero_weights; for -s 3 also O_svm (svm_objective.h, i.e. with b unregularised).
//
// Binary only: multiclass goes through the registry's one-vs-rest. LIBLINEAR makes the first label
// it sees the positive class of w; the adapter flips w when that label is -1, so decision > 0
// always means +1. The coordinate-descent solvers shuffle with the C library's rand(): the adapter
// seeds it from ctx.seed and serialises LIBLINEAR training under a mutex so every fit is
// reproducible.
#include <vector>

#include "solvers/solver.h"

namespace linrepro {

std::vector<SolverInfo> liblinear_solver_infos();

}  // namespace linrepro
