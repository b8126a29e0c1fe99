// Issue 15 item 4: MLR-CG's binary tasks select their own information-gain features (the
// features of the declared task sets reuters-table2 and reuters-f1); the §6.1 ablation by
// feature-selection scope is a declared table, its old reading a method's "data".
#include <gtest/gtest.h>

#include <algorithm>

#include "features/pipeline.h"
#include "harness/protocol/protocol_runner.h"

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

// The declared features of §6.1's runs (task set reuters-f1), `k` terms; `global`: the
// ablation's old reading (the data of method f1-global/smo).
FeatureConfig declared_features(int k, bool global) {
  const DeclaredProtocol p = declared_protocol("mlrcg2003", "table2_reuters");
  Json f = p.task_sources.at("reuters-f1").at("features");
  if (global)
    for (const ProtocolMethod& m : p.methods)
      if (m.name == "f1-global/smo") f.update(m.data.at("features"));
  if (k > 0) f["k"] = k;
  return feature_config_from_json(f);
}

PrepareOptions quiet() { return PrepareOptions{.threads = 1, .progress = false}; }

TEST(MlrcgFeatureScope, EachBinaryTaskGetsItsOwnInformationGainTerms) {
  const FeatureScopeFixture f = two_categories();
  const PreparedSplit split =
      prepare(f.train, f.test, f.labels, declared_features(1, false), quiet());
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
  const FeatureConfig global = declared_features(1, true);
  EXPECT_EQ(global.scope, SelectionScope::global);
  const PreparedSplit split = prepare(f.train, f.test, f.labels, global, quiet());
  EXPECT_FALSE(split.per_category());
  EXPECT_EQ(split.matrices.feature_names, std::vector<std::string>{"alpha"});
}

TEST(MlrcgFeatureScope, ThePaperConfigurationIs500BinaryFeaturesPerTask) {
  const FeatureConfig c = declared_features(0, false);
  // Table 2's four categories are four of the same binary tasks, on the same features.
  const Json table2 =
      declared_protocol("mlrcg2003", "table2_reuters").task_sources.at("reuters-table2");
  EXPECT_EQ(to_json(feature_config_from_json(table2.at("features"))), to_json(c));
  EXPECT_EQ(c.k, 500);
  EXPECT_EQ(c.selection, SelectionMethod::ig);
  EXPECT_EQ(c.scope, SelectionScope::per_category);
  EXPECT_EQ(c.representation, Representation::binary);
  // The old configuration differs only in scope (so its stored runs keep their config hash).
  FeatureConfig g = declared_features(0, true);
  g.scope = SelectionScope::per_category;
  EXPECT_EQ(to_json(g), to_json(c));
}

}  // namespace
}  // namespace linrepro
