// Issue 27 item 1 for MLR-CG Table 3 (univ6_fold_spread.h): per fold assignment each solver's
// combined micro/macro-F1 and MMLR-CG - SVM, in points, then mean and sd; a draw without a
// solver's runs is refused.
#include <gtest/gtest.h>

#include "core/error.h"
#include "experiments/mlrcg2003/univ6_fold_spread.h"

namespace linrepro {
namespace {

DrawF1 draw(double mmlr_micro, double svm_micro) {
  return {{"MMLR-CG", {mmlr_micro, 0.5}}, {"SVM", {svm_micro, 0.6}}};
}

TEST(FoldSpread, ColumnsPerSolverThenDifferencesInPoints) {
  const Ablation a =
      fold_spread_ablation("Univ-6", {draw(0.86, 0.85), draw(0.88, 0.85)}, {"MMLR-CG", "SVM"});
  EXPECT_EQ(a.id, "univ-6-fold-spread");
  EXPECT_EQ(a.columns, (std::vector<std::string>{
                           "MMLR-CG micro-F1", "MMLR-CG macro-F1", "SVM micro-F1", "SVM macro-F1",
                           "MMLR-CG - SVM micro-F1", "MMLR-CG - SVM macro-F1"}));
  ASSERT_EQ(a.rows.size(), 4u);  // 2 draws, mean, sd
  EXPECT_TRUE(a.rows[0].chosen);
  EXPECT_NEAR(*a.rows[1].values[0], 88, 1e-9);
  EXPECT_NEAR(*a.rows[0].values[4], 1, 1e-9);
  EXPECT_NEAR(*a.rows[1].values[5], -10, 1e-9);
  EXPECT_NEAR(*a.rows[2].values[4], 2, 1e-9);  // mean of 1 and 3
}

TEST(FoldSpread, ADrawWithoutASolverIsRefused) {
  DrawF1 missing = draw(0.86, 0.85);
  missing.erase("SVM");
  EXPECT_THROW(fold_spread_ablation("Univ-6", {draw(0.86, 0.85), missing}, {"MMLR-CG", "SVM"}),
               ConfigError);
}

}  // namespace
}  // namespace linrepro
