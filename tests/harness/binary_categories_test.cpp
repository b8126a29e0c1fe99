// A binary-categories task set declared whole (harness/protocol/binary_categories.h) on the
// mirror's Reuters-21578 view: each declared category is one binary task; a timed set's runs record
// the declared repeats and trace in their config, a cross-validated one its folds, fbr and the fold
// seed derived from the declared label, and both the same "dataset"; a method's data may change
// the features and name that reading in its record. A malformed declaration, an evaluation's
// option that cannot apply and an unknown category are refused with the place named.
#include "harness/protocol/binary_categories.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/seed.h"

namespace linrepro {
namespace {

Json declaration(const Json& evaluation) {
  return {{"kind", "binary-categories"},
          {"view", "reuters-modapte90"},
          {"features", {{"selection", "ig"}, {"k", 20}, {"scope", "per_category"}}},
          {"tasks", {"grain", "corn"}},
          {"evaluation", evaluation},
          {"lambda", 0.01}};
}

ExperimentContext quiet_context() {
  ExperimentContext ctx;
  ctx.progress = false;
  ctx.threads = 1;
  return ctx;
}

TEST(BinaryCategories, TimedAndCrossValidatedRunsSayHowTheyWereEvaluated) {
  const ExperimentContext ctx = quiet_context();
  const TaskSource timed = binary_category_tasks(declaration("timed"), "here");
  const TaskSet t = timed(ctx)(Json{{"repeats", 2}, {"traced", true}});
  ASSERT_EQ(t.tasks, (std::vector<std::string>{"grain", "corn"}));
  EXPECT_EQ(t.config_fields.at("timing").at("repeats"), 2);
  EXPECT_EQ(t.config_fields.at("trace_every"), 1);
  EXPECT_EQ(t.dataset.at("view"), "reuters-modapte90");
  EXPECT_EQ(t.dataset.at("features").at("k"), 20);
  EXPECT_EQ(t.record.at("task_columns").at("most"), 20);  // each task its own 20 terms
  const RunRecord r = t.fit(0, "mlr-cg", Params{{"lambda", 0.01}, {"max_steps", 5}}, 1);
  EXPECT_EQ(r.extra.at("features"), 20);
  EXPECT_EQ(r.extra.at("cpu_seconds").size(), 2u);  // both timed fits
  EXPECT_FALSE(r.trace.empty());
  EXPECT_GT(r.extra.at("train_positives").get<int>(), 0);

  const TaskSource cv = binary_category_tasks(declaration("SCutFBR.1"), "here");
  const TaskSet c = cv(ctx)(Json::object());
  EXPECT_EQ(c.config_fields.at("folds"), 5);  // the rule's, as MLR-CG §6.1 applies it
  EXPECT_EQ(c.config_fields.at("fold_seed"), derive_seed(ctx.seed, "f1/folds"));
  EXPECT_EQ(c.config_fields.at("threshold").at("fbr"), 0.1);
  EXPECT_EQ(c.config_fields.at("threshold").at("rule"), "SCutFBR.1");
  EXPECT_EQ(c.dataset, t.dataset);
  const RunRecord f = c.fit(1, "liblinear-s2", Params{{"lambda", 0.01}}, 1);
  EXPECT_EQ(f.extra.at("folds").size(), 5u);
  EXPECT_EQ(f.extra.at("fbr"), 0.1);

  // Another reading of the features: its own config and its own record.
  const TaskSet g = cv(ctx)(
      Json{{"features", {{"scope", "global"}, {"aggregate", "joint"}}}, {"name", "global"}});
  EXPECT_EQ(g.dataset.at("features").at("scope"), "global");
  EXPECT_EQ(g.record.at("name"), t.record.at("name").get<std::string>() + " (global)");
  EXPECT_FALSE(g.record.contains("task_columns"));
}

TEST(BinaryCategories, WhatCannotApplyIsRefused) {
  const auto refused = [](const Json& d, const std::string& what) {
    try {
      binary_category_tasks(d, "the place");
      ADD_FAILURE() << "accepted; expected: " << what;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("the place"), std::string::npos) << e.what();
    }
  };
  Json d = declaration("timed");
  d["folds"] = 5;
  refused(d, "folds");
  d = declaration("timed");
  d["view"] = "reuters-modapte91";
  refused(d, "unknown corpus view 'reuters-modapte91' (known: reuters-modapte, ");
  refused(declaration(Json{{"kind", "timed"}}), "/evaluation: must be \"timed\" | \"SCutFBR.1\"");
  refused(declaration("sometimes"),
          "/evaluation: must be \"timed\" | \"SCutFBR.1\" (is \"sometimes\")");
  Json no_lambda = declaration("timed");
  no_lambda.erase("lambda");
  refused(no_lambda, "needs \"lambda\"");

  const ExperimentContext ctx = quiet_context();
  const TaskPreparer cv = binary_category_tasks(declaration("SCutFBR.1"), "the place")(ctx);
  EXPECT_THROW(cv(Json{{"repeats", 3}}), ConfigError);  // a cross-validation is not timed
  Json unknown = declaration("timed");
  unknown["tasks"] = {"grain", "no-such-category"};
  EXPECT_THROW(binary_category_tasks(unknown, "p")(ctx)(Json::object()), ConfigError);
}

}  // namespace
}  // namespace linrepro
