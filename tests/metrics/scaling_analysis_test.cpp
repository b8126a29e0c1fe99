// The arithmetic behind the scaling experiment's slopes, subsample sizes and SMO time cap
// (metrics/scaling_analysis.h), against hand-computed answers.
#include "metrics/scaling_analysis.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

TEST(LoglogSlope, RecoversTheExponentOfAPowerLaw) {
  const std::vector<double> n = {1e4, 2e4, 5e4, 1e5, 8e5};
  std::vector<double> t;
  for (double x : n) t.push_back(3e-7 * std::pow(x, 1.5));
  EXPECT_NEAR(loglog_slope(n, t), 1.5, 1e-12);
}

TEST(LoglogSlope, IsTheLeastSquaresFitWhenThePointsAreNotOnALine) {
  // log2 coordinates (0,0), (1,1), (2,3): mean x 1, mean y 4/3; sxy = 4/3 + 0 + 5/3 = 3,
  // sxx = 2, so the slope is 3/2 (the same in any log base).
  EXPECT_NEAR(loglog_slope(std::vector<double>{1, 2, 4}, std::vector<double>{1, 2, 8}), 1.5, 1e-12);
}

TEST(LoglogSlope, RejectsWhatHasNoSlope) {
  EXPECT_THROW(loglog_slope(std::vector<double>{1}, std::vector<double>{1}), ConfigError);
  EXPECT_THROW(loglog_slope(std::vector<double>{1, 2}, std::vector<double>{1, 0}), ConfigError);
  EXPECT_THROW(loglog_slope(std::vector<double>{2, 2}, std::vector<double>{1, 3}), ConfigError);
  EXPECT_THROW(loglog_slope(std::vector<double>{1, 2}, std::vector<double>{1}), ConfigError);
}

TEST(HalvingSizes, AreRoundedNestedFractionsEndingWithTheWhole) {
  // a9a's 32,561 training rows: /16 = 2035.06, /8 = 4070.1, /4 = 8140.25, /2 = 16280.5.
  EXPECT_EQ(halving_sizes(32561, 4), (std::vector<int32_t>{2035, 4070, 8140, 16281, 32561}));
  EXPECT_EQ(halving_sizes(3, 2), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(halving_sizes(7, 0), (std::vector<int32_t>{7}));
  EXPECT_THROW(halving_sizes(1, 2), ConfigError);  // 1/4 rounds to no rows
}

TEST(TimeCap, RunsWhenNothingIsMeasuredYet) {
  const TimeCapCheck c = check_time_cap({}, {}, 1e4, 60);
  EXPECT_TRUE(c.run);
  EXPECT_EQ(c.predicted_seconds, 0);
}

TEST(TimeCap, ExtrapolatesLinearlyFromOnePoint) {
  const std::vector<double> n = {1e4}, t = {2};
  const TimeCapCheck c = check_time_cap(n, t, 2e4, 60);
  EXPECT_TRUE(c.run);
  EXPECT_DOUBLE_EQ(c.predicted_seconds, 4);
  EXPECT_FALSE(check_time_cap(n, t, 4e5, 60).run);  // 80 s predicted
}

TEST(TimeCap, ExtendsTheLastTwoPointsPowerLaw) {
  // (10k, 1 s), (20k, 4 s): exponent 2. At 50k: 4 * 2.5^2 = 25 s; at 100k: 4 * 5^2 = 100 s.
  const std::vector<double> n = {1e4, 2e4}, t = {1, 4};
  const TimeCapCheck at50k = check_time_cap(n, t, 5e4, 60);
  EXPECT_TRUE(at50k.run);
  EXPECT_NEAR(at50k.predicted_seconds, 25, 1e-9);
  const TimeCapCheck at100k = check_time_cap(n, t, 1e5, 60);
  EXPECT_FALSE(at100k.run);
  EXPECT_NEAR(at100k.predicted_seconds, 100, 1e-9);
}

TEST(TimeCap, NeverPredictsSubLinearGrowth) {
  // (10k, 1 s), (20k, 1.2 s) would extrapolate with exponent 0.26; the check uses 1: 2.4 s at 40k.
  const std::vector<double> n = {1e4, 2e4}, t = {1, 1.2};
  EXPECT_NEAR(check_time_cap(n, t, 4e4, 60).predicted_seconds, 2.4, 1e-12);
}

TEST(TimeCap, StopsAfterAMeasuredTimeOverTheCap) {
  const std::vector<double> n = {1e4, 2e4}, t = {70, 0.5};
  EXPECT_FALSE(check_time_cap(n, t, 4e4, 60).run);
}

}  // namespace
}  // namespace linrepro
