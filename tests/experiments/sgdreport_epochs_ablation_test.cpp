// Ablation epochs-dataset1 (experiments/sgdreport/epochs_ablation.h): a run's trace read at fewer
// epochs, the nearest trace point to each, the run's own end as the chosen row.
#include <gtest/gtest.h>

#include "core/error.h"
#include "experiments/sgdreport/epochs_ablation.h"

namespace linrepro {
namespace {

// 20 epochs of 10 updates, traced every 13 updates and at the end: zeros = the iteration / 10.
Json trace() {
  Json t = Json::array();
  for (int it = 0; it < 200; it += 13)
    t.push_back({{"iteration", it},
                 {"values", {{"zeros", it / 10}, {"train_error", 0.2}, {"test_error", 0.25}}}});
  t.push_back({{"iteration", 200},
               {"values", {{"zeros", 20}, {"train_error", 0.1}, {"test_error", 0.15}}}});
  return t;
}

TEST(SgdreportEpochsAblation, NearestTracePointPerEpochAndTheRunsEndChosen) {
  PublishedPaper p;
  p.cells.push_back({});
  p.cells.back().table = "table3";
  p.cells.back().row = "Cumulative";
  p.cells.back().column = "Sparsity";
  p.cells.back().value = 31;
  const Ablation a = epochs_ablation(trace(), 20, p);
  ASSERT_EQ(a.columns,
            (std::vector<std::string>{"Sparsity", "Training error rate", "Test error rate"}));
  // 1, 5, 10 epochs and the run's 20 (25 and more are beyond it), then the published row.
  ASSERT_EQ(a.rows.size(), 5u);
  EXPECT_EQ(a.rows[0].variant, "epochs-1");
  EXPECT_EQ(a.rows[0].values[0], 1.0);   // iteration 13 is nearest 10
  EXPECT_EQ(a.rows[1].values[0], 5.0);   // iteration 52 nearest 50
  EXPECT_EQ(a.rows[2].values[0], 10.0);  // iteration 104 nearest 100
  EXPECT_EQ(a.rows[3].variant, "epochs-20");
  EXPECT_TRUE(a.rows[3].chosen);
  EXPECT_EQ(a.rows[3].values[0], 20.0);
  EXPECT_DOUBLE_EQ(*a.rows[3].values[2], 15.0);  // errors in %
  EXPECT_TRUE(a.rows[4].reference);
  EXPECT_EQ(a.rows[4].values[0], 31.0);
  EXPECT_FALSE(a.rows[4].values[1]);  // no published training error here
  EXPECT_THROW(epochs_ablation(Json::array(), 20, p), ConfigError);
}

}  // namespace
}  // namespace linrepro
