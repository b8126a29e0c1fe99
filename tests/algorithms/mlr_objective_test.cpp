// MLR-CG's objective O_gamma / O_svm (§3.2): gradient and line function against finite
// differences, Proposition 1 on random w, stability at large gamma, hand-computed values, and
// agreement with the baselines' independent O_svm.
#include "algorithms/mlr_objective.h"

#include <gtest/gtest.h>

#include <cmath>

#include "solvers/svm_objective.h"
#include "cg_fixtures.h"
#include "core/error.h"

namespace linrepro {
namespace {

using testing::random_vector;
using testing::small_binary;

TEST(MlrObjective, GradientMatchesFiniteDifferences) {
  const auto d = small_binary(11);
  for (bool intercept : {true, false}) {
    const BinaryMarginMap map(d.X, d.y, d.X.cols, intercept);
    SmoothedMarginObjective f(map, 0.01);
    Rng rng(5);
    for (double gamma : {1.0, 10.0, 200.0}) {
      f.set_gamma(gamma);
      auto theta = random_vector(rng, map.dim(), 0.3);
      std::vector<int64_t> coords{0, 7};
      if (intercept) coords.push_back(map.dim() - 1);  // the intercept b
      testing::expect_gradient_matches(f, theta, coords, 17);
    }
  }
}

TEST(MlrObjective, LineFunctionMatchesObjectiveAlongDirection) {
  const auto d = small_binary(12);
  const BinaryMarginMap map(d.X, d.y, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.003);
  Rng rng(6);
  for (double gamma : {1.0, 50.0}) {
    f.set_gamma(gamma);
    testing::expect_line_function_matches(f, random_vector(rng, map.dim(), 0.3),
                                          random_vector(rng, map.dim(), 0.1));
  }
}

// Proposition 1: O_svm(w) <= O_gamma(w) <= O_svm(w) + ln2/gamma for every w.
TEST(MlrObjective, Proposition1OnRandomWeights) {
  const auto d = small_binary(13);
  const BinaryMarginMap map(d.X, d.y, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.001);
  Rng rng(7);
  for (double scale : {0.0, 0.01, 0.3, 3.0})
    for (int rep = 0; rep < 5; ++rep) {
      f.set_point(random_vector(rng, map.dim(), scale));
      for (double gamma : {1.0, 11.0, 191.0, 1000.0}) {
        f.set_gamma(gamma);
        const double gap = f.value() - f.svm_value();
        EXPECT_GE(gap, -1e-15);
        EXPECT_LE(gap, std::log(2.0) / gamma + 1e-15) << "gamma " << gamma << " scale " << scale;
      }
    }
  // At w = 0 every margin sits at the kink z = 0 < 1: the gap is ln(1 + e^gamma)/gamma - 1.
  f.set_point(std::vector<double>(map.dim(), 0.0));
  f.set_gamma(3.0);
  EXPECT_NEAR(f.value() - f.svm_value(), std::log1p(std::exp(3.0)) / 3.0 - 1.0, 1e-13);
}

TEST(MlrObjective, FiniteAtVeryLargeGammaAndWeights) {
  const auto d = small_binary(14);
  const BinaryMarginMap map(d.X, d.y, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.001);
  Rng rng(8);
  std::vector<double> g(map.dim());
  for (double gamma : {200.0, 1000.0, 1e5}) {
    f.set_gamma(gamma);
    f.set_point(random_vector(rng, map.dim(), 100.0));  // margins in the thousands
    const double v = f.gradient(g);
    EXPECT_TRUE(std::isfinite(v));
    for (double x : g) ASSERT_TRUE(std::isfinite(x));
    f.set_direction(g);
    const auto p = f.along(-1.0);
    EXPECT_TRUE(std::isfinite(p.value) && std::isfinite(p.slope) && std::isfinite(p.curvature));
  }
}

// X = [[1,0],[0,1],[1,1]], y = (+1,-1,+1), w = (0.5, 1), b = -0.25, lambda = 0.1:
// margins 0.25, -0.75, 1.25 -> hinge 0.75 + 1.75 + 0 = 2.5; O_svm = 2.5/3 + 0.1 * 1.25.
TEST(MlrObjective, HandComputedSvmAndSmoothedObjectives) {
  CsrMatrix X;
  const std::vector<int32_t> i0{0}, i1{1}, i2{0, 1};
  const std::vector<double> one{1.0}, two{1.0, 1.0};
  X.append_row(i0, one);
  X.append_row(i1, one);
  X.append_row(i2, two);
  const std::vector<double> y{1, -1, 1};
  const LinearModel m{{0.5, 1.0}, -0.25};
  EXPECT_NEAR(svm_primal_objective(X, y, m, 0.1), 2.5 / 3 + 0.125, 1e-15);
  const double gamma = 2.0;
  const double expected =
      (std::log1p(std::exp(1.5)) + std::log1p(std::exp(3.5)) + std::log1p(std::exp(-0.5))) / gamma /
          3 +
      0.125;
  EXPECT_NEAR(smoothed_svm_objective(X, y, m, 0.1, gamma), expected, 1e-15);
}

// Two independent evaluations of the same O_svm must agree: the CG's own over cached margins (what
// its traces record) and the shared row-by-row svm_primal_objective (what every solver reports).
TEST(MlrObjective, AgreesWithBaselineSvmObjective) {
  const auto d = small_binary(15);
  Rng rng(9);
  for (int rep = 0; rep < 3; ++rep) {
    LinearModel m{random_vector(rng, d.X.cols, 0.5), 0.3 * rep - 0.2};
    const BinaryMarginMap map(d.X, d.y, d.X.cols, true);
    SmoothedMarginObjective f(map, 0.002);
    f.set_point(map.theta_of(m));
    EXPECT_NEAR(f.svm_value(), svm_primal_objective(d.X, d.y, m, 0.002), 1e-12);
  }
}

TEST(MlrObjective, RejectsNonBinaryLabels) {
  const auto d = small_binary(16, 10, 20);
  auto y = d.y;
  y[3] = 0;
  EXPECT_THROW(BinaryMarginMap(d.X, y, d.X.cols, true), ConfigError);
}

}  // namespace
}  // namespace linrepro
