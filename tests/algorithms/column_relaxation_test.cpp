// The column relaxation skeleton of Zhang & Oles 2001 (algorithms/column_relaxation.h) with the
// three losses of Algorithms 2-4: the trust region is obeyed and updated as written, every
// coordinate step lowers the function minimised in its iteration, the objective (12) never rises
// across iterations, the curvature bounds F_k really bound f'', the optional stopping rule, the
// regularised constant feature, and the registered solvers' parameters.
#include "algorithms/column_relaxation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "algorithms/clg.h"
#include "algorithms/cls.h"
#include "algorithms/cmls.h"
#include "column_relaxation_fixtures.h"
#include "core/error.h"
#include "solvers/regularization.h"

namespace linrepro {
namespace {

using testing::fit_named;
using testing::zo_problem;

struct Problem {
  SyntheticData data;
  CsrMatrix Xa;  // with the constant feature A = 1
  CscMatrix Z;   // diag(y) Xa by columns
};

Problem make_problem(uint64_t seed, int32_t rows = 120, int32_t features = 50) {
  Problem p{zo_problem(seed, rows, features, true), {}, {}};
  p.Xa = p.data.X.with_bias_column(1.0);
  p.Z = signed_columns(p.Xa, p.data.y);
  return p;
}

template <class Loss>
double iteration_objective(const Loss& loss, std::span<const double> r, std::span<const double> w,
                           double lambda) {
  return regularized_objective(r, w, lambda, [&](double ri) { return loss.f_k(ri); });
}

// Each step obeys |Dw_j| <= D_j with Dw_j = clamp(Dv_j), and D_j is then 2|Dw_j| + epsilon.
template <class Loss>
void expect_trust_region_kept(Loss loss) {
  const Problem p = make_problem(3);
  ColumnRelaxationOptions o;
  o.K = 15;
  o.epsilon = 0.01;  // small, so that the bound binds often
  o.initial_delta = 0.02;
  std::vector<double> expected(p.Z.cols, o.initial_delta);
  int64_t steps = 0, clamped = 0;
  FitContext ctx;
  run_column_relaxation(p.Z, 1e-3, loss, o, ctx, [&](const ColumnStep& s) {
    ++steps;
    EXPECT_EQ(s.Delta_j, expected[s.j]) << "k " << s.k << " j " << s.j;
    EXPECT_LE(std::fabs(s.delta_w), s.Delta_j);
    EXPECT_EQ(s.delta_w, std::clamp(s.delta_v, -s.Delta_j, s.Delta_j));
    clamped += s.delta_w != s.delta_v;
    expected[s.j] = 2 * std::fabs(s.delta_w) + o.epsilon;
  });
  EXPECT_EQ(steps, o.K * p.Z.cols);
  EXPECT_GT(clamped, 10) << "the bound never bound: the test would not see a violation";
}

TEST(ColumnRelaxation, TrustRegionBoundIsKeptAndUpdatedCmls) {
  expect_trust_region_kept(ModifiedLeastSquaresLoss{});
}
TEST(ColumnRelaxation, TrustRegionBoundIsKeptAndUpdatedClg) {
  expect_trust_region_kept(LogisticLoss{});
}

TEST(ColumnRelaxation, LeastSquaresSolvesEachCoordinateExactly) {
  // Algorithm 2: no bound, and after column j's step the objective's partial derivative in w_j is
  // 0.
  const Problem p = make_problem(4);
  const double lambda = 1e-3, n = p.Z.rows;
  FitContext ctx;
  LeastSquaresLoss loss;
  ColumnRelaxationOptions o;
  o.K = 3;
  int64_t checked = 0;
  run_column_relaxation(p.Z, lambda, loss, o, ctx, [&](const ColumnStep& s) {
    EXPECT_TRUE(std::isinf(s.Delta_j));
    EXPECT_EQ(s.delta_w, s.delta_v);
    double partial = 2 * lambda * s.w[s.j];
    const auto rows = p.Z.col_indices(s.j);
    const auto z = p.Z.col_values(s.j);
    for (size_t t = 0; t < rows.size(); ++t) partial += 2 * (s.r[rows[t]] - 1) * z[t] / n;
    EXPECT_NEAR(partial, 0, 1e-12);
    ++checked;
  });
  EXPECT_EQ(checked, 3 * p.Z.cols);
}

// Every coordinate step lowers the function minimised in its iteration (f_k: CMLS's continuation),
// and r stays w^T x_i y_i.
template <class Loss>
void expect_every_step_descends(Loss loss, double lambda) {
  const Problem p = make_problem(5);
  ColumnRelaxationOptions o;
  o.K = 60;  // CMLS: past c_k = 0 at k = 50
  int64_t k_seen = 0, rises = 0;
  std::vector<double> last_r(p.Z.rows, 0.0), last_w(p.Z.cols, 0.0);  // the state before the step
  FitContext ctx;
  Loss probe = loss;
  const auto res = run_column_relaxation(p.Z, lambda, loss, o, ctx, [&](const ColumnStep& s) {
    if (s.k != k_seen) {  // a new iteration: f_k may have changed
      k_seen = s.k;
      probe.begin_iteration(s.k, o.K);
    }
    const double before = iteration_objective(probe, last_r, last_w, lambda);
    const double now = iteration_objective(probe, s.r, s.w, lambda);
    rises += now > before + 1e-13 * std::fabs(before);
    EXPECT_LE(now, before + 1e-13 * std::fabs(before)) << "k " << s.k << " j " << s.j;
    last_r.assign(s.r.begin(), s.r.end());
    last_w.assign(s.w.begin(), s.w.end());
  });
  EXPECT_EQ(rises, 0);
  std::vector<double> r(p.Xa.rows);
  for (int32_t i = 0; i < p.Xa.rows; ++i) r[i] = p.data.y[i] * p.Xa.row_dot(i, res.w);
  for (int32_t i = 0; i < p.Xa.rows; ++i) EXPECT_NEAR(res.r[i], r[i], 1e-10);
}

TEST(ColumnRelaxation, EveryStepDescendsCls) {
  expect_every_step_descends(LeastSquaresLoss{}, 1e-3);
}
TEST(ColumnRelaxation, EveryStepDescendsCmls) {
  expect_every_step_descends(ModifiedLeastSquaresLoss{}, 1e-3);
}
TEST(ColumnRelaxation, EveryStepDescendsClg) { expect_every_step_descends(LogisticLoss{}, 1e-4); }

std::vector<TracePoint> traced_fit(const std::string& name, const SyntheticData& d, Params params) {
  FitContext ctx;
  ctx.trace_every = 1;
  testing::zo_registry().fit_binary(name, {d.X, d.y}, params, ctx);
  return ctx.trace;
}

TEST(ColumnRelaxation, ObjectiveNeverRisesAcrossIterations) {
  const auto d = zo_problem(6, 200, 80, true);
  for (const char* name : {"cls", "clg"}) {
    const auto trace = traced_fit(name, d, {{"K", 80}});
    ASSERT_EQ(trace.size(), 81u) << name;
    for (size_t t = 1; t < trace.size(); ++t)
      EXPECT_LE(trace[t].values.at("objective"), trace[t - 1].values.at("objective") * (1 + 1e-14))
          << name << " iteration " << t;
    EXPECT_LT(trace.back().values.at("objective"), 0.5 * trace.front().values.at("objective"));
  }
  // CMLS: the continuation objective (loss f_{c_k}) never rises; h's objective (12) need not fall
  // while c_k > 0 (w then minimises another function), but never rises once c_k = 0.
  const auto trace = traced_fit("cmls", d, {{"K", 80}});
  ASSERT_EQ(trace.size(), 81u);
  for (size_t t = 2; t < trace.size(); ++t) {
    const auto& now = trace[t].values;
    const auto& before = trace[t - 1].values;
    EXPECT_LE(now.at("objective_k"), before.at("objective_k") * (1 + 1e-14)) << t;
    if (before.at("c_k") == 0) {
      EXPECT_LE(now.at("objective"), before.at("objective") * (1 + 1e-14)) << t;
    }
  }
  EXPECT_EQ(trace[50].values.at("c_k"), 0.0);
  EXPECT_DOUBLE_EQ(trace[1].values.at("c_k"), 0.98);  // §4.1: c_k = max(0, 1 - k/50)
}

TEST(ColumnRelaxation, ContinuationScheduleEndsAtZero) {
  ModifiedLeastSquaresLoss loss;
  loss.begin_iteration(25, 100);
  EXPECT_DOUBLE_EQ(loss.c_k, 0.5);
  loss.begin_iteration(50, 100);
  EXPECT_EQ(loss.c_k, 0.0);
  loss.begin_iteration(5, 10);  // K < 50: c_k = 1 - k/K, so that c_K = 0 (Algorithm 3)
  EXPECT_DOUBLE_EQ(loss.c_k, 0.5);
  loss.begin_iteration(10, 10);
  EXPECT_EQ(loss.c_k, 0.0);
  loss.L = 0;  // no continuation
  loss.begin_iteration(1, 100);
  EXPECT_EQ(loss.c_k, 0.0);
}

// F_k(r, reach) >= f_k''(r + dr) for |dr| <= reach, and C_k = f_k' (central differences).
template <class Loss, class SecondDerivative>
void expect_curvature_bound(Loss loss, SecondDerivative f2) {
  for (double r : {-30.0, -4.0, -1.0, 0.0, 0.5, 0.99, 1.0, 1.01, 2.0, 6.0, 40.0}) {
    for (double reach : {0.0, 0.01, 0.3, 1.0, 3.0, 50.0}) {
      const double F = loss.F_k(r, reach);
      for (int t = -100; t <= 100; ++t) {
        const double x = r + reach * t / 100.0;
        EXPECT_GE(F, f2(x) * (1 - 1e-12)) << "r " << r << " reach " << reach << " x " << x;
      }
    }
    const double h = 1e-6;
    if (std::fabs(r - 1) > 2 * h) {
      EXPECT_NEAR(loss.C_k(r), (loss.f_k(r + h) - loss.f_k(r - h)) / (2 * h),
                  1e-6 * (1 + std::fabs(loss.C_k(r))))
          << r;
    }
  }
}

TEST(ColumnRelaxation, CurvatureBoundsCoverTheSecondDerivative) {
  LogisticLoss clg;
  expect_curvature_bound(clg, [](double x) { return 1 / (2 + std::exp(x) + std::exp(-x)); });
  EXPECT_NEAR(clg.F_k(0.7, 0), 1 / (2 + std::exp(0.7) + std::exp(-0.7)), 1e-15);  // tight at 0
  EXPECT_EQ(clg.F_k(0, 5), 0.25);
  EXPECT_GT(clg.F_k(-300, 0), 0.0);  // e^-300: no overflow of e^300 to inf / NaN far out
  EXPECT_FALSE(std::isnan(clg.F_k(-800, 900)));
  EXPECT_EQ(clg.C_k(800), -0.0);
  EXPECT_EQ(clg.C_k(-800), -1.0);
  EXPECT_NEAR(clg.f(-800), 800, 1e-9);
  for (int64_t k : {1, 30, 50}) {
    ModifiedLeastSquaresLoss cmls;
    cmls.begin_iteration(k, 100);
    const double c = cmls.c_k;
    expect_curvature_bound(cmls, [c](double x) { return x <= 1 ? 2.0 : 2 * c; });
  }
}

TEST(ColumnRelaxation, StoppingRuleEndsTheRunAtTheFirstSmallChange) {
  const auto d = zo_problem(7, 200, 80);
  FitContext ctx;
  ctx.trace_every = 1;
  const auto fit =
      testing::zo_registry().fit_binary("clg", {d.X, d.y}, {{"K", 1000}, {"stop_rule", true}}, ctx);
  EXPECT_EQ(fit.stop, StopReason::converged);
  ASSERT_LT(fit.iterations, 1000);
  ASSERT_EQ(ctx.trace.size(), static_cast<size_t>(fit.iterations + 1));
  for (int64_t k = 1; k < fit.iterations; ++k)
    EXPECT_GE(ctx.trace[k].values.at("relative_change"), 1e-3) << k;
  EXPECT_LT(ctx.trace.back().values.at("relative_change"), 1e-3);
  EXPECT_DOUBLE_EQ(fit.extra["relative_change"].get<double>(),
                   ctx.trace.back().values.at("relative_change"));

  const auto full = fit_named("clg", d.X, d.y, {{"K", 40}});
  EXPECT_EQ(full.stop, StopReason::max_iterations);
  EXPECT_EQ(full.iterations, 40);

  // A loose tolerance is met at once; CMLS still runs until c_k = 0 (k = 50) before it may stop.
  const Params loose = {{"K", 100}, {"stop_rule", true}, {"stop_tolerance", 0.5}};
  EXPECT_LT(fit_named("clg", d.X, d.y, loose).iterations, 10);
  const auto cmls = fit_named("cmls", d.X, d.y, loose);
  EXPECT_EQ(cmls.stop, StopReason::converged);
  EXPECT_EQ(cmls.iterations, 50);
}

TEST(ColumnRelaxation, ConstantFeatureIsAnOrdinaryRegularisedColumn) {
  // A = 1 appended by the solver == the column appended by hand with constant_feature = 0.
  const auto d = zo_problem(8, 150, 60, true);
  const CsrMatrix Xa = d.X.with_bias_column(1.0);
  for (const char* name : {"cls", "cmls", "clg", "mod-svm", "cmls-dual"}) {
    const auto a = fit_named(name, d.X, d.y, {{"K", 30}}, 9);
    const auto b = fit_named(name, Xa, d.y, {{"K", 30}, {"constant_feature", 0}}, 9);
    ASSERT_EQ(b.model.w.size(), a.model.w.size() + 1) << name;
    EXPECT_EQ(b.model.b, 0.0) << name;
    for (size_t j = 0; j < a.model.w.size(); ++j) EXPECT_EQ(a.model.w[j], b.model.w[j]) << name;
    EXPECT_EQ(a.model.b, b.model.w.back()) << name;
    EXPECT_NE(a.model.b, 0.0) << name;
    EXPECT_EQ(a.objective, b.objective) << name;
  }
  // A = 2: the same hyperplane family, but the weight w_{d+1} = b/A is what lambda penalises.
  const auto two = fit_named("cls", d.X, d.y, {{"K", 30}, {"constant_feature", 2}});
  const auto two_by_hand =
      fit_named("cls", d.X.with_bias_column(2.0), d.y, {{"K", 30}, {"constant_feature", 0}});
  EXPECT_DOUBLE_EQ(two.model.b, 2 * two_by_hand.model.w.back());
}

TEST(ColumnRelaxation, ParametersAreCheckedAndCIsConverted) {
  const auto d = zo_problem(10, 80, 30);
  const int64_t n = d.X.rows;
  const auto by_lambda = fit_named("cmls", d.X, d.y, {{"lambda", 0.01}, {"K", 20}});
  const auto by_C = fit_named("cmls", d.X, d.y, {{"C", lambda_to_C(0.01, n)}, {"K", 20}});
  for (size_t j = 0; j < by_lambda.model.w.size(); ++j)
    EXPECT_NEAR(by_lambda.model.w[j], by_C.model.w[j], 1e-12);
  EXPECT_THROW(fit_named("cls", d.X, d.y, {{"epsilon", 0.1}}), ConfigError);  // no trust region
  EXPECT_THROW(fit_named("clg", d.X, d.y, {{"lambda", 1e-3}, {"C", 1.0}}), ConfigError);
  EXPECT_THROW(fit_named("cmls", d.X, d.y, {{"K", 0}}), ConfigError);
  EXPECT_THROW(fit_named("clg", d.X, d.y, {{"epsilon", 0}}), ConfigError);
  EXPECT_THROW(fit_named("mod-svm", d.X, d.y, {{"eta", -1}}), ConfigError);
  BinaryLabels bad = d.y;
  bad[3] = 0;
  EXPECT_THROW(fit_named("clg", d.X, bad, {}), ConfigError);
  // Defaults: Table 1's lambda per method, K = 100.
  const auto fit = fit_named("clg", d.X, d.y, {});
  EXPECT_EQ(fit.extra["lambda"].get<double>(), 1e-4);
  EXPECT_EQ(fit.iterations, 100);
  EXPECT_EQ(fit_named("cls", d.X, d.y, {}).extra["lambda"].get<double>(), 1e-3);
  EXPECT_EQ(fit_named("mod-svm", d.X, d.y, {{"K", 2}}).extra["eta"].get<double>(), 0.1);
}

TEST(ColumnRelaxation, RegisteredNames) {
  for (const char* name : {"cls", "cmls", "clg", "mod-svm", "cmls-dual"}) {
    const SolverInfo& info = testing::zo_registry().get(name);
    EXPECT_TRUE(static_cast<bool>(info.fit_binary)) << name;
    EXPECT_NE(info.source.find("Zhang & Oles 2001"), std::string::npos) << name;
  }
}

}  // namespace
}  // namespace linrepro
