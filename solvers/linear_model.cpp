#include "solvers/linear_model.h"

namespace linrepro {

std::vector<double> LinearModel::decisions(const CsrMatrix& X) const {
  std::vector<double> f(X.rows);
  for (int32_t i = 0; i < X.rows; ++i) f[i] = decision(X, i);
  return f;
}

std::vector<double> LinearModel::predict(const CsrMatrix& X) const {
  std::vector<double> y(X.rows);
  for (int32_t i = 0; i < X.rows; ++i) y[i] = label(decision(X, i));
  return y;
}

std::vector<std::vector<double>> MulticlassModel::scores(const CsrMatrix& X) const {
  std::vector<std::vector<double>> s(X.rows, std::vector<double>(per_class.size()));
  for (size_t k = 0; k < per_class.size(); ++k)
    for (int32_t i = 0; i < X.rows; ++i) s[i][k] = per_class[k].decision(X, i);
  return s;
}

std::vector<int32_t> MulticlassModel::predict(const CsrMatrix& X) const {
  std::vector<int32_t> y(X.rows, 0);
  for (int32_t i = 0; i < X.rows; ++i) {
    double best = -1e308;
    for (size_t k = 0; k < per_class.size(); ++k) {
      const double s = per_class[k].decision(X, i);
      if (s > best) { best = s; y[i] = static_cast<int32_t>(k); }
    }
  }
  return y;
}

std::string to_string(StopReason r) {
  switch (r) {
    case StopReason::converged: return "converged";
    case StopReason::max_iterations: return "max_iterations";
    case StopReason::time_limit: return "time_limit";
    case StopReason::diverged: return "diverged";
    case StopReason::not_iterative: return "not_iterative";
  }
  return "unknown";
}

}  // namespace linrepro
