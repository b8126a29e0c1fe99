#include "metrics/break_even.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "metrics/averaging.h"
#include "metrics/binary_counts.h"

namespace linrepro {
namespace {

using V = std::vector<double>;

// f:     0.9 0.8 0.7 0.6 0.5 0.4 0.3 0.2
// truth:  +   -   +   -   -   +   -   -      m = 3 positives
// Top 3 = {0.9 +, 0.8 -, 0.7 +}: TP = 2, so P = 2/3 and R = 2/3: BEP = 2/3.
const V kTruth1{1, -1, 1, -1, -1, 1, -1, -1};
const V kF1{0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2};

TEST(BreakEven, HandComputedWithoutTies) {
  const BreakEven b = break_even_point(kTruth1, kF1);
  EXPECT_EQ(b.positives, 3);
  EXPECT_DOUBLE_EQ(b.tp, 2.0);
  EXPECT_DOUBLE_EQ(b.bep, 2.0 / 3.0);
  // At a threshold between the 3rd and 4th values precision and recall really are equal.
  const BinaryCounts c = count_binary_at_threshold(kTruth1, kF1, 0.65);
  EXPECT_DOUBLE_EQ(precision(c), b.bep);
  EXPECT_DOUBLE_EQ(recall(c), b.bep);
  // Row order does not matter.
  const BreakEven shuffled =
      break_even_point(V{-1, -1, 1, 1, -1, 1, -1, -1}, V{0.2, 0.6, 0.9, 0.4, 0.8, 0.7, 0.3, 0.5});
  EXPECT_DOUBLE_EQ(shuffled.bep, 2.0 / 3.0);
}

TEST(BreakEven, TiesAtTheBoundaryUseTheExpectedCount) {
  // f:     3  2  2  2  1  0
  // truth: +  +  -  -  +  -     m = 3
  // Above the 3rd largest value (2): one row, positive. Tied at 2: three rows, one positive, two of
  // the m = 3 slots left. Expected TP = 1 + 1 * 2/3 = 5/3, BEP = (5/3)/3 = 5/9.
  const BreakEven b = break_even_point(V{1, 1, -1, -1, 1, -1}, V{3, 2, 2, 2, 1, 0});
  EXPECT_EQ(b.positives, 3);
  EXPECT_DOUBLE_EQ(b.tp, 5.0 / 3.0);
  EXPECT_DOUBLE_EQ(b.bep, 5.0 / 9.0);
  // All decision values equal (e.g. a class without a classifier): TP = m * m / n.
  const BreakEven flat = break_even_point(V{1, -1, -1, -1}, V{0, 0, 0, 0});
  EXPECT_DOUBLE_EQ(flat.tp, 0.25);
  EXPECT_DOUBLE_EQ(flat.bep, 0.25);
}

TEST(BreakEven, PerfectWorstAndDegenerateRankings) {
  EXPECT_DOUBLE_EQ(break_even_point(V{1, 1, -1}, V{5, 4, -3}).bep, 1.0);
  EXPECT_DOUBLE_EQ(break_even_point(V{1, -1, -1}, V{-5, 4, 3}).bep, 0.0);  // top 1 is negative
  EXPECT_DOUBLE_EQ(break_even_point(V{1, 1, 1}, V{-5, 0, 3}).bep, 1.0);    // m = n: predict all
  // No positive rows: P = R = 0/0 -> zero_division.
  const BreakEven none = break_even_point(V{-1, -1}, V{1, 2});
  EXPECT_EQ(none.positives, 0);
  EXPECT_EQ(none.tp, 0.0);
  EXPECT_EQ(none.bep, 1.0);
  EXPECT_EQ(break_even_point(V{-1, -1}, V{1, 2}, 0.0).bep, 0.0);
}

TEST(BreakEven, MicroAndMacroAverages) {
  const BreakEven a = break_even_point(kTruth1, kF1);                                 // 2 of 3
  const BreakEven b = break_even_point(V{1, 1, -1, -1, 1, -1}, V{3, 2, 2, 2, 1, 0});  // 5/3 of 3
  const BreakEven c = break_even_point(V{-1, -1}, V{1, 2});                           // 0 of 0
  const std::vector<BreakEven> all{a, b, c};
  // Micro: (2 + 5/3) / (3 + 3 + 0) = 11/18.
  EXPECT_DOUBLE_EQ(micro_break_even(all), 11.0 / 18.0);
  // Macro: (2/3 + 5/9 + 1) / 3 = 20/27.
  EXPECT_DOUBLE_EQ(macro_break_even(all), 20.0 / 27.0);
  EXPECT_EQ(micro_break_even(std::vector<BreakEven>{c}), 1.0);
  EXPECT_EQ(micro_break_even(std::vector<BreakEven>{c}, 0.0), 0.0);
  EXPECT_THROW(macro_break_even({}), std::invalid_argument);
}

TEST(BreakEven, MicroIsPooledPrecisionAndRecallAtPerCategoryThresholds) {
  // Zhang & Oles: per-category break-even thresholds, then micro-average the confusion counts.
  // Category 1 at threshold 0.65 (between its 3rd and 4th values); category 2 (no ties):
  //   f 0.3 0.1 -0.2 -0.4 -0.9, truth - + + - +   m = 3, top 3 has TP 2 -> threshold -0.3.
  const V truth2{-1, 1, 1, -1, 1}, f2{0.3, 0.1, -0.2, -0.4, -0.9};
  const std::vector<BinaryCounts> at_bep{count_binary_at_threshold(kTruth1, kF1, 0.65),
                                         count_binary_at_threshold(truth2, f2, -0.3)};
  const PrfScores pooled = micro_average(at_bep);
  const std::vector<BreakEven> bep{break_even_point(kTruth1, kF1), break_even_point(truth2, f2)};
  EXPECT_DOUBLE_EQ(pooled.precision, pooled.recall);
  EXPECT_DOUBLE_EQ(micro_break_even(bep), pooled.precision);  // (2 + 2) / (3 + 3)
  EXPECT_DOUBLE_EQ(micro_break_even(bep), 4.0 / 6.0);
}

TEST(BreakEven, RejectsBadInput) {
  EXPECT_THROW(break_even_point(V{1, -1}, V{1}), std::invalid_argument);
  EXPECT_THROW(break_even_point(V{1, -1}, V{1, std::nan("")}), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
