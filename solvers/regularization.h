#pragma once
// One regularisation convention, converted at the adapters.
//
// The papers (Zhang & Oles eq. 12, Zhang et al. 2003, the SGD report) minimise
//     (1/n) sum_i loss(w.x_i, y_i) + lambda ||w||^2,
// SVMlight, LIBSVM and LIBLINEAR minimise
//     (1/2) ||w||^2 + C sum_i loss(w.x_i, y_i).
// Multiplying the first by n/(2 lambda n) = 1/(2 lambda) gives the second, so the minimisers coincide when
//     C = 1 / (2 lambda n).
// Intercepts are unregularised unless a solver says otherwise (LIBLINEAR's -B bias is a
// regularised extra feature; its adapter documents that).
#include <cstdint>

#include "solvers/params.h"

namespace linrepro {

inline double lambda_to_C(double lambda, int64_t n) { return 1.0 / (2.0 * lambda * static_cast<double>(n)); }
inline double C_to_lambda(double C, int64_t n) { return 1.0 / (2.0 * C * static_cast<double>(n)); }

// Every solver accepts either "lambda" (paper convention) or "C" (SVM convention), not both.
// Returns C for n training rows; default_lambda applies when neither is given.
double resolve_C(ParamReader& r, int64_t n, double default_lambda);
double resolve_lambda(ParamReader& r, int64_t n, double default_lambda);

}  // namespace linrepro
