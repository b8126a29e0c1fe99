#pragma once
// The soft-margin SVM primal objective, evaluated the same way by every solver that reports it
// (SMO, the LIBSVM/LIBLINEAR adapters, MLR-CG), so O_svm values are comparable across solvers.
//
// Paper convention (Zhang, Jin, Yang & Hauptmann 2003, the O_svm of MLR-CG):
//     O_svm(w, b) = (1/n) sum_i max(0, 1 - y_i (w.x_i + b)) + lambda ||w||^2     (b unregularised)
// SVM convention (SVMlight, LIBSVM):
//     P(w, b)     = (1/2) ||w||^2 + C sum_i max(0, 1 - y_i (w.x_i + b))
// With C = 1/(2 lambda n) (solvers/regularization.h), O_svm = P / (n C).
#include <span>

#include "core/sparse_matrix.h"
#include "solvers/linear_model.h"

namespace linrepro {

// sum_i max(0, 1 - y_i f(x_i)) with f(x) = w.x + b.
double hinge_loss_sum(const CsrMatrix& X, std::span<const double> y, const LinearModel& model);

double squared_norm(std::span<const double> w);

// O_svm in the paper convention (see above).
double svm_primal_objective(const CsrMatrix& X, std::span<const double> y, const LinearModel& model,
                            double lambda);

// P in the SVM (C) convention (see above).
double svm_primal_objective_C(const CsrMatrix& X, std::span<const double> y,
                              const LinearModel& model, double C);

}  // namespace linrepro
