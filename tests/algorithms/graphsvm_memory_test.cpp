// The measured memory of one second-stage SVM (issue 16 item 7): redoing the largest SVM alone
// sees at least its own copy of the subproblem (12 bytes per non-zero, the CSR arrays), and the
// largest SVM by the formula is the one over the most non-zeros.
#include <gtest/gtest.h>

#include "algorithms/graphsvm_sub_svm.h"
#include "baselines/register.h"
#include "core/error.h"
#include "graphsvm_fixtures.h"

namespace linrepro {
namespace {

TEST(GraphSvmMemory, TheLargestSvmIsMeasuredAtLeastAtItsSubproblemsSize) {
  SolverRegistry registry;
  register_baseline_solvers(registry);
  // 4 classes x 4,000 documents: the all-class subproblem holds about 150,000 non-zeros (1.8 MB
  // of CSR arrays), enough to stand out of the page-level noise.
  const auto d = testing::make_confusable_text(4, 4000, true, 5);
  FitContext ctx;
  ctx.threads = 2;
  const SubsetFit all =
      fit_class_subset(registry, "smo", Params::object(), d.X, d.labels, {0, 1, 2, 3}, ctx);
  const SubsetFit pair =
      fit_class_subset(registry, "smo", Params::object(), d.X, d.labels, {0, 1}, ctx);
  std::vector<SubSvmStats> svms = pair.svms;
  svms.insert(svms.end(), all.svms.begin(), all.svms.end());
  const SubSvmStats& largest = largest_sub_svm(svms);
  EXPECT_EQ(largest.classes, (std::vector<int32_t>{0, 1, 2, 3}));
  EXPECT_EQ(largest.nnz, d.X.nnz());
  const auto bytes =
      measure_sub_svm_peak_bytes(registry, "smo", Params::object(), d.X, d.labels, largest, 7);
  if (!bytes) GTEST_SKIP() << "this kernel cannot reset the RSS high-water mark";
  EXPECT_GE(*bytes, 12 * largest.nnz);
  EXPECT_THROW(largest_sub_svm({}), ConfigError);
}

}  // namespace
}  // namespace linrepro
