// Per-classifier feature sets in the two-level hierarchy (HierarchyOptions::node_features, §2.1:
// each classifier "can use a independently optimized feature set"): keeping every column gives
// exactly the shared-feature hierarchy; keeping some gives weights only on those columns, chosen
// from the classifier's own rows and classes.
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "algorithms/graphsvm_hierarchy.h"
#include "baselines/register.h"
#include "graphsvm_fixtures.h"

namespace linrepro {
namespace {

TEST(HierarchyNodeFeatures, AllColumnsIsTheSharedHierarchyAndSomeColumnsStayThere) {
  SolverRegistry registry;
  register_baseline_solvers(registry);
  const auto train = testing::make_confusable_text(5, 150, true, 51);
  const auto test = testing::make_confusable_text(5, 100, true, 52);
  HierarchyOptions shared;
  FitContext ctx;
  ctx.seed = 6;
  const HierarchyFit a = fit_hierarchy(registry, train.X, train.labels, shared, ctx);

  HierarchyOptions every = shared;
  every.node_features = [](const CsrMatrix& X, const MulticlassLabels&) {
    std::vector<int32_t> cols(static_cast<size_t>(X.cols));
    std::iota(cols.rbegin(), cols.rend(), 0);  // any order: the hierarchy sorts them
    return cols;
  };
  FitContext ctx2;
  ctx2.seed = 6;
  const HierarchyFit b = fit_hierarchy(registry, train.X, train.labels, every, ctx2);
  EXPECT_EQ(a.model.clusters, b.model.clusters);
  EXPECT_EQ(a.model.predict(test.X), b.model.predict(test.X));

  // Each classifier records the labels it was asked about; L2 keeps only its first 4 columns.
  std::vector<int32_t> classes_seen;
  HierarchyOptions some = shared;
  some.node_features = [&](const CsrMatrix& X, const MulticlassLabels& y) {
    classes_seen.push_back(y.num_classes());
    std::vector<int32_t> cols;
    for (int32_t j = 0; j < std::min(X.cols, 4); ++j) cols.push_back(j);
    return cols;
  };
  FitContext ctx3;
  ctx3.seed = 6;
  const HierarchyFit c = fit_hierarchy(registry, train.X, train.labels, some, ctx3);
  ASSERT_FALSE(classes_seen.empty());
  EXPECT_EQ(classes_seen.front(), static_cast<int32_t>(c.model.clusters.size()));  // L1: groups
  for (const SubsetFit& l2 : c.model.l2)
    for (const LinearModel& m : l2.model.per_class) {
      ASSERT_EQ(m.w.size(), static_cast<size_t>(train.X.cols));
      for (size_t j = 4; j < m.w.size(); ++j) EXPECT_EQ(m.w[j], 0.0) << j;
    }
  EXPECT_TRUE(c.model.l1_on_x2);
}

}  // namespace
}  // namespace linrepro
