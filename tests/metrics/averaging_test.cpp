#include "metrics/averaging.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace linrepro {
namespace {

// Three categories (TP, FP, FN, TN):
//   A: 8 2 0 90  -> P = 8/10 = 0.8, R = 8/8 = 1,    F1 = 16/18 = 8/9
//   B: 1 0 3 96  -> P = 1/1 = 1,    R = 1/4 = 0.25, F1 = 2/5 = 0.4
//   C: 0 0 0 100 -> no positives, none predicted: P = R = F1 = zero_division
const std::vector<BinaryCounts> kCategories{{8, 2, 0, 90}, {1, 0, 3, 96}, {0, 0, 0, 100}};

TEST(MicroAverage, PoolsTheCounts) {
  // Pooled: TP 9, FP 2, FN 3 -> P = 9/11, R = 9/12, F1 = 18 / (18 + 2 + 3) = 18/23.
  const PrfScores s = micro_average(kCategories);
  EXPECT_DOUBLE_EQ(s.precision, 9.0 / 11.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.75);
  EXPECT_DOUBLE_EQ(s.f1, 18.0 / 23.0);
  // Category C has no counts to pool, so zero_division does not enter.
  EXPECT_DOUBLE_EQ(micro_average(kCategories, 0.0).f1, 18.0 / 23.0);
}

TEST(MacroAverage, MeansThePerCategoryValues) {
  // zero_division = 1: P = (0.8 + 1 + 1)/3, R = (1 + 0.25 + 1)/3 = 0.75, F1 = (8/9 + 0.4 + 1)/3.
  const PrfScores s = macro_average(kCategories);
  EXPECT_DOUBLE_EQ(s.precision, 2.8 / 3.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.75);
  EXPECT_DOUBLE_EQ(s.f1, (8.0 / 9.0 + 0.4 + 1.0) / 3.0);  // 0.76296...
  // Not the F1 of the macro P and R: 2 * (2.8/3) * 0.75 / (2.8/3 + 0.75) = 0.8317...
  EXPECT_GT(2 * s.precision * s.recall / (s.precision + s.recall) - s.f1, 0.06);

  // zero_division = 0 (scikit-learn's default): C scores 0 everywhere.
  const PrfScores z = macro_average(kCategories, 0.0);
  EXPECT_DOUBLE_EQ(z.precision, 1.8 / 3.0);
  EXPECT_DOUBLE_EQ(z.recall, 1.25 / 3.0);
  EXPECT_DOUBLE_EQ(z.f1, (8.0 / 9.0 + 0.4) / 3.0);
}

TEST(Averages, NoCategoriesIsAnError) {
  EXPECT_THROW(micro_average({}), std::invalid_argument);
  EXPECT_THROW(macro_average({}), std::invalid_argument);
}

TEST(PerClassCounts, OneVsRestViewOfAConfusionMatrix) {
  // truth 0 0 1 1 1 2, pred 0 1 1 1 0 2 (see confusion_matrix_test):
  //   class 0: TP 1, FN 1 (0->1), FP 1 (1->0), TN 3
  //   class 1: TP 2, FN 1 (1->0), FP 1 (0->1), TN 2
  //   class 2: TP 1, FN 0, FP 0, TN 5
  const ConfusionMatrix C = confusion_matrix(std::vector<int32_t>{0, 0, 1, 1, 1, 2},
                                             std::vector<int32_t>{0, 1, 1, 1, 0, 2}, 3);
  const auto k = per_class_counts(C);
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k[0], (BinaryCounts{1, 1, 1, 3}));
  EXPECT_EQ(k[1], (BinaryCounts{2, 1, 1, 2}));
  EXPECT_EQ(k[2], (BinaryCounts{1, 0, 0, 5}));
  // Single-label: every error is one FP and one FN, so micro P = R = F1 = accuracy = 4/6.
  const PrfScores micro = micro_average(k);
  EXPECT_DOUBLE_EQ(micro.precision, accuracy(C));
  EXPECT_DOUBLE_EQ(micro.recall, accuracy(C));
  EXPECT_DOUBLE_EQ(micro.f1, 4.0 / 6.0);
}

}  // namespace
}  // namespace linrepro
