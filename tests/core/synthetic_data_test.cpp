#include "core/synthetic_data.h"

#include <gtest/gtest.h>

namespace linrepro {
namespace {

double positive_fraction(const BinaryLabels& y) {
  double n = 0;
  for (double v : y) n += v > 0;
  return n / static_cast<double>(y.size());
}

TEST(SyntheticText, DeterministicPerSeed) {
  SyntheticSpec spec;
  spec.rows = 300;
  spec.features = 500;
  spec.seed = 11;
  const SyntheticData a = make_synthetic_text(spec), b = make_synthetic_text(spec);
  EXPECT_EQ(a.X.row_ptr, b.X.row_ptr);
  EXPECT_EQ(a.X.col_idx, b.X.col_idx);
  EXPECT_EQ(a.y, b.y);
  spec.seed = 12;
  const SyntheticData c = make_synthetic_text(spec);
  EXPECT_NE(a.X.col_idx, c.X.col_idx);
}

TEST(SyntheticText, ShapeAndBinaryFeatures) {
  SyntheticSpec spec;
  spec.rows = 2000;
  spec.features = 3000;
  spec.mean_nnz = 25;
  const SyntheticData d = make_synthetic_text(spec);
  EXPECT_EQ(d.X.rows, 2000);
  EXPECT_EQ(d.X.cols, 3000);
  ASSERT_EQ(d.y.size(), 2000u);
  for (int32_t i = 0; i < d.X.rows; ++i) {
    const auto idx = d.X.row_indices(i);
    ASSERT_FALSE(idx.empty()) << "row " << i;
    for (size_t k = 0; k < idx.size(); ++k) {
      EXPECT_GE(idx[k], 0);
      EXPECT_LT(idx[k], 3000);
      if (k > 0) {
        EXPECT_LT(idx[k - 1], idx[k]);
      }
    }
    for (double v : d.X.row_values(i)) EXPECT_EQ(v, 1.0);
  }
  for (double y : d.y) EXPECT_TRUE(y == 1.0 || y == -1.0);
  // mean_nnz is the mean number of distinct features: Poisson(25) lengths, 2000 rows, so the sample
  // mean has standard deviation ~0.11; 0.5 is > 4 sigma.
  EXPECT_NEAR(static_cast<double>(d.X.nnz()) / 2000.0, 25.0, 0.5);
  // Zipf: feature 0 is far more frequent than feature 2000.
  int64_t f0 = 0, f2000 = 0;
  for (int32_t j : d.X.col_idx) f0 += j == 0, f2000 += j == 2000;
  EXPECT_GT(f0, 20 * (f2000 + 1));
}

TEST(SyntheticText, PositiveFractionWithoutAndWithNoise) {
  SyntheticSpec spec;
  spec.rows = 5000;
  spec.features = 1000;
  spec.positive_fraction = 0.3;
  spec.label_noise = 0;
  spec.seed = 3;
  const SyntheticData clean = make_synthetic_text(spec);
  EXPECT_NEAR(positive_fraction(clean.y), 0.3, 0.002);  // the planted threshold is a quantile

  spec.label_noise = 0.1;
  const SyntheticData noisy = make_synthetic_text(spec);
  EXPECT_EQ(noisy.X.col_idx, clean.X.col_idx);  // same seed, same documents: only labels flip
  double flipped = 0;
  for (size_t i = 0; i < clean.y.size(); ++i) flipped += clean.y[i] != noisy.y[i];
  // Binomial(5000, 0.1): sd ~ 0.0042 of the fraction.
  EXPECT_NEAR(flipped / 5000.0, 0.1, 0.02);
  // Expected positive fraction after flipping: 0.3 * 0.9 + 0.7 * 0.1 = 0.34.
  EXPECT_NEAR(positive_fraction(noisy.y), 0.34, 0.02);
}

TEST(SyntheticText, RejectsImpossibleSpecs) {
  SyntheticSpec spec;
  spec.features = 0;
  EXPECT_THROW(make_synthetic_text(spec), std::invalid_argument);
  spec.features = 10;
  spec.rows = 0;
  EXPECT_EQ(make_synthetic_text(spec).X.rows, 0);
}

}  // namespace
}  // namespace linrepro
