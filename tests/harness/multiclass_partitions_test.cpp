// A task set declared whole (harness/protocol/multiclass_partitions.h) on a one-folder-per-class
// corpus named by an environment variable: every method is fitted on each fold, its cells are the
// folds' test sides combined (harness/protocol/partition_measures.h: micro-F1 is the accuracy of
// all documents, macro-F1 the mean of the classes' F1), read from the set's record or the fewest
// features of a fold, and an extra solver's columns stand beside the paper's in the same row; a
// method's data may change the features, and its runs' config says so. Random splits give the mean
// over them, with the declared evidence. Without the variable the set is unavailable with the
// declared reason; a malformed declaration is refused. The claim measures over such runs are known
// answers on hand-made folds.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include "core/error.h"
#include "harness/protocol/partition_measures.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"
#include "protocol_refusal.h"

namespace linrepro {
namespace {

using testing::TempDir;
using testing::TinyCorpus;

// The tiny corpus is read as a collection that is not public (corpora/corpus_view.h): the view
// reads the folder this variable names, and without it is unavailable.
constexpr const char* kEnv = "LINREPRO_HOOVERS28_DIR";

Json partitions_protocol() {
  return Json::parse(R"json({
    "why": "test",
    "values": {"lambda": 0.01},
    "task_sources": {"tiny": {
      "kind": "multiclass-partitions",
      "name": "Tiny",
      "view": "hoovers-28",
      "folds": 5,
      "features": {"selection": "none"}}},
    "datasets": [{"class": "Tiny", "tasks": "tiny"}],
    "methods": [
      {"name": "a", "key": "{class}/{task}/a", "solver": "liblinear-s2",
       "params": {"lambda": "$lambda"}},
      {"name": "b", "key": "{class}/{task}/b", "solver": "liblinear-s1",
       "params": {"lambda": "$lambda"}},
      {"key": "{class}/{task}/extra", "solver": "--with-solver", "lambda": "$lambda"}
    ],
    "cells": {
      "columns": {
        "f1": [{"column": "micro-F1", "value": "combined-micro-f1|100", "unit": "%"},
               {"column": "macro-F1", "value": "combined-macro-f1|100", "unit": "%"}],
        "size": [{"column": "docs", "value": "record:counts.docs", "unit": "docs"},
                 {"column": "features", "value": "fewest:features"}]
      },
      "rows": [
        {"table": "t", "row": "Tiny", "class": "Tiny", "run": "a", "columns": ["f1"],
         "prefix": "A", "note": "{record.counts.classes} classes, lambda {$lambda}"},
        {"table": "t1", "row": "Tiny", "class": "Tiny", "run": "a", "columns": ["size"]},
        {"table": "t", "row": "Tiny", "class": "Tiny", "run": "extra", "prefix": "{solver} (extra)",
         "columns": ["f1"]}
      ]
}
})json");
}

Json run_partitions(const TempDir& dir, const Json& declaration,
                    std::vector<std::string> extras = {}) {
  const DeclaredProtocol p = parse_protocol(declaration, "f (x/y)");
  const ProtocolHooks hooks = with_declared_task_sources(p, {});
  check_protocol_hooks(p, hooks, "x/y");
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.extra_solvers = std::move(extras);
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  run_protocol(ctx, rf, p, "x/y", hooks);
  return rf.document();
}

const Json& cell(const Json& doc, const std::string& table, const std::string& column) {
  for (const Json& c : doc.at("cells"))
    if (c.at("table") == table && c.at("column") == column) return c;
  throw std::runtime_error("no cell " + table + "/" + column);
}

// The F1 of class k over every document of method m's runs, from their predictions.
double class_f1(const Json& doc, const std::string& method, int k, int64_t* correct,
                int64_t* total) {
  int64_t tp = 0, fp = 0, fn = 0;
  for (const Json& r : doc.at("runs")) {
    if (!r.at("key").get<std::string>().ends_with("/" + method)) continue;
    const auto truth = r.at("extra").at("test_truth").get<std::vector<int>>();
    const auto predicted = r.at("extra").at("test_predicted").get<std::vector<int>>();
    for (size_t i = 0; i < truth.size(); ++i) {
      tp += truth[i] == k && predicted[i] == k;
      fp += truth[i] != k && predicted[i] == k;
      fn += truth[i] == k && predicted[i] != k;
      if (k == 0) *correct += truth[i] == predicted[i], ++*total;
    }
  }
  return tp == 0 ? (fp + fn == 0 ? 1.0 : 0.0) : 2.0 * tp / (2.0 * tp + fp + fn);
}

struct EnvDir {
  explicit EnvDir(const std::string& dir) { setenv(kEnv, dir.c_str(), 1); }
  ~EnvDir() { unsetenv(kEnv); }
};

TEST(MulticlassPartitions, EveryFoldIsFittedAndTheTestSidesCombinedIntoCells) {
  TempDir dir;
  const TinyCorpus corpus;
  const EnvDir env(corpus.dir.string());
  const Json doc = run_partitions(dir, partitions_protocol(), {"liblinear-s5"});
  // 5 folds of each method and of the extra solver, each scored on its own test side.
  int folds = 0;
  for (const Json& r : doc.at("runs")) {
    ++folds;
    EXPECT_TRUE(r.at("extra").contains("confusion")) << r.at("key");
    EXPECT_EQ(r.at("config").at("features").at("selection"), "none");
  }
  EXPECT_EQ(folds, 15);
  int64_t correct = 0, total = 0;
  const double f0 = class_f1(doc, "a", 0, &correct, &total);
  const double f1 = class_f1(doc, "a", 1, &correct, &total);
  EXPECT_EQ(total, 10);  // every document tested once
  const Json& micro = cell(doc, "t", "A micro-F1");
  EXPECT_DOUBLE_EQ(micro.at("value").get<double>(), 100.0 * correct / total);
  EXPECT_EQ(micro.at("note"), "2 classes, lambda 0.01");
  const auto interval = micro.at("evidence").at("interval").get<std::vector<double>>();
  EXPECT_LE(interval[0], micro.at("value").get<double>());
  EXPECT_GE(interval[1], micro.at("value").get<double>());
  EXPECT_NE(micro.at("evidence").at("interval_method").get<std::string>().find("10 documents"),
            std::string::npos);
  EXPECT_NEAR(cell(doc, "t", "A macro-F1").at("value").get<double>(), 100 * (f0 + f1) / 2, 1e-9);
  EXPECT_EQ(cell(doc, "t1", "docs").at("value"), 10.0);
  double fewest = 1e9;
  for (const Json& r : doc.at("runs"))
    fewest = std::min(fewest, r.at("extra").at("features").get<double>());
  EXPECT_EQ(cell(doc, "t1", "features").at("value"), fewest);
  // The extra solver's columns beside the paper's, in the same row.
  const Json& extra = cell(doc, "t", "liblinear-s5 (extra) micro-F1");
  EXPECT_EQ(extra.at("row"), "Tiny");
  EXPECT_NE(extra.at("note").get<std::string>().find("not part of the paper"), std::string::npos);
}

TEST(MulticlassPartitions, AMethodsDataChangesTheFeaturesItsRunsSayTheyWereFittedOn) {
  TempDir dir;
  const TinyCorpus corpus;
  const EnvDir env(corpus.dir.string());
  Json j = partitions_protocol();
  j["methods"][1]["data"] = {{"features", {{"min_count", 2}}}};
  const Json doc = run_partitions(dir, j);
  for (const Json& r : doc.at("runs")) {
    const bool b = r.at("key").get<std::string>().ends_with("/b");
    EXPECT_EQ(r.at("config").at("features").at("min_count"), b ? 2 : 1) << r.at("key");
    EXPECT_EQ(r.at("config").at("features").at("selection"), "none");
    // Only the words of every document of a class ("arts words", "sports words") are kept twice.
    if (b) {
      EXPECT_LT(r.at("extra").at("features").get<int>(), 10);
    }
  }
}

// Random splits, each cell the mean over them with its spread in the note; the row's evidence ids
// add the group of cells sharing the documents, an ablation by the cell's row and the peer's mean.
TEST(MulticlassPartitions, RandomSplitsGiveTheMeanAndSpreadAndTheDeclaredEvidence) {
  TempDir dir;
  const TinyCorpus corpus;
  const EnvDir env(corpus.dir.string());
  Json j = partitions_protocol();
  Json& source = j["task_sources"]["tiny"];
  source.erase("folds");
  source["splits"] = 3;
  source["train_fraction"] = 0.6;
  j["values"]["how"] = "b at {params.lambda}";
  j["cells"] = Json::parse(R"({
    "columns": {"acc": [{"column": "Tiny", "value": "split-mean:accuracy|100",
                         "unit": "%"}]},
    "evidence": {"reading": {"ablation": "r", "ablation_column": "{row}"},
                 "peer": {"column": "Tiny",
                          "peer": {"value": "split-mean:accuracy@a|100", "what": "a"}}},
    "rows": [{"table": "t", "row": "B", "class": "Tiny", "run": "b", "columns": ["acc"],
              "note": "{aggregate.summary} over {aggregate.n}: {aggregate.per_split}; {$how}",
              "evidence": ["reading", "peer"]}]
  })");
  const Json doc = run_partitions(dir, j);
  std::map<std::string, std::vector<double>> accuracy;  // by method, in split order
  for (const Json& r : doc.at("runs")) {
    EXPECT_EQ(r.at("config").at("train_fraction"), 0.6);
    const std::string key = r.at("key");
    accuracy[key.substr(key.rfind('/') + 1)].push_back(
        100 * r.at("metrics").at("accuracy").get<double>());
  }
  ASSERT_EQ(accuracy.at("b").size(), 3u);
  const auto mean = [](const std::vector<double>& v) { return (v[0] + v[1] + v[2]) / 3; };
  const Json& c = cell(doc, "t", "Tiny");
  EXPECT_NEAR(c.at("value").get<double>(), mean(accuracy.at("b")), 1e-9);
  const std::string note = c.at("note");
  EXPECT_NE(note.find(fmt::format(" over 3: {:.2f}, ", accuracy.at("b")[0])), std::string::npos)
      << note;
  EXPECT_NE(note.find("; b at 0.01"), std::string::npos) << note;  // the params' JSON text
  const Json& e = c.at("evidence");
  EXPECT_NE(e.at("interval_method").get<std::string>().find("t(0.975, 2)"), std::string::npos);
  EXPECT_EQ(e.at("ablations"), (Json::array({{{"id", "r"}, {"column", "B"}}})));
  EXPECT_NEAR(e.at("peer").at("value").get<double>(), mean(accuracy.at("a")), 1e-9);
}

TEST(MulticlassPartitions, WithoutTheUsersCopyTheSetIsUnavailableWithTheViewsReason) {
  TempDir dir;
  unsetenv(kEnv);
  const Json doc = run_partitions(dir, partitions_protocol());
  EXPECT_TRUE(doc.at("runs").empty());
  const Json& c = cell(doc, "t", "A micro-F1");
  EXPECT_EQ(c.at("status"), "data_unavailable");
  EXPECT_NE(c.dump().find("are not public; point `folder:<path>` at a copy to run them (set "
                          "LINREPRO_HOOVERS28_DIR to a folder"),
            std::string::npos);
}

TEST(MulticlassPartitions, AMalformedDeclarationIsRefused) {
  const auto refused = [](const std::function<void(Json&)>& change, const std::string& why) {
    Json j = partitions_protocol();
    change(j["task_sources"]["tiny"]);
    // Refused when the protocol is read (the grammar: keys and types) or when its task sources
    // are registered (what needs more than one key), naming the task source either way.
    try {
      with_declared_task_sources(parse_protocol(j, "f (x/y)"), {});
      ADD_FAILURE() << "accepted: " << why;
    } catch (const ConfigError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find(why), std::string::npos) << m;
      EXPECT_TRUE(m.find("task_sources \"tiny\"") != std::string::npos ||
                  m.find("/task_sources/tiny") != std::string::npos)
          << m;
    }
  };
  refused([](Json& s) { s["view"] = "webkb-univ7"; }, "unknown corpus view 'webkb-univ7'");
  refused([](Json& s) { s["folds"] = 1; }, "\"folds\" is a count >= 2");
  refused([](Json& s) { s["splits"] = 3; }, "either \"folds\" or \"splits\"");
  refused([](Json& s) { s["seed"] = 3; }, "seed");
  refused([](Json& s) { s.erase("view"); }, "needs \"view\"");
  refused([](Json& s) { s.erase("features"); }, "\"features\"");
  refused([](Json& s) { s["kind"] = "binary"; }, "multiclass-partitions");
  refused([](Json& s) { s["train_fraction"] = 0.8; }, "only they, give a \"train_fraction\"");
  refused(
      [](Json& s) {
        s.erase("folds");
        s["splits"] = 2;
        s["train_fraction"] = 1.5;
      },
      "between 0 and 1");
  refused([](Json& s) { s["features"]["k"] = -3; }, "\"features\": ");
  // A set the driver supplies too is refused: two definitions of one name.
  const DeclaredProtocol p = parse_protocol(partitions_protocol(), "f (x/y)");
  ProtocolHooks hooks;
  hooks.task_sources["tiny"] = [](const ExperimentContext&) -> TaskPreparer { return {}; };
  EXPECT_THROW(with_declared_task_sources(p, hooks), ConfigError);
}

// Two folds of three documents in two classes, one method's predictions against another's.
RunRecord fold(const std::vector<int>& truth, const std::vector<int>& predicted, double metric) {
  RunRecord r;
  r.key = "k";
  r.metrics = {{"train_micro_f1", metric}};
  r.extra = {{"test_truth", truth}, {"test_predicted", predicted}, {"labels", {"x", "y"}}};
  return r;
}

TEST(CombinedPartitions, ClaimMeasuresCompareTheCombinedDocumentsAndMeanAMetric) {
  const std::map<std::string, std::vector<RunRecord>> runs = {
      {"a", {fold({0, 0, 1}, {0, 0, 1}, 0.9), fold({1, 1, 0}, {1, 1, 0}, 0.7)}},
      {"b", {fold({0, 0, 1}, {0, 1, 1}, 0.5), fold({1, 1, 0}, {1, 1, 1}, 0.5)}}};
  const ClaimMeasures m = partition_measures(runs);
  // a gets all 6 right, b 4 of 6: micro-F1 100 vs 66.67 points.
  const auto micro = m.at("micro-F1")("w", "a", "b", 0, true, true);
  ASSERT_TRUE(micro.has_value());
  EXPECT_NEAR(micro->value, 100.0 - 400.0 / 6, 1e-9);
  EXPECT_NE(micro->test.find("6 test documents"), std::string::npos);
  // b's F1: class 0 (tp 1, fn 2) 0.5, class 1 (tp 3, fp 2) 0.75.
  EXPECT_NEAR(m.at("macro-F1")("w", "a", "b", 0, true, true)->value, 100.0 - 62.5, 1e-9);
  const auto mean = m.at("mean:train_micro_f1")("w", "a", "", 50, true, true);
  EXPECT_NEAR(mean->value, 80.0, 1e-9);
  // The mean reads one method; a run without the metric leaves it unmeasured, not zero.
  EXPECT_THROW(m.at("mean:train_micro_f1")("w", "a", "b", 50, true, true), ConfigError);
  std::map<std::string, std::vector<RunRecord>> partial = runs;
  partial.at("a")[1].metrics.erase("train_micro_f1");
  EXPECT_FALSE(partition_measures(partial).at("mean:train_micro_f1")("w", "a", "", 50, true, true));
  EXPECT_FALSE(m.at("micro-F1")("w", "a", "c", 0, true, true).has_value());  // no method c
}

// One binary task per run: the micro F1 of the summed counts, the macro F1 the mean of the tasks'.
TEST(CombinedPartitions, CountsAggregatesAreTheMicroAndMacroF1OfTheTasks) {
  std::vector<RunRecord> runs(2);
  runs[0].metrics = {{"tp", 1}, {"fp", 1}, {"fn", 0}, {"tn", 8}};  // F1 2/3
  runs[1].metrics = {{"tp", 1}, {"fp", 0}, {"fn", 3}, {"tn", 6}};  // F1 2/5
  EXPECT_NEAR(builtin_aggregate("counts-micro-f1").value()(runs, {}).value, 0.5, 1e-12);
  EXPECT_NEAR(builtin_aggregate("counts-macro-f1").value()(runs, {}).value, (2.0 / 3 + 0.4) / 2,
              1e-12);
  EXPECT_FALSE(builtin_aggregate("counts-f1").has_value());
}

}  // namespace
}  // namespace linrepro
