// GraphSVM and the two-level hierarchy (algorithms/graphsvm.h, graphsvm_hierarchy.h) on synthetic
// text with one confusable pair (graphsvm_fixtures.h), solvers taken from a local registry.
#include "algorithms/graphsvm.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "algorithms/graphsvm_hierarchy.h"
#include "baselines/register.h"
#include "core/error.h"
#include "graphsvm_fixtures.h"

namespace linrepro {
namespace {

double accuracy_of(const std::vector<int32_t>& truth, const std::vector<int32_t>& predicted) {
  int64_t ok = 0;
  for (size_t i = 0; i < truth.size(); ++i) ok += truth[i] == predicted[i];
  return static_cast<double>(ok) / static_cast<double>(truth.size());
}

struct GraphsvmFixture {
  SolverRegistry registry;
  GraphsvmFixture() { register_baseline_solvers(registry); }
};

TEST(GraphSvmMemory, FormulaByHand) {
  // 8 (n + 1) + 12 nnz + 8 n  +  8 (2 n + d)  with n = 10, nnz = 50, d = 20:
  // 88 + 600 + 80 + 320 = 1088.
  EXPECT_EQ(sub_svm_memory_bytes(10, 50, 20), 1088);
  EXPECT_EQ(sub_svm_memory_bytes(10, 50, 20), 12 * 50 + 32 * 10 + 8 * 20 + 8);
}

TEST(GraphSvmSubset, TrainsOnlyTheSubsetsRowsOneSvmPerClass) {
  GraphsvmFixture f;
  const auto d = testing::make_confusable_text(4, 30, true, 2);
  FitContext ctx;
  const SubsetFit fit =
      fit_class_subset(f.registry, "smo", Params::object(), d.X, d.labels, {0, 2}, ctx);
  ASSERT_EQ(fit.svms.size(), 2u);
  int64_t nnz = 0;
  for (int32_t i = 0; i < d.X.rows; ++i)
    if (d.labels.y[i] == 0 || d.labels.y[i] == 2) nnz += d.X.row_ptr[i + 1] - d.X.row_ptr[i];
  for (const auto& s : fit.svms) {
    EXPECT_EQ(s.rows, 60);
    EXPECT_EQ(s.nnz, nnz);
    EXPECT_EQ(s.memory_bytes, sub_svm_memory_bytes(60, nnz, d.X.cols));
  }
  EXPECT_EQ(fit.svms[0].positive_class, 0);
  EXPECT_EQ(fit.svms[1].positive_class, 2);
  // Native multiclass solvers are fitted once.
  const SubsetFit nb =
      fit_class_subset(f.registry, "nb", Params::object(), d.X, d.labels, {1, 3}, ctx);
  ASSERT_EQ(nb.svms.size(), 1u);
  EXPECT_EQ(nb.svms[0].positive_class, -1);
  // Predictions are global ids of the subset.
  for (int32_t i = 0; i < d.X.rows; ++i) {
    const int32_t p = fit.predict_row(d.X, i);
    EXPECT_TRUE(p == 0 || p == 2);
  }
}

TEST(GraphSvm, PerfectFirstStageTrainsNoSvmAndChangesNothing) {
  GraphsvmFixture f;
  const auto train = testing::make_confusable_text(4, 60, false, 21);
  const auto test = testing::make_confusable_text(4, 30, false, 22);
  FitContext ctx;
  ctx.seed = 1;
  const GraphSvmFit fit = fit_graph_svm(f.registry, train.X, train.labels, GraphSvmOptions{}, ctx);
  EXPECT_EQ(fit.num_m2(), 0);
  EXPECT_TRUE(fit.svms.empty());
  std::vector<int32_t> m1;
  const auto y = fit.model.predict(test.X, &m1);
  EXPECT_EQ(y, m1);
  EXPECT_EQ(accuracy_of(test.labels.y, y), 1.0);
}

TEST(GraphSvm, RefinesTheConfusablePairWithSmallerSvmsThanMcsvm) {
  GraphsvmFixture f;
  const auto train = testing::make_confusable_text(5, 150, true, 31);
  const auto test = testing::make_confusable_text(5, 100, true, 32);
  FitContext ctx;
  ctx.seed = 4;
  GraphSvmOptions options;
  options.t = 0.05;
  const GraphSvmFit fit = fit_graph_svm(f.registry, train.X, train.labels, options, ctx);
  // The graph: class 0 documents are misread as 1 -> F(1) contains 0; the clean classes 2..4 have
  // no edges (and no M2).
  EXPECT_NE(std::find(fit.model.F[1].begin(), fit.model.F[1].end(), 0), fit.model.F[1].end());
  for (int32_t i = 2; i < 5; ++i) EXPECT_TRUE(fit.model.m2[i].classes.empty()) << i;
  ASSERT_FALSE(fit.model.m2[1].classes.empty());

  std::vector<int32_t> m1;
  const auto y = fit.model.predict(test.X, &m1);
  const double acc_nb = accuracy_of(test.labels.y, m1);
  const double acc_graph = accuracy_of(test.labels.y, y);
  EXPECT_LT(acc_nb, 0.97);       // the fixture really confuses NB
  EXPECT_GT(acc_graph, acc_nb);  // and GraphSVM repairs part of it
  // Rows M1 sends to a class without M2 keep M1's label.
  for (int32_t r = 0; r < test.X.rows; ++r)
    if (fit.model.m2[m1[r]].classes.empty()) {
      EXPECT_EQ(y[r], m1[r]);
    }

  // MCSVM: one-vs-others over all classes on all rows.
  const std::vector<int32_t> all{0, 1, 2, 3, 4};
  FitContext mc_ctx;
  const SubsetFit mcsvm =
      fit_class_subset(f.registry, "smo", Params::object(), train.X, train.labels, all, mc_ctx);
  EXPECT_EQ(mcsvm.svms.size(), 5u);
  EXPECT_LT(fit.svms.size(), mcsvm.svms.size());
  EXPECT_LT(total_rows(fit.svms), total_rows(mcsvm.svms));
  EXPECT_LT(max_memory_bytes(fit.svms), max_memory_bytes(mcsvm.svms));
  EXPECT_GT(fit.peak_rss_bytes, 0);
}

TEST(GraphSvm, IsDeterministicForASeed) {
  GraphsvmFixture f;
  const auto train = testing::make_confusable_text(4, 60, true, 41);
  FitContext a, b;
  a.seed = b.seed = 9;
  const auto fa = fit_graph_svm(f.registry, train.X, train.labels, GraphSvmOptions{}, a);
  const auto fb = fit_graph_svm(f.registry, train.X, train.labels, GraphSvmOptions{}, b);
  EXPECT_EQ(fa.confusion, fb.confusion);
  EXPECT_EQ(fa.model.predict(train.X), fb.model.predict(train.X));
  GraphSvmOptions bad;
  bad.t = 1.5;
  EXPECT_THROW(fit_graph_svm(f.registry, train.X, train.labels, bad, a), ConfigError);
}

TEST(Hierarchy, GroupsTheConfusablePairAndPerfectL1EqualsPerGroupNb) {
  GraphsvmFixture f;
  const auto train = testing::make_confusable_text(5, 150, true, 51);
  const auto test = testing::make_confusable_text(5, 100, true, 52);
  FitContext ctx;
  ctx.seed = 6;
  HierarchyOptions options;  // Hier-NB
  const HierarchyFit fit = fit_hierarchy(f.registry, train.X, train.labels, options, ctx);
  ASSERT_EQ(fit.model.cluster_of.size(), 5u);
  EXPECT_EQ(fit.model.cluster_of[0], fit.model.cluster_of[1]);  // the pair shares a group
  const auto acc = hierarchy_level_accuracies(fit.model, test.X, test.labels.y);

  // Perfect L1: each test row is classified by its true group's NB, fitted on that group's rows.
  int64_t ok = 0;
  for (size_t g = 0; g < fit.model.clusters.size(); ++g) {
    const auto& classes = fit.model.clusters[g];
    std::vector<int32_t> rows;
    for (int32_t r = 0; r < test.X.rows; ++r)
      if (fit.model.cluster_of[test.labels.y[r]] == static_cast<int32_t>(g)) rows.push_back(r);
    if (classes.size() == 1) {
      ok += static_cast<int64_t>(rows.size());
      continue;
    }
    FitContext sub;
    const SubsetFit nb =
        fit_class_subset(f.registry, "nb", Params::object(), train.X, train.labels, classes, sub);
    for (int32_t r : rows) ok += nb.predict_row(test.X, r) == test.labels.y[r];
  }
  EXPECT_DOUBLE_EQ(acc.l2_perfect_l1, static_cast<double>(ok) / test.X.rows);
  EXPECT_LE(acc.overall, acc.l1);
  EXPECT_EQ(acc.overall, accuracy_of(test.labels.y, fit.model.predict(test.X)));

  // Hier-SVM: same groups (same seed, same first stage), SVMs inside the pair's group.
  options.stage2 = "smo";
  FitContext ctx2;
  ctx2.seed = 6;
  const HierarchyFit svm = fit_hierarchy(f.registry, train.X, train.labels, options, ctx2);
  EXPECT_EQ(svm.model.clusters, fit.model.clusters);
  EXPECT_FALSE(svm.svms.empty());
  for (const auto& s : svm.svms) EXPECT_GE(s.positive_class, 0);

  // SVM-L1: same confusion matrix and groups, one-vs-others SVMs route to the groups.
  options.l1 = "smo";
  FitContext ctx3;
  ctx3.seed = 6;
  const HierarchyFit svm_l1 = fit_hierarchy(f.registry, train.X, train.labels, options, ctx3);
  EXPECT_EQ(svm_l1.model.clusters, fit.model.clusters);
  EXPECT_EQ(svm_l1.model.l1.per_class.size(), fit.model.clusters.size());
  EXPECT_NE(svm_l1.model.l1.per_class[0].w, fit.model.l1.per_class[0].w);
}

}  // namespace
}  // namespace linrepro
