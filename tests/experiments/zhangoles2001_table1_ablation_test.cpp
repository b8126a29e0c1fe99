// Issue 15 item 3: Table 1's CV-protocol ablation (table1_ablation.h): one row per variant with
// the chosen lambda (log10) and the CV BEP there, the chosen variant marked, the paper's row last.
#include <gtest/gtest.h>

#include <stdexcept>

#include "experiments/zhangoles2001/table1_ablation.h"

namespace linrepro {
namespace {

// A pooled grid whose BEP peaks at lambda = 10^-peak (tp = 90 of 100 there, 50 elsewhere).
ZoCvPooled peaked_at(int peak) {
  ZoCvPooled p;
  const std::vector<double> grid = zo_lambda_grid();
  for (size_t g = 0; g < grid.size(); ++g)
    p.points.push_back({grid[g], static_cast<int>(g) == peak ? 90.0 : 50.0, 100, {}, {}});
  p.f1_counts.resize(grid.size());
  p.best = zo_best_lambda(p.points);
  return p;
}

TEST(Table1CvAblation, ChosenLambdaAndBepPerVariantThenThePaper) {
  PublishedPaper published;
  PublishedCell cell;
  cell.table = "table1";
  cell.row = "lambda";
  cell.column = "Lin Reg";
  cell.value = -3;
  published.cells.push_back(cell);
  const std::vector<Table1CvVariant> variants = {
      {"whole_training/10 largest", "old", false, {peaked_at(2), peaked_at(4)}},
      {"in_fold/10 largest", "cells", true, {peaked_at(3), peaked_at(4)}}};
  const auto a = table1_cv_ablations(variants, {"Lin Reg", "Logistic Reg"}, published);
  ASSERT_EQ(a.size(), 2u);
  const Ablation& lambda = a[0];
  EXPECT_EQ(lambda.id, "table1-cv-lambda");
  ASSERT_EQ(lambda.rows.size(), 3u);
  EXPECT_EQ(*lambda.rows[0].values[0], -2);
  EXPECT_EQ(*lambda.rows[1].values[0], -3);
  EXPECT_EQ(*lambda.rows[1].values[1], -4);
  EXPECT_FALSE(lambda.rows[0].chosen);
  EXPECT_TRUE(lambda.rows[1].chosen);
  EXPECT_TRUE(lambda.rows[2].reference);
  EXPECT_EQ(*lambda.rows[2].values[0], -3);
  EXPECT_FALSE(lambda.rows[2].values[1].has_value());  // no published Logistic Reg cell here
  const Ablation& bep = a[1];
  ASSERT_EQ(bep.rows.size(), 2u);  // no published BEP
  EXPECT_NEAR(*bep.rows[0].values[0], 90.0, 1e-12);
  EXPECT_THROW(table1_cv_ablations(variants, {"Lin Reg"}, published), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
