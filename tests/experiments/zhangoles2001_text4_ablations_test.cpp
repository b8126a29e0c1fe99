// Issue 15 item 5: the lambda -> 0 ablation (lambda0_ablation.h): which row is chosen, what each
// row holds, and that a malformed row is refused. (Item 6's tokenisation ablation is a declared
// table: harness/protocol_ablations.h.)
#include <gtest/gtest.h>

#include <stdexcept>

#include "experiments/zhangoles2001/lambda0_ablation.h"

namespace linrepro {
namespace {

Lambda0Result result(double bep, double f1, int64_t median, int64_t max, int32_t at_cap) {
  Lambda0Result r;
  r.bep = bep;
  r.f1 = f1;
  r.iterations_median = median;
  r.iterations_max = max;
  r.at_cap = at_cap;
  r.trained = 115;
  return r;
}

TEST(Lambda0Ablation, OnlyTheCellsLambdaAtKFixedIsChosenAndUnrunEntriesStayEmpty) {
  const std::vector<std::string> columns = {"Mod Least Squares primal", "Mod SVM dual"};
  const std::vector<Lambda0Row> rows = {
      {1e-6, false, {result(69, 60, 100, 100, 0), result(85, 80, 100, 100, 0)}},
      {1e-8, false, {result(60, 50, 100, 100, 0), result(84, 79, 100, 100, 0)}},
      {1e-6, true, {result(65, 55, 230, 500, 7), std::nullopt}}};
  const auto ablations = lambda0_ablations(columns, rows, 1e-6, {80.0, 85.0}, 500);
  ASSERT_EQ(ablations.size(), 2u);
  const Ablation& bep = ablations[0];
  const Ablation& f1 = ablations[1];
  EXPECT_EQ(bep.columns, columns);
  ASSERT_EQ(bep.rows.size(), 4u);  // three variants and the paper's
  EXPECT_TRUE(bep.rows[0].chosen);
  EXPECT_FALSE(bep.rows[1].chosen);  // another lambda
  EXPECT_FALSE(bep.rows[2].chosen);  // the cells' lambda, but K to convergence
  EXPECT_EQ(bep.rows[0].variant, "lambda 1e-06, K = 100 fixed");
  EXPECT_EQ(bep.rows[2].variant, "lambda 1e-06, K to convergence (cap 500)");
  EXPECT_EQ(bep.rows[1].values[0], 60.0);
  EXPECT_EQ(f1.rows[1].values[0], 50.0);
  EXPECT_EQ(bep.rows[2].values[1], std::nullopt);
  // Where the converged run stopped is in the row.
  EXPECT_NE(bep.rows[2].description.find("230/500 (7 of 115 at the cap)"), std::string::npos)
      << bep.rows[2].description;
  EXPECT_TRUE(bep.rows[3].reference);
  EXPECT_EQ(bep.rows[3].values[0], 80.0);
  EXPECT_EQ(f1.rows.size(), 3u);  // the paper gives no F1 for lambda -> 0
  EXPECT_NE(bep.why.find("fix the number of iterations to be 100"), std::string::npos);
}

TEST(Lambda0Ablation, ARowWithTheWrongNumberOfMethodsIsRefused) {
  EXPECT_THROW(lambda0_ablations({"a", "b"}, {{1e-6, false, {result(1, 1, 1, 1, 0)}}}, 1e-6,
                                 {std::nullopt, std::nullopt}, 500),
               std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
