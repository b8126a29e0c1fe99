// Issue 15 item 4: MLR-CG's binary tasks select their own information-gain features
// (reuters_features.h); the §6.1 ablation by feature-selection scope is a declared table.
#include <gtest/gtest.h>

#include <algorithm>

#include "experiments/mlrcg2003/reuters_features.h"
#include "features/pipeline.h"

namespace linrepro {
namespace {

// Two categories that need different terms: "big" (8 training documents, all with "alpha") and
// "small" (2 documents, with "beta"), among 10 documents of neither (no term). The one global
// term by joint 3-class IG (big, small, none) is "alpha"; per task, "small" gets "beta".
struct FeatureScopeFixture {
  std::vector<TextDoc> train, test;
  MultilabelLabels labels;
};

FeatureScopeFixture two_categories() {
  FeatureScopeFixture f;
  f.labels.class_names = {"big", "small"};
  for (int i = 0; i < 8; ++i) {
    f.train.push_back({"", "alpha"});
    f.labels.y.push_back({0});
  }
  for (int i = 0; i < 2; ++i) {
    f.train.push_back({"", "beta"});
    f.labels.y.push_back({1});
  }
  for (int i = 0; i < 10; ++i) {
    f.train.push_back({"", ""});
    f.labels.y.push_back({});
  }
  f.test = {{"", "alpha"}, {"", "beta"}};
  return f;
}

PrepareOptions quiet() { return PrepareOptions{.threads = 1, .progress = false}; }

TEST(MlrcgFeatureScope, EachBinaryTaskGetsItsOwnInformationGainTerms) {
  const FeatureScopeFixture f = two_categories();
  const PreparedSplit split =
      prepare(f.train, f.test, f.labels, mlrcg_binary_task_features(1), quiet());
  ASSERT_TRUE(split.per_category());
  const FeatureMatrices big = for_category(split, 0), small = for_category(split, 1);
  EXPECT_EQ(big.feature_names, std::vector<std::string>{"alpha"});
  EXPECT_EQ(small.feature_names, std::vector<std::string>{"beta"});
  // The small category's own term is a column of its matrices: its documents are not empty.
  EXPECT_EQ(small.train.cols, 1);
  EXPECT_EQ(small.test.row_indices(1).size(), 1u);
}

TEST(MlrcgFeatureScope, TheOldGlobalSetGivesTheSmallCategoryTheBigOnesTerm) {
  const FeatureScopeFixture f = two_categories();
  const FeatureConfig global = mlrcg_global_features(1);
  EXPECT_EQ(global.scope, SelectionScope::global);
  const PreparedSplit split = prepare(f.train, f.test, f.labels, global, quiet());
  EXPECT_FALSE(split.per_category());
  EXPECT_EQ(split.matrices.feature_names, std::vector<std::string>{"alpha"});
}

TEST(MlrcgFeatureScope, ThePaperConfigurationIs500BinaryFeaturesPerTask) {
  const FeatureConfig c = mlrcg_binary_task_features();
  EXPECT_EQ(c.k, 500);
  EXPECT_EQ(c.selection, SelectionMethod::ig);
  EXPECT_EQ(c.scope, SelectionScope::per_category);
  EXPECT_EQ(c.representation, Representation::binary);
  // The old configuration differs only in scope (so its stored runs keep their config hash).
  FeatureConfig g = mlrcg_global_features();
  g.scope = SelectionScope::per_category;
  EXPECT_EQ(to_json(g), to_json(c));
}

}  // namespace
}  // namespace linrepro
