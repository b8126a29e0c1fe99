#pragma once
// Dual coordinate descent for regularised logistic regression (issue 19; not a paper's method):
// Yu, Huang & Lin 2011, "Dual coordinate descent methods for logistic regression and maximum
// entropy models", Machine Learning 85, Algorithms 3-4, on Zhang & Oles' problem (12) with
// f(r) = ln(1 + e^-r), registered beside the paper-faithful clg (algorithms/clg.h).
//
// (12) times 1/(2 lambda) is (1/2)|w|^2 + C sum_i ln(1 + e^{-y_i w.x_i}), C = 1/(2 lambda n), whose
// dual is
//     min_alpha  (1/2) alpha^T Q alpha + sum_i [alpha_i ln alpha_i + (C - alpha_i) ln(C -
//     alpha_i)], 0 < alpha_i < C,   Q_ij = y_i y_j x_i.x_j,   w = sum_i alpha_i y_i x_i.
// One coordinate at a time, in a new random order per sweep: with a = x_i.x_i and b = y_i w.x_i,
// the one-variable problem in z = alpha_i (or in C - alpha_i, whichever side of the optimum the
// current point leaves farther from its bound: their §3.2 reparametrisation, which keeps the
// Newton iterates away from the log's singularity) is
//     g(z) = (a/2)(z - alpha_i)^2 + s b (z - alpha_i) + z ln z + (C - z) ln(C - z),
//     g'(z) = a (z - alpha_i) + s b + ln(z / (C - z)),   g''(z) = a + C / (z (C - z)),
// solved by Newton steps that shrink z by 0.1 instead of crossing 0 (their Algorithm 4), until
// |g'| falls under an inner tolerance that tightens as the sweeps converge.
//
// Stopping (LIBLINEAR's -s 7 rule): after a sweep in which max_i |g'(alpha_i)| <= eps * the same
// maximum over the first sweep; else after max_sweeps.
//
// Parameters: lambda or C (default 1e-4, Table 1's Logistic Reg); constant_feature (1); eps
// (1e-3); max_sweeps (1000). Order from derive_seed(ctx.seed, "data order").
#include "solvers/solver.h"

namespace linrepro {

SolverInfo dcd_logistic_solver_info();

}  // namespace linrepro
