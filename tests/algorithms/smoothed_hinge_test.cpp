// The loss g_gamma of eq. (1): stable form equals the textbook formula where that is computable,
// stays finite where it is not, has the right derivatives, and obeys Proposition 1 pointwise.
#include "algorithms/smoothed_hinge.h"

#include <gtest/gtest.h>

#include <cmath>

namespace linrepro {
namespace {

double naive(double z, double gamma, double margin) {
  return std::log(1.0 + std::exp(-gamma * (z - margin))) / gamma;
}

TEST(SmoothedHinge, MatchesTextbookFormulaWhereItDoesNotOverflow) {
  for (double gamma : {0.5, 1.0, 10.0, 50.0})
    for (double z = -3; z <= 5; z += 0.25)
      for (double margin : {1.0, 2.0})
        EXPECT_NEAR(smoothed_hinge(z, gamma, margin), naive(z, gamma, margin),
                    1e-12 * (1 + naive(z, gamma, margin)))
            << "gamma " << gamma << " z " << z;
}

TEST(SmoothedHinge, HandComputedValues) {
  // At z = margin: ln(2)/gamma. Far on the wrong side: the hinge 1 - z (+ e^{-gamma(1-z)}/gamma).
  EXPECT_DOUBLE_EQ(smoothed_hinge(1.0, 4.0, 1.0), std::log(2.0) / 4.0);
  EXPECT_DOUBLE_EQ(smoothed_hinge(2.0, 1000.0, 2.0), std::log(2.0) / 1000.0);
  EXPECT_NEAR(smoothed_hinge(-9.0, 200.0, 1.0), 10.0, 1e-300);
  EXPECT_NEAR(smoothed_hinge(0.0, 1.0, 1.0), std::log1p(std::exp(1.0)), 1e-15);
}

TEST(SmoothedHinge, NoOverflowAtLargeGamma) {
  for (double gamma : {200.0, 1000.0, 1e6})
    for (double z : {-1e6, -50.0, -1.0, 0.999, 1.0, 1.001, 3.0, 1e6}) {
      const auto h = smoothed_hinge_derivatives(z, gamma, 1.0);
      EXPECT_TRUE(std::isfinite(h.value) && std::isfinite(h.slope) && std::isfinite(h.curvature))
          << "gamma " << gamma << " z " << z;
      EXPECT_GE(h.value, 0.0);
      EXPECT_LE(h.slope, 0.0);
      EXPECT_GE(h.slope, -1.0);
      EXPECT_GE(h.curvature, 0.0);
      EXPECT_LE(h.curvature, gamma / 4 * (1 + 1e-15));
    }
  EXPECT_DOUBLE_EQ(smoothed_hinge(-1e6, 1000.0, 1.0), 1e6 + 1);
}

TEST(SmoothedHinge, DerivativesMatchFiniteDifferences) {
  for (double gamma : {1.0, 11.0, 200.0})
    for (double z : {-2.0, 0.3, 0.99, 1.0, 1.02, 1.5, 2.5}) {
      const double h = 1e-6 / gamma;
      const auto p = smoothed_hinge_derivatives(z, gamma, 1.0);
      const double fd1 =
          (smoothed_hinge(z + h, gamma, 1.0) - smoothed_hinge(z - h, gamma, 1.0)) / (2 * h);
      const double fd2 = (smoothed_hinge_derivatives(z + h, gamma, 1.0).slope -
                          smoothed_hinge_derivatives(z - h, gamma, 1.0).slope) /
                         (2 * h);
      EXPECT_NEAR(p.slope, fd1, 1e-6) << "gamma " << gamma << " z " << z;
      EXPECT_NEAR(p.curvature, fd2, 1e-6 * (1 + gamma)) << "gamma " << gamma << " z " << z;
      EXPECT_DOUBLE_EQ(p.value, smoothed_hinge(z, gamma, 1.0));
    }
}

// Proposition 1: g_svm <= g_gamma <= g_svm + ln2/gamma, maximum at z = margin, decreasing in gamma.
TEST(SmoothedHinge, Proposition1Pointwise) {
  for (double gamma : {1.0, 2.0, 11.0, 191.0, 1000.0})
    for (double z = -4; z <= 6; z += 0.01) {
      const double gap = smoothed_hinge(z, gamma, 1.0) - hinge(z, 1.0);
      EXPECT_GE(gap, 0.0);
      EXPECT_LE(gap, std::log(2.0) / gamma * (1 + 1e-12));
      EXPECT_LE(smoothed_hinge(z, gamma + 1, 1.0), smoothed_hinge(z, gamma, 1.0) + 1e-15);
    }
  EXPECT_NEAR(smoothed_hinge(1.0, 7.0, 1.0) - hinge(1.0, 1.0), std::log(2.0) / 7.0, 1e-15);
}

}  // namespace
}  // namespace linrepro
