// The per-weight L1 steps (algorithms/sgd_l1_penalty.h) and the learning-rate schedules, each
// against hand-computed values or the step-by-step definition.
#include "algorithms/sgd_l1_penalty.h"

#include <gtest/gtest.h>

#include <random>

#include "algorithms/sgd_common.h"
#include "core/seed.h"

namespace linrepro {
namespace {

TEST(ClipTowardZero, MovesTowardZeroAndStopsThere) {
  EXPECT_DOUBLE_EQ(clip_toward_zero(0.5, 0.2), 0.3);
  EXPECT_DOUBLE_EQ(clip_toward_zero(-0.5, 0.2), -0.3);
  EXPECT_EQ(clip_toward_zero(0.1, 0.2), 0.0);   // would cross: clipped
  EXPECT_EQ(clip_toward_zero(-0.1, 0.2), 0.0);  // would cross: clipped
  EXPECT_EQ(clip_toward_zero(0.0, 0.2), 0.0);
}

TEST(ClipTowardZero, NeverCrossesZeroAndComposesAdditively) {
  Rng rng(7);
  std::normal_distribution<double> w_dist(0, 1);
  std::exponential_distribution<double> a_dist(2.0);
  for (int trial = 0; trial < 10000; ++trial) {
    const double w = w_dist(rng), a = a_dist(rng), b = a_dist(rng);
    const double once = clip_toward_zero(w, a);
    EXPECT_GE(once * w, 0.0) << "crossed zero: w=" << w << " a=" << a;
    EXPECT_LE(std::abs(once), std::abs(w));
    // Deferring two penalties and applying their sum is the same: the lazy form is exact.
    EXPECT_NEAR(clip_toward_zero(clip_toward_zero(w, a), b), clip_toward_zero(w, a + b), 1e-15);
  }
}

TEST(CumulativePenalty, FollowsTsuruokaFigure2ByHand) {
  double w = 0.5, q = 0.0;
  apply_cumulative_penalty(w, q, 0.2);  // w = max(0, 0.5 - (0.2 + 0)), q = -0.2
  EXPECT_DOUBLE_EQ(w, 0.3);
  EXPECT_DOUBLE_EQ(q, -0.2);
  apply_cumulative_penalty(w, q, 0.3);  // only the new 0.1 is still owed
  EXPECT_DOUBLE_EQ(w, 0.2);
  EXPECT_DOUBLE_EQ(q, -0.3);
  w = 0.05;  // a gradient step pulled it down; 0.5 - 0.3 = 0.2 is owed and clips it to zero
  apply_cumulative_penalty(w, q, 0.5);
  EXPECT_EQ(w, 0.0);
  EXPECT_DOUBLE_EQ(q, -0.35);
  apply_cumulative_penalty(w, q, 0.9);  // a zero weight stays zero and q does not move
  EXPECT_EQ(w, 0.0);
  EXPECT_DOUBLE_EQ(q, -0.35);
  w = -0.4;  // negative side: owed u - q = 0.9 + 0.35 = 1.25 -> clipped at zero
  apply_cumulative_penalty(w, q, 0.9);
  EXPECT_EQ(w, 0.0);
  EXPECT_NEAR(q, 0.05, 1e-15);
}

// k naive steps at once equal k single steps w <- w - delta sign(w), including the crossing and
// the oscillation around zero that follows it.
TEST(NaivePenaltySteps, EqualsRepeatedSingleSteps) {
  Rng rng(11);
  std::normal_distribution<double> w_dist(0, 0.3);
  std::uniform_real_distribution<double> delta_dist(1e-3, 0.05);
  std::uniform_int_distribution<int64_t> k_dist(0, 400);
  int oscillating = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const double w0 = w_dist(rng), delta = delta_dist(rng);
    const int64_t k = k_dist(rng);
    double w = w0;
    for (int64_t s = 0; s < k; ++s) w -= delta * (w > 0 ? 1.0 : (w < 0 ? -1.0 : 0.0));
    EXPECT_NEAR(naive_penalty_steps(w0, delta, k), w, 1e-12) << "w0=" << w0 << " k=" << k;
    if (std::abs(w0) < k * delta) ++oscillating;
  }
  EXPECT_GT(oscillating, 500);                        // the crossing case was exercised
  EXPECT_EQ(naive_penalty_steps(0.0, 0.1, 50), 0.0);  // sign(0) = 0: a zero weight stays zero
  EXPECT_NEAR(naive_penalty_steps(0.25, 0.1, 3), -0.05, 1e-15);
  EXPECT_NEAR(naive_penalty_steps(0.25, 0.1, 4), 0.05, 1e-15);
  EXPECT_NEAR(naive_penalty_steps(0.25, 0.1, 5), -0.05, 1e-15);
}

TEST(LearningRate, ConstantAndDecayingByHand) {
  const LearningRate constant{RateSchedule::constant, 0.001, 0.003};
  EXPECT_EQ(constant.at(0), 0.001);
  EXPECT_EQ(constant.at(6512200), 0.001);
  const LearningRate decaying{RateSchedule::decaying, 0.001, 0.003};
  EXPECT_EQ(decaying.at(0), 0.001);
  // After 200 epochs of a9a (6,512,200 updates): 0.001 / (1 + 0.001 * 0.003 * 6512200)
  EXPECT_NEAR(decaying.at(6512200), 0.001 / 20.5366, 1e-12);
}

}  // namespace
}  // namespace linrepro
