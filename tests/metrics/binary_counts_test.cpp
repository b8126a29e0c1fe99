#include "metrics/binary_counts.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace linrepro {
namespace {

using V = std::vector<double>;

TEST(BinaryCounts, HandCountedPrecisionRecallF1) {
  // row:   0  1  2  3  4  5  6  7
  // truth: +  +  +  -  -  -  -  +
  // pred:  +  -  +  +  -  -  -  -
  //        TP FN TP FP TN TN TN FN   -> TP 2, FP 1, FN 2, TN 3
  const BinaryCounts c =
      count_binary(V{1, 1, 1, -1, -1, -1, -1, 1}, V{1, -1, 1, 1, -1, -1, -1, -1});
  EXPECT_EQ(c, (BinaryCounts{2, 1, 2, 3}));
  EXPECT_EQ(c.total(), 8);
  EXPECT_DOUBLE_EQ(precision(c), 2.0 / 3.0);  // 2 / (2 + 1)
  EXPECT_DOUBLE_EQ(recall(c), 0.5);           // 2 / (2 + 2)
  // 2TP / (2TP + FP + FN) = 4 / 7; equals 2PR/(P+R) = (2/3) / (7/6) = 4/7.
  EXPECT_DOUBLE_EQ(f1(c), 4.0 / 7.0);
}

TEST(BinaryCounts, AtThresholdPredictsPositiveWhenDecisionReachesIt) {
  const V truth{1, 1, 1, -1, -1, -1, -1, 1};
  const V f{0.9, -0.2, 0.3, 0.1, -0.5, -1, 0.0, -0.1};
  // theta = 0: f >= 0 at rows 0, 2, 3, 6 (0.0 counts as positive, like LinearModel::predict)
  //   -> TP rows 0,2; FP rows 3,6; FN rows 1,7; TN rows 4,5.
  EXPECT_EQ(count_binary_at_threshold(truth, f), (BinaryCounts{2, 2, 2, 2}));
  // theta = 0.2: rows 0, 2 only -> TP 2, FP 0, FN 2, TN 4; P = 1, R = 1/2.
  const BinaryCounts c = count_binary_at_threshold(truth, f, 0.2);
  EXPECT_EQ(c, (BinaryCounts{2, 0, 2, 4}));
  EXPECT_DOUBLE_EQ(precision(c), 1.0);
  EXPECT_DOUBLE_EQ(recall(c), 0.5);
}

TEST(BinaryCounts, ZeroOverZeroConventions) {
  // Positives exist, nothing predicted: P = 0/0 -> zero_division, R = 0, F1 = 0 / 3 = 0.
  const BinaryCounts none_predicted{0, 0, 3, 5};
  EXPECT_EQ(precision(none_predicted), 1.0);
  EXPECT_EQ(precision(none_predicted, 0.0), 0.0);
  EXPECT_EQ(recall(none_predicted), 0.0);
  EXPECT_EQ(f1(none_predicted), 0.0);
  EXPECT_EQ(f1(none_predicted, 0.0), 0.0);
  // No positives, nothing predicted: P, R, F1 all 0/0 -> zero_division.
  const BinaryCounts empty_category{0, 0, 0, 5};
  EXPECT_EQ(precision(empty_category), 1.0);
  EXPECT_EQ(recall(empty_category), 1.0);
  EXPECT_EQ(f1(empty_category), 1.0);
  EXPECT_EQ(f1(empty_category, 0.0), 0.0);
  // No positives but two predicted: P = 0/2 = 0, R = 0/0 -> 1, F1 = 0 / 2 = 0.
  const BinaryCounts false_alarms{0, 2, 0, 3};
  EXPECT_EQ(precision(false_alarms), 0.0);
  EXPECT_EQ(recall(false_alarms), 1.0);
  EXPECT_EQ(f1(false_alarms), 0.0);
}

TEST(BinaryCounts, SumAndSizeMismatch) {
  BinaryCounts a{1, 2, 3, 4};
  a += BinaryCounts{10, 20, 30, 40};
  EXPECT_EQ(a, (BinaryCounts{11, 22, 33, 44}));
  EXPECT_THROW(count_binary(V{1, -1}, V{1}), std::invalid_argument);
  EXPECT_THROW(count_binary_at_threshold(V{1}, V{1, 2}), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
