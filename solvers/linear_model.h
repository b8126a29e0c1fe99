#pragma once
// What every linear solver returns: f(x) = w.x + b, and (multiclass) one such function per class.
#include <cstdint>
#include <string>
#include <vector>

#include "core/sparse_matrix.h"

namespace linrepro {

struct LinearModel {
  std::vector<double> w;  // size = number of columns the model was trained on
  double b = 0;           // intercept (0 for solvers without one)
  // The label at a tie, decision exactly 0. Our own solvers predict +1 there (f >= 0 -> +1). A
  // peer run through our adapters predicts as the peer's own predict does, so that our accuracy
  // equals liblinear-predict's / svm-predict's: both give their SECOND internal label at 0, which
  // is -1 when +1 came first (LIBLINEAR: first label seen in training; LIBSVM: +1 always first
  // for +-1 labels). The adapters set this from the trained model's label order.
  bool tie_positive = true;

  // Columns beyond w.size() (unseen in training) contribute nothing.
  double decision(const CsrMatrix& X, int32_t i) const {
    double s = b;
    const auto idx = X.row_indices(i);
    const auto val = X.row_values(i);
    const int32_t n = static_cast<int32_t>(w.size());
    for (size_t k = 0; k < idx.size(); ++k)
      if (idx[k] < n) s += w[idx[k]] * val[k];
    return s;
  }
  std::vector<double> decisions(const CsrMatrix& X) const;
  double label(double f) const { return f > 0 || (f == 0 && tie_positive) ? 1.0 : -1.0; }
  std::vector<double> predict(const CsrMatrix& X) const;  // label(decision) for every row
};

struct MulticlassModel {
  std::vector<LinearModel> per_class;  // per_class[k] scores class k
  std::vector<std::vector<double>> scores(const CsrMatrix& X) const;  // [row][class]
  std::vector<int32_t> predict(const CsrMatrix& X) const;             // argmax, ties -> lowest id
};

// Why an iterative solver stopped (Eigen's ComputationInfo idea: always reported).
enum class StopReason { converged, max_iterations, time_limit, diverged, not_iterative };
std::string to_string(StopReason r);

}  // namespace linrepro
