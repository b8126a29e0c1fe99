// Data sets of a chosen size (corpora/sized_sets.h): a nested subsample keeps its rows in file
// order, each smaller size inside each larger one, and the whole test set; an rcv1-like draw puts
// its last test rows in the test set, with the declared shape.
#include "corpora/sized_sets.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace linrepro {
namespace {

// Row i of a one-column data set holds the value i + 1, so a subsample's rows name themselves.
BinaryDataset numbered(int32_t rows) {
  BinaryDataset d;
  d.name = "numbered";
  for (int32_t i = 0; i < rows; ++i) {
    d.X_train.row_ptr.push_back(i + 1);
    d.X_train.col_idx.push_back(0);
    d.X_train.values.push_back(i + 1);
    d.y_train.push_back(i % 2 ? 1.0 : -1.0);
  }
  d.X_train.rows = rows;
  d.X_train.cols = 1;
  d.X_test = d.X_train;
  d.y_test = d.y_train;
  return d;
}

TEST(SizedSets, NestedSubsamplesAreInFileOrderInsideEachOtherWithTheWholeTestSet) {
  const BinaryDataset d = numbered(50);
  const BinaryDataset small = nested_subsample(d, 10, 7), large = nested_subsample(d, 25, 7);
  ASSERT_EQ(small.X_train.rows, 10);
  ASSERT_EQ(large.X_train.rows, 25);
  EXPECT_TRUE(std::is_sorted(large.X_train.values.begin(), large.X_train.values.end()));
  for (const double v : small.X_train.values)
    EXPECT_NE(std::find(large.X_train.values.begin(), large.X_train.values.end(), v),
              large.X_train.values.end())
        << v;
  for (int32_t i = 0; i < large.X_train.rows; ++i)  // each row keeps its label
    EXPECT_EQ(large.y_train[static_cast<size_t>(i)],
              d.y_train[static_cast<size_t>(large.X_train.values[static_cast<size_t>(i)] - 1)]);
  EXPECT_EQ(large.X_test.rows, 50);
  EXPECT_NE(nested_subsample(d, 10, 8).X_train.values, small.X_train.values);  // another seed
}

TEST(SizedSets, AnRcv1LikeDrawHasTheDeclaredShapeAndItsLastRowsAsTestSet) {
  const SyntheticSpec spec = rcv1_like_spec(3000, 1000, 5);
  EXPECT_EQ(spec.rows, 4000);
  const BinaryDataset d = synthetic_binary_dataset(spec, 1000, "rcv1-like");
  EXPECT_EQ(d.X_train.rows, 3000);
  EXPECT_EQ(d.X_test.rows, 1000);
  EXPECT_EQ(d.X_train.cols, 500);
  EXPECT_EQ(d.X_test.cols, 500);
  const double mean_nnz = static_cast<double>(d.X_train.nnz()) / d.X_train.rows;
  EXPECT_NEAR(mean_nnz, 38, 4);
  const double positives =
      static_cast<double>(std::count(d.y_train.begin(), d.y_train.end(), 1.0)) / 3000;
  EXPECT_NEAR(positives, 0.3 * 0.9 + 0.7 * 0.1, 0.05);  // 30% planted, 10% flipped
  const SyntheticData all = make_synthetic_text(spec);
  EXPECT_EQ(std::vector<double>(all.y.end() - 1000, all.y.end()), d.y_test);
}

}  // namespace
}  // namespace linrepro
