#pragma once
// MLR-CG's objective (Zhang, Jin, Yang & Hauptmann, ICML 2003, §3.2), in the paper's convention:
//
//     O_gamma(w, b) = (1/n) sum_i (1/gamma) ln(1 + exp(-gamma (y_i (w.x_i + b) - 1)))
//                     + lambda sum_j w_j^2
//     O_svm(w, b)   = (1/n) sum_i max(0, 1 - y_i (w.x_i + b)) + lambda sum_j w_j^2
//
// (lambda times the squared norm, not lambda/2; 1/n on the loss; the paper's §2.2 and §3.2.)
//
// The paper augments w = (b, w_1..w_m), x = (1, x_1..x_m) and keeps b = w_0 out of the penalty
// (§3, "so that the intercept w_0 = b is not included in the regularization term"); here theta =
// (w_1..w_m, b), intercept last, same objective. With C = 1/(2 lambda n) (solvers/regularization.h)
// O_svm is the SVM primal (1/2)||w||^2 + C sum hinge divided by C n, with an unregularised bias,
// i.e. what SVMlight and the SMO baseline minimise.
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/margin_objective.h"
#include "core/sparse_matrix.h"
#include "solvers/linear_model.h"
#include "solvers/svm_objective.h"

namespace linrepro {

// u_i = y_i (w.x_i + b). `features` >= X.cols (columns never seen in X get weights but no data).
// Without an intercept theta = w and b stays 0.
class BinaryMarginMap final : public MarginMap {
 public:
  BinaryMarginMap(const CsrMatrix& X, std::span<const double> y, int32_t features, bool intercept);
  int64_t dim() const override { return features_ + (intercept_ ? 1 : 0); }
  int64_t regularised_dim() const override { return features_; }
  int64_t pairs() const override { return X_.rows; }
  int64_t examples() const override { return X_.rows; }
  double margin() const override { return 1.0; }
  void apply(std::span<const double> theta, std::span<double> u) const override;
  void apply_transpose(std::span<const double> v, std::span<double> out) const override;

  std::vector<double> theta_of(const LinearModel& model) const;
  LinearModel model_of(std::span<const double> theta) const;

 private:
  const CsrMatrix& X_;
  std::span<const double> y_;
  int32_t features_;
  bool intercept_;
};

// O_svm of a model on (X, y) in the paper's convention above is solvers/svm_objective.h
// svm_primal_objective: one function for every solver (tests check the CG's own svm_value() equals
// it). O_gamma of a model (same convention).
double smoothed_svm_objective(const CsrMatrix& X, std::span<const double> y,
                              const LinearModel& model, double lambda, double gamma);

}  // namespace linrepro
