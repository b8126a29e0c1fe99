#include "algorithms/regularized_linear.h"

#include <utility>

#include "solvers/regularization.h"

namespace linrepro {

std::vector<ParamDecl> regularized_linear_params(double default_lambda) {
  const RegularizedLinearSettings defaults;
  std::vector<ParamDecl> decls = lambda_or_C_params(
      default_lambda, "lambda of (12): (1/n) sum f(w.x y) + lambda |w|^2 (Table 1's value)",
      "instead of lambda, SVM convention: C = 1/(2 lambda n)");
  decls.push_back(integer_param("K", defaults.K, 1, "iterations (full sweeps); §4.1 default 100"));
  decls.push_back(
      non_negative_param("constant_feature", defaults.A,
                         "A appended to every x (§1); its weight is regularised; 0: no threshold"));
  return decls;
}

RegularizedLinearSettings read_regularized_linear_settings(ParamReader& r, int64_t n) {
  RegularizedLinearSettings s;
  s.lambda = resolve_lambda(r, n);
  s.K = r.integer("K");
  s.A = r.number("constant_feature");
  return s;
}

const CsrMatrix& with_constant_feature(const CsrMatrix& X, double A, CsrMatrix& storage) {
  if (A == 0) return X;
  storage = X.with_bias_column(A);
  return storage;
}

LinearModel model_from_weights(std::span<const double> w, int32_t d, double A) {
  LinearModel m;
  m.w.assign(w.begin(), w.begin() + d);
  m.b = static_cast<int64_t>(w.size()) > d ? w[d] * A : 0.0;
  return m;
}

LinearModel model_from_weights(std::vector<double>&& w, int32_t d, double A) {
  LinearModel m;
  m.b = static_cast<int64_t>(w.size()) > d ? w[d] * A : 0.0;
  w.resize(static_cast<size_t>(d));
  m.w = std::move(w);
  return m;
}

}  // namespace linrepro
