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
#include <string>
#include <vector>

#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

inline double lambda_to_C(double lambda, int64_t n) { return 1.0 / (2.0 * lambda * static_cast<double>(n)); }
inline double C_to_lambda(double C, int64_t n) { return 1.0 / (2.0 * C * static_cast<double>(n)); }

// The declarations of the pair: "lambda" (paper convention) with the solver's default, and "C"
// (SVM convention) without one, since lambda's default applies when neither is given.
std::vector<ParamDecl> lambda_or_C_params(double default_lambda, std::string lambda_doc,
                                          std::string C_doc);

// Every solver accepts either "lambda" or "C", not both (the reader must hold the declarations
// above). Returns lambda, or C, for n training rows.
double resolve_lambda(ParamReader& r, int64_t n);
double resolve_C(ParamReader& r, int64_t n);

// The parameters that run solver `s` on its problem at the papers' `lambda`, for drivers that
// compare methods "at this lambda" without knowing solver names: lambda in the parameter the
// solver takes it in (kind.lambda_param: "lambda", or naive Bayes' "smoothing"), plus what its
// intercept kind needs (kind.intercept_params: LIBLINEAR's {"bias": 1.0}). Nothing else, so the
// solver's own defaults (iterations, tolerances) apply.
Params regularization_params(const SolverInfo& s, double lambda);

}  // namespace linrepro
