// The CG machinery of Algorithm 1: beta formulas by hand, finite termination of all three
// directions on a quadratic (exact line search makes them linear CG), the exact line search, the
// gamma schedule and restarts as the trace shows them, monotone O_gamma, and parameter checks.
#include "algorithms/nonlinear_cg.h"

#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/line_search.h"
#include "algorithms/mlr_cg.h"
#include "algorithms/mlr_objective.h"
#include "cg_fixtures.h"
#include "core/error.h"

namespace linrepro {
namespace {

using testing::dot;
using testing::small_binary;

// O(theta) = 1/2 theta'A theta - c'theta with A = B'B + I (SPD), gamma ignored: CG's textbook case.
class Quadratic final : public SmoothedObjective {
 public:
  explicit Quadratic(int64_t n, uint64_t seed)
      : n_(n), A_(n * n, 0.0), c_(n), theta_(n, 0.0), d_(n) {
    Rng rng(seed);
    const auto B = testing::random_vector(rng, n * n, 1.0);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double s = i == j ? 1.0 : 0.0;
        for (int64_t k = 0; k < n; ++k) s += B[k * n + i] * B[k * n + j];
        A_[i * n + j] = s;
      }
    c_ = testing::random_vector(rng, n, 1.0);
  }
  int64_t dim() const override { return n_; }
  void set_gamma(double g) override { gamma_ = g; }
  double gamma() const override { return gamma_; }
  void set_point(std::span<const double> t) override { theta_.assign(t.begin(), t.end()); }
  std::span<const double> point() const override { return theta_; }
  double value() const override { return value_at(theta_); }
  double gradient(std::span<double> g) const override {
    const auto Ax = times_A(theta_);
    for (int64_t i = 0; i < n_; ++i) g[i] = Ax[i] - c_[i];
    return value();
  }
  double svm_value() const override { return value(); }
  void set_direction(std::span<const double> d) override { d_.assign(d.begin(), d.end()); }
  LinePoint along(double a) const override {
    const auto Ad = times_A(d_);
    const auto Ax = times_A(theta_);
    const double dAd = dot(d_, Ad);
    double slope0 = 0;
    for (int64_t i = 0; i < n_; ++i) slope0 += d_[i] * (Ax[i] - c_[i]);
    return {value() + a * slope0 + 0.5 * a * a * dAd, slope0 + a * dAd, dAd};
  }
  void move(double a) override {
    for (int64_t i = 0; i < n_; ++i) theta_[i] += a * d_[i];
  }
  double residual() const {  // ||A theta - c||
    std::vector<double> g(n_);
    gradient(g);
    return std::sqrt(dot(g, g));
  }

 private:
  std::vector<double> times_A(std::span<const double> x) const {
    std::vector<double> y(n_, 0.0);
    for (int64_t i = 0; i < n_; ++i)
      for (int64_t j = 0; j < n_; ++j) y[i] += A_[i * n_ + j] * x[j];
    return y;
  }
  double value_at(std::span<const double> x) const { return 0.5 * dot(x, times_A(x)) - dot(c_, x); }

  int64_t n_;
  std::vector<double> A_, c_, theta_, d_;
  double gamma_ = 1;
};

// g_new = (1,2), g_old = (2,1), d_old = (-2,-1), y = g_new - g_old = (-1,1):
// FR = 5/5, PR = g_new.y / g_old.g_old = 1/5, HS = g_new.y / d_old.y = 1/1.
TEST(NonlinearCg, BetaFormulasByHand) {
  const std::vector<double> g_new{1, 2}, g_old{2, 1}, d_old{-2, -1};
  EXPECT_DOUBLE_EQ(cg_beta(CgDirection::fletcher_reeves, g_new, g_old, d_old), 1.0);
  EXPECT_DOUBLE_EQ(cg_beta(CgDirection::polak_ribiere, g_new, g_old, d_old), 0.2);
  EXPECT_DOUBLE_EQ(cg_beta(CgDirection::hestenes_stiefel, g_new, g_old, d_old), 1.0);
  const std::vector<double> zero{0, 0};
  EXPECT_EQ(cg_beta(CgDirection::fletcher_reeves, g_new, zero, d_old), 0.0);  // restart
  EXPECT_EQ(cg_beta(CgDirection::hestenes_stiefel, g_new, g_new, d_old), 0.0);
}

// With exact line searches all three rules reduce to linear CG on a quadratic: solved in n steps
// (a handful of steps fewer would leave a visible residual).
TEST(NonlinearCg, AllDirectionsSolveAQuadraticInDimSteps) {
  const int64_t n = 12;
  for (const char* rule : {"hs", "pr", "fr"}) {
    Quadratic q(n, 3);
    const double r0 = q.residual();
    const Params params{{"direction", rule}, {"delta", 0}, {"l", n}, {"max_steps", n}};
    ParamReader r(params, "test", nonlinear_cg_params());
    const MlrCgParams p = read_mlr_cg_params(r);
    FitContext ctx;
    const MlrCgResult res = run_mlr_cg(q, p, ctx);
    EXPECT_EQ(res.steps, n) << rule;
    EXPECT_LT(q.residual(), 1e-8 * r0) << rule;

    Quadratic early(n, 3);
    const Params half{{"direction", rule}, {"delta", 0}, {"l", n}, {"max_steps", n / 2}};
    ParamReader r2(half, "test", nonlinear_cg_params());
    run_mlr_cg(early, read_mlr_cg_params(r2), ctx);
    EXPECT_GT(early.residual(), 1e-4 * r0) << rule;
  }
}

TEST(LineSearch, ExactOnAQuadraticAndRejectsAscentDirections) {
  Quadratic q(6, 4);
  std::vector<double> g(6);
  q.gradient(g);
  std::vector<double> d(6);
  for (int i = 0; i < 6; ++i) d[i] = -g[i];
  q.set_direction(d);
  const auto p0 = q.along(0);
  const auto ls = minimise_along_direction(q);
  EXPECT_NEAR(ls.alpha, -p0.slope / p0.curvature, 1e-14 * ls.alpha);
  EXPECT_LT(ls.value, p0.value);
  q.set_direction(g);  // uphill
  EXPECT_EQ(minimise_along_direction(q).alpha, 0.0);
}

// At gamma = 200 phi' jumps by up to gamma/4 per margin: the safeguarded Newton still lands on
// phi'(alpha) ~ 0 with phi(alpha) < phi(0).
TEST(LineSearch, FindsTheMinimumAtLargeGamma) {
  const auto d = small_binary(31);
  const BinaryMarginMap map(d.X, d.y, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.001);
  Rng rng(2);
  f.set_point(testing::random_vector(rng, map.dim(), 0.3));
  std::vector<double> g(map.dim());
  for (double gamma : {1.0, 200.0, 1000.0}) {
    f.set_gamma(gamma);
    f.gradient(g);
    for (double& x : g) x = -x;
    f.set_direction(g);
    const auto ls = minimise_along_direction(f);
    ASSERT_GT(ls.alpha, 0.0);
    EXPECT_LT(ls.value, ls.value0);
    EXPECT_LE(std::fabs(f.along(ls.alpha).slope), 1e-8 * std::fabs(ls.slope0)) << gamma;
    for (double a : {0.5, 0.9, 1.1, 2.0}) EXPECT_GE(f.along(a * ls.alpha).value, ls.value);
  }
}

FitContext tracing_context() {
  FitContext ctx;
  ctx.trace_every = 1;
  return ctx;
}

// O_gamma never rises: each step minimises along d, and raising gamma lowers O_gamma at a fixed w
// (Proposition 1's monotonicity). Checked for all three directions on the default schedule.
TEST(MlrCg, ObjectiveDecreasesMonotonicallyForAllDirections) {
  const auto d = small_binary(32, 400, 150);
  for (const char* rule : {"hs", "pr", "fr"}) {
    FitContext ctx = tracing_context();
    const auto fit = fit_mlr_cg({d.X, d.y}, Params{{"direction", rule}}, ctx);
    ASSERT_EQ(ctx.trace.size(), 201u) << rule;
    for (size_t k = 1; k < ctx.trace.size(); ++k)
      EXPECT_LE(ctx.trace[k].values.at("O_gamma"),
                ctx.trace[k - 1].values.at("O_gamma") * (1 + 1e-14))
          << rule << " at step " << k;
    EXPECT_LT(ctx.trace.back().values.at("O_svm"), 0.5 * ctx.trace.front().values.at("O_svm"))
        << rule;
    EXPECT_EQ(fit.iterations, 200);
    EXPECT_EQ(fit.stop, StopReason::max_iterations);
  }
}

// Step t (1-based in the trace) ran at gamma = 1 + 10 floor((t-1)/10): 1, ..., 11, ..., 191.
TEST(MlrCg, GammaScheduleIsAlgorithm1) {
  const auto d = small_binary(33);
  FitContext ctx = tracing_context();
  const auto fit = fit_mlr_cg({d.X, d.y}, Params::object(), ctx);
  ASSERT_EQ(ctx.trace.size(), 201u);
  EXPECT_EQ(ctx.trace[0].values.at("gamma"), 1.0);
  for (size_t t = 1; t < ctx.trace.size(); ++t)
    EXPECT_EQ(ctx.trace[t].values.at("gamma"), 1.0 + 10.0 * static_cast<double>((t - 1) / 10)) << t;
  EXPECT_EQ(fit.extra.at("gamma_final").get<double>(), 191.0);
  EXPECT_EQ(fit.extra.at("gamma_blocks").get<int64_t>(), 20);
  MlrCgParams p;
  EXPECT_EQ(p.final_gamma(), 191.0);
}

// "Other criteria like the change of weight vector or objective value can also be used" (§3.3):
// checked at block ends, reported as converged.
TEST(MlrCg, OptionalStoppingRulesEndEarlyAsConverged) {
  const auto d = small_binary(34);
  FitContext ctx;
  const auto by_objective = fit_mlr_cg({d.X, d.y}, Params{{"objective_tol", 1e-2}}, ctx);
  EXPECT_EQ(by_objective.stop, StopReason::converged);
  EXPECT_LT(by_objective.iterations, 200);
  EXPECT_EQ(by_objective.iterations % 10, 0);
  const auto by_weights = fit_mlr_cg({d.X, d.y}, Params{{"weight_tol", 1e-2}}, ctx);
  EXPECT_EQ(by_weights.stop, StopReason::converged);
  EXPECT_LT(by_weights.iterations, 200);
}

TEST(MlrCg, ParameterErrorsNameTheField) {
  const auto d = small_binary(35, 20, 30);
  FitContext ctx;
  auto message = [&](const Params& params) {
    try {
      fit_mlr_cg({d.X, d.y}, params, ctx);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message({{"l", 0}}).find("'l'"), std::string::npos);
  EXPECT_NE(message({{"gamma0", -1}}).find("'gamma0'"), std::string::npos);
  EXPECT_NE(message({{"delta", -1}}).find("'delta'"), std::string::npos);
  EXPECT_NE(message({{"direction", "cd"}}).find("'direction'"), std::string::npos);
  EXPECT_NE(message({{"max_steps", 2.5}}).find("'max_steps'"), std::string::npos);
  EXPECT_NE(message({{"gama0", 2}}).find("'gama0'"), std::string::npos);
  EXPECT_NE(message({{"lambda", 0.1}, {"C", 1}}).find("lambda"), std::string::npos);
}

}  // namespace
}  // namespace linrepro
