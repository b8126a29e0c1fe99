// SGD ridge regression used as a classifier (algorithms/sgd_ridge.h): the lazy w = s v scaling
// against dense Eq. 16, the closed-form ridge solution, determinism and parameter checks.
#include "algorithms/sgd_ridge.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <tuple>

#include "core/error.h"
#include "sgd_fixtures.h"

namespace linrepro {
namespace {

using testing::dense_rows;
using testing::max_abs_diff;
using testing::nonzeros;
using testing::sgd_sparse_data;
using testing::visiting_order;

// Eq. 16 written plainly: w <- (1 - 2 gamma lambda) w + 2 gamma (y - w.x) x over all weights, with
// the intercept as weight d on a constant feature (penalised) or outside the decay (unpenalised).
LinearModel dense_reference(const CsrMatrix& X, const std::vector<double>& y,
                            const SgdRidgeOptions& o, uint64_t seed) {
  const int32_t d = X.cols;
  const auto rows = dense_rows(X);
  std::vector<double> w(d, 0.0);
  double b = 0;
  int64_t t = 0;
  for (int32_t i : visiting_order(X.rows, seed, o.epochs)) {
    const double gamma = o.rate.schedule == RateSchedule::constant
                             ? o.rate.gamma0
                             : o.rate.gamma0 / (1.0 + o.rate.gamma0 * o.rate.a * t);
    double f = b;
    for (int32_t j = 0; j < d; ++j) f += w[j] * rows[i][j];
    const double r = y[i] - f;
    for (int32_t j = 0; j < d; ++j)
      w[j] = (1 - 2 * gamma * o.lambda) * w[j] + 2 * gamma * r * rows[i][j];
    if (o.bias == BiasMode::penalized) b = (1 - 2 * gamma * o.lambda) * b + 2 * gamma * r;
    if (o.bias == BiasMode::unpenalized) b += 2 * gamma * r;
    ++t;
  }
  return {w, b};
}

using RidgeVariant = std::tuple<RateSchedule, BiasMode, double>;  // schedule, bias, lambda
class RidgeLazyVersusDense : public ::testing::TestWithParam<RidgeVariant> {};

TEST_P(RidgeLazyVersusDense, SameWeightsAsDenseEq16) {
  const auto [schedule, bias, lambda] = GetParam();
  const auto data = sgd_sparse_data(21);
  SgdRidgeOptions o;
  o.lambda = lambda;
  o.rate = {schedule, 0.02, 0.5};
  o.epochs = 30;
  o.bias = bias;
  const auto ref = dense_reference(data.X, data.y, o, 77);
  ASSERT_GT(nonzeros(ref), 10);
  for (bool lazy : {true, false}) {
    o.lazy = lazy;
    FitContext ctx;
    ctx.seed = 77;
    const auto fit = fit_sgd_ridge(data.X, data.y, o, ctx);
    EXPECT_LE(max_abs_diff(fit.model, ref), 1e-12) << "lazy=" << lazy;
  }
}

// lambda = 5 shrinks w by 1 - 2 * 0.02 * 5 = 0.8 per step, so s passes 1e-9 after ~93 steps and
// the renormalisation path runs many times in 1800 updates.
INSTANTIATE_TEST_SUITE_P(
    Variants, RidgeLazyVersusDense,
    ::testing::Combine(::testing::Values(RateSchedule::constant, RateSchedule::decaying),
                       ::testing::Values(BiasMode::penalized, BiasMode::unpenalized,
                                         BiasMode::none),
                       ::testing::Values(0.01, 5.0)),
    [](const ::testing::TestParamInfo<RidgeVariant>& info) {
      return to_string(std::get<0>(info.param)) + "_" + to_string(std::get<1>(info.param)) +
             (std::get<2>(info.param) < 1 ? "_bias_small_lambda" : "_bias_large_lambda");
    });

// On a tiny dense problem Eq. 14 has the closed form (X^T X / N + lambda I) w* = X^T y / N (with
// x = (x; 1) for the penalised intercept). SGD with a small constant step gamma does not converge
// to w* but fluctuates around it: for a quadratic with Hessian H the iterates' covariance C solves
// H C + C H = gamma S, S the covariance of the per-example gradients at w*, so the expected excess
// objective is tr(H C) / 2 = gamma tr(S) / 4 (sampling with replacement; the solver's per-epoch
// reshuffling only lowers it). We compute that floor and allow 5 times it (a single iterate's
// excess is a weighted chi-square with that mean). lambda = 0.5 makes the penalty matter, so a
// wrong lambda or gradient factor moves the minimiser far outside that band. F is mu-strongly
// convex with mu = the smallest eigenvalue of the Hessian 2 H, so ||w - w*||^2 <= 2 (F(w) - F*) /
// mu bounds the weights' distance by the same band.
TEST(SgdRidge, ApproachesTheClosedFormRidgeSolution) {
  Rng rng(31);
  std::normal_distribution<double> gauss(0, 1);
  const int n = 80, d = 5;
  CsrMatrix X;
  X.cols = d;
  std::vector<double> y;
  for (int i = 0; i < n; ++i) {
    std::vector<int32_t> idx{0, 1, 2, 3, 4};
    std::vector<double> val(d);
    double s = 0.3;
    for (int j = 0; j < d; ++j) s += (j + 1) * 0.2 * (val[j] = gauss(rng));
    X.append_row(idx, val);
    y.push_back(s + 0.5 * gauss(rng) > 0 ? 1.0 : -1.0);
  }
  const double lambda = 0.5;
  Eigen::MatrixXd A(n, d + 1);
  Eigen::VectorXd Y(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < d; ++j) A(i, j) = X.values[i * d + j];
    A(i, d) = 1.0;
    Y(i) = y[i];
  }
  const Eigen::MatrixXd H =
      A.transpose() * A / n + lambda * Eigen::MatrixXd::Identity(d + 1, d + 1);
  const Eigen::VectorXd w_star = H.ldlt().solve(A.transpose() * Y / n);
  LinearModel star{std::vector<double>(w_star.data(), w_star.data() + d), w_star(d)};
  const double F_star = sgd_ridge_objective(star, X, y, lambda, BiasMode::penalized);

  SgdRidgeOptions o;
  o.lambda = lambda;
  o.rate = {RateSchedule::constant, 1e-4, 0};
  o.epochs = 20000;
  double trace_S = 0;  // E ||grad_i(w*)||^2, grad_i = -2 r_i x_i + 2 lambda w*
  for (int i = 0; i < n; ++i) {
    const double r = Y(i) - A.row(i).dot(w_star);
    trace_S += (-2 * r * A.row(i).transpose() + 2 * lambda * w_star).squaredNorm() / n;
  }
  const double floor = o.rate.gamma0 * trace_S / 4;
  FitContext ctx;
  ctx.seed = 5;
  const auto fit = fit_sgd_ridge(X, y, o, ctx);
  EXPECT_GE(fit.objective, F_star - 1e-12);
  EXPECT_LE(fit.objective - F_star, 5 * floor) << "floor " << floor << " F* " << F_star;
  const double mu = 2 * Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(H).eigenvalues().minCoeff();
  double dist2 = (fit.model.b - star.b) * (fit.model.b - star.b);
  for (int j = 0; j < d; ++j) dist2 += std::pow(fit.model.w[j] - star.w[j], 2);
  EXPECT_LE(std::sqrt(dist2), std::sqrt(2 * 5 * floor / mu));
  // With a step 100 times larger the iterate stays farther from w*.
  o.rate.gamma0 = 1e-2;
  FitContext ctx2;
  ctx2.seed = 5;
  EXPECT_GT(fit_sgd_ridge(X, y, o, ctx2).objective - F_star, fit.objective - F_star);
}

TEST(SgdRidge, SeedDeterminesTheRun) {
  const auto data = sgd_sparse_data(22);
  SgdRidgeOptions o;
  o.rate = {RateSchedule::decaying, 0.05, 0.1};
  o.epochs = 10;
  auto run = [&](uint64_t seed) {
    FitContext ctx;
    ctx.seed = seed;
    return fit_sgd_ridge(data.X, data.y, o, ctx).model;
  };
  const auto a = run(1), b = run(1), c = run(2);
  EXPECT_EQ(a.w, b.w);
  EXPECT_GT(max_abs_diff(a, c), 1e-6);
}

TEST(SgdRidge, TraceAndParameters) {
  const auto data = sgd_sparse_data(23);
  const auto test = sgd_sparse_data(24);
  SgdRidgeOptions o;
  o.rate = {RateSchedule::decaying, 0.05, 0.1};
  o.epochs = 10;
  FitContext ctx;
  ctx.trace_every = 60;
  const SgdMonitor monitor{&test.X, test.y};
  const auto fit = fit_sgd_ridge(data.X, data.y, o, ctx, &monitor);
  ASSERT_EQ(ctx.trace.size(), 11u);
  EXPECT_DOUBLE_EQ(ctx.trace.front().values.at("objective"), 1.0);  // (1/N) sum y^2 at w = 0
  EXPECT_DOUBLE_EQ(ctx.trace.back().values.at("objective"), fit.objective);
  EXPECT_LT(fit.objective, 1.0);
  EXPECT_DOUBLE_EQ(ctx.trace.back().values.at("test_error"), error_rate(fit.model, test.X, test.y));

  const auto r = read_sgd_ridge_options({{"C", 0.5}, {"epochs", 7}, {"gamma", 0.001}}, 100);
  EXPECT_DOUBLE_EQ(r.lambda, 1.0 / (2 * 0.5 * 100));   // SVM convention, solvers/regularization.h
  EXPECT_EQ(r.rate.schedule, RateSchedule::decaying);  // the report's Table 5, with a gamma
  EXPECT_EQ(read_sgd_ridge_options({{"epochs", 7}}, 100).rate.schedule, RateSchedule::calibrated);
  EXPECT_EQ(r.rate.gamma0, 0.001);
  EXPECT_EQ(r.rate.a, 0.003);
  EXPECT_EQ(r.epochs, 7);
  EXPECT_THROW(read_sgd_ridge_options({{"penalty", "naive"}}, 10), ConfigError);
  SgdRidgeOptions bad;
  bad.lambda = 10;
  bad.rate.gamma0 = 0.1;  // 2 gamma lambda = 2: the decay factor would be negative
  FitContext c2;
  EXPECT_THROW(fit_sgd_ridge(data.X, data.y, bad, c2), ConfigError);

  const auto info = sgd_ridge_solver_info();
  EXPECT_EQ(info.name, "sgd-ridge");
  FitContext c3, c4;
  const auto via =
      info.fit_binary({data.X, data.y}, {{"gamma", 0.05}, {"decay", 0.1}, {"epochs", 10}}, c3);
  EXPECT_EQ(via.model.w, fit_sgd_ridge(data.X, data.y, o, c4).model.w);
  // Through the registry, the context's held-out set is the monitor: the same trace, test error
  // included (the SGD report fits every method this way).
  FitContext c5;
  c5.trace_every = 60;
  c5.held_out = {&test.X, test.y};
  info.fit_binary({data.X, data.y}, {{"gamma", 0.05}, {"decay", 0.1}, {"epochs", 10}}, c5);
  ASSERT_EQ(c5.trace.size(), ctx.trace.size());
  EXPECT_EQ(c5.trace.back().values, ctx.trace.back().values);
}

}  // namespace
}  // namespace linrepro
