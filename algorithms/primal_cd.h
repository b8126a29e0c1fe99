#pragma once
// Accelerated primal coordinate descent for Zhang & Oles' problem (12) (issue 19),
//
//   (12)  min_w  O(w) = (1/n) sum_i f(w^T x_i y_i) + lambda w^T w,      r_i = w^T x_i y_i,
//
// registered beside the paper-faithful cls / cmls / clg (algorithms/column_relaxation.h), which
// stay exactly as the paper describes them for the reproductions. Same frame (one coordinate at a
// time over the columns of Z = diag(y) X, r kept up to date, the constant feature A appended and
// regularised), with what the field added after the paper:
//
//  1. A one-dimensional Newton step with a line search instead of the trust region (Chang, Hsieh &
//     Lin 2008, "Coordinate Descent Method for Large-scale L2-loss Linear SVM", JMLR 9, Algorithm
//     3). With D_j(t) = n O(w + t e_j):
//        D_j'(0)  = sum_i f'(r_i) z_ij + 2 lambda n w_j
//        D_j''(0) = sum_i f''(r_i) z_ij^2 + 2 lambda n      (squared hinge: f'' = 2 [r < 1], the
//                                                            generalised second derivative)
//        d = -D_j'(0) / D_j''(0);   t = 1, beta, beta^2, ... (beta = 1/2) until
//        D_j(t d) - D_j(0) <= -sigma (t d)^2                (sufficient decrease, sigma = 0.01)
//     The condition is tried first on an upper bound D_j(t d) - D_j(0) <= t d D_j' + (t d)^2 H / 2,
//     H bounding D_j'' between 0 and t d, which needs no pass over the column; only when the bound
//     fails is D_j(t d) evaluated. H is sup f'' sum_i z_ij^2 + 2 lambda n for the squared hinge
//     (their eq. 14); for logistic, whose f'' changes by at most a factor e^|dr| when r moves by
//     dr, the tighter min(sum_i z_ij^2 / 4, e^{|t d| max_i |z_ij|} sum_i f''(r_i) z_ij^2) + 2
//     lambda n (the bound of CLG's F_k), so the Newton step is usually accepted without a
//     logarithm. For least squares f'' is constant, the step exact and the bound always met:
//     Algorithm 2 (CLS). The squared hinge needs no continuation: the line search handles the kink
//     at r = 1.
//  2. A new random order of the columns in every sweep (order = random; their §3.1 "random
//     permutation"); order = cyclic keeps 1..d, for the ablation of what each idea buys.
//
// Logistic keeps E_i = exp(r_i) per row (as CLG's LogisticLossRowExp does), so a sweep costs one
// division per nonzero, not exponentials: f'(r) = -1/(1 + E), f''(r) = 1/(E + 2 + 1/E), and the
// line search's f(r + s) - f(r) = ln((1 + E e^s) / (1 + E)) - s, one logarithm per nonzero. E is
// rebuilt exactly at every sweep; a row whose E leaves [1e-200, 1e200] is evaluated from r.
//
// Stopping (the relative rule of LIBLINEAR's primal CD solvers): after a sweep in which
// max_j |D_j'(0)| <= eps * the same maximum over the first sweep; else after max_sweeps.
//
// Measured (bench/bench_column_relaxation.cpp, time to 1e-3 of the optimum; results/bench): the
// random order is what pays (cyclic Newton CD is no faster than the paper's trust region), yet
// these primal variants stay at 1.4-10x LIBLINEAR; the dual solvers (cls-dual, cmls-dual and
// mod-svm with reshuffle and shrinking, dcd-logistic) are the fast ones. Kept as the ablation's
// middle rows.
//
// Parameters: lambda or C (default 1e-3); constant_feature (1); eps (1e-3); max_sweeps (1000);
// order (random | cyclic). The order is drawn from derive_seed(ctx.seed, "column order").
#include "solvers/solver.h"

namespace linrepro {

SolverInfo cd_least_squares_solver_info();
SolverInfo cd_squared_hinge_solver_info();
SolverInfo cd_logistic_solver_info();

}  // namespace linrepro
