// CLG (algorithms/clg.h, Zhang & Oles 2001 Algorithm 4) against LIBLINEAR -s 0 (L2-regularised
// logistic regression, primal trust-region Newton) on the same problem (6), C = 1/(2 lambda n),
// the constant feature a regularised weight.
#include "algorithms/clg.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "algorithms/column_relaxation.h"
#include "algorithms/regularized_linear.h"
#include "column_relaxation_fixtures.h"

namespace linrepro {
namespace {

using namespace linrepro::testing;

// (graded values, constant column appended by hand for LIBLINEAR, lambda)
class ClgVersusLiblinear : public ::testing::TestWithParam<std::tuple<bool, bool, double>> {};

TEST_P(ClgVersusLiblinear, SameObjectiveAndWeightsAtConvergence) {
  const auto [graded, explicit_column, lambda] = GetParam();
  const auto d = zo_problem(31, 300, 120, graded);
  const auto a = agree_with_liblinear("clg", "liblinear-s0", d, lambda, {{"K", 400}}, logistic,
                                      logistic_derivative, explicit_column);
  std::printf(
      "clg lambda=%g graded=%d: O %.12g vs liblinear-s0 %.12g, relative %.3g, "
      "|dw| %.3g <= %.3g\n",
      lambda, graded, a.ours, a.peer, a.relative, a.distance, a.bound);
  EXPECT_NEAR(a.fit.objective, a.ours, 1e-12);
  EXPECT_LT(a.relative, 1e-3);
  EXPECT_LT(a.relative, 1e-8);
  EXPECT_LE(a.distance, a.bound);
  EXPECT_LT(a.bound, 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Problems, ClgVersusLiblinear,
                         ::testing::Values(std::make_tuple(false, false, 1e-4),
                                           std::make_tuple(true, false, 1e-4),
                                           std::make_tuple(false, true, 1e-4),
                                           std::make_tuple(false, false, 1e-2)));

TEST(Clg, DefaultK100IsWithinTheSpecTolerance) {
  const auto d = zo_problem(32, 300, 120);
  const auto a = agree_with_liblinear("clg", "liblinear-s0", d, 1e-4, {}, logistic,
                                      logistic_derivative, false);
  std::printf("clg K=100: relative objective gap to liblinear-s0 %.3g\n", a.relative);
  EXPECT_EQ(a.fit.iterations, 100);
  EXPECT_GE(a.ours, a.peer * (1 - 1e-9));
  EXPECT_LT(a.relative, 1e-3);
}

// The exp(r_i) kept per row (what fit_clg runs) takes the same steps as the loss that evaluates
// exp per nonzero, on 0/1 features (the two-factor path) and graded ones (a new factor per
// nonzero), including a lambda small enough for margins to grow large.
TEST(Clg, RowExponentialsTakeTheSameStepsAsPerNonzeroExponentials) {
  for (const bool graded : {false, true})
    for (const double lambda : {1e-2, 1e-6}) {
      const auto d = zo_problem(33, 300, 120, graded);
      CsrMatrix storage;
      const CscMatrix Z = signed_columns(with_constant_feature(d.X, 1.0, storage), d.y);
      ColumnRelaxationOptions o;
      o.K = 60;
      FitContext ctx_plain, ctx_cached;
      std::vector<double> deltas;
      LogisticLoss plain;
      const auto a =
          run_column_relaxation(Z, lambda, plain, o, ctx_plain,
                                [&](const ColumnStep& s) { deltas.push_back(s.delta_v); });
      LogisticLossRowExp cached;
      size_t step = 0;
      double worst = 0;
      const auto b =
          run_column_relaxation(Z, lambda, cached, o, ctx_cached, [&](const ColumnStep& s) {
            ASSERT_LT(step, deltas.size());
            worst = std::max(worst, std::fabs(s.delta_v - deltas[step]));
            ++step;
          });
      EXPECT_EQ(step, deltas.size());
      // Steps near zero come out of cancelling gradient terms: compare on the run's step scale.
      double largest = 0;
      for (double v : deltas) largest = std::max(largest, std::fabs(v));
      EXPECT_LT(worst, 1e-9 * largest) << "graded " << graded << " lambda " << lambda;
      EXPECT_NEAR(b.objective, a.objective, 1e-12 * std::fabs(a.objective));
      EXPECT_LT(distance(a.w, b.w), 1e-9 * (1 + norm2(a.w)));
      if (lambda == 1e-6) {
        EXPECT_GT(*std::max_element(a.r.begin(), a.r.end()), 5.0);  // large margins reached
      }
    }
}

// A row whose exp(r) left the normal range (|r| past 709) gets it back exactly when r returns.
TEST(Clg, RowExponentialRecoversFromOverflowAndUnderflow) {
  const LogisticLoss plain;
  LogisticLossRowExp cached;
  std::vector<double> r = {750.0, -750.0, 0.5};
  cached.begin_sweep(r);  // exp(750) = inf, exp(-750) = 0
  for (int32_t i = 0; i < 2; ++i) cached.C_k_and_F_k_row(i, r[i], 0.1);
  for (int32_t i = 0; i < 2; ++i) {
    const double dr = i == 0 ? -749.0 : 749.0;  // both come back to +-1 within the sweep
    r[i] += dr;
    cached.moved(i, dr);
    const auto [C, F] = cached.C_k_and_F_k_row(i, r[i], 0.1);
    const auto [C_ref, F_ref] = plain.C_k_and_F_k(r[i], 0.1);
    EXPECT_NEAR(C, C_ref, 1e-14) << "row " << i;
    EXPECT_NEAR(F, F_ref, 1e-14) << "row " << i;
  }
  const auto [C, F] = cached.C_k_and_F_k_row(2, 0.5, 0.1);  // an ordinary row, untouched
  EXPECT_NEAR(C, plain.C_k_and_F_k(0.5, 0.1).first, 1e-15);
  EXPECT_NEAR(F, plain.C_k_and_F_k(0.5, 0.1).second, 1e-15);
}

}  // namespace
}  // namespace linrepro
