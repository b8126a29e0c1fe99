// CMLS (algorithms/cmls.h, Zhang & Oles 2001 Algorithm 3) against LIBLINEAR -s 2 (L2-loss SVM,
// primal trust-region Newton) on the same modified least squares problem (10): the squared hinge
// with C = 1/(2 lambda n) and the constant feature as a regularised weight.
#include "algorithms/cmls.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <tuple>

#include "column_relaxation_fixtures.h"

namespace linrepro {
namespace {

using namespace linrepro::testing;

// (graded values, constant column appended by hand for LIBLINEAR, lambda)
class CmlsVersusLiblinear : public ::testing::TestWithParam<std::tuple<bool, bool, double>> {};

TEST_P(CmlsVersusLiblinear, SameObjectiveAndWeightsAtConvergence) {
  const auto [graded, explicit_column, lambda] = GetParam();
  const auto d = zo_problem(21, 300, 120, graded);
  const auto a = agree_with_liblinear("cmls", "liblinear-s2", d, lambda, {{"K", 500}}, hinge_sq,
                                      hinge_sq_derivative, explicit_column);
  std::printf(
      "cmls lambda=%g graded=%d: O %.12g vs liblinear-s2 %.12g, relative %.3g, "
      "|dw| %.3g <= %.3g\n",
      lambda, graded, a.ours, a.peer, a.relative, a.distance, a.bound);
  EXPECT_NEAR(a.fit.objective, a.ours, 1e-12);
  EXPECT_LT(a.relative, 1e-3);
  EXPECT_LT(a.relative, 1e-8);  // both converged: far inside the spec's 1e-3
  EXPECT_LE(a.distance, a.bound);
  EXPECT_LT(a.bound, 1e-4);  // and the bound is tight enough to mean something
}

INSTANTIATE_TEST_SUITE_P(Problems, CmlsVersusLiblinear,
                         ::testing::Values(std::make_tuple(false, false, 1e-3),
                                           std::make_tuple(true, false, 1e-3),
                                           std::make_tuple(false, true, 1e-3),
                                           std::make_tuple(false, false, 1e-2)));

// K = 100 spends its first 50 iterations on the continuation (c_k > 0), so on this problem it
// ends 0.3% above the optimum; 100 iterations at c_k = 0 (K = 150) are within the spec's 1e-3.
TEST(Cmls, HundredIterationsPastTheContinuationAreWithinTheSpecTolerance) {
  const auto d = zo_problem(22, 300, 120);
  for (int64_t K : {100, 150}) {
    const auto a = agree_with_liblinear("cmls", "liblinear-s2", d, 1e-3, {{"K", K}}, hinge_sq,
                                        hinge_sq_derivative, false);
    std::printf("cmls K=%ld: relative objective gap to liblinear-s2 %.3g\n", K, a.relative);
    EXPECT_GE(a.ours, a.peer * (1 - 1e-9));
    EXPECT_LT(a.relative, K == 150 ? 1e-3 : 1e-2);
  }
}

}  // namespace
}  // namespace linrepro
