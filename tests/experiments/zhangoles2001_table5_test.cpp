// Zhang & Oles' Table 5 driver pieces (experiments/zhangoles2001/table5_*.h): one-vs-rest on
// per-category features, and a collection's splits as the runner's task set (which matrices each
// method reads).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "experiments/zhangoles2001/table5_ovr.h"
#include "experiments/zhangoles2001/table5_protocol.h"
#include "features/pipeline.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/harness_fixtures.h"

namespace linrepro {
namespace {

// Three topics with their own words plus shared filler; every word occurs in several documents.
struct TinyText {
  std::vector<TextDoc> train, test;
  MultilabelLabels train_targets;
  MulticlassLabels train_labels;
};

TinyText tiny_text() {
  const std::vector<std::vector<std::string>> words = {
      {"apple", "banana", "cherry"}, {"engine", "wheel", "brake"}, {"violin", "piano", "drum"}};
  TinyText t;
  t.train_targets.class_names = {"fruit", "cars", "music"};
  t.train_labels.class_names = t.train_targets.class_names;
  for (int i = 0; i < 36; ++i) {
    const int c = i % 3;
    TextDoc d;
    d.body = words[c][i % 3] + " " + words[c][(i + 1) % 3] + " common text";
    if (i % 5 == 0) d.body += " " + words[(c + 1) % 3][0];  // some cross-topic noise
    if (i % 7 == 0) {
      t.test.push_back(d);
      continue;
    }
    t.train.push_back(d);
    t.train_targets.y.push_back({c});
    t.train_labels.y.push_back(c);
  }
  return t;
}

FeatureConfig config(const std::string& selection, const std::string& scope, int k) {
  return feature_config_from_json(Json{{"stemming", "none"},
                                       {"selection", selection},
                                       {"k", k},
                                       {"scope", scope},
                                       {"representation", "binary"}});
}

TEST(Table5PerCategoryOvr, EqualsRegistryOneVsRestWhenEveryCategoryKeepsEveryTerm) {
  const TinyText t = tiny_text();
  const PrepareOptions quiet{.threads = 1, .progress = false};
  const PreparedSplit global =
      prepare(t.train, t.test, t.train_targets, config("none", "global", 0), quiet);
  const int all = global.matrices.train.cols;
  const PreparedSplit per_cat =
      prepare(t.train, t.test, t.train_targets, config("ig_gini", "per_category", all), quiet);
  ASSERT_EQ(per_cat.matrices.train.cols, all);
  for (const auto& cols : per_cat.category_columns) ASSERT_EQ(static_cast<int>(cols.size()), all);

  for (const std::string solver : {"cls", "nb-ovr"}) {
    const Params params =
        solver == "nb-ovr" ? Params{{"smoothing", 0.01}} : Params{{"lambda", 1e-3}};
    FitContext ctx;
    ctx.seed = 7;
    const PerCategoryOvr ovr =
        fit_per_category_one_vs_rest(solver, per_cat, t.train_labels, params, ctx);
    FitContext ctx2;
    ctx2.seed = 7;
    const MulticlassFit ref = solver_catalog().fit_multiclass(
        solver, MulticlassProblem{global.matrices.train, t.train_labels}, params, ctx2);
    const auto ref_scores = ref.model.scores(global.matrices.test);
    ASSERT_EQ(ovr.scores.size(), ref_scores.size());
    for (size_t i = 0; i < ref_scores.size(); ++i)
      for (size_t k = 0; k < 3; ++k)
        EXPECT_NEAR(ovr.scores[i][k], ref_scores[i][k], 1e-9 * (1 + std::abs(ref_scores[i][k])))
            << solver << " row " << i << " class " << k;
    EXPECT_EQ(ovr.predicted, ref.model.predict(global.matrices.test)) << solver;
    ASSERT_EQ(ovr.per_class.size(), 3u);
  }
}

TEST(Table5PerCategoryOvr, EachClassSeesOnlyItsOwnFeatures) {
  const TinyText t = tiny_text();
  const PrepareOptions quiet{.threads = 1, .progress = false};
  const PreparedSplit per_cat =
      prepare(t.train, t.test, t.train_targets, config("ig_gini", "per_category", 2), quiet);
  FitContext ctx;
  const PerCategoryOvr ovr =
      fit_per_category_one_vs_rest("cls", per_cat, t.train_labels, Params{{"lambda", 1e-3}}, ctx);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(ovr.per_class[k]["features"].get<int>(), 2);
  // The topic words separate the classes: every test document is predicted right.
  const std::vector<int32_t> truth = {0, 1, 2, 0, 1, 2};  // test docs i = 0, 7, 14, 21, 28, 35
  EXPECT_EQ(ovr.predicted, truth);
}

TEST(Table5PerCategoryOvr, RejectsGlobalSelectionAndMismatchedClasses) {
  const TinyText t = tiny_text();
  const PrepareOptions quiet{.threads = 1, .progress = false};
  const PreparedSplit global =
      prepare(t.train, t.test, t.train_targets, config("ig_gini", "global", 3), quiet);
  FitContext ctx;
  EXPECT_THROW(fit_per_category_one_vs_rest("cls", global, t.train_labels, Params{}, ctx),
               ConfigError);
  const PreparedSplit per_cat =
      prepare(t.train, t.test, t.train_targets, config("ig_gini", "per_category", 3), quiet);
  MulticlassLabels other = t.train_labels;
  other.class_names[1] = "trucks";
  EXPECT_THROW(fit_per_category_one_vs_rest("cls", per_cat, other, Params{}, ctx), ConfigError);
}

// A collection's five splits as a task set: a binary solver one-vs-rest on the per-category
// features, with "matrices": "all-terms" one multi-class fit on every term (Naive Bayes-1); the
// runs carry the column as their class, their lambda, and their per-document outcomes on split 0
// only. An unknown "matrices", or the scikit-learn peer on the per-category features, is refused.
TEST(Table5Splits, EachMethodReadsItsMatricesAndAMismatchIsRefused) {
  const testing::TinyCorpus corpus;
  ExperimentContext ctx;
  ctx.seed = 7;
  ctx.progress = false;
  const TaskPreparer prepare =
      zo_table5::table5_splits({"Col", "col", corpus.view(), ""}, "Col [reading]")(ctx);
  const Params nb = {{"smoothing", 0.01}};
  const TaskSet selected = prepare(Json::object());
  ASSERT_EQ(selected.tasks.size(), 5u);
  const RunRecord ovr = selected.fit(0, "nb-ovr", nb, 1);
  EXPECT_EQ(ovr.class_name, "Col [reading]");
  EXPECT_EQ(ovr.extra.at("lambda"), 0.01);
  EXPECT_TRUE(ovr.extra.contains("per_class"));  // one binary fit per class
  EXPECT_TRUE(ovr.extra.contains("test_correct"));
  EXPECT_FALSE(selected.fit(1, "nb-ovr", nb, 1).extra.contains("test_correct"));

  const TaskSet all = prepare(Json{{"matrices", "all-terms"}});
  EXPECT_EQ(all.config_fields.at("matrices"), "all-terms");
  const RunRecord nb1 = all.fit(0, "nb", nb, 1);
  EXPECT_FALSE(nb1.extra.contains("per_class"));  // one multi-class fit
  EXPECT_EQ(nb1.extra.at("labels").size(), 2u);

  EXPECT_THROW(prepare(Json{{"matrices", "every"}}).fit(0, "nb", nb, 1), ConfigError);
  try {
    selected.fit(0, "sklearn-nb", nb, 1);
    ADD_FAILURE() << "the peer ran on the per-category features";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("all-terms"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace linrepro
