// MMLR-CG's objective O_m-gamma / O_m-svm (§4): gradient and line function against finite
// differences, the (K-1) ln2/gamma form of Proposition 1, the intercept-shift invariance the paper
// points out, a hand-computed value, and the exact K = 2 reduction to the binary objective.
#include "algorithms/mmlr_objective.h"

#include <gtest/gtest.h>

#include "solvers/svm_objective.h"

#include <cmath>

#include "algorithms/mlr_objective.h"
#include "cg_fixtures.h"
#include "core/error.h"

namespace linrepro {
namespace {

using testing::random_vector;
using testing::small_multiclass;

TEST(MmlrObjective, GradientMatchesFiniteDifferences) {
  for (int32_t K : {3, 5}) {
    const auto d = small_multiclass(21, K);
    for (bool intercept : {true, false}) {
      const MulticlassMarginMap map(d.X, d.labels.y, K, d.X.cols, intercept);
      SmoothedMarginObjective f(map, 0.01);
      Rng rng(5);
      for (double gamma : {1.0, 10.0, 200.0}) {
        f.set_gamma(gamma);
        const auto theta = random_vector(rng, map.dim(), 0.3);
        std::vector<int64_t> coords{0, 1, K + 2};
        if (intercept) coords.push_back(map.dim() - 1);  // b_K
        testing::expect_gradient_matches(f, theta, coords, 17);
      }
    }
  }
}

TEST(MmlrObjective, LineFunctionMatchesObjectiveAlongDirection) {
  const auto d = small_multiclass(22, 4);
  const MulticlassMarginMap map(d.X, d.labels.y, 4, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.003);
  Rng rng(6);
  for (double gamma : {1.0, 50.0}) {
    f.set_gamma(gamma);
    testing::expect_line_function_matches(f, random_vector(rng, map.dim(), 0.3),
                                          random_vector(rng, map.dim(), 0.1));
  }
}

// K-1 smoothed terms per example: 0 <= O_m-gamma - O_m-svm <= (K-1) ln2/gamma.
TEST(MmlrObjective, Proposition1BoundPerWrongClass) {
  const int32_t K = 4;
  const auto d = small_multiclass(23, K);
  const MulticlassMarginMap map(d.X, d.labels.y, K, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.001);
  Rng rng(7);
  for (double scale : {0.0, 0.05, 0.5, 5.0})
    for (int rep = 0; rep < 4; ++rep) {
      f.set_point(random_vector(rng, map.dim(), scale));
      for (double gamma : {1.0, 11.0, 191.0, 1000.0}) {
        f.set_gamma(gamma);
        const double gap = f.value() - f.svm_value();
        EXPECT_GE(gap, 0.0);
        EXPECT_LE(gap, (K - 1) * std::log(2.0) / gamma + 1e-15) << "gamma " << gamma;
      }
    }
}

// "if a constant is added to the intercepts of all classes, its value will not be changed" (§4);
// so the intercept gradients sum to zero.
TEST(MmlrObjective, InvariantToCommonInterceptShift) {
  const int32_t K = 3;
  const auto d = small_multiclass(24, K);
  const MulticlassMarginMap map(d.X, d.labels.y, K, d.X.cols, true);
  SmoothedMarginObjective f(map, 0.01);
  f.set_gamma(7.0);
  Rng rng(8);
  auto theta = random_vector(rng, map.dim(), 0.3);
  f.set_point(theta);
  std::vector<double> g(map.dim());
  const double before = f.gradient(g);
  const double svm_before = f.svm_value();
  double intercept_sum = 0;
  for (int32_t k = 0; k < K; ++k) intercept_sum += g[map.dim() - K + k];
  EXPECT_NEAR(intercept_sum, 0.0, 1e-14);
  for (int32_t k = 0; k < K; ++k) theta[map.dim() - K + k] += 0.37;
  f.set_point(theta);
  EXPECT_NEAR(f.value(), before, 1e-14);
  EXPECT_NEAR(f.svm_value(), svm_before, 1e-14);
}

// Rows x = (1,0) of class 0 and x = (0,1) of class 2; w_0 = (1,0), w_1 = (0,.5), w_2 = (-1,1),
// b = (.1, 0, -.1), lambda = .5. Scores: row 0 (1.1, 0, -1.1), row 1 (.1, .5, .9). Margins
// u = 1.1, 2.2 | .8, .4 -> hinge (2 - u)+ = .9, 0, 1.2, 1.6, mean over 2 rows 1.85;
// penalty .5 (1 + .25 + 1 + 1) = 1.625.
TEST(MmlrObjective, HandComputedValue) {
  CsrMatrix X;
  const std::vector<int32_t> i0{0}, i1{1};
  const std::vector<double> one{1.0};
  X.append_row(i0, one);
  X.append_row(i1, one);
  const std::vector<int32_t> y{0, 2};
  MulticlassModel m;
  m.per_class = {{{1.0, 0.0}, 0.1}, {{0.0, 0.5}, 0.0}, {{-1.0, 1.0}, -0.1}};
  EXPECT_NEAR(multiclass_svm_objective(X, y, m, 0.5), 1.85 + 1.625, 1e-14);
  const double gamma = 3.0;
  double smooth = 0;
  for (double u : {1.1, 2.2, 0.8, 0.4}) smooth += std::log1p(std::exp(-gamma * (u - 2))) / gamma;
  EXPECT_NEAR(smoothed_multiclass_svm_objective(X, y, m, 0.5, gamma), smooth / 2 + 1.625, 1e-14);
}

// With K = 2, w_0 = u, w_1 = -u, b_0 = c, b_1 = -c: f_0 - f_1 = 2 (u.x + c) and
// g^(margin 2)_gamma(2z) = 2 g^(margin 1)_{2 gamma}(z), so O_m-gamma = 2 O_{2 gamma}(u, c) of the
// binary problem with class 0 as +1 (and O_m-svm = 2 O_svm).
TEST(MmlrObjective, TwoClassesReduceToBinaryAtTwiceGamma) {
  const auto d = small_multiclass(25, 2);
  const BinaryLabels yb = one_vs_rest(d.labels, 0);
  Rng rng(9);
  LinearModel u{random_vector(rng, d.X.cols, 0.3), 0.2};
  MulticlassModel m;
  m.per_class = {u, u};
  for (double& w : m.per_class[1].w) w = -w;
  m.per_class[1].b = -u.b;
  const double lambda = 0.004;
  for (double gamma : {1.0, 5.0, 60.0})
    EXPECT_NEAR(smoothed_multiclass_svm_objective(d.X, d.labels.y, m, lambda, gamma),
                2 * smoothed_svm_objective(d.X, yb, u, lambda, 2 * gamma), 1e-13);
  EXPECT_NEAR(multiclass_svm_objective(d.X, d.labels.y, m, lambda),
              2 * svm_primal_objective(d.X, yb, u, lambda), 1e-13);
}

TEST(MmlrObjective, RejectsLabelsOutOfRange) {
  const auto d = small_multiclass(26, 3, 20);
  auto y = d.labels.y;
  y[4] = 3;
  EXPECT_THROW(MulticlassMarginMap(d.X, y, 3, d.X.cols, true), ConfigError);
  EXPECT_THROW(MulticlassMarginMap(d.X, d.labels.y, 1, d.X.cols, true), ConfigError);
}

}  // namespace
}  // namespace linrepro
