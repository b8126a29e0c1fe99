// Declared cells of a data set that is a task set of one task (harness/protocol/protocol_cells.h):
// a "metric" column reads that one run (a metric, "train_seconds" or an "extra.a.b" field), a per
// cent with Wilson's interval over its test rows, "over" another run's value as a ratio; an
// "optional" column without a value is left out where any other says the run lacks it; a note
// may read the run ("{run.extra.rows}"); rows declared "fast" are the only ones of the fast
// subset; an aggregate may read the other methods' runs; an extra solver's row may carry a prefix
// and its note the set's record. A metric column on a set of several tasks is refused when read.
#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"
#include "protocol_refusal.h"

namespace linrepro {
namespace {

using testing::TempDir;

Json one_task_json() {
  return Json::parse(R"json({
    "why": "test",
    "datasets": [{"class": "d", "tasks": "one"}],
    "methods": [
      {"name": "m", "key": "{task}/m", "solver": "liblinear-s2", "params": {"who": "m"}},
      {"name": "g", "key": "{task}/g", "solver": "liblinear-s2", "params": {"who": "g"}},
      {"key": "{task}/extra", "solver": "--with-solver", "lambda": "task"}
    ],
    "cells": {
      "columns": {
        "acc": [{"column": "Accuracy", "value": "metric:accuracy", "unit": "%",
                 "wilson": ["test_rows", "test documents"]}],
        "time": [{"column": "Time", "value": "metric:train_seconds", "unit": "s"},
                 {"column": "Time / M", "unit": "ratio", "optional": true,
                  "value": "metric:train_seconds over metric:train_seconds@m"}],
        "memory": [{"column": "Memory", "value": "metric:extra.memory.bytes|/1e6",
                    "unit": "MB", "optional": true}],
        "share": [{"column": "Share of M's time", "value": "share"}]
      },
      "rows": [
        {"table": "t", "row": "G", "class": "d", "run": "g", "columns": ["acc", "time", "memory"],
         "fast": true, "note": "{run.extra.rows} rows"},
        {"table": "t", "row": "M", "class": "d", "run": "m", "columns": ["memory", "share"]},
        {"table": "t", "row": "d {solver} (extra)", "class": "d", "run": "extra",
         "columns": ["acc", "time"], "note": "on {record.name}"}
      ]
}
})json");
}

// One task; m takes 2 s and has a memory, g (and an extra solver) 1 s without one.
ProtocolHooks one_task_hooks(std::vector<std::string> tasks = {"only"}) {
  ProtocolHooks h;
  h.task_sources["one"] = [tasks](const ExperimentContext&) -> TaskPreparer {
    return [tasks](const Json&) {
      TaskSet s;
      s.dataset = "one";
      s.record = {{"name", "the one"}};
      s.tasks = tasks;
      s.untrainable = [](size_t) { return std::optional<RunRecord>(); };
      s.extra_lambdas = [](size_t) {
        return std::vector<ProtocolLambda>{{Loss::unspecified, Penalty::l2, 0.1, "every method"}};
      };
      s.fit = [](size_t, const std::string&, const Params& params, uint64_t) {
        const bool m = params.value("who", "") == "m";
        RunRecord r;
        r.metrics = {{"accuracy", m ? 80.0 : 90.0}, {"test_rows", 100}};
        r.train_seconds = m ? 2 : 1;
        r.extra["rows"] = m ? 10 : 5;
        if (m) r.extra["memory"] = {{"bytes", 3e6}};
        return r;
      };
      return s;
    };
  };
  h.aggregates["share"] = [](std::span<const RunRecord> runs, const AggregateContext& at) {
    AggregateValue a;
    a.value = runs.front().train_seconds / at.by_method->at("g").front().train_seconds;
    return a;
  };
  return h;
}

Json run_one_task(const TempDir& dir, bool fast, std::vector<std::string> extras = {},
                  std::vector<std::string> tasks = {"only"}) {
  const DeclaredProtocol p = parse_protocol(one_task_json(), "f (x/y)");
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.fast = fast;
  ctx.extra_solvers = std::move(extras);
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  run_protocol(ctx, rf, p, "x/y", one_task_hooks(std::move(tasks)));
  return rf.document();
}

std::vector<std::string> cell_names(const Json& doc) {
  std::vector<std::string> out;
  for (const Json& c : doc.at("cells"))
    out.push_back(c.at("row").get<std::string>() + "|" + c.at("column").get<std::string>());
  return out;
}

TEST(SingleTaskCells, MetricColumnsReadTheOneRun) {
  TempDir dir;
  const Json doc = run_one_task(dir, false, {"liblinear-s1"});
  EXPECT_EQ(
      cell_names(doc),
      (std::vector<std::string>{"G|Accuracy", "G|Time", "G|Time / M", "M|Memory",
                                "M|Share of M's time", "d liblinear-s1 (extra)|Accuracy",
                                "d liblinear-s1 (extra)|Time", "d liblinear-s1 (extra)|Time / M"}));
  const Json& acc = doc.at("cells")[0];
  EXPECT_EQ(acc.at("value"), 90.0);
  EXPECT_EQ(acc.at("note"), "5 rows");
  // Wilson's interval of 90 % over 100 documents: about 82.6 .. 94.5.
  EXPECT_NEAR(acc.at("evidence").at("interval")[0].get<double>(), 82.6, 0.1);
  EXPECT_NEAR(acc.at("evidence").at("interval")[1].get<double>(), 94.5, 0.1);
  EXPECT_EQ(doc.at("cells")[2].at("value"), 0.5);  // 1 s over m's 2 s
  EXPECT_EQ(doc.at("cells")[3].at("value"), 3.0);  // m's 3e6 bytes in MB; g has none: left out
  EXPECT_EQ(doc.at("cells")[4].at("value"), 2.0);  // the aggregate read g's run beside m's
  const std::string extra_note = doc.at("cells")[5].at("note");
  EXPECT_NE(extra_note.find("on the one"), std::string::npos) << extra_note;
}

TEST(SingleTaskCells, TheFastSubsetHasTheRowsDeclaredInFast) {
  TempDir dir;
  EXPECT_EQ(cell_names(run_one_task(dir, true)),
            (std::vector<std::string>{"G|Accuracy", "G|Time", "G|Time / M"}));
}

TEST(SingleTaskCells, WhatCannotApplyIsRefused) {
  Json j = one_task_json();
  j["cells"]["columns"]["memory"][0]["value"] = "metric:extra.memory.bytes|/0";
  testing::expect_protocol_refused(j, "\"/\" and a positive one");
  j = one_task_json();
  j["cells"]["columns"]["time"][1]["value"] = "metric:train_seconds over metric:train_seconds@x";
  testing::expect_protocol_refused(j, "no run \"x\"");
  j = one_task_json();
  j["cells"]["columns"]["time"][1]["value"] = "metric:train_seconds minus metric:train_seconds@m";
  testing::expect_protocol_refused(j, "relates runs only by \"over\"");
  j = one_task_json();
  j["cells"]["columns"]["time"][1]["value"] = "metric:train_seconds over share@m";
  testing::expect_protocol_refused(j, "relates runs only by \"over\"");
}

TEST(SingleTaskCells, ARowOfOneTaskReadsThatTasksRun) {
  Json j = one_task_json();
  j["cells"]["rows"] = Json::parse(R"([
      {"table": "t", "row": "b", "class": "d", "run": "m", "task": "b", "columns": ["time"],
       "fast": true},
      {"table": "t", "row": "zzz", "class": "d", "run": "m", "task": "zzz", "columns": ["acc"],
       "fast": true}])");
  for (const char* unread : {"memory", "share"}) j["cells"]["columns"].erase(unread);
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  const auto run = [&](bool fast) {
    TempDir dir;
    ExperimentContext ctx;
    ctx.results_dir = dir.path();
    ctx.progress = false;
    ctx.fast = fast;
    ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
    run_protocol(ctx, rf, p, "x/y", one_task_hooks({"a", "b"}));
    return rf.document();
  };
  // Task b's m over task b's g (2 s / 1 s); in the fast subset, a task it does not run gives no
  // cell; in the full run, where every task runs, a task no run names is a misspelt declaration.
  const Json doc = run(true);
  EXPECT_EQ(cell_names(doc), (std::vector<std::string>{"b|Time", "b|Time / M"}));
  EXPECT_EQ(doc.at("cells")[1].at("value"), 1.0);
  try {
    run(false);
    ADD_FAILURE() << "a row of a task that never ran was left out in the full run";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("no task \"zzz\""), std::string::npos) << e.what();
  }
}

TEST(SingleTaskCells, AMetricColumnOnSeveralTasksIsRefused) {
  TempDir dir;
  try {
    run_one_task(dir, false, {}, {"a", "b"});
    ADD_FAILURE() << "a metric column read one of two tasks";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("reads one run"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace linrepro
