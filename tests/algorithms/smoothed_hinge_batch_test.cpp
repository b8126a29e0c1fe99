// The vectorised loss terms (algorithms/smoothed_hinge_batch.h) against the scalar functions of
// smoothed_hinge.h, margin by margin, over the whole range of t = gamma (margin - z): both sides of
// 0 down to 2^-64 and below, where exp(-|t|) rounds to 1 or needs no log, and where it underflows.
// The batch code replaces the scalar code's branches with arithmetic; these cases are where such
// arithmetic goes wrong (a wrong side, 0 * inf, a lost rounding error).
#include "algorithms/smoothed_hinge_batch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "algorithms/smoothed_hinge.h"

namespace linrepro {
namespace {

std::vector<double> hard_ts() {
  std::vector<double> ts = {0.0, -0.0};
  for (double a : {1e-300, 1e-25, 0x1p-64, 0x1p-60, 1e-10, 1e-3, 0.5, 1.0, 3.0, 36.0, 37.5, 40.0,
                   300.0, 700.0, 745.0, 800.0, 1e10, 1e300})
    for (double sign : {1.0, -1.0}) ts.push_back(sign * a);
  return ts;
}

// z with gamma (margin - z) = t exactly (gamma = 1 would make z = margin - t round; use margin 0).
struct Case {
  double gamma, margin;
};
constexpr Case kCases[] = {{1.0, 0.0}, {1.0, 1.0}, {200.0, 1.0}, {191.0, 2.0}};

// Eigen's vectorised exp and the batch's operation order differ from libm's and the scalar code's
// by an ulp or two; taking the wrong branch of sigma would be off by a factor exp(-|t|), zero or
// NaN instead. Below the smallest normal number Eigen's exp stops (exp(-745) = 5.6e-309) where
// libm's goes on into subnormals: an absolute 1e-300 (that times gamma) covers it, nothing a sum
// notices.
::testing::AssertionResult within_ulps(double batch, double scalar, double ulps = 4) {
  if (std::fabs(batch - scalar) <= ulps * 0x1p-52 * std::fabs(scalar) + 1e-300)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << batch << " vs scalar " << scalar;
}

TEST(SmoothedHingeBatch, DerivativesEqualTheScalarFunctionsToAFewUlp) {
  for (const Case c : kCases) {
    std::vector<double> z;
    for (double t : hard_ts()) z.push_back(c.margin - t / c.gamma);
    std::vector<double> slope(z.size()), curvature(z.size());
    HingeScratch scratch;
    smoothed_hinge_terms(z, c.gamma, c.margin, slope, curvature, scratch);
    for (size_t k = 0; k < z.size(); ++k) {
      const SmoothedHingePoint p = smoothed_hinge_slope_curvature(z[k], c.gamma, c.margin);
      EXPECT_TRUE(within_ulps(slope[k], p.slope)) << "z " << z[k] << " gamma " << c.gamma;
      EXPECT_TRUE(within_ulps(curvature[k], p.curvature)) << "z " << z[k] << " gamma " << c.gamma;
      // One margin along q = 1 from u = z, alpha 0: the line search's sums of the same terms.
      const std::vector<double> u = {z[k]}, q = {1.0};
      const DirectionalDerivatives d = smoothed_hinge_along(u, q, 0.0, c.gamma, c.margin, scratch);
      EXPECT_TRUE(within_ulps(d.slope, p.slope)) << "z " << z[k];
      EXPECT_TRUE(within_ulps(d.curvature, p.curvature)) << "z " << z[k];
    }
  }
}

TEST(SmoothedHingeBatch, ValuesEqualTheScalarFunctionToAFewUlp) {
  for (const Case c : kCases)
    for (double t : hard_ts()) {
      const std::vector<double> z = {c.margin - t / c.gamma};
      HingeScratch scratch;
      const double batch = smoothed_hinge_sum(z, c.gamma, c.margin, scratch);
      const double scalar = smoothed_hinge(z[0], c.gamma, c.margin);
      EXPECT_TRUE(within_ulps(batch, scalar)) << "t " << t << " gamma " << c.gamma;
      // Proposition 1 in floating point, term by term: never below the hinge, at most ln2/gamma.
      EXPECT_GE(batch, hinge_sum(z, c.margin));
      EXPECT_LE(batch - hinge_sum(z, c.margin), std::log(2.0) / c.gamma * (1 + 0x1p-50));
    }
}

TEST(SmoothedHingeBatch, SmallExcessKeepsItsRelativeAccuracy) {
  // Far on the right side the value is only the smoothing excess log1p(e)/gamma, e tiny: computed
  // as log(1+e) alone it would lose all digits where 1 + e rounds (e = 1e-10: 1e-6 relative).
  for (double t : {-5.0, -23.0, -30.0, -36.0, -40.0}) {
    const std::vector<double> z = {1.0 - t};
    HingeScratch scratch;
    const double batch = smoothed_hinge_sum(z, 1.0, 1.0, scratch);
    EXPECT_TRUE(within_ulps(batch, std::log1p(std::exp(t)))) << t;
  }
}

TEST(SmoothedHingeBatch, NanMarginGivesNanTerms) {
  const std::vector<double> z = {1.0, std::nan("")};
  std::vector<double> slope(2), curvature(2);
  HingeScratch scratch;
  EXPECT_TRUE(std::isnan(smoothed_hinge_terms(z, 10.0, 1.0, slope, curvature, scratch)));
  EXPECT_TRUE(std::isnan(slope[1]));
  EXPECT_TRUE(std::isnan(curvature[1]));
}

}  // namespace
}  // namespace linrepro
