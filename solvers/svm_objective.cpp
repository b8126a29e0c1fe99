#include "solvers/svm_objective.h"

#include <algorithm>
#include <stdexcept>

namespace linrepro {

double hinge_loss_sum(const CsrMatrix& X, std::span<const double> y, const LinearModel& model) {
  if (y.size() != static_cast<size_t>(X.rows))
    throw std::invalid_argument("hinge_loss_sum: label count differs from row count");
  double sum = 0;
  for (int32_t i = 0; i < X.rows; ++i) sum += std::max(0.0, 1.0 - y[i] * model.decision(X, i));
  return sum;
}

double squared_norm(std::span<const double> w) {
  double s = 0;
  for (double v : w) s += v * v;
  return s;
}

double svm_primal_objective(const CsrMatrix& X, std::span<const double> y, const LinearModel& model,
                            double lambda) {
  return hinge_loss_sum(X, y, model) / static_cast<double>(X.rows) + lambda * squared_norm(model.w);
}

double svm_primal_objective_C(const CsrMatrix& X, std::span<const double> y,
                              const LinearModel& model, double C) {
  return 0.5 * squared_norm(model.w) + C * hinge_loss_sum(X, y, model);
}

}  // namespace linrepro
