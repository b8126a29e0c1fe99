// The feature-count ablation of graphsvm2002/features: one row per k, the experiments' own count
// chosen, missing runs left empty, and the paper's accuracies (20NG MCNB from Table 1, the others
// from Figure 5) as the reference row.
#include <gtest/gtest.h>

#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/feature_sweep.h"

namespace linrepro {
namespace {

PublishedCell cell(std::string table, std::string row, double v) {
  PublishedCell c;
  c.table = std::move(table);
  c.row = std::move(row);
  c.column = "Accuracy";
  c.value = v;
  return c;
}

TEST(Graphsvm2002FeatureSweep, OneRowPerCountTheUsedOneChosenAndThePapersLast) {
  PublishedPaper p;
  p.cells = {cell("table1", "MCNB", 85.27), cell("figure5", "20ng MCSVM", 89.66),
             cell("figure5", "20ng GraphSVM", 88.72)};
  const int32_t used = graphsvm_feature_config().k;
  const Ablation a =
      feature_count_ablation("20ng", {1000, used, 0},
                             {{1000, {{"MCNB", 77.0}, {"MCSVM", 79.0}}}, {used, {{"MCNB", 83.0}}}},
                             {{1000, 1000}, {0, 72702}}, &p);
  ASSERT_EQ(a.rows.size(), 4u);
  EXPECT_EQ(a.id, "feature-count-20ng");
  EXPECT_EQ(a.columns, (std::vector<std::string>{"MCNB", "MCSVM", "GraphSVM"}));
  EXPECT_FALSE(a.rows[0].chosen);
  EXPECT_TRUE(a.rows[1].chosen);
  EXPECT_EQ(a.rows[0].values[1], 79.0);
  EXPECT_FALSE(a.rows[0].values[2].has_value());  // no GraphSVM run at k = 1000
  EXPECT_FALSE(a.rows[2].values[0].has_value());  // nothing at "all"
  EXPECT_NE(a.rows[2].description.find("72702 columns"), std::string::npos);
  EXPECT_TRUE(a.rows[3].reference);
  EXPECT_EQ(a.rows[3].values, (std::vector<std::optional<double>>{85.27, 89.66, 88.72}));
}

TEST(Graphsvm2002FeatureSweep, StoplistAndSvmInputAblationsMarkTheProjectsChoice) {
  PublishedPaper p;
  p.cells = {cell("figure5", "reuters MCNB", 92.47), cell("figure5", "reuters MCSVM", 92.86)};
  const Ablation stop = stoplist_ablation(
      "reuters",
      {{"smart", {{"MCNB", 89.3}}}, {"glasgow", {{"MCNB", 89.1}}}, {"none", {{"MCSVM", 93.9}}}},
      &p);
  ASSERT_EQ(stop.rows.size(), 4u);
  EXPECT_EQ(stop.rows[0].variant, "smart");  // Rainbow's default, the adopted list
  EXPECT_TRUE(stop.rows[0].chosen);
  EXPECT_EQ(stop.rows[1].variant, "glasgow");
  EXPECT_FALSE(stop.rows[1].chosen);
  EXPECT_FALSE(stop.rows[2].chosen);
  EXPECT_EQ(stop.rows[0].values[0], 89.3);
  EXPECT_EQ(stop.rows[1].values[0], 89.1);
  EXPECT_EQ(stop.rows[2].values[1], 93.9);
  EXPECT_EQ(stop.rows[3].values, (std::vector<std::optional<double>>{92.47, 92.86, std::nullopt}));
  const Ablation in = svm_input_ablation(
      "reuters", {{"tf-unit", "ours", true, 1.0, 94.5}, {"tf-raw", "raw", false, 1.5e-3, 92.3}},
      &p);
  ASSERT_EQ(in.rows.size(), 3u);
  EXPECT_TRUE(in.rows[0].chosen);
  EXPECT_EQ(in.rows[1].values[0], 1.5e-3);
  EXPECT_EQ(in.rows[2].values[1], 92.86);
}

}  // namespace
}  // namespace linrepro
