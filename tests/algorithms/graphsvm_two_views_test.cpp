// GraphSVM and the hierarchy on two representations of the same rows (fit_graph_svm(X1, X2),
// fit_hierarchy(X1, X2)): the first stage must see only X1 (term counts for NB) and the SVMs only
// X2 (here the same rows scaled to unit length, as the graphsvm2002 driver does).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/graphsvm.h"
#include "algorithms/graphsvm_hierarchy.h"
#include "baselines/register.h"
#include "core/error.h"
#include "core/seed.h"
#include "graphsvm_fixtures.h"

namespace linrepro {
namespace {

CsrMatrix unit_rows(CsrMatrix X) {
  for (int32_t i = 0; i < X.rows; ++i) {
    const double n = std::sqrt(X.row_squared_norm(i));
    for (int64_t k = X.row_ptr[i]; k < X.row_ptr[i + 1]; ++k) X.values[k] /= n;
  }
  return X;
}

void expect_same_models(const MulticlassModel& a, const MulticlassModel& b) {
  ASSERT_EQ(a.per_class.size(), b.per_class.size());
  for (size_t k = 0; k < a.per_class.size(); ++k) {
    EXPECT_EQ(a.per_class[k].w, b.per_class[k].w) << k;
    EXPECT_EQ(a.per_class[k].b, b.per_class[k].b) << k;
  }
}

struct TwoViewsFixture {
  SolverRegistry registry;
  TwoViewsFixture() { register_baseline_solvers(registry); }
};

TEST(GraphSvmTwoViews, FirstStageReadsX1AndTheSvmsReadX2) {
  TwoViewsFixture f;
  const auto train = testing::make_confusable_text(5, 150, true, 31);
  const auto test = testing::make_confusable_text(5, 100, true, 32);
  const CsrMatrix X2 = unit_rows(train.X), X2test = unit_rows(test.X);
  GraphSvmOptions options;
  FitContext a, b;
  a.seed = b.seed = 4;
  const GraphSvmFit one = fit_graph_svm(f.registry, train.X, train.labels, options, a);
  const GraphSvmFit two = fit_graph_svm(f.registry, train.X, X2, train.labels, options, b);
  // Stage 1 is the single-representation fit's: same confusion, graph and M1.
  EXPECT_EQ(two.confusion, one.confusion);
  EXPECT_EQ(two.model.F, one.model.F);
  expect_same_models(two.model.m1, one.model.m1);
  // Each M2(i) is exactly the one-vs-others SVMs over {i} u F(i) fitted on X2.
  int32_t checked = 0;
  for (int32_t i = 0; i < 5; ++i) {
    const SubsetFit& m2 = two.model.m2[i];
    if (m2.classes.empty()) continue;
    FitContext sub;
    sub.seed = derive_seed(4, fmt::format("graphsvm-m2/{}", i));
    const SubsetFit direct =
        fit_class_subset(f.registry, "smo", Params::object(), X2, train.labels, m2.classes, sub);
    expect_same_models(m2.model, direct.model);
    EXPECT_NE(m2.model.per_class[0].w, one.model.m2[i].model.per_class[0].w);  // not X1's SVMs
    ++checked;
  }
  EXPECT_GT(checked, 0);
  // Prediction: M1 on X1, then M2 on X2.
  std::vector<int32_t> m1;
  const auto y = two.model.predict(test.X, X2test, &m1);
  EXPECT_EQ(m1, one.model.m1.predict(test.X));
  for (int32_t r = 0; r < test.X.rows; ++r) {
    const SubsetFit& m2 = two.model.m2[m1[r]];
    EXPECT_EQ(y[r], m2.classes.empty() ? m1[r] : m2.predict_row(X2test, r));
  }
  CsrMatrix short_X2 = X2.select_rows(std::vector<int32_t>{0, 1});
  EXPECT_THROW(fit_graph_svm(f.registry, train.X, short_X2, train.labels, options, a), ConfigError);
}

TEST(HierarchyTwoViews, SvmL1AndL2ReadX2TheConfusionReadsX1) {
  TwoViewsFixture f;
  const auto train = testing::make_confusable_text(5, 150, true, 51);
  const auto test = testing::make_confusable_text(5, 100, true, 52);
  const CsrMatrix X2 = unit_rows(train.X), X2test = unit_rows(test.X);
  HierarchyOptions options;
  options.stage2 = "smo";
  options.l1 = "smo";
  FitContext a, b;
  a.seed = b.seed = 6;
  const HierarchyFit one = fit_hierarchy(f.registry, train.X, train.labels, options, a);
  const HierarchyFit two = fit_hierarchy(f.registry, train.X, X2, train.labels, options, b);
  EXPECT_EQ(two.confusion, one.confusion);
  EXPECT_EQ(two.model.clusters, one.model.clusters);
  EXPECT_TRUE(two.model.l1_on_x2);
  // L1: one-vs-others SMO over the groups, on X2.
  MulticlassLabels groups;
  for (size_t g = 0; g < two.model.clusters.size(); ++g)
    groups.class_names.push_back(fmt::format("g{}", g));
  for (int32_t c : train.labels.y) groups.y.push_back(two.model.cluster_of[c]);
  FitContext l1;
  l1.seed = derive_seed(6, "hierarchy-l1");
  expect_same_models(two.model.l1,
                     f.registry.fit_multiclass("smo", {X2, groups}, Params::object(), l1).model);
  // L2 of the confusable pair's group, on X2.
  const int32_t g = two.model.cluster_of[0];
  ASSERT_FALSE(two.model.l2[g].classes.empty());
  FitContext sub;
  sub.seed = derive_seed(6, fmt::format("hierarchy-l2/{}", g));
  expect_same_models(two.model.l2[g].model,
                     fit_class_subset(f.registry, "smo", Params::object(), X2, train.labels,
                                      two.model.clusters[g], sub)
                         .model);
  // Accuracies use L1 on X2 (an own L1) and L2 on X2.
  const auto acc = hierarchy_level_accuracies(two.model, test.X, X2test, test.labels.y);
  const auto y = two.model.predict(test.X, X2test);
  int64_t ok = 0;
  for (int32_t r = 0; r < test.X.rows; ++r) ok += y[r] == test.labels.y[r];
  EXPECT_DOUBLE_EQ(acc.overall, static_cast<double>(ok) / test.X.rows);
  EXPECT_EQ(two.model.predict_groups(test.X, X2test), two.model.l1.predict(X2test));
}

}  // namespace
}  // namespace linrepro
