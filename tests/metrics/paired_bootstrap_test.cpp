// The paired bootstrap over test documents and the least-squares slope interval
// (metrics/paired_bootstrap.h, metrics/slope_interval.h): known answers.
#include "metrics/paired_bootstrap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "metrics/slope_interval.h"

namespace linrepro {
namespace {

// a right and b wrong on 60 documents, the reverse on 30, both alike on 910.
struct Pair {
  std::vector<uint8_t> a, b;
};
Pair discordant(int a_only, int b_only, int n) {
  Pair p{std::vector<uint8_t>(n, 1), std::vector<uint8_t>(n, 1)};
  for (int i = 0; i < a_only; ++i) p.b[i] = 0;
  for (int i = a_only; i < a_only + b_only; ++i) p.a[i] = 0;
  return p;
}

double difference(const Pair& p, std::span<const int32_t> d) {
  return 100 * (fraction_correct(p.a, d) - fraction_correct(p.b, d));
}

TEST(PairedBootstrap, AccuracyDifferenceMatchesTheNormalApproximation) {
  const Pair p = discordant(60, 30, 1000);
  const auto stat = [&](std::span<const int32_t> d) { return difference(p, d); };
  const SamplingInterval i = paired_bootstrap_interval(1000, stat, 7);
  // d = 3 points; var(d_i) = 0.09 - 0.03^2 = 0.0891; 1.96 * sqrt(0.0891 / 1000) = 1.85 points.
  EXPECT_NEAR(i.lo, 3 - 1.85, 0.3);
  EXPECT_NEAR(i.hi, 3 + 1.85, 0.3);
  const SamplingInterval again = paired_bootstrap_interval(1000, stat, 7);
  EXPECT_EQ(i.lo, again.lo);
  EXPECT_EQ(i.hi, again.hi);
}

TEST(PairedBootstrap, IdenticalOutcomesGiveAZeroWidthInterval) {
  // What the pairing buys: equal classifiers differ by exactly 0 on every resample.
  const Pair p = discordant(0, 0, 500);
  const SamplingInterval i = paired_bootstrap_interval(
      500, [&](std::span<const int32_t> d) { return difference(p, d); }, 1);
  EXPECT_EQ(i.lo, 0);
  EXPECT_EQ(i.hi, 0);
}

TEST(PairedBootstrap, MeanOfPartsAveragesAndNarrows) {
  const Pair p = discordant(60, 30, 1000), q = discordant(30, 60, 1000);
  const auto sp = [&](std::span<const int32_t> d) { return difference(p, d); };
  const auto sq = [&](std::span<const int32_t> d) { return difference(q, d); };
  const SamplingInterval mean = paired_bootstrap_mean_interval({{1000, sp}, {1000, sq}}, 3);
  // +3 and -3 average to 0; the mean of two independent parts is sqrt(2) times narrower.
  EXPECT_LT(mean.lo, 0);
  EXPECT_GT(mean.hi, 0);
  EXPECT_NEAR(mean.hi - mean.lo, 2 * 1.85 / std::sqrt(2.0), 0.4);
}

// The ratio of two error counts on one test set: paired, so identical mistakes give exactly 1,
// and a classifier that errs on a subset of the other's documents never exceeds it.
TEST(PairedBootstrap, ErrorRatioOfSharedMistakes) {
  std::vector<uint8_t> b(1000, 1), a(1000, 1);
  for (int i = 0; i < 40; ++i) b[static_cast<size_t>(i)] = 0;  // b errs on 40 documents
  const SamplingInterval same = paired_error_ratio_interval(b, b, 3);
  EXPECT_EQ(same.lo, 1);
  EXPECT_EQ(same.hi, 1);
  for (int i = 0; i < 20; ++i) a[static_cast<size_t>(i)] = 0;  // a on 20 of them: ratio 0.5
  const SamplingInterval half = paired_error_ratio_interval(a, b, 3);
  EXPECT_LT(half.lo, 0.5);
  EXPECT_GT(half.hi, 0.5);
  EXPECT_LE(half.hi, 1);
  EXPECT_THROW(paired_error_ratio_interval(a, std::vector<uint8_t>(10, 1), 3),
               std::invalid_argument);
}

TEST(PairedBootstrap, RejectsEmptyInput) {
  const auto stat = [](std::span<const int32_t>) { return 0.0; };
  EXPECT_THROW(paired_bootstrap_interval(0, stat, 1), std::invalid_argument);
  EXPECT_THROW(paired_bootstrap_interval(10, stat, 1, 0), std::invalid_argument);
  EXPECT_THROW(paired_bootstrap_mean_interval({}, 1), std::invalid_argument);
}

TEST(SlopeInterval, MatchesScipyLinregress) {
  // scipy.stats.linregress: slope 1.99, stderr 0.0597216; t(0.975, 3) = 3.18245.
  const SlopeFit f = slope_interval({1, 2, 3, 4, 5}, {2.1, 3.9, 6.2, 7.8, 10.1});
  EXPECT_NEAR(f.slope, 1.99, 1e-12);
  EXPECT_NEAR(f.lo, 1.79994, 1e-3);
  EXPECT_NEAR(f.hi, 2.18006, 1e-3);
  EXPECT_EQ(f.points, 5);
}

TEST(SlopeInterval, CollinearPointsHaveNoWidthAndBadInputThrows) {
  const SlopeFit f = slope_interval({0, 1, 2}, {1, 3, 5});
  EXPECT_DOUBLE_EQ(f.slope, 2);
  EXPECT_DOUBLE_EQ(f.lo, 2);
  EXPECT_DOUBLE_EQ(f.hi, 2);
  EXPECT_THROW(slope_interval({1, 2}, {1, 2}), std::invalid_argument);
  EXPECT_THROW(slope_interval({1, 1, 1}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(slope_interval({1, 2, 3}, {1, 2}), std::invalid_argument);
  EXPECT_DOUBLE_EQ(student_t_975(1), 12.706);
  EXPECT_NEAR(student_t_975(1000), 1.96, 1e-3);
}

}  // namespace
}  // namespace linrepro
