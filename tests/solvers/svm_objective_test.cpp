// O_svm by hand on two rows.
#include "solvers/svm_objective.h"

#include <gtest/gtest.h>

#include "baselines/baseline_fixtures.h"

namespace linrepro {
namespace {

TEST(SvmObjective, HandComputed) {
  const auto d = testing::dense_rows({{1, 2}, {0, -1}}, {1, -1});
  const LinearModel m{{0.5, 0.25}, -0.5};
  // f = 0.5 + 0.5 - 0.5 = 0.5 -> hinge 0.5;  f = -0.25 - 0.5 = -0.75, y = -1 -> hinge 0.25.
  EXPECT_DOUBLE_EQ(hinge_loss_sum(d.X, d.y, m), 0.75);
  EXPECT_DOUBLE_EQ(squared_norm(m.w), 0.3125);
  // (1/2) 0.75 + 0.1 * 0.3125; the intercept is not regularised.
  EXPECT_DOUBLE_EQ(svm_primal_objective(d.X, d.y, m, 0.1), 0.375 + 0.03125);
  EXPECT_DOUBLE_EQ(svm_primal_objective_C(d.X, d.y, m, 2), 0.15625 + 1.5);
  // Consistency of the conventions: O_svm = P / (n C) when C = 1/(2 lambda n).
  const double lambda = 0.1, C = 1 / (2 * lambda * 2);
  EXPECT_DOUBLE_EQ(svm_primal_objective(d.X, d.y, m, lambda),
                   svm_primal_objective_C(d.X, d.y, m, C) / (2 * C));
}

}  // namespace
}  // namespace linrepro
