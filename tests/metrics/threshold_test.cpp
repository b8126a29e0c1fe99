#include "metrics/threshold.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "metrics/binary_counts.h"

namespace linrepro {
namespace {

using V = std::vector<double>;

int64_t errors_at(const V& truth, const V& f, double theta) {
  const BinaryCounts c = count_binary_at_threshold(truth, f, theta);
  return c.fp + c.fn;
}

TEST(TrainingErrorThreshold, HandComputedSmallestChange) {
  // f:     -2  -1  -0.5  0.5  1.2  2
  // truth:  -   -   +     -    +    +
  // theta interval   -> errors
  //  (-inf, -2]      -> 3 (every negative)
  //  (-2, -1]        -> 2
  //  (-1, -0.5]      -> 1 (the FP at 0.5)        midpoint -0.75
  //  (-0.5, 0.5]     -> 2 (holds 0: errors_at_zero = 2)
  //  (0.5, 1.2]      -> 1 (the FN at -0.5)       midpoint 0.85
  //  (1.2, 2]        -> 2
  //  (2, inf)        -> 3
  // Two intervals reach 1 error; the smaller change |theta| = 0.75 < 0.85 wins.
  const V truth{-1, -1, 1, -1, 1, 1}, f{-2, -1, -0.5, 0.5, 1.2, 2};
  const ThresholdChoice t = threshold_minimizing_training_error(truth, f);
  EXPECT_DOUBLE_EQ(t.theta, -0.75);
  EXPECT_EQ(t.errors, 1);
  EXPECT_EQ(t.errors_at_zero, 2);
  EXPECT_EQ(errors_at(truth, f, t.theta), 1);
  // Row order does not matter.
  const ThresholdChoice s =
      threshold_minimizing_training_error(V{1, -1, 1, -1, 1, -1}, V{2, -1, 1.2, 0.5, -0.5, -2});
  EXPECT_DOUBLE_EQ(s.theta, -0.75);
}

TEST(TrainingErrorThreshold, KeepsZeroWhenItIsAlreadyOptimal) {
  // f -1 -0.2 0.3 1 with truth - - + +: zero errors for theta in (-0.2, 0.3], which holds 0.
  const ThresholdChoice t =
      threshold_minimizing_training_error(V{-1, -1, 1, 1}, V{-1, -0.2, 0.3, 1});
  EXPECT_EQ(t.theta, 0.0);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.errors_at_zero, 0);
}

TEST(TrainingErrorThreshold, SmallCategoryThresholdIsLowered) {
  // The situation Zhang & Oles describe: a rare category whose positives score below 0.
  // f:    -0.9 -0.8 -0.7 -0.3 -0.2   truth - - - + +   -> errors_at_zero = 2 (both positives
  // missed) Best: theta in (-0.7, -0.3] -> 0 errors, midpoint -0.5.
  const ThresholdChoice t =
      threshold_minimizing_training_error(V{-1, -1, -1, 1, 1}, V{-0.9, -0.8, -0.7, -0.3, -0.2});
  EXPECT_DOUBLE_EQ(t.theta, -0.5);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.errors_at_zero, 2);
}

TEST(TrainingErrorThreshold, UnboundedIntervalsUseSentinels) {
  // All positive, all below 0: best is theta <= -5, which does not hold 0. Spread s = 2, so the
  // sentinel is -5 - 2 = -7 and theta = midpoint(-7, -5) = -6.
  const ThresholdChoice t = threshold_minimizing_training_error(V{1, 1, 1}, V{-5, -4, -3});
  EXPECT_DOUBLE_EQ(t.theta, -6.0);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.errors_at_zero, 3);
  // All values equal (s = 1), majority negative: best is theta > 0.5, i.e. midpoint(0.5, 1.5) = 1.
  const ThresholdChoice e = threshold_minimizing_training_error(V{-1, -1, 1}, V{0.5, 0.5, 0.5});
  EXPECT_DOUBLE_EQ(e.theta, 1.0);
  EXPECT_EQ(e.errors, 1);
  EXPECT_EQ(e.errors_at_zero, 2);
  // All negative and all above 0: theta beyond the largest value; 0 is not in (3, inf).
  const ThresholdChoice n = threshold_minimizing_training_error(V{-1, -1}, V{1, 3});
  EXPECT_DOUBLE_EQ(n.theta, 4.0);  // midpoint(3, 3 + 2)
  EXPECT_EQ(n.errors, 0);
}

TEST(TrainingErrorThreshold, RejectsBadInput) {
  EXPECT_THROW(threshold_minimizing_training_error(V{}, V{}), std::invalid_argument);
  EXPECT_THROW(threshold_minimizing_training_error(V{1}, V{1, 2}), std::invalid_argument);
  EXPECT_THROW(threshold_minimizing_training_error(V{1}, V{INFINITY}), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
