// GraphSVM step 1 (algorithms/graphsvm_confusion.h): the validation split, confusion counts and the
// confusion graph F(i), checked by hand and on the paper's own Figure 1 example.
#include "algorithms/graphsvm_confusion.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "baselines/register.h"
#include "core/error.h"
#include "graphsvm_fixtures.h"

namespace linrepro {
namespace {

TEST(GraphSvmConfusion, CountsByHand) {
  // truth 0 0 0 1 1 2, predicted 0 1 1 1 1 0
  const ConfusionCounts C = count_confusion({0, 0, 0, 1, 1, 2}, {0, 1, 1, 1, 1, 0}, 3);
  const ConfusionCounts expected{{1, 2, 0}, {0, 2, 0}, {1, 0, 0}};
  EXPECT_EQ(C, expected);
  const auto P = confusion_row_distributions(C);
  EXPECT_DOUBLE_EQ(P[0][1], 2.0 / 3);
  EXPECT_DOUBLE_EQ(P[2][0], 1.0);
  // F(1) = {0}: 2 of class 0's 3 rows go to 1. F(0) = {2}: class 2's only row goes to 0.
  const auto F = confusion_graph(C, 0.5);
  EXPECT_EQ(F[0], (std::vector<int32_t>{2}));
  EXPECT_EQ(F[1], (std::vector<int32_t>{0}));
  EXPECT_TRUE(F[2].empty());
  // Above 2/3 only class 2 -> 0 (1/1) remains.
  const auto F_high = confusion_graph(C, 0.7);
  EXPECT_TRUE(F_high[1].empty());
  EXPECT_EQ(F_high[0], (std::vector<int32_t>{2}));
  // t = 0 still needs at least one misclassified row (zeros never make an edge).
  EXPECT_TRUE(confusion_graph(C, 0.0)[2].empty());
}

// Godbole et al. (2002) Figure 1, column alt.atheism (class 1) and the row totals (300 each):
// their example "with a threshold of 3%, F(alt.atheism) = {talk.religion.misc,
// soc.religion.christian}" (88/300 and exactly 9/300).
TEST(GraphSvmConfusion, PaperFigureOneExample) {
  const std::vector<int64_t> column_atheism{251, 9, 3, 2, 88, 0, 1, 0, 1, 0,
                                            0,   0, 0, 1, 0,  0, 1, 2, 0, 0};
  ConfusionCounts C(20, std::vector<int64_t>(20, 0));
  for (int32_t j = 0; j < 20; ++j) {
    C[j][0] = column_atheism[j];
    // The rest of each row (not needed for F(alt.atheism)) on its diagonal; class 1's on class 2.
    C[j][j == 0 ? 1 : j] += 300 - column_atheism[j];
  }
  for (int32_t j = 0; j < 20; ++j) {  // every row sums to 300, as in the figure
    int64_t s = 0;
    for (int64_t c : C[j]) s += c;
    ASSERT_EQ(s, 300) << j;
  }
  const auto F = confusion_graph(C, 0.03);
  EXPECT_EQ(F[0],
            (std::vector<int32_t>{1, 4}));  // soc.religion.christian (2), talk.religion.misc (5)
  EXPECT_EQ(confusion_graph(C, 0.031)[0], (std::vector<int32_t>{4}));
}

TEST(GraphSvmConfusion, StratifiedSplitIsSeededDisjointAndProportional) {
  const auto d = testing::make_confusable_text(3, 20, true, 5);
  std::vector<int32_t> fit, val, fit2, val2;
  stratified_validation_split(d.labels, 0.3, 11, fit, val);
  stratified_validation_split(d.labels, 0.3, 11, fit2, val2);
  EXPECT_EQ(fit, fit2);
  EXPECT_EQ(val, val2);
  EXPECT_EQ(fit.size() + val.size(), 60u);
  std::vector<int32_t> all = fit;
  all.insert(all.end(), val.begin(), val.end());
  std::sort(all.begin(), all.end());
  for (int32_t i = 0; i < 60; ++i) EXPECT_EQ(all[i], i);
  std::vector<int32_t> per_class(3, 0);
  for (int32_t i : val) ++per_class[d.labels.y[i]];
  EXPECT_EQ(per_class, (std::vector<int32_t>{6, 6, 6}));  // 30% of 20 per class
  stratified_validation_split(d.labels, 0.3, 12, fit2, val2);
  EXPECT_NE(val, val2);
  EXPECT_THROW(stratified_validation_split(d.labels, 1.0, 11, fit, val), ConfigError);
}

TEST(GraphSvmConfusion, NaiveBayesConfusesTheConfusablePairOnly) {
  SolverRegistry registry;
  register_baseline_solvers(registry);
  const auto d = testing::make_confusable_text(4, 100, true, 7);
  FitContext ctx;
  ctx.seed = 3;
  const auto vc = validation_confusion(registry, "nb", Params::object(), d.X, d.labels, 0.3, ctx);
  EXPECT_EQ(vc.validation_rows.size(), 120u);
  int64_t total = 0;
  for (const auto& row : vc.C)
    for (int64_t c : row) total += c;
  EXPECT_EQ(total, 120);
  EXPECT_GT(vc.C[0][1], 0);  // class 0 documents with the block go to class 1
  for (int32_t t = 0; t < 4; ++t)
    for (int32_t p = 0; p < 4; ++p)
      if (t != p && !(t <= 1 && p <= 1)) {
        EXPECT_EQ(vc.C[t][p], 0) << t << "," << p;
      }
  EXPECT_EQ(vc.C[2][2], 30);
  EXPECT_EQ(vc.C[3][3], 30);
}

}  // namespace
}  // namespace linrepro
