// Issue 27 item 1: the 20NG split-spread ablation (split_spread.h): every split's accuracy per
// method, split 0 marked as the cells', then the mean and the sample sd; a missing run leaves it
// out.
#include <gtest/gtest.h>

#include "experiments/graphsvm2002/split_spread.h"

namespace linrepro {
namespace {

// One split's results: every method of the ablation at accuracy `base` (+1 for MCSVM).
MainResults split_at(double base) {
  MainResults r;
  for (const char* key : {"mcnb", "mcsvm", "hier-nb", "hier-svm", "graphsvm-t0.05"}) {
    RunRecord run;
    run.status = "ok";
    run.metrics = {{"accuracy", std::string(key) == "mcsvm" ? base + 1 : base}};
    r.runs[key] = run;
  }
  return r;
}

TEST(SplitSpread, EverySplitThenMeanAndSampleSd) {
  const auto a = split_spread_ablation(split_at(80), {split_at(82), split_at(84)}, {0.05});
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->columns,
            (std::vector<std::string>{"MCNB", "MCSVM", "Hier-NB", "Hier-SVM", "GraphSVM t=0.05"}));
  ASSERT_EQ(a->rows.size(), 5u);  // 3 splits, mean, sd
  EXPECT_TRUE(a->rows[0].chosen);
  EXPECT_FALSE(a->rows[1].chosen);
  EXPECT_DOUBLE_EQ(*a->rows[1].values[0], 82);
  EXPECT_DOUBLE_EQ(*a->rows[2].values[1], 85);
  EXPECT_EQ(a->rows[3].variant, "mean");
  EXPECT_DOUBLE_EQ(*a->rows[3].values[0], 82);
  EXPECT_DOUBLE_EQ(*a->rows[3].values[1], 83);
  EXPECT_EQ(a->rows[4].variant, "sd");
  EXPECT_DOUBLE_EQ(*a->rows[4].values[0], 2);  // sqrt(((-2)^2 + 0 + 2^2) / 2)
}

TEST(SplitSpread, AMissingOrFailedRunLeavesTheAblationOut) {
  MainResults broken = split_at(82);
  broken.runs["hier-svm"].status = "failed";
  EXPECT_FALSE(split_spread_ablation(split_at(80), {broken}, {0.05}).has_value());
  MainResults missing = split_at(82);
  missing.runs.erase("mcnb");
  EXPECT_FALSE(split_spread_ablation(split_at(80), {missing}, {0.05}).has_value());
}

}  // namespace
}  // namespace linrepro
