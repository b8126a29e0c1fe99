#include "algorithms/mlr_objective.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "core/error.h"
#include "solvers/binary_labels.h"

namespace linrepro {

BinaryMarginMap::BinaryMarginMap(const CsrMatrix& X, std::span<const double> y, int32_t features,
                                 bool intercept)
    : X_(X), y_(y), features_(features), intercept_(intercept) {
  if (static_cast<int64_t>(y.size()) != X.rows)
    throw ConfigError(fmt::format("{} labels for {} rows", y.size(), X.rows));
  if (features < X.cols)
    throw std::invalid_argument(
        fmt::format("{} features for a matrix of {} columns", features, X.cols));
  // Kept beside the registry's check: smoothed_svm_objective and direct fit_mlr_cg calls come here
  // without it.
  check_binary_labels(y, "mlr-cg");
}

void BinaryMarginMap::apply(std::span<const double> theta, std::span<double> u) const {
  const double b = intercept_ ? theta[features_] : 0.0;
  for (int32_t i = 0; i < X_.rows; ++i) u[i] = y_[i] * (X_.row_dot(i, theta) + b);
}

void BinaryMarginMap::apply_transpose(std::span<const double> v, std::span<double> out) const {
  std::fill(out.begin(), out.begin() + dim(), 0.0);
  double bias = 0;
  for (int32_t i = 0; i < X_.rows; ++i) {
    const double a = v[i] * y_[i];
    if (a == 0) continue;
    X_.add_row_to(i, a, out);
    bias += a;
  }
  if (intercept_) out[features_] = bias;
}

std::vector<double> BinaryMarginMap::theta_of(const LinearModel& model) const {
  if (static_cast<int64_t>(model.w.size()) > features_)
    throw std::invalid_argument(
        fmt::format("model has {} weights, objective {} features", model.w.size(), features_));
  std::vector<double> theta(dim(), 0.0);
  std::copy(model.w.begin(), model.w.end(), theta.begin());
  if (intercept_) theta[features_] = model.b;
  return theta;
}

LinearModel BinaryMarginMap::model_of(std::span<const double> theta) const {
  LinearModel m;
  m.w.assign(theta.begin(), theta.begin() + features_);
  m.b = intercept_ ? theta[features_] : 0.0;
  return m;
}

namespace {

// The model's objective on (X, y): its own dimension (>= X.cols) and an intercept slot.
int32_t features_for(const CsrMatrix& X, const LinearModel& model) {
  return std::max(X.cols, static_cast<int32_t>(model.w.size()));
}

}  // namespace

double smoothed_svm_objective(const CsrMatrix& X, std::span<const double> y,
                              const LinearModel& model, double lambda, double gamma) {
  const BinaryMarginMap map(X, y, features_for(X, model), true);
  SmoothedMarginObjective f(map, lambda);
  f.set_point(map.theta_of(model));
  f.set_gamma(gamma);
  return f.value();
}

}  // namespace linrepro
