#pragma once
// MMLR-CG's objective (Zhang, Jin, Yang & Hauptmann, ICML 2003, §4): the Weston–Watkins multiclass
// SVM (margin 2) and its smoothing, with f_k(x) = w_k.x + b_k and intercepts b_k unregularised:
//
//     O_m-gamma(W) = lambda sum_k sum_j w_kj^2
//                    + (1/n) sum_i sum_{k != y_i} (1/gamma) ln(1 + exp(-gamma (u_ik - 2)))
//     O_m-svm(W)   = (1/n) sum_i sum_{k != y_i} max(0, 2 - u_ik) + the same penalty
//
// with u_ik = f_{y_i}(x_i) - f_k(x_i).
//
// Per example there are K-1 smoothed terms, so Proposition 1 gives 0 <= O_m-gamma - O_m-svm <=
// (K-1) ln2/gamma. The objective is not strictly convex: adding one constant to every b_k changes
// nothing (the paper says so; Theorems 2(2) and 3 still hold).
//
// theta layout: W feature-major (theta[j K + k] = w_kj, so x_i^T W reads K contiguous numbers per
// non-zero), then b_1..b_K.
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/margin_objective.h"
#include "core/sparse_matrix.h"
#include "solvers/linear_model.h"

namespace linrepro {

// u_(i,k) = f_{y_i}(x_i) - f_k(x_i) for k != y_i, pairs ordered by example then class.
class MulticlassMarginMap final : public MarginMap {
 public:
  MulticlassMarginMap(const CsrMatrix& X, std::span<const int32_t> y, int32_t classes,
                      int32_t features, bool intercept);
  int64_t dim() const override {
    return static_cast<int64_t>(features_ + (intercept_ ? 1 : 0)) * K_;
  }
  int64_t regularised_dim() const override { return static_cast<int64_t>(features_) * K_; }
  int64_t pairs() const override { return static_cast<int64_t>(X_.rows) * (K_ - 1); }
  int64_t examples() const override { return X_.rows; }
  double margin() const override { return 2.0; }
  void apply(std::span<const double> theta, std::span<double> u) const override;
  void apply_transpose(std::span<const double> v, std::span<double> out) const override;

  std::vector<double> theta_of(const MulticlassModel& model) const;
  MulticlassModel model_of(std::span<const double> theta) const;

 private:
  void scores(int32_t i, std::span<const double> theta, std::span<double> s) const;

  const CsrMatrix& X_;
  std::span<const int32_t> y_;
  int32_t K_;
  int32_t features_;
  bool intercept_;
  mutable std::vector<double> s_;  // per-example class scores / coefficients
};

// O_m-svm and O_m-gamma of a model on (X, y) (labels 0..classes-1), the convention above.
double multiclass_svm_objective(const CsrMatrix& X, std::span<const int32_t> y,
                                const MulticlassModel& model, double lambda);
double smoothed_multiclass_svm_objective(const CsrMatrix& X, std::span<const int32_t> y,
                                         const MulticlassModel& model, double lambda, double gamma);

}  // namespace linrepro
