// The mean ± sample standard deviation of a number over random splits, and its mean's interval.
#include "metrics/split_summary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace linrepro {
namespace {

TEST(SplitSummary, MeanAndSampleStandardDeviationByHand) {
  const std::vector<double> v = {1, 2, 3, 4, 5};
  const SplitSummary s = summarize_splits(v);
  EXPECT_EQ(s.n, 5);
  EXPECT_DOUBLE_EQ(s.mean, 3.0);
  // sum of squared deviations 10, n - 1 = 4: sqrt(2.5), not the population sqrt(2).
  EXPECT_DOUBLE_EQ(s.std, std::sqrt(2.5));
  EXPECT_EQ(format_summary(s), "3.00 ± 1.58");
}

// 1..5: mean 3, std sqrt(2.5); t(0.975, 4) = 2.776 (scipy.stats.t.ppf(0.975, 4) = 2.7764).
TEST(SplitSummary, MeanIntervalIsStudentsT) {
  const std::vector<double> v = {1, 2, 3, 4, 5};
  const auto [lo, hi] = mean_interval_95(summarize_splits(v));
  const double half = 2.776 * std::sqrt(2.5) / std::sqrt(5.0);
  EXPECT_NEAR(lo, 3 - half, 1e-12);
  EXPECT_NEAR(hi, 3 + half, 1e-12);
  const std::vector<double> one = {88.5};
  EXPECT_EQ(mean_interval_95(summarize_splits(one)), std::make_pair(88.5, 88.5));
}

TEST(SplitSummary, SingleAndEmptyInputs) {
  const std::vector<double> one = {88.5};
  const SplitSummary s = summarize_splits(one);
  EXPECT_EQ(s.n, 1);
  EXPECT_DOUBLE_EQ(s.mean, 88.5);
  EXPECT_DOUBLE_EQ(s.std, 0.0);
  const SplitSummary e = summarize_splits(std::vector<double>{});
  EXPECT_EQ(e.n, 0);
  EXPECT_DOUBLE_EQ(e.mean, 0.0);
}

}  // namespace
}  // namespace linrepro
