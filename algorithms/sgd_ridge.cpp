#include "algorithms/sgd_ridge.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <vector>

#include "core/error.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

std::vector<ParamDecl> sgd_ridge_params() {
  const SgdRidgeOptions o;
  return join_params(
      {lambda_or_C_params(o.lambda, "lambda of Eq. 14: (1/N) sum (y - w.x)^2 + lambda ||w||^2",
                          "instead of lambda, SVM convention: lambda = 1 / (2 C N)"),
       learning_rate_params(o.rate),
       {integer_param("epochs", o.epochs, 1,
                      "passes over the shuffled training set (report: 200 on a9a, 30 on covtype)"),
        bias_mode_param(o.bias, "intercept: penalized (x = (1; x)) | unpenalized | none"),
        boolean_param("lazy", o.lazy, "w = s v scaling (O(nnz) per step); false: dense Eq. 16")}});
}

}  // namespace

SgdRidgeOptions read_sgd_ridge_options(const Params& params, int64_t n) {
  ParamReader r(params, "sgd-ridge", sgd_ridge_params());
  SgdRidgeOptions o;
  o.lambda = resolve_lambda(r, n);
  o.rate = read_learning_rate(r, SgdRidgeOptions{}.rate);
  o.epochs = r.integer("epochs");
  o.bias = read_bias_mode(r);
  o.lazy = r.boolean("lazy");
  r.finish();
  return o;
}

double sgd_ridge_objective(const LinearModel& model, const CsrMatrix& X, std::span<const double> y,
                           double lambda, BiasMode bias) {
  double loss = 0;
  for (int32_t i = 0; i < X.rows; ++i) {
    const double r = y[i] - model.decision(X, i);
    loss += r * r;
  }
  double l2 = bias == BiasMode::penalized ? model.b * model.b : 0.0;
  for (double wj : model.w) l2 += wj * wj;
  return loss / X.rows + lambda * l2;
}

namespace {

// The weights as w = s v (lazy) or plainly (dense, s stays 1). With a penalised intercept the
// intercept is weight d of v (x = (1; x)); an unpenalised one is the separate b_free.
template <bool Lazy>
class RidgeSgd {
 public:
  RidgeSgd(const CsrMatrix& X, std::span<const double> y, const SgdRidgeOptions& o)
      : X_(X), y_(y), o_(o), d_(X.cols), v_(static_cast<size_t>(X.cols) + 1, 0.0) {}

  int64_t updates() const { return t_; }

  // One update of Eq. 16 on example i.
  void step(int32_t i) {
    const double gamma = o_.rate.at(t_);
    const double shrink = 1.0 - 2.0 * gamma * o_.lambda;
    const int64_t begin = X_.row_ptr[i], end = X_.row_ptr[i + 1];
    const int32_t* idx = X_.col_idx.data();
    const double* val = X_.values.data();
    double* v = v_.data();
    const bool penalize_b = o_.bias == BiasMode::penalized;
    // The next scale and its inverse do not depend on the example: computing them first keeps the
    // division off the chain margin -> residual -> update.
    const double s_next = s_ * shrink;
    const double inv_s_next = 1.0 / s_next;

    const double vx = (penalize_b ? v[d_] : 0.0) + sparse_dot(idx, val, begin, end, v);
    const double f = s_ * vx + b_free_;  // w_k^T x_i
    const double r = y_[i] - f;

    if constexpr (Lazy) {
      s_ = s_next;
      const double c = 2.0 * gamma * r * inv_s_next;  // v += c x_i  <=>  w += 2 gamma r x_i
      for (int64_t k = begin; k < end; ++k) v[idx[k]] += c * val[k];
      if (penalize_b) v[d_] += c;
      if (s_ < 1e-9) {  // fold s into v before v grows out of range
        for (double& vj : v_) vj *= s_;
        s_ = 1.0;
      }
    } else {
      for (double& vj : v_) vj *= shrink;
      const double c = 2.0 * gamma * r;
      for (int64_t k = begin; k < end; ++k) v[idx[k]] += c * val[k];
      if (penalize_b) v[d_] += c;
    }
    if (o_.bias == BiasMode::unpenalized) b_free_ += 2.0 * gamma * r;
    ++t_;
  }

  LinearModel model() const {
    LinearModel m;
    m.w.resize(d_);
    for (int32_t j = 0; j < d_; ++j) m.w[j] = s_ * v_[j];
    m.b = o_.bias == BiasMode::penalized ? s_ * v_[d_] : b_free_;
    return m;
  }

 private:
  const CsrMatrix& X_;
  std::span<const double> y_;
  const SgdRidgeOptions& o_;
  int32_t d_;
  std::vector<double> v_;
  double s_ = 1.0;
  double b_free_ = 0.0;  // unpenalised intercept (0 unless bias == unpenalized)
  int64_t t_ = 0;
};

template <bool Lazy>
BinaryFit run(const CsrMatrix& X, std::span<const double> y, const SgdRidgeOptions& o,
              FitContext& ctx, const SgdMonitor* monitor) {
  RidgeSgd<Lazy> sgd(X, y, o);
  auto evaluate = [&] {
    const LinearModel m = sgd.model();
    std::map<std::string, double> v{{"train_error", error_rate(m, X, y)},
                                    {"objective", sgd_ridge_objective(m, X, y, o.lambda, o.bias)},
                                    {"zeros", static_cast<double>(count_zero_weights(m, o.bias))}};
    if (monitor && monitor->X_test)
      v["test_error"] = error_rate(m, *monitor->X_test, monitor->y_test);
    return v;
  };
  run_sgd_epochs(X, y, o.epochs, sgd, evaluate, ctx, "sgd-ridge");
  ctx.record(sgd.updates(), evaluate, true);

  BinaryFit fit;
  fit.model = sgd.model();
  fit.iterations = sgd.updates();
  fit.stop = StopReason::max_iterations;
  bool finite = std::isfinite(fit.model.b);
  for (double wj : fit.model.w) finite = finite && std::isfinite(wj);
  if (!finite) fit.stop = StopReason::diverged;
  fit.objective = sgd_ridge_objective(fit.model, X, y, o.lambda, o.bias);
  fit.extra = {{"lazy", Lazy},
               {"epochs", o.epochs},
               {"updates", sgd.updates()},
               {"lambda", o.lambda},
               {"gamma0", o.rate.gamma0},
               {"schedule", to_string(o.rate.schedule)},
               {"bias", to_string(o.bias)},
               {"zeros", count_zero_weights(fit.model, o.bias)},
               {"dimensions", weight_dimensions(fit.model, o.bias)}};
  return fit;
}

}  // namespace

BinaryFit fit_sgd_ridge(const CsrMatrix& X, std::span<const double> y, const SgdRidgeOptions& o,
                        FitContext& ctx, const SgdMonitor* monitor) {
  check_sgd_problem(X, y, monitor, "sgd-ridge");
  if (!(o.lambda >= 0) || !(o.rate.gamma0 > 0) || o.epochs < 1)
    throw ConfigError("sgd-ridge: need lambda >= 0, gamma > 0 and epochs >= 1");
  if (o.rate.schedule == RateSchedule::calibrated)
    return fit_with_calibrated_rate(
        "sgd-ridge", X, y, o, ctx, monitor,
        [](const CsrMatrix& Xa, std::span<const double> ya, const SgdRidgeOptions& oa,
           FitContext& c, const SgdMonitor* m) { return fit_sgd_ridge(Xa, ya, oa, c, m); },
        [&](double gamma) { return 2.0 * gamma * o.lambda < 1.0; });  // Eq. 16's decay factor
  if (!(2.0 * o.rate.gamma0 * o.lambda < 1.0))
    throw ConfigError(fmt::format(
        "sgd-ridge: 2 gamma lambda = {} must be < 1 (the decay factor 1 - 2 gamma lambda of Eq. 16 "
        "would not be positive)",
        2.0 * o.rate.gamma0 * o.lambda));
  return o.lazy ? run<true>(X, y, o, ctx, monitor) : run<false>(X, y, o, ctx, monitor);
}

SolverInfo sgd_ridge_solver_info() {
  SolverInfo info;
  info.name = "sgd-ridge";
  info.description =
      "Ridge regression on +-1 targets by SGD, used as a sign classifier (lazy w = s v scaling)";
  info.source = "SGD report (sgd-l1-ridge-report.md) Eq. 14-16, decaying rate of its Table 5";
  info.kind = {.loss = Loss::least_squares,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "report Eq. 14: (1/n) sum (y - f(x))^2 + lambda ||beta||^2, beta = "
                   "(b; w) (b outside the penalty with bias=unpenalized|none)"};
  info.params = sgd_ridge_params();
  info.fit_binary = [](const BinaryProblem& p, const Params& params, FitContext& ctx) {
    return fit_sgd_ridge(p.X, p.y, read_sgd_ridge_options(params, p.X.rows), ctx, ctx.monitor());
  };
  return info;
}

}  // namespace linrepro
