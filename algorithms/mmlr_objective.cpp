#include "algorithms/mmlr_objective.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "core/error.h"

namespace linrepro {

MulticlassMarginMap::MulticlassMarginMap(const CsrMatrix& X, std::span<const int32_t> y,
                                         int32_t classes, int32_t features, bool intercept)
    : X_(X), y_(y), K_(classes), features_(features), intercept_(intercept), s_(classes) {
  if (classes < 2)
    throw ConfigError(fmt::format("multiclass objective needs >= 2 classes, got {}", classes));
  if (static_cast<int64_t>(y.size()) != X.rows)
    throw ConfigError(fmt::format("{} labels for {} rows", y.size(), X.rows));
  if (features < X.cols)
    throw std::invalid_argument(
        fmt::format("{} features for a matrix of {} columns", features, X.cols));
  for (size_t i = 0; i < y.size(); ++i)
    if (y[i] < 0 || y[i] >= classes)
      throw ConfigError(fmt::format("class of row {} is {}, expected 0..{}", i, y[i], classes - 1));
}

void MulticlassMarginMap::scores(int32_t i, std::span<const double> theta,
                                 std::span<double> s) const {
  const int64_t bias = static_cast<int64_t>(features_) * K_;
  for (int32_t k = 0; k < K_; ++k) s[k] = intercept_ ? theta[bias + k] : 0.0;
  const auto idx = X_.row_indices(i);
  const auto val = X_.row_values(i);
  for (size_t t = 0; t < idx.size(); ++t) {
    const double* w = theta.data() + static_cast<int64_t>(idx[t]) * K_;
    for (int32_t k = 0; k < K_; ++k) s[k] += val[t] * w[k];
  }
}

void MulticlassMarginMap::apply(std::span<const double> theta, std::span<double> u) const {
  int64_t p = 0;
  for (int32_t i = 0; i < X_.rows; ++i) {
    scores(i, theta, s_);
    const int32_t yi = y_[i];
    for (int32_t k = 0; k < K_; ++k)
      if (k != yi) u[p++] = s_[yi] - s_[k];
  }
}

// A^T v: the pair (i, k) adds +v x_i to w_{y_i} and -v x_i to w_k (and +-v to the intercepts).
void MulticlassMarginMap::apply_transpose(std::span<const double> v, std::span<double> out) const {
  std::fill(out.begin(), out.begin() + dim(), 0.0);
  const int64_t bias = static_cast<int64_t>(features_) * K_;
  int64_t p = 0;
  for (int32_t i = 0; i < X_.rows; ++i) {
    const int32_t yi = y_[i];
    double total = 0;
    for (int32_t k = 0; k < K_; ++k) {
      if (k == yi) continue;
      s_[k] = -v[p];
      total += v[p++];
    }
    s_[yi] = total;
    const auto idx = X_.row_indices(i);
    const auto val = X_.row_values(i);
    for (size_t t = 0; t < idx.size(); ++t) {
      double* g = out.data() + static_cast<int64_t>(idx[t]) * K_;
      for (int32_t k = 0; k < K_; ++k) g[k] += val[t] * s_[k];
    }
    if (intercept_)
      for (int32_t k = 0; k < K_; ++k) out[bias + k] += s_[k];
  }
}

std::vector<double> MulticlassMarginMap::theta_of(const MulticlassModel& model) const {
  if (static_cast<int32_t>(model.per_class.size()) != K_)
    throw std::invalid_argument(
        fmt::format("model has {} classes, objective {}", model.per_class.size(), K_));
  std::vector<double> theta(dim(), 0.0);
  for (int32_t k = 0; k < K_; ++k) {
    const auto& m = model.per_class[k];
    if (static_cast<int64_t>(m.w.size()) > features_)
      throw std::invalid_argument(
          fmt::format("class {} has {} weights, objective {} features", k, m.w.size(), features_));
    for (size_t j = 0; j < m.w.size(); ++j) theta[j * K_ + k] = m.w[j];
    if (intercept_) theta[static_cast<int64_t>(features_) * K_ + k] = m.b;
  }
  return theta;
}

MulticlassModel MulticlassMarginMap::model_of(std::span<const double> theta) const {
  MulticlassModel model;
  model.per_class.resize(K_);
  for (int32_t k = 0; k < K_; ++k) {
    auto& m = model.per_class[k];
    m.w.resize(features_);
    for (int32_t j = 0; j < features_; ++j) m.w[j] = theta[static_cast<int64_t>(j) * K_ + k];
    m.b = intercept_ ? theta[static_cast<int64_t>(features_) * K_ + k] : 0.0;
  }
  return model;
}

namespace {

int32_t features_for(const CsrMatrix& X, const MulticlassModel& model) {
  int32_t f = X.cols;
  for (const auto& m : model.per_class) f = std::max(f, static_cast<int32_t>(m.w.size()));
  return f;
}

}  // namespace

double multiclass_svm_objective(const CsrMatrix& X, std::span<const int32_t> y,
                                const MulticlassModel& model, double lambda) {
  const MulticlassMarginMap map(X, y, static_cast<int32_t>(model.per_class.size()),
                                features_for(X, model), true);
  SmoothedMarginObjective f(map, lambda);
  f.set_point(map.theta_of(model));
  return f.svm_value();
}

double smoothed_multiclass_svm_objective(const CsrMatrix& X, std::span<const int32_t> y,
                                         const MulticlassModel& model, double lambda,
                                         double gamma) {
  const MulticlassMarginMap map(X, y, static_cast<int32_t>(model.per_class.size()),
                                features_for(X, model), true);
  SmoothedMarginObjective f(map, lambda);
  f.set_point(map.theta_of(model));
  f.set_gamma(gamma);
  return f.value();
}

}  // namespace linrepro
