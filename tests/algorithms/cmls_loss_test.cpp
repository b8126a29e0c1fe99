// CMLS's per-nonzero pieces (Algorithm 3, algorithms/cmls.h): the branch-free C_k_and_F_k the
// sweep calls gives exactly (bit for bit) the C_k and F_k of the paper's case-by-case formulas.
#include <gtest/gtest.h>

#include "algorithms/cmls.h"

namespace linrepro {
namespace {

TEST(CmlsLoss, BranchFreePiecesEqualTheCaseFormulas) {
  ModifiedLeastSquaresLoss loss;
  for (int64_t k : {1, 17, 49, 50, 80}) {
    loss.begin_iteration(k, 100);
    for (double r : {-3.5, -1.0, 0.0, 0.3, 0.999, 1.0, 1.0001, 1.4, 2.0, 7.25})
      for (double reach : {0.0, 0.05, 0.5, 1.0, 6.0}) {
        const auto [C, F] = loss.C_k_and_F_k(r, reach);
        const double C_case = r <= 1 ? 2 * (r - 1) : 2 * loss.c_k * (r - 1);
        const double F_case = r <= 1 + reach ? 2.0 : 2 * loss.c_k;
        EXPECT_EQ(C, C_case) << "k " << k << " r " << r;
        EXPECT_EQ(F, F_case) << "k " << k << " r " << r << " reach " << reach;
      }
  }
}

}  // namespace
}  // namespace linrepro
