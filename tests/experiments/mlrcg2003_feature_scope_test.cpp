// Issue 15 item 4: MLR-CG's binary tasks select their own information-gain features
// (reuters_features.h), and the §6.1 ablation by feature-selection scope
// (feature_scope_ablation.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "experiments/mlrcg2003/feature_scope_ablation.h"
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

PublishedPaper published_f1() {
  PublishedPaper p;
  p.paper = "mlrcg2003";
  for (auto [column, value] : {std::pair{"SVM micro-F1", 87.21}, {"SVM macro-F1", 56.74}}) {
    PublishedCell c;  // field by field: the struct grows
    c.table = "text-6.1";
    c.row = "reuters21578";
    c.column = column;
    c.value = value;
    p.cells.push_back(c);
  }
  return p;
}

TEST(MlrcgFeatureScopeAblation, RowsPerVariantChosenMarkedPublishedLast) {
  const std::vector<FeatureScopeVariant> variants = {
      {"global-joint-ig", "old", false, {MicroMacroF1{0.84, 0.47}, MicroMacroF1{0.85, 0.46}}},
      {"per-category-ig", "chosen", true, {MicroMacroF1{0.86, 0.55}, MicroMacroF1{0.87, 0.56}}},
      {"in-folds", "not run", false, {std::nullopt, std::nullopt}}};
  const Ablation a = feature_scope_ablation({"SVM", "MLR-CG"}, variants, published_f1());
  EXPECT_EQ(a.id, "feature-scope-6.1");
  EXPECT_EQ(a.columns, (std::vector<std::string>{"SVM micro-F1", "SVM macro-F1", "MLR-CG micro-F1",
                                                 "MLR-CG macro-F1"}));
  ASSERT_EQ(a.rows.size(), 4u);
  EXPECT_FALSE(a.rows[0].chosen);
  EXPECT_TRUE(a.rows[1].chosen);
  EXPECT_NEAR(*a.rows[1].values[1], 55.0, 1e-9);
  EXPECT_NEAR(*a.rows[1].values[3], 56.0, 1e-9);
  EXPECT_FALSE(a.rows[2].values[0].has_value());
  const AblationRow& paper = a.rows[3];
  EXPECT_TRUE(paper.reference);
  EXPECT_DOUBLE_EQ(*paper.values[0], 87.21);
  EXPECT_DOUBLE_EQ(*paper.values[1], 56.74);
  EXPECT_FALSE(paper.values[2].has_value());  // not in this published fixture
  EXPECT_EQ(std::count_if(a.rows.begin(), a.rows.end(), [](const auto& r) { return r.chosen; }), 1);
}

TEST(MlrcgFeatureScopeAblation, AVariantWithTheWrongResultCountIsAnError) {
  const std::vector<FeatureScopeVariant> variants = {
      {"per-category-ig", "chosen", true, {MicroMacroF1{0.86, 0.55}}}};
  EXPECT_THROW(feature_scope_ablation({"SVM", "MLR-CG"}, variants, published_f1()),
               std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
