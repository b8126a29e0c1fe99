// SGD L1-regularised logistic regression (algorithms/sgd_l1_logistic.h): the lazy O(nnz) updates
// against a dense step-by-step reference, hand-computed first steps, sparsity behaviour of the
// three penalties, determinism, the trace, and the final objective against LIBLINEAR -s 6.
#include "algorithms/sgd_l1_logistic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "algorithms/sgd_ridge.h"
#include "baselines/liblinear_adapter.h"
#include "core/error.h"
#include "sgd_fixtures.h"

namespace linrepro {
namespace {

using testing::dense_rows;
using testing::max_abs_diff;
using testing::nonzeros;
using testing::sgd_sparse_data;
using testing::visiting_order;

double sgn(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

// The report's update (Eq. 12) and Tsuruoka et al.'s penalties written the obvious way: dense beta
// = (w; b), dense x = (x; 1), the whole margin recomputed, and (naive, clipping) every weight
// penalised at every step. Cumulative is Figure 2 line by line. Shares nothing with the solver but
// the documented visiting order.
LinearModel dense_reference(const CsrMatrix& X, const std::vector<double>& y,
                            const SgdL1LogisticOptions& o, uint64_t seed) {
  const int32_t d = X.cols;
  const auto rows = dense_rows(X);
  const bool has_b = o.bias != BiasMode::none;
  std::vector<double> beta(d + 1, 0.0), q(d + 1, 0.0);
  double u = 0;
  int64_t t = 0;
  for (int32_t i : visiting_order(X.rows, seed, o.epochs)) {
    std::vector<double> x = rows[i];
    x.push_back(has_b ? 1.0 : 0.0);
    const double gamma = o.rate.schedule == RateSchedule::constant
                             ? o.rate.gamma0
                             : o.rate.gamma0 / (1.0 + o.rate.gamma0 * o.rate.a * t);
    double f = 0;
    for (int32_t j = 0; j <= d; ++j) f += beta[j] * x[j];
    const double g = gamma * y[i] / (1.0 + std::exp(y[i] * f));
    const auto penalised = [&](int32_t j) { return j < d || o.bias == BiasMode::penalized; };
    if (o.penalty == L1Penalty::cumulative) u += gamma * o.lambda;
    for (int32_t j = 0; j <= d; ++j) {
      const double delta = penalised(j) ? gamma * o.lambda : 0.0;
      switch (o.penalty) {
        case L1Penalty::naive:
          beta[j] = beta[j] + g * x[j] - delta * sgn(beta[j]);
          break;
        case L1Penalty::clipping: {
          const double h = beta[j] + g * x[j];
          beta[j] = h > 0 ? std::max(0.0, h - delta) : (h < 0 ? std::min(0.0, h + delta) : 0.0);
          break;
        }
        case L1Penalty::cumulative:
          if (x[j] == 0) break;  // only the features used in the sample
          beta[j] += g * x[j];
          if (penalised(j)) {
            const double z = beta[j];
            if (beta[j] > 0)
              beta[j] = std::max(0.0, beta[j] - (u + q[j]));
            else if (beta[j] < 0)
              beta[j] = std::min(0.0, beta[j] + (u - q[j]));
            q[j] += beta[j] - z;
          }
          break;
      }
    }
    ++t;
  }
  LinearModel m;
  m.w.assign(beta.begin(), beta.begin() + d);
  m.b = has_b ? beta[d] : 0.0;
  return m;
}

SgdL1LogisticOptions small_options(L1Penalty p, RateSchedule s, BiasMode b) {
  SgdL1LogisticOptions o;
  o.penalty = p;
  o.lambda = 0.02;
  o.rate = {s, 0.2, 0.5};  // decaying: 0.2 / (1 + 0.1 t)
  o.epochs = 25;
  o.bias = b;
  return o;
}

using L1Variant = std::tuple<L1Penalty, RateSchedule, BiasMode>;
class LazyVersusDense : public ::testing::TestWithParam<L1Variant> {};

TEST_P(LazyVersusDense, SameWeightsAsTheDenseReference) {
  const auto [penalty, schedule, bias] = GetParam();
  const auto data = sgd_sparse_data(3);
  const auto o = small_options(penalty, schedule, bias);
  const LinearModel ref = dense_reference(data.X, data.y, o, 42);
  // The run must actually exercise penalties: some weights moved, and the data is sparse.
  ASSERT_GT(nonzeros(ref), 10);
  ASSERT_LT(data.X.nnz(), data.X.rows * data.X.cols / 4);

  for (bool lazy : {true, false}) {
    auto oo = o;
    oo.lazy = lazy;
    FitContext ctx;
    ctx.seed = 42;
    const BinaryFit fit = fit_sgd_l1_logistic(data.X, data.y, oo, ctx);
    ASSERT_EQ(fit.model.w.size(), ref.w.size());
    if (!lazy && penalty == L1Penalty::cumulative) {
      // The dense form of the cumulative penalty is a different algorithm (see the header).
      EXPECT_GT(max_abs_diff(fit.model, ref), 1e-6);
      continue;
    }
    EXPECT_LE(max_abs_diff(fit.model, ref), 1e-12) << "lazy=" << lazy;
    EXPECT_EQ(fit.iterations, o.epochs * data.X.rows);
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllPenalties, LazyVersusDense,
    ::testing::Combine(
        ::testing::Values(L1Penalty::naive, L1Penalty::clipping, L1Penalty::cumulative),
        ::testing::Values(RateSchedule::constant, RateSchedule::decaying),
        ::testing::Values(BiasMode::penalized, BiasMode::unpenalized, BiasMode::none)),
    [](const ::testing::TestParamInfo<L1Variant>& info) {
      return to_string(std::get<0>(info.param)) + "_" + to_string(std::get<1>(info.param)) + "_" +
             to_string(std::get<2>(info.param)) + "_bias";
    });

// One example x = (x_0 = 1, x_2 = 0.5), y = +1, from beta = 0: beta^T x = 0, so the loss step is
// gamma y x / (1 + e^0) = 0.05 x with gamma = 0.1; the L1 step is gamma lambda = 0.03.
TEST(SgdL1Logistic, FirstStepByHand) {
  CsrMatrix X;
  X.cols = 3;
  const std::vector<int32_t> idx{0, 2};
  const std::vector<double> val{1.0, 0.5};
  X.append_row(idx, val);
  const std::vector<double> y{1.0};
  for (auto penalty : {L1Penalty::naive, L1Penalty::clipping, L1Penalty::cumulative}) {
    SgdL1LogisticOptions o;
    o.penalty = penalty;
    o.lambda = 0.3;
    o.rate = {RateSchedule::constant, 0.1, 0};
    o.epochs = 1;
    FitContext ctx;
    const auto m = fit_sgd_l1_logistic(X, y, o, ctx).model;
    if (penalty == L1Penalty::naive) {  // sign(0) = 0: no penalty on the first step
      EXPECT_DOUBLE_EQ(m.w[0], 0.05);
      EXPECT_DOUBLE_EQ(m.w[2], 0.025);
      EXPECT_DOUBLE_EQ(m.b, 0.05);
    } else {  // clipping and cumulative agree on a first step: max(0, 0.05 x - 0.03)
      EXPECT_DOUBLE_EQ(m.w[0], 0.02);
      EXPECT_EQ(m.w[2], 0.0) << to_string(penalty);  // 0.025 - 0.03 would cross zero
      EXPECT_DOUBLE_EQ(m.b, 0.02);
    }
    EXPECT_EQ(m.w[1], 0.0);
  }
}

// Labels depend on 5 features; 45 more are noise occurring as often. The cumulative penalty drives
// most noise weights to exact zeros; the naive sub-gradient leaves them oscillating around zero.
TEST(SgdL1Logistic, CumulativeGivesExactZerosNaiveDoesNot) {
  Rng rng(5);
  std::bernoulli_distribution on(0.3);
  std::normal_distribution<double> noise(0, 0.3);
  CsrMatrix X;
  X.cols = 50;
  std::vector<double> y;
  const double w_true[5] = {2, -2, 1.5, -1.5, 1};
  for (int i = 0; i < 400; ++i) {
    std::vector<int32_t> idx;
    std::vector<double> val;
    double s = noise(rng);
    for (int32_t j = 0; j < 50; ++j)
      if (on(rng)) {
        idx.push_back(j);
        val.push_back(1.0);
        if (j < 5) s += w_true[j];
      }
    X.append_row(idx, val);
    y.push_back(s > 0.5 ? 1.0 : -1.0);
  }
  auto zeros_of = [&](L1Penalty p) {
    SgdL1LogisticOptions o;
    o.penalty = p;
    o.lambda = 0.01;
    o.rate = {RateSchedule::constant, 0.05, 0};
    o.epochs = 30;
    FitContext ctx;
    ctx.seed = 9;
    const auto fit = fit_sgd_l1_logistic(X, y, o, ctx);
    for (int j = 0; j < 5; ++j) EXPECT_NE(fit.model.w[j], 0.0) << "relevant weight " << j;
    return fit.extra["zeros"].get<int64_t>();
  };
  EXPECT_GE(zeros_of(L1Penalty::cumulative), 30);
  EXPECT_LE(zeros_of(L1Penalty::naive), 1);
}

// With lambda > 1 the L1 step gamma lambda exceeds every loss step gamma |y x / (1 + e^m)| <= gamma
// (binary x), so a clipped weight would have to cross zero to be nonzero: clipping keeps every
// weight at exactly zero, while the naive update oscillates around zero.
TEST(SgdL1Logistic, ClippingNeverCrossesZero) {
  auto data = sgd_sparse_data(8);
  for (double& v : data.X.values) v = 1.0;
  SgdL1LogisticOptions o;
  o.lambda = 1.5;
  o.rate = {RateSchedule::constant, 0.1, 0};
  o.epochs = 5;
  o.penalty = L1Penalty::clipping;
  FitContext ctx;
  ctx.trace_every = 1;
  const auto clipped = fit_sgd_l1_logistic(data.X, data.y, o, ctx);
  EXPECT_EQ(nonzeros(clipped.model), 0);
  EXPECT_EQ(clipped.model.b, 0.0);
  for (const auto& p : ctx.trace) EXPECT_EQ(p.values.at("zeros"), data.X.cols + 1.0);

  o.penalty = L1Penalty::naive;
  FitContext ctx2;
  const auto naive = fit_sgd_l1_logistic(data.X, data.y, o, ctx2);
  EXPECT_GT(nonzeros(naive.model), data.X.cols / 2);
  for (double w : naive.model.w) EXPECT_LE(std::abs(w), 0.1 * (1 + 1.5) + 1e-12);
}

TEST(SgdL1Logistic, SeedDeterminesTheRun) {
  const auto data = sgd_sparse_data(4);
  auto o = small_options(L1Penalty::cumulative, RateSchedule::constant, BiasMode::penalized);
  auto run = [&](uint64_t seed) {
    FitContext ctx;
    ctx.seed = seed;
    return fit_sgd_l1_logistic(data.X, data.y, o, ctx).model;
  };
  const auto a = run(1), b = run(1), c = run(2);
  EXPECT_EQ(a.w, b.w);
  EXPECT_EQ(a.b, b.b);
  EXPECT_GT(max_abs_diff(a, c), 1e-6);  // another seed visits the examples in another order
}

TEST(SgdL1Logistic, TraceRecordsTheReportQuantitiesWithoutChangingTheRun) {
  const auto data = sgd_sparse_data(6);
  const auto test = sgd_sparse_data(7);
  for (auto penalty : {L1Penalty::naive, L1Penalty::clipping, L1Penalty::cumulative}) {
    auto o = small_options(penalty, RateSchedule::constant, BiasMode::penalized);
    FitContext plain;
    const auto untraced = fit_sgd_l1_logistic(data.X, data.y, o, plain);
    FitContext ctx;
    ctx.trace_every = 100;
    const SgdMonitor monitor{&test.X, test.y};
    const auto fit = fit_sgd_l1_logistic(data.X, data.y, o, ctx, &monitor);
    EXPECT_EQ(fit.model.w, untraced.model.w);
    EXPECT_TRUE(plain.trace.empty());
    const int64_t updates = o.epochs * data.X.rows;  // 1500: points at 0, 100, ..., 1500
    ASSERT_EQ(ctx.trace.size(), static_cast<size_t>(updates / 100 + 1));
    EXPECT_EQ(ctx.trace.back().iteration, updates);
    const auto& last = ctx.trace.back().values;
    EXPECT_DOUBLE_EQ(last.at("objective"), fit.objective);
    EXPECT_DOUBLE_EQ(last.at("train_error"), error_rate(fit.model, data.X, data.y));
    EXPECT_DOUBLE_EQ(last.at("test_error"), error_rate(fit.model, test.X, test.y));
    EXPECT_EQ(last.at("zeros"), fit.extra["zeros"].get<double>());
    // The objective falls from log 2 at beta = 0.
    EXPECT_NEAR(ctx.trace.front().values.at("objective"), std::log(2.0), 1e-15);
    EXPECT_LT(last.at("objective"), std::log(2.0) - 0.02);
  }
}

TEST(SgdL1Logistic, TheRegistryTracesTheContextsHeldOutSet) {
  const auto data = sgd_sparse_data(6);
  const auto test = sgd_sparse_data(7);
  const auto o = small_options(L1Penalty::cumulative, RateSchedule::constant, BiasMode::penalized);
  FitContext direct;
  direct.trace_every = 100;
  const SgdMonitor monitor{&test.X, test.y};
  fit_sgd_l1_logistic(data.X, data.y, o, direct, &monitor);
  FitContext via;
  via.trace_every = 100;
  via.held_out = {&test.X, test.y};
  const Params params = {{"penalty", "cumulative"}, {"lambda", o.lambda}, {"gamma", o.rate.gamma0},
                         {"schedule", "constant"},  {"epochs", o.epochs}, {"bias", "penalized"}};
  sgd_l1_logistic_solver_info().fit_binary({data.X, data.y}, params, via);
  ASSERT_EQ(via.trace.size(), direct.trace.size());
  EXPECT_TRUE(via.trace.back().values.contains("test_error"));
  EXPECT_EQ(via.trace.back().values, direct.trace.back().values);
}

// LIBLINEAR -s 6 solves   min ||w||_1 + C sum_i log(1 + e^{-y_i w.x_i})   exactly (newGLMNET).
// Dividing Eq. 10 by lambda gives ||beta||_1 + (1/(lambda N)) sum loss, so both have the same
// minimiser when C = 1/(lambda N); LIBLINEAR 2.3's -B 1 bias is a penalised weight on a constant
// feature, which is exactly the report's beta = (b; w), x = (1; x).
// Tolerance: SGD with step gamma on a convex objective whose per-example (sub)gradients are bounded
// by G stays above the optimum by a noise floor of order gamma G^2 / 2 (the step-size term of the
// standard bound F - F* <= D^2 / (2 gamma T) + gamma G^2 / 2). With the decaying rate the last
// steps are gamma_T, and here ||grad_i|| <= ||(x_i; 1)|| + lambda sqrt(d + 1), so we allow
// gamma_T * mean_i G_i^2 / 2 (about 1e-3, 0.2% of F*) and check we are not below the exact minimum.
TEST(SgdL1Logistic, ObjectiveMatchesLiblinearL1LogisticRegression) {
  const auto data = sgd_sparse_data(12, 300, 30, 6);
  const double lambda = 0.01;
  const int64_t n = data.X.rows;

  SolverInfo s6;
  for (auto& info : liblinear_solver_infos())
    if (info.name == "liblinear-s6") s6 = info;
  ASSERT_TRUE(s6.fit_binary) << "liblinear-s6 is not registered";
  FitContext lctx;
  const LinearModel lib =
      s6.fit_binary({data.X, data.y}, {{"C", 1.0 / (lambda * n)}, {"bias", 1.0}, {"eps", 1e-8}},
                    lctx)
          .model;
  const double F_star = sgd_l1_logistic_objective(lib, data.X, data.y, lambda, BiasMode::penalized);
  ASSERT_GE(count_zero_weights(lib, BiasMode::penalized), 3);  // the L1 term is active

  SgdL1LogisticOptions o;
  o.lambda = lambda;
  o.rate = {RateSchedule::decaying, 0.1, 0.05};
  o.epochs = 400;
  const double gamma_T = o.rate.at(o.epochs * n);
  double G2 = 0;
  for (int32_t i = 0; i < data.X.rows; ++i) {
    const double G = std::sqrt(data.X.row_squared_norm(i) + 1) + lambda * std::sqrt(31.0);
    G2 += G * G / n;
  }
  const double floor = gamma_T * G2 / 2;
  for (auto penalty : {L1Penalty::naive, L1Penalty::clipping, L1Penalty::cumulative}) {
    o.penalty = penalty;
    FitContext ctx;
    ctx.seed = 3;
    const auto fit = fit_sgd_l1_logistic(data.X, data.y, o, ctx);
    EXPECT_GE(fit.objective, F_star - 1e-6) << to_string(penalty);
    EXPECT_LE(fit.objective - F_star, floor) << to_string(penalty) << " F* " << F_star;
    // The cumulative penalty's exact zeros are the exact minimiser's (10 here); the naive update
    // has none and clipping (whose small late steps cannot absorb the noise) almost none.
    if (penalty == L1Penalty::cumulative) {
      EXPECT_NEAR(fit.extra["zeros"].get<double>(), count_zero_weights(lib, BiasMode::penalized),
                  1);
    }
  }
}

TEST(SgdL1Logistic, ParametersAndErrors) {
  const auto o = read_sgd_l1_logistic_options(
      {{"penalty", "clipping"}, {"C", 2.0}, {"schedule", "decaying"}, {"epochs", 3}}, 500);
  EXPECT_EQ(o.penalty, L1Penalty::clipping);
  EXPECT_DOUBLE_EQ(o.lambda, 1.0 / (2.0 * 500));  // LIBLINEAR -s 6 convention
  EXPECT_EQ(o.rate.schedule, RateSchedule::decaying);
  EXPECT_EQ(o.epochs, 3);
  const auto defaults = read_sgd_l1_logistic_options(nullptr, 10);
  EXPECT_EQ(defaults.lambda, 1e-4);                             // the report's Table 1
  EXPECT_EQ(defaults.rate.schedule, RateSchedule::calibrated);  // no gamma given (issue 19)
  EXPECT_EQ(defaults.epochs, 200);
  EXPECT_EQ(defaults.bias, BiasMode::penalized);
  const auto report = read_sgd_l1_logistic_options({{"gamma", 0.001}}, 10);
  EXPECT_EQ(report.rate.gamma0, 0.001);
  EXPECT_EQ(report.rate.schedule, RateSchedule::constant);  // the report's Table 1
  EXPECT_EQ(read_sgd_l1_logistic_options({{"schedule", "constant"}}, 10).rate.gamma0, 0.001);
  EXPECT_THROW(read_sgd_l1_logistic_options({{"gamma", 0.1}, {"schedule", "calibrated"}}, 10),
               ConfigError);
  EXPECT_THROW(read_sgd_l1_logistic_options({{"lambda", 1.0}, {"C", 1.0}}, 10), ConfigError);
  EXPECT_THROW(read_sgd_l1_logistic_options({{"penalty", "l2"}}, 10), ConfigError);
  EXPECT_THROW(read_sgd_l1_logistic_options({{"learning_rate", 0.1}}, 10), ConfigError);

  const auto data = sgd_sparse_data(1);
  FitContext ctx;
  std::vector<double> bad = data.y;
  bad[3] = 0;
  EXPECT_THROW(fit_sgd_l1_logistic(data.X, bad, {}, ctx), ConfigError);
  const std::vector<double> short_y(data.y.begin(), data.y.begin() + 10);
  const SgdMonitor monitor{&data.X, short_y};
  EXPECT_THROW(fit_sgd_l1_logistic(data.X, data.y, {}, ctx, &monitor), ConfigError);
}

TEST(SgdL1Logistic, RegisteredSolverFitsThroughItsParameters) {
  const auto info = sgd_l1_logistic_solver_info();
  EXPECT_EQ(info.name, "sgd-l1-logistic");
  const auto data = sgd_sparse_data(2);
  FitContext a, b;
  const auto via_registry = info.fit_binary(
      {data.X, data.y},
      {{"penalty", "naive"}, {"gamma", 0.2}, {"lambda", 0.02}, {"decay", 0.5}, {"epochs", 25}}, a);
  const auto direct = fit_sgd_l1_logistic(
      data.X, data.y, small_options(L1Penalty::naive, RateSchedule::constant, BiasMode::penalized),
      b);
  EXPECT_EQ(via_registry.model.w, direct.model.w);
  EXPECT_EQ(via_registry.extra["penalty"], "naive");
}

}  // namespace
}  // namespace linrepro

namespace linrepro {
namespace {

// Issue 19 item 2: without a gamma the rate is calibrated on the data (Bottou's heuristic), so its
// scale follows the rows': the report's gamma = 0.001 underfits long or unit-length text rows.
TEST(SgdCalibratedRate, FollowsTheScaleOfTheRowsAndBeatsTheReportsDefault) {
  const auto data = testing::sgd_sparse_data(21, 400, 200, 20);
  CsrMatrix longer = data.X;
  for (double& v : longer.values) v *= 10;
  auto fit = [](const CsrMatrix& X, std::span<const double> y, const Params& p) {
    FitContext ctx;
    ctx.seed = 3;
    return fit_sgd_l1_logistic(X, y, read_sgd_l1_logistic_options(p, X.rows), ctx);
  };
  const BinaryFit unit = fit(data.X, data.y, {{"epochs", 5}});
  const BinaryFit scaled = fit(longer, data.y, {{"epochs", 5}});
  EXPECT_EQ(unit.extra["schedule"], "calibrated");
  const double g = unit.extra["gamma0"].get<double>(), g10 = scaled.extra["gamma0"].get<double>();
  EXPECT_EQ(std::exp2(std::round(std::log2(g))), g) << "a power of 2 from 1";
  EXPECT_LE(g10 * 10, g) << "rows 10x longer: a rate at least 10x smaller";
  // The same epochs at the report's gamma land far above the calibrated objective.
  const BinaryFit report = fit(data.X, data.y, {{"epochs", 5}, {"gamma", 0.001}});
  EXPECT_LT(unit.objective, 0.9 * report.objective);
}

TEST(SgdCalibratedRate, RidgeToo) {
  const auto data = testing::sgd_sparse_data(22, 400, 200, 20);
  FitContext ctx;
  const BinaryFit fit =
      fit_sgd_ridge(data.X, data.y, read_sgd_ridge_options({{"epochs", 5}}, 400), ctx);
  EXPECT_EQ(fit.extra["schedule"], "calibrated");
  EXPECT_GT(fit.extra["gamma0"].get<double>(), 0);
  EXPECT_LT(2 * fit.extra["gamma0"].get<double>() * 1e-4, 1);  // Eq. 16's decay factor positive
  EXPECT_TRUE(std::isfinite(fit.objective));
}

}  // namespace
}  // namespace linrepro
