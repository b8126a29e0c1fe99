#include "metrics/threshold.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "metrics/binary_counts.h"

namespace linrepro {
namespace {

using V = std::vector<double>;

// The rule these first tests pin: linrepro's until 2026-11, kept for the ablation.
constexpr ThresholdRule kOld = ThresholdRule::zero_if_minimal;

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
  const ThresholdChoice t = threshold_minimizing_training_error(truth, f, kOld);
  EXPECT_DOUBLE_EQ(t.theta, -0.75);
  EXPECT_EQ(t.errors, 1);
  EXPECT_EQ(t.errors_at_zero, 2);
  EXPECT_EQ(errors_at(truth, f, t.theta), 1);
  // Row order does not matter.
  const ThresholdChoice s = threshold_minimizing_training_error(V{1, -1, 1, -1, 1, -1},
                                                                V{2, -1, 1.2, 0.5, -0.5, -2}, kOld);
  EXPECT_DOUBLE_EQ(s.theta, -0.75);
}

TEST(TrainingErrorThreshold, KeepsZeroWhenItIsAlreadyOptimal) {
  // f -1 -0.2 0.3 1 with truth - - + +: zero errors for theta in (-0.2, 0.3], which holds 0.
  const ThresholdChoice t =
      threshold_minimizing_training_error(V{-1, -1, 1, 1}, V{-1, -0.2, 0.3, 1}, kOld);
  EXPECT_EQ(t.theta, 0.0);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.errors_at_zero, 0);
}

TEST(TrainingErrorThreshold, SmallCategoryThresholdIsLowered) {
  // The situation Zhang & Oles describe: a rare category whose positives score below 0.
  // f:    -0.9 -0.8 -0.7 -0.3 -0.2   truth - - - + +   -> errors_at_zero = 2 (both positives
  // missed) Best: theta in (-0.7, -0.3] -> 0 errors, midpoint -0.5.
  const ThresholdChoice t = threshold_minimizing_training_error(
      V{-1, -1, -1, 1, 1}, V{-0.9, -0.8, -0.7, -0.3, -0.2}, kOld);
  EXPECT_DOUBLE_EQ(t.theta, -0.5);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.errors_at_zero, 2);
}

TEST(TrainingErrorThreshold, UnboundedIntervalsUseSentinels) {
  // All positive, all below 0: best is theta <= -5, which does not hold 0. Spread s = 2, so the
  // sentinel is -5 - 2 = -7 and theta = midpoint(-7, -5) = -6.
  const ThresholdChoice t = threshold_minimizing_training_error(V{1, 1, 1}, V{-5, -4, -3}, kOld);
  EXPECT_DOUBLE_EQ(t.theta, -6.0);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.errors_at_zero, 3);
  // All values equal (s = 1), majority negative: best is theta > 0.5, i.e. midpoint(0.5, 1.5) = 1.
  const ThresholdChoice e =
      threshold_minimizing_training_error(V{-1, -1, 1}, V{0.5, 0.5, 0.5}, kOld);
  EXPECT_DOUBLE_EQ(e.theta, 1.0);
  EXPECT_EQ(e.errors, 1);
  EXPECT_EQ(e.errors_at_zero, 2);
  // All negative and all above 0: theta beyond the largest value; 0 is not in (3, inf).
  const ThresholdChoice n = threshold_minimizing_training_error(V{-1, -1}, V{1, 3}, kOld);
  EXPECT_DOUBLE_EQ(n.theta, 4.0);  // midpoint(3, 3 + 2)
  EXPECT_EQ(n.errors, 0);
}

// The four rules on one case with two minimising intervals, one of them holding 0.
// f:     -3  -2  -1   1   2   3
// truth:  -   +   -   +   -   +
//  (-inf,-3] 3 | (-3,-2] 2 | (-2,-1] 3 | (-1,1] 2 (holds 0) | (1,2] 3 | (2,3] 2 | (3,inf) 3
// Minimum 2 at (-3,-2] (midpoint -2.5), (-1,1] (midpoint 0) and (2,3] (midpoint 2.5).
TEST(TrainingErrorThreshold, RulesPickDifferentPointsOfTheMinimumErrorSet) {
  const V truth{-1, 1, -1, 1, -1, 1}, f{-3, -2, -1, 1, 2, 3};
  auto theta = [&](ThresholdRule r) {
    return threshold_minimizing_training_error(truth, f, r).theta;
  };
  EXPECT_EQ(theta(ThresholdRule::zero_if_minimal), 0.0);
  EXPECT_EQ(theta(ThresholdRule::nearest_midpoint), 0.0);  // (-1,1]'s midpoint is 0 too
  EXPECT_DOUBLE_EQ(theta(ThresholdRule::lowest_midpoint), -2.5);
  EXPECT_EQ(theta(ThresholdRule::lowest_edge), std::nextafter(-3.0, 0.0));
  for (ThresholdRule r : kThresholdRules) {
    const ThresholdChoice c = threshold_minimizing_training_error(truth, f, r);
    EXPECT_EQ(c.errors, 2) << to_string(r);
    EXPECT_EQ(errors_at(truth, f, c.theta), 2) << to_string(r);
    EXPECT_EQ(c.errors_at_zero, 2) << to_string(r);
  }
}

// The case the paper describes and the old rule missed: a nearly separable category whose
// minimum-error interval holds 0 but reaches well below it (positives barely above 0, negatives
// far below). The old rule keeps 0; the paper's "lowering" takes the interval's midpoint.
TEST(TrainingErrorThreshold, SeparableCategoryIsLoweredToTheGapMidpoint) {
  const V truth{-1, -1, -1, 1, 1}, f{-1.5, -1.2, -0.9, 0.1, 0.3};
  EXPECT_EQ(threshold_minimizing_training_error(truth, f, ThresholdRule::zero_if_minimal).theta, 0);
  const ThresholdChoice t = threshold_minimizing_training_error(truth, f);  // the default rule
  EXPECT_DOUBLE_EQ(t.theta, -0.4);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(threshold_minimizing_training_error(truth, f, ThresholdRule::nearest_midpoint).theta,
            t.theta);
  EXPECT_EQ(threshold_minimizing_training_error(truth, f, ThresholdRule::lowest_edge).theta,
            std::nextafter(-0.9, 0.0));
}

TEST(TrainingErrorThreshold, RejectsBadInput) {
  EXPECT_THROW(threshold_minimizing_training_error(V{}, V{}), std::invalid_argument);
  EXPECT_THROW(threshold_minimizing_training_error(V{1}, V{1, 2}), std::invalid_argument);
  EXPECT_THROW(threshold_minimizing_training_error(V{1}, V{INFINITY}), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
