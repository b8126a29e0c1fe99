#include "algorithms/sgd_l1_logistic.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <vector>

#include "algorithms/sgd_l1_penalty.h"
#include "core/error.h"

namespace linrepro {

std::string to_string(L1Penalty p) {
  switch (p) {
    case L1Penalty::naive:
      return "naive";
    case L1Penalty::clipping:
      return "clipping";
    case L1Penalty::cumulative:
      return "cumulative";
  }
  return "unknown";
}

namespace {

std::vector<ParamDecl> sgd_l1_logistic_params() {
  const SgdL1LogisticOptions o;
  return join_params(
      {{choice_param("penalty", to_string(o.penalty), {"naive", "clipping", "cumulative"},
                     "L1 step: naive (Eq. 12) | clipping | cumulative (Tsuruoka Fig. 2)"),
        non_negative_param("lambda", o.lambda,
                           "lambda of Eq. 10: (1/N) sum loss + lambda ||beta||_1"),
        without_default(
            positive_param("C", nullptr,
                           "instead of lambda, LIBLINEAR -s 6 convention: lambda = 1 / (C N)"),
            "lambda applies")},
       learning_rate_params(o.rate),
       {integer_param("epochs", o.epochs, 1,
                      "passes over the shuffled training set (report: 200 on a9a, 30 on covtype)"),
        bias_mode_param(o.bias,
                        "intercept: penalized (beta = (b; w), Eq. 10) | unpenalized | none"),
        boolean_param("lazy", o.lazy,
                      "defer penalties of absent features (O(nnz) per step); false: dense form")}});
}

}  // namespace

SgdL1LogisticOptions read_sgd_l1_logistic_options(const Params& params, int64_t n) {
  ParamReader r(params, "sgd-l1-logistic", sgd_l1_logistic_params());
  SgdL1LogisticOptions o;
  const std::string p = r.text("penalty");
  o.penalty = p == "naive"      ? L1Penalty::naive
              : p == "clipping" ? L1Penalty::clipping
                                : L1Penalty::cumulative;
  // LIBLINEAR -s 6 minimises ||w||_1 + C sum loss; dividing Eq. 10 by lambda gives C = 1/(lambda
  // n).
  if (r.has("lambda") && r.has("C"))
    throw ConfigError("sgd-l1-logistic: give either 'lambda' or 'C', not both");
  if (const auto C = r.optional_number("C"))
    o.lambda = 1.0 / (*C * static_cast<double>(n));
  else
    o.lambda = r.number("lambda");
  o.rate = read_learning_rate(r, SgdL1LogisticOptions{}.rate);
  o.epochs = r.integer("epochs");
  o.bias = read_bias_mode(r);
  o.lazy = r.boolean("lazy");
  r.finish();
  return o;
}

double sgd_l1_logistic_objective(const LinearModel& model, const CsrMatrix& X,
                                 std::span<const double> y, double lambda, BiasMode bias) {
  double loss = 0;
  for (int32_t i = 0; i < X.rows; ++i) {
    const double m = -y[i] * model.decision(X, i);  // log(1 + e^m), stable for both signs of m
    loss += m > 0 ? m + std::log1p(std::exp(-m)) : std::log1p(std::exp(m));
  }
  double l1 = bias == BiasMode::penalized ? std::abs(model.b) : 0.0;
  for (double wj : model.w) l1 += std::abs(wj);
  return loss / X.rows + lambda * l1;
}

namespace {

// beta = (w_0 .. w_{d-1}, b): the intercept is weight d, present in every example with x = 1.
template <L1Penalty P, bool Lazy>
class L1Sgd {
 public:
  L1Sgd(const CsrMatrix& X, std::span<const double> y, const SgdL1LogisticOptions& o)
      : X_(X), y_(y), o_(o), d_(X.cols), beta_(static_cast<size_t>(X.cols) + 1, 0.0) {
    if constexpr (P == L1Penalty::cumulative) q_.assign(beta_.size(), 0.0);
    if constexpr (P == L1Penalty::clipping && Lazy) applied_.assign(beta_.size(), 0.0);
    if constexpr (P == L1Penalty::naive && Lazy) last_.assign(beta_.size(), 0);
  }

  int64_t updates() const { return t_; }

  // One update (Eq. 12 with the chosen L1 step) on example i; t_ counts updates done.
  void step(int32_t i) {
    const double gamma = o_.rate.at(t_);
    const double delta = gamma * o_.lambda;  // the L1 step of this update
    const int64_t begin = X_.row_ptr[i], end = X_.row_ptr[i + 1];
    const int32_t* idx = X_.col_idx.data();
    const double* val = X_.values.data();
    double* beta = beta_.data();
    const bool has_b = o_.bias != BiasMode::none;
    const bool penalize_b = o_.bias == BiasMode::penalized;

    // Bring the example's weights up to date (deferred penalties), then beta_k^T x_i.
    if constexpr (P == L1Penalty::naive && Lazy) {
      for (int64_t k = begin; k < end; ++k)
        beta[idx[k]] = naive_penalty_steps(beta[idx[k]], delta, t_ - last_[idx[k]]);
    } else if constexpr (P == L1Penalty::clipping && Lazy) {
      for (int64_t k = begin; k < end; ++k)
        beta[idx[k]] = clip_toward_zero(beta[idx[k]], U_ - applied_[idx[k]]);
    }
    const double f = (has_b ? beta[d_] : 0.0) + sparse_dot(idx, val, begin, end, beta);
    const double yi = y_[i];
    const double g = gamma * yi / (1.0 + std::exp(yi * f));  // loss step: beta += g x_i

    if constexpr (P == L1Penalty::naive) {
      if constexpr (!Lazy)  // every weight: -delta sign(beta_k), sign before the step
        for (int32_t j = 0; j < d_; ++j) beta[j] -= delta * sign(beta[j]);
      for (int64_t k = begin; k < end; ++k) {
        const int32_t j = idx[k];
        if constexpr (Lazy) {
          beta[j] += g * val[k] - delta * sign(beta[j]);
          last_[j] = t_ + 1;
        } else {
          beta[j] += g * val[k];
        }
      }
      if (has_b) beta[d_] += g - (penalize_b ? delta * sign(beta[d_]) : 0.0);
    } else if constexpr (P == L1Penalty::clipping) {
      const double U_next = U_ + delta;
      for (int64_t k = begin; k < end; ++k) {
        const int32_t j = idx[k];
        if constexpr (Lazy) {
          beta[j] = clip_toward_zero(beta[j] + g * val[k], delta);
          applied_[j] = U_next;
        } else {
          beta[j] += g * val[k];
        }
      }
      if constexpr (!Lazy)
        for (int32_t j = 0; j < d_; ++j) beta[j] = clip_toward_zero(beta[j], delta);
      if (has_b) beta[d_] = penalize_b ? clip_toward_zero(beta[d_] + g, delta) : beta[d_] + g;
      U_ = U_next;
    } else {        // cumulative, Tsuruoka Figure 2
      u_ += delta;  // line 6, before the sample's update
      double* q = q_.data();
      for (int64_t k = begin; k < end; ++k) {
        const int32_t j = idx[k];
        beta[j] += g * val[k];
        if constexpr (Lazy) apply_cumulative_penalty(beta[j], q[j], u_);
      }
      if constexpr (!Lazy)
        for (int32_t j = 0; j < d_; ++j) apply_cumulative_penalty(beta[j], q[j], u_);
      if (has_b) {
        beta[d_] += g;
        if (penalize_b) apply_cumulative_penalty(beta[d_], q[d_], u_);
      }
    }
    ++t_;
  }

  // The current model, deferred penalties applied (a copy: tracing never changes the run).
  LinearModel model() const {
    LinearModel m;
    m.w.assign(beta_.begin(), beta_.begin() + d_);
    m.b = o_.bias == BiasMode::none ? 0.0 : beta_[d_];
    if constexpr (P == L1Penalty::naive && Lazy) {
      const double delta = o_.rate.gamma0 * o_.lambda;  // lazy naive runs with a constant rate only
      for (int32_t j = 0; j < d_; ++j) m.w[j] = naive_penalty_steps(m.w[j], delta, t_ - last_[j]);
    } else if constexpr (P == L1Penalty::clipping && Lazy) {
      for (int32_t j = 0; j < d_; ++j) m.w[j] = clip_toward_zero(m.w[j], U_ - applied_[j]);
    }
    return m;
  }

 private:
  static double sign(double v) { return static_cast<double>((v > 0) - (v < 0)); }  // branch-free

  const CsrMatrix& X_;
  std::span<const double> y_;
  const SgdL1LogisticOptions& o_;
  int32_t d_;
  std::vector<double> beta_;
  std::vector<double> q_;        // cumulative: penalty received by each weight (Figure 2's q_i)
  std::vector<double> applied_;  // lazy clipping: U up to which weight j has been penalised
  std::vector<int64_t> last_;    // lazy naive: updates through which weight j has been penalised
  double u_ = 0;                 // cumulative: Figure 2's u = sum_k gamma_k lambda
  double U_ = 0;                 // clipping: the same running sum, for the deferred penalties
  int64_t t_ = 0;
};

template <L1Penalty P, bool Lazy>
BinaryFit run(const CsrMatrix& X, std::span<const double> y, const SgdL1LogisticOptions& o,
              FitContext& ctx, const SgdMonitor* monitor) {
  L1Sgd<P, Lazy> sgd(X, y, o);
  auto evaluate = [&] {
    const LinearModel m = sgd.model();
    std::map<std::string, double> v{
        {"train_error", error_rate(m, X, y)},
        {"objective", sgd_l1_logistic_objective(m, X, y, o.lambda, o.bias)},
        {"zeros", static_cast<double>(count_zero_weights(m, o.bias))}};
    if (monitor && monitor->X_test)
      v["test_error"] = error_rate(m, *monitor->X_test, monitor->y_test);
    return v;
  };
  run_sgd_epochs(X, y, o.epochs, sgd, evaluate, ctx, "sgd-l1-logistic (" + to_string(P) + ")");
  ctx.record(sgd.updates(), evaluate, true);

  BinaryFit fit;
  fit.model = sgd.model();
  fit.iterations = sgd.updates();
  fit.stop = StopReason::max_iterations;
  bool finite = std::isfinite(fit.model.b);
  for (double wj : fit.model.w) finite = finite && std::isfinite(wj);
  if (!finite) fit.stop = StopReason::diverged;
  fit.objective = sgd_l1_logistic_objective(fit.model, X, y, o.lambda, o.bias);
  fit.extra = {{"penalty", to_string(P)},
               {"lazy", Lazy},
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

BinaryFit fit_sgd_l1_logistic(const CsrMatrix& X, std::span<const double> y,
                              const SgdL1LogisticOptions& o, FitContext& ctx,
                              const SgdMonitor* monitor) {
  check_sgd_problem(X, y, monitor, "sgd-l1-logistic");
  if (!(o.lambda >= 0) || !(o.rate.gamma0 > 0) || o.epochs < 1)
    throw ConfigError("sgd-l1-logistic: need lambda >= 0, gamma > 0 and epochs >= 1");
  if (o.rate.schedule == RateSchedule::calibrated)
    return fit_with_calibrated_rate(
        "sgd-l1-logistic", X, y, o, ctx, monitor,
        [](const CsrMatrix& Xa, std::span<const double> ya, const SgdL1LogisticOptions& oa,
           FitContext& c, const SgdMonitor* m) { return fit_sgd_l1_logistic(Xa, ya, oa, c, m); });
  // The naive closed form of deferred steps needs one step size (see the header).
  const bool lazy_naive = o.lazy && o.rate.schedule == RateSchedule::constant;
  switch (o.penalty) {
    case L1Penalty::naive:
      return lazy_naive ? run<L1Penalty::naive, true>(X, y, o, ctx, monitor)
                        : run<L1Penalty::naive, false>(X, y, o, ctx, monitor);
    case L1Penalty::clipping:
      return o.lazy ? run<L1Penalty::clipping, true>(X, y, o, ctx, monitor)
                    : run<L1Penalty::clipping, false>(X, y, o, ctx, monitor);
    case L1Penalty::cumulative:
      return o.lazy ? run<L1Penalty::cumulative, true>(X, y, o, ctx, monitor)
                    : run<L1Penalty::cumulative, false>(X, y, o, ctx, monitor);
  }
  throw ConfigError("sgd-l1-logistic: unknown penalty");
}

SolverInfo sgd_l1_logistic_solver_info() {
  SolverInfo info;
  info.name = "sgd-l1-logistic";
  info.description =
      "L1-regularised logistic regression by SGD (naive, clipping or cumulative L1 "
      "penalty, lazy O(nnz) updates)";
  info.source =
      "SGD report (sgd-l1-ridge-report.md) Eq. 10-12; Tsuruoka, Tsujii & Ananiadou, "
      "ACL 2009, Sec. 3.1 (clipping) and Figure 2 (cumulative penalty)";
  info.kind = {.loss = Loss::logistic,
               .penalty = Penalty::l1,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "report Eq. 10: (1/n) sum log(1 + exp(-y f(x))) + lambda ||beta||_1, "
                   "beta = (b; w) (b outside the penalty with bias=unpenalized|none)"};
  info.params = sgd_l1_logistic_params();
  info.fit_binary = [](const BinaryProblem& p, const Params& params, FitContext& ctx) {
    return fit_sgd_l1_logistic(p.X, p.y, read_sgd_l1_logistic_options(params, p.X.rows), ctx,
                               ctx.monitor());
  };
  return info;
}

}  // namespace linrepro
