// The second-stage SVMs of GraphSVM, the hierarchy and MCSVM run in parallel
// (algorithms/graphsvm_sub_svm.h: fit_class_subsets). Parallel fits must equal the 1-thread fits
// exactly: same weights, same predictions, same stats in the same order (times aside).
#include <gtest/gtest.h>

#include <random>

#include "algorithms/graphsvm.h"
#include "algorithms/graphsvm_hierarchy.h"
#include "algorithms/graphsvm_sub_svm.h"
#include "baselines/register.h"
#include "core/error.h"
#include "graphsvm_fixtures.h"

namespace linrepro {
namespace {

struct ParallelFixture {
  SolverRegistry registry;
  ParallelFixture() { register_baseline_solvers(registry); }
};

// The confusable fixture with 15% of the training labels replaced by random classes (seeded): NB's
// held-out confusion then has many off-diagonal entries, so GraphSVM builds several M2(i) of
// different sizes -- the case where the job list and its scheduling matter.
testing::TextData noisy_text(int32_t K, int32_t docs_per_class, uint64_t seed) {
  testing::TextData d = testing::make_confusable_text(K, docs_per_class, true, seed);
  Rng rng(derive_seed(seed, "label-noise"));
  std::uniform_real_distribution<double> u(0, 1);
  std::uniform_int_distribution<int32_t> cls(0, K - 1);
  for (auto& y : d.labels.y)
    if (u(rng) < 0.15) y = cls(rng);
  return d;
}

void expect_same_stats(const std::vector<SubSvmStats>& a, const std::vector<SubSvmStats>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t j = 0; j < a.size(); ++j) {
    EXPECT_EQ(a[j].classes, b[j].classes) << j;
    EXPECT_EQ(a[j].positive_class, b[j].positive_class) << j;
    EXPECT_EQ(a[j].rows, b[j].rows) << j;
    EXPECT_EQ(a[j].nnz, b[j].nnz) << j;
    EXPECT_EQ(a[j].cols, b[j].cols) << j;
    EXPECT_EQ(a[j].memory_bytes, b[j].memory_bytes) << j;
  }
}

void expect_same_model(const MulticlassModel& a, const MulticlassModel& b) {
  ASSERT_EQ(a.per_class.size(), b.per_class.size());
  for (size_t k = 0; k < a.per_class.size(); ++k) {
    EXPECT_EQ(a.per_class[k].w, b.per_class[k].w) << k;  // bit for bit
    EXPECT_EQ(a.per_class[k].b, b.per_class[k].b) << k;
  }
}

TEST(GraphSvmParallel, TwoThreadsGiveTheOneThreadFit) {
  ParallelFixture f;
  const auto train = noisy_text(6, 80, 61);
  const auto test = testing::make_confusable_text(6, 40, true, 62);
  GraphSvmOptions options;
  options.t = 0.02;
  FitContext one, two;
  one.seed = two.seed = 7;
  two.threads = 2;
  const GraphSvmFit a = fit_graph_svm(f.registry, train.X, train.labels, options, one);
  const GraphSvmFit b = fit_graph_svm(f.registry, train.X, train.labels, options, two);
  ASSERT_GE(a.num_m2(), 3);  // the fixture really makes several second-stage classifiers
  EXPECT_EQ(a.model.F, b.model.F);
  expect_same_stats(a.svms, b.svms);
  for (size_t i = 0; i < a.model.m2.size(); ++i) {
    EXPECT_EQ(a.model.m2[i].classes, b.model.m2[i].classes);
    expect_same_model(a.model.m2[i].model, b.model.m2[i].model);
  }
  EXPECT_EQ(a.model.predict(test.X), b.model.predict(test.X));
  // Stats come M2(i) by M2(i) in class order, each one-vs-others SVM in its subset's class order.
  std::vector<int32_t> expected, got;
  for (const auto& m : a.model.m2)
    expected.insert(expected.end(), m.classes.begin(), m.classes.end());
  for (const auto& s : b.svms) got.push_back(s.positive_class);
  EXPECT_EQ(got, expected);
  EXPECT_DOUBLE_EQ(a.stage2_cpu_seconds, total_cpu_seconds(a.svms));
}

TEST(GraphSvmParallel, SubsetsTogetherEqualSubsetsAlone) {
  ParallelFixture f;
  const auto d = noisy_text(5, 50, 71);
  const std::vector<std::vector<int32_t>> subsets{{0, 1, 2, 3, 4}, {0, 1}, {1, 3, 4}};
  const std::vector<uint64_t> seeds{11, 12, 13};
  FitContext ctx;
  ctx.threads = 2;
  const auto together =
      fit_class_subsets(f.registry, "smo", Params::object(), d.X, d.labels, subsets, seeds, ctx);
  ASSERT_EQ(together.size(), subsets.size());
  for (size_t s = 0; s < subsets.size(); ++s) {
    FitContext alone;
    alone.seed = seeds[s];
    const SubsetFit single =
        fit_class_subset(f.registry, "smo", Params::object(), d.X, d.labels, subsets[s], alone);
    EXPECT_EQ(together[s].classes, subsets[s]);
    expect_same_model(together[s].model, single.model);
    expect_same_stats(together[s].svms, single.svms);
  }
  // MCSVM (all classes) is one subset; its SVMs still run on the workers.
  FitContext two;
  two.threads = 2;
  const SubsetFit mc2 =
      fit_class_subset(f.registry, "smo", Params::object(), d.X, d.labels, subsets[0], two);
  expect_same_model(mc2.model, together[0].model);
  // Native multiclass solvers (NB) are one job per subset.
  const auto nb =
      fit_class_subsets(f.registry, "nb", Params::object(), d.X, d.labels, subsets, seeds, ctx);
  for (size_t s = 0; s < subsets.size(); ++s) {
    ASSERT_EQ(nb[s].svms.size(), 1u);
    EXPECT_EQ(nb[s].svms[0].positive_class, -1);
    EXPECT_EQ(nb[s].svms[0].classes, subsets[s]);
  }
  EXPECT_THROW(
      fit_class_subsets(f.registry, "smo", Params::object(), d.X, d.labels, subsets, {1, 2}, ctx),
      ConfigError);
  EXPECT_THROW(
      fit_class_subsets(f.registry, "smo", Params::object(), d.X, d.labels, {{0, 7}}, {1}, ctx),
      ConfigError);
}

TEST(HierarchyParallel, TwoThreadsGiveTheOneThreadFit) {
  ParallelFixture f;
  const auto train = noisy_text(6, 80, 81);
  const auto test = testing::make_confusable_text(6, 40, true, 82);
  HierarchyOptions options;
  options.stage2 = "smo";  // Hier-SVM
  options.num_clusters = 2;
  FitContext one, two;
  one.seed = two.seed = 3;
  two.threads = 2;
  const HierarchyFit a = fit_hierarchy(f.registry, train.X, train.labels, options, one);
  const HierarchyFit b = fit_hierarchy(f.registry, train.X, train.labels, options, two);
  EXPECT_EQ(a.model.clusters, b.model.clusters);
  ASSERT_FALSE(a.svms.empty());
  expect_same_stats(a.svms, b.svms);
  for (size_t g = 0; g < a.model.l2.size(); ++g)
    expect_same_model(a.model.l2[g].model, b.model.l2[g].model);
  EXPECT_EQ(a.model.predict(test.X), b.model.predict(test.X));
  EXPECT_DOUBLE_EQ(a.l2_cpu_seconds, total_cpu_seconds(a.svms));
}

}  // namespace
}  // namespace linrepro
