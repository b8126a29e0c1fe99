// CLG (algorithms/clg.h, Zhang & Oles 2001 Algorithm 4) against LIBLINEAR -s 0 (L2-regularised
// logistic regression, primal trust-region Newton) on the same problem (6), C = 1/(2 lambda n),
// the constant feature a regularised weight.
#include "algorithms/clg.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <tuple>

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

}  // namespace
}  // namespace linrepro
