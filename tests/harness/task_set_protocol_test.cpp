// A declared protocol on a task set (harness/protocol/task_sets.h) run by
// harness/protocol/protocol_runner.h: each method is fitted on each task of the set its "data"
// options prepare (each distinct options prepared once), at the lambda of the solver's own
// convention, on the tasks it selects ("tasks"), the first `fast` tasks in fast mode; untrainable
// tasks are counted, not fitted; the cells are the named aggregates of the runs, with the row's
// note filled in; a solver added with --with-solver runs on every task at the lambda of its loss
// and gets its own row. Keys may put the task first, a run may take another's seed or hold the task
// and the class in its key, fast mode's tasks may be named, a null supplied lambda leaves its
// method out, and an extra solver can be a series over a table's rows. A task-set declaration that
// mixes kinds, or hooks that lack what it names, are refused.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <map>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"
#include "protocol_refusal.h"

namespace linrepro {
namespace {

using testing::TempDir;

Json task_protocol_json() {
  return Json::parse(R"({
    "why": "test",
    "values": {"lambda": 0.01},
    "supplied": ["l2"],
    "datasets": [{"class": "c", "tasks": "fake", "fast": {"tasks": 1}}],
    "methods": [
      {"name": "a", "key": "a", "solver": "liblinear-s2", "lambda": "$lambda",
       "params": {"eps": 0.5}, "data": {"k": 1}},
      {"name": "b", "key": "b", "solver": "liblinear-s2", "lambda": "$l2", "params": {},
       "data": {"k": 2}, "tasks": 2}
    ],
    "cells": {
      "columns": {"mean": [{"column": "Mean", "value": "mean", "unit": "%"}]},
      "rows": [
        {"table": "t", "row": "A", "class": "c", "run": "a", "columns": ["mean"],
         "note": "over {tasks} tasks at l2 = {$l2}"},
        {"table": "t", "row": "B", "class": "c", "run": "b", "columns": ["mean"]}
      ]
    }
  })");
}

// Three tasks; "t2" has no training document. A fit's metric v is (task + 1) x the options' k.
struct FakeTasks {
  std::atomic<int> opened{0}, prepared{0};
  ProtocolHooks hooks() {
    ProtocolHooks h;
    h.values = [](const ExperimentContext&) { return Json{{"l2", 0.5}}; };
    h.task_sources["fake"] = [this](const ExperimentContext&) -> TaskPreparer {
      ++opened;
      return [this](const Json& options) {
        ++prepared;
        const int k = options.at("k").get<int>();
        TaskSet s;
        s.dataset = {{"name", "fake"}, {"k", k}};
        s.record = {{"name", "fake"}, {"k", k}};
        s.config_fields = {{"rule", "r"}};
        s.tasks = {"t0", "t1", "t2"};
        s.untrainable = [](size_t i) -> std::optional<RunRecord> {
          if (i != 2) return std::nullopt;
          RunRecord r;
          r.metrics = {{"v", 0}};
          return r;
        };
        s.fit = [k](size_t i, const std::string&, const Params&, uint64_t) {
          RunRecord r;
          r.metrics = {{"v", static_cast<int>(i + 1) * k}};
          return r;
        };
        return s;
      };
    };
    h.aggregates["mean"] = [](std::span<const RunRecord> runs, const AggregateContext&) {
      double sum = 0;
      for (const RunRecord& r : runs) sum += r.metrics.at("v").get<double>();
      AggregateValue a;
      a.value = sum / static_cast<double>(runs.size());
      return a;
    };
    return h;
  }
};

ResultFile result_file(const TempDir& dir, const std::string& name) {
  return testing::protocol_result_file(dir.path() / name, "t");
}

// Runs protocol p with `hooks` into a fresh result file `name` of dir (quietly; `extras`: the
// solvers added with --with-solver) and returns the written document.
Json run_document(const TempDir& dir, const std::string& name, const DeclaredProtocol& p,
                  const ProtocolHooks& hooks, std::vector<std::string> extras = {},
                  bool fast = false) {
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.fast = fast;
  ctx.extra_solvers = std::move(extras);
  ResultFile rf = result_file(dir, name);
  run_protocol(ctx, rf, p, "x/y", hooks);
  return rf.document();
}

const Json* run_at(const Json& doc, const std::string& key) {
  for (const Json& r : doc.at("runs"))
    if (r.at("key") == key) return &r;
  return nullptr;
}

const Json* cell_at(const Json& doc, const std::string& row) {
  for (const Json& c : doc.at("cells"))
    if (c.at("row") == row) return &c;
  return nullptr;
}

TEST(TaskSetProtocol, EachMethodIsFittedPerTaskAndItsRunsAggregatedIntoCells) {
  TempDir dir;
  const DeclaredProtocol p = parse_protocol(task_protocol_json(), "f (x/y)");
  FakeTasks fake;
  const ProtocolHooks hooks = fake.hooks();
  check_protocol_hooks(p, hooks, "x/y");
  const Json doc = run_document(dir, "full.json", p, hooks);
  EXPECT_EQ(fake.opened, 1);
  EXPECT_EQ(fake.prepared, 2);  // k = 1 and k = 2, each once
  // One record per data set name (ResultFile::add_dataset): the last prepared.
  ASSERT_EQ(doc.at("datasets").size(), 1u);
  EXPECT_EQ(doc.at("datasets")[0].at("k"), 2);
  // a: t0 and t1 fitted, t2 counted but not fitted; b: its first 2 tasks.
  EXPECT_EQ(doc.at("runs").size(), 4u);
  const Json* a0 = run_at(doc, "a/t0");
  ASSERT_NE(a0, nullptr);
  EXPECT_EQ(a0->at("config").at("class"), "t0");
  EXPECT_EQ(a0->at("config").at("rule"), "r");
  EXPECT_EQ(a0->at("config").at("dataset").at("k"), 1);
  // LIBLINEAR's convention: lambda itself plus its regularised bias feature; "eps" over it.
  EXPECT_EQ(a0->at("config").at("params").dump(), R"({"bias":1.0,"eps":0.5,"lambda":0.01})");
  EXPECT_EQ(a0->at("extra").at("variant"), "a");
  EXPECT_EQ(run_at(doc, "a/t2"), nullptr);
  ASSERT_NE(run_at(doc, "b/t1"), nullptr);
  EXPECT_EQ(run_at(doc, "b/t1")->at("config").at("params").at("lambda"), 0.5);  // supplied
  EXPECT_EQ(run_at(doc, "b/t2"), nullptr);
  const Json* a = cell_at(doc, "A");
  ASSERT_NE(a, nullptr);
  EXPECT_DOUBLE_EQ(a->at("value").get<double>(), (1 + 2 + 0) / 3.0);  // t2 counted as 0
  EXPECT_EQ(a->at("note"), "over 3 tasks at l2 = 0.5");
  EXPECT_EQ(a->at("unit"), "%");
  ASSERT_NE(cell_at(doc, "B"), nullptr);
  EXPECT_DOUBLE_EQ(cell_at(doc, "B")->at("value").get<double>(), (2 + 4) / 2.0);

  // "tasks" by name: only those; a name the set has not is an error, not a method that never runs.
  Json named = task_protocol_json();
  named["methods"][1]["tasks"] = {"t1"};
  const Json by_name = run_document(dir, "named.json", parse_protocol(named, "f (x/y)"), hooks);
  EXPECT_EQ(run_at(by_name, "b/t0"), nullptr);
  EXPECT_NE(run_at(by_name, "b/t1"), nullptr);
  named["methods"][1]["tasks"] = {"t9"};
  EXPECT_THROW(run_document(dir, "unknown.json", parse_protocol(named, "f (x/y)"), hooks),
               ConfigError);
}

// "{row}" in a column's value is the row's name: one column set serves a row per grid point that
// one run holds, each row its own aggregate; a row whose aggregate the hooks lack is refused.
TEST(TaskSetProtocol, OneColumnSetServesARowPerGridPoint) {
  TempDir dir;
  Json j = task_protocol_json();
  j["cells"]["columns"] = {{"grid", Json::parse(R"([{"column": "G", "value": "times:{row}"}])")}};
  j["cells"]["rows"] = Json::parse(R"([
    {"table": "g", "row": "2", "class": "c", "run": "a", "columns": ["grid"]},
    {"table": "g", "row": "3", "class": "c", "run": "a", "columns": ["grid"]}])");
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  FakeTasks fake;
  ProtocolHooks hooks = fake.hooks();
  for (int k : {2, 3})
    hooks.aggregates[fmt::format("times:{}", k)] = [k](std::span<const RunRecord> runs,
                                                       const AggregateContext&) {
      AggregateValue a;
      for (const RunRecord& r : runs) a.value += k * r.metrics.at("v").get<double>();
      return a;
    };
  check_protocol_hooks(p, hooks, "x/y");
  const Json doc = run_document(dir, "grid.json", p, hooks);
  ASSERT_NE(cell_at(doc, "2"), nullptr);
  ASSERT_NE(cell_at(doc, "3"), nullptr);
  EXPECT_DOUBLE_EQ(cell_at(doc, "2")->at("value").get<double>(), 2 * (1 + 2 + 0));
  EXPECT_DOUBLE_EQ(cell_at(doc, "3")->at("value").get<double>(), 3 * (1 + 2 + 0));
  hooks.aggregates.erase("times:3");
  try {
    check_protocol_hooks(p, hooks, "x/y");
    ADD_FAILURE() << "a row's aggregate the hooks lack was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("times:3"), std::string::npos) << e.what();
  }
}

TEST(TaskSetProtocol, AnExtraSolverRunsOnEveryTaskAtTheLambdaOfItsLossAndGetsItsOwnRow) {
  TempDir dir;
  Json j = task_protocol_json();
  // By the loss each named solver declares: liblinear-s5 (squared hinge, L1) gets Mod Least
  // Squares' lambda (the same loss), not Logistic Reg's.
  j["methods"].push_back({{"key", "extra"},
                          {"solver", "--with-solver"},
                          {"lambda", {{"clg", "$lambda"}, {"cmls", "$l2"}}},
                          {"data", {{"k", 1}}}});
  j["cells"]["rows"].push_back({{"table", "t"},
                                {"row", "{solver} (extra)"},
                                {"class", "c"},
                                {"run", "extra"},
                                {"columns", {"mean"}}});
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  FakeTasks fake;
  const Json doc = run_document(dir, "extra.json", p, fake.hooks(), {"liblinear-s5"});
  const Json* e0 = run_at(doc, "t0/extra/liblinear-s5");
  ASSERT_NE(e0, nullptr);
  EXPECT_EQ(e0->at("config").at("params").at("lambda"), 0.5);
  EXPECT_EQ(e0->at("config").at("with_solver"), "liblinear-s5");
  EXPECT_EQ(e0->at("config").at("dataset").at("k"), 1);
  EXPECT_NE(run_at(doc, "t1/extra/liblinear-s5"), nullptr);
  EXPECT_EQ(run_at(doc, "t2/extra/liblinear-s5"), nullptr);  // untrainable
  const Json* row = cell_at(doc, "liblinear-s5 (extra)");
  ASSERT_NE(row, nullptr);
  EXPECT_DOUBLE_EQ(row->at("value").get<double>(), (1 + 2 + 0) / 3.0);
  EXPECT_EQ(row->at("note"), kExtraSolverNote);
  // On the tasks the paper's protocol reads, when it names them (Table 1's 10 largest): there only.
  Json first = j;
  first["methods"].back()["tasks"] = 1;
  const Json on_first = run_document(dir, "first.json", parse_protocol(first, "f (x/y)"),
                                     fake.hooks(), {"liblinear-s5"});
  EXPECT_NE(run_at(on_first, "t0/extra/liblinear-s5"), nullptr);
  EXPECT_EQ(run_at(on_first, "t1/extra/liblinear-s5"), nullptr);
  j["methods"].back()["lambda"] = {{"no-such-solver", 0.1}};
  EXPECT_THROW(parse_protocol(j, "f (x/y)"), ConfigError);
}

// Issue 60: one key shape for a user's solver in every experiment, "<task>/extra/<label>" (text4
// had "extra/<label>/<task>", the others "<task>/extra/<label>"): a place whose key does not end
// in "extra" is refused, and a task set's task comes first.
TEST(TaskSetProtocol, AnExtraSolversRunsAreKeyedTaskExtraLabel) {
  TempDir dir;
  Json j = task_protocol_json();
  j["methods"].push_back(
      {{"key", "extra"}, {"solver", "--with-solver"}, {"lambda", "$lambda"}, {"data", {{"k", 1}}}});
  FakeTasks fake;
  const Json doc =
      run_document(dir, "keys.json", parse_protocol(j, "f (x/y)"), fake.hooks(), {"liblinear-s5"});
  std::vector<std::string> keys;
  for (const Json& run : doc.at("runs"))
    if (run.at("config").contains("with_solver")) keys.push_back(run.at("key"));
  EXPECT_EQ(keys, (std::vector<std::string>{"t0/extra/liblinear-s5", "t1/extra/liblinear-s5"}));
  j["methods"].back()["key"] = "{task}/mine";
  testing::expect_protocol_refused(j,
                                   "the --with-solver place's key \"{task}/mine\" must end in "
                                   "\"extra\"");
}

// Figure 7's layout: an extra solver as a series over a table's rows, each point a row read from
// the runs of one --with-solver place, in a column of its own beside the paper's.
TEST(TaskSetProtocol, AnExtraSolverSeriesTakesEachPointFromItsPlacesRuns) {
  TempDir dir;
  Json j = task_protocol_json();
  j["cells"]["columns"]["series"] = {{{"column", "{solver} (extra)"}, {"value", "mean"}}};
  for (const int k : {1, 2}) {
    j["methods"].push_back({{"key", fmt::format("k{}/extra", k)},
                            {"name", fmt::format("extra-k{}", k)},
                            {"solver", "--with-solver"},
                            {"lambda", {{"cmls", "$l2"}}},
                            {"data", {{"k", k}}}});
    j["cells"]["rows"].push_back({{"table", "s"},
                                  {"row", std::to_string(k)},
                                  {"class", "c"},
                                  {"run", fmt::format("extra-k{}", k)},
                                  {"columns", {"series"}}});
  }
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  FakeTasks fake;
  const Json doc = run_document(dir, "series.json", p, fake.hooks(), {"liblinear-s5"});
  std::map<std::string, double> series;
  for (const Json& c : doc.at("cells"))
    if (c.at("table") == "s") {
      EXPECT_EQ(c.at("column"), "liblinear-s5 (extra)");
      EXPECT_EQ(c.at("note"), kExtraSolverNote);
      series[c.at("row")] = c.at("value").get<double>();
    }
  EXPECT_EQ(series, (std::map<std::string, double>{{"1", 1.0}, {"2", 2.0}}));  // t2 counted as 0
  j["cells"]["rows"].back()["run"] = "b";  // a paper's method: its one row has no "{solver}"
  testing::expect_protocol_refused(j, "names the rows of the --with-solver place's runs only");
}

TEST(TaskSetProtocol, FastModeFitsTheFirstFastTasksAndEmitsNoCells) {
  TempDir dir;
  const DeclaredProtocol p = parse_protocol(task_protocol_json(), "f (x/y)");
  FakeTasks fake;
  const Json doc = run_document(dir, "fast.json", p, fake.hooks(), {}, true);
  EXPECT_EQ(doc.at("runs").size(), 2u);
  EXPECT_NE(run_at(doc, "a/t0"), nullptr);
  EXPECT_NE(run_at(doc, "b/t0"), nullptr);
  EXPECT_TRUE(doc.value("cells", Json::array()).empty());
}

// Z&O Table 1's layout: the task in the middle of a key ("cv/{task}/a", and a second run taking
// that run's seed), and fast mode's tasks named.
TEST(TaskSetProtocol, AKeyWithTheTaskInItAndFastTasksByName) {
  TempDir dir;
  Json j = task_protocol_json();
  j["datasets"][0]["fast"]["tasks"] = {"t1"};
  j["methods"][0]["key"] = "cv/{task}/a";
  j["methods"][1] = {{"name", "b"},
                     {"key", "cv-whole/{task}/a"},
                     {"seed_of", "cv/{task}/a"},
                     {"solver", "liblinear-s2"},
                     {"lambda", "$lambda"},
                     {"params", Json::object()},
                     {"data", {{"k", 2}}}};
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  FakeTasks fake;
  const Json full = run_document(dir, "full.json", p, fake.hooks());
  const Json* a = run_at(full, "cv/t1/a");
  const Json* b = run_at(full, "cv-whole/t1/a");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->at("config").at("seed"), a->at("config").at("seed"));
  EXPECT_NE(run_at(full, "cv/t0/a")->at("config").at("seed"), a->at("config").at("seed"));
  const Json fast = run_document(dir, "fast.json", p, fake.hooks(), {}, true);
  ASSERT_EQ(fast.at("runs").size(), 2u);  // t1 only, both methods
  EXPECT_NE(run_at(fast, "cv/t1/a"), nullptr);
  EXPECT_NE(run_at(fast, "cv-whole/t1/a"), nullptr);
  j["datasets"][0]["fast"]["tasks"] = {"t9"};  // a task the set has not: said, not skipped
  try {
    run_document(dir, "bad.json", parse_protocol(j, "f (x/y)"), fake.hooks(), {}, true);
    ADD_FAILURE() << "a fast task the set has not was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("\"t9\""), std::string::npos) << e.what();
  }
}

// MLR-CG Table 3's layout: two task sets, keys "{class}/{task}/<solver>", and an extra solver's
// entry keyed the same way whose runs are still named "extra/<label>".
TEST(TaskSetProtocol, KeysWithTheClassKeepSeveralTaskSetsApart) {
  TempDir dir;
  Json j = task_protocol_json();
  j["datasets"].push_back({{"class", "d"}, {"tasks", "fake"}});
  j["methods"][0]["key"] = "{class}/{task}/a";
  j["methods"].erase(1);
  j["methods"].push_back({{"key", "{class}/{task}/extra"},
                          {"solver", "--with-solver"},
                          {"lambda", "$lambda"},
                          {"data", {{"k", 1}}}});
  j["methods"].push_back({{"name", "b"},
                          {"key", "{class}/b"},  // no {task}: the task goes last, as usual
                          {"solver", "liblinear-s2"},
                          {"lambda", "$lambda"},
                          {"params", Json::object()},
                          {"data", {{"k", 1}}}});
  j["cells"]["rows"].erase(1);
  FakeTasks fake;
  ProtocolResults seen;
  ProtocolHooks hooks = fake.hooks();
  hooks.summarise = [&](const ExperimentContext&, ResultFile&, const ProtocolResults& r) {
    seen = r;
  };
  const Json doc =
      run_document(dir, "two.json", parse_protocol(j, "f (x/y)"), hooks, {"liblinear-s5"});
  for (const char* key :
       {"c/t1/a", "d/t1/a", "c/t1/extra/liblinear-s5", "d/t0/extra/liblinear-s5", "d/b/t1"})
    EXPECT_NE(run_at(doc, key), nullptr) << key;
  EXPECT_NE(run_at(doc, "c/t1/a")->at("config").at("seed"),
            run_at(doc, "d/t1/a")->at("config").at("seed"));
  EXPECT_EQ(seen.tasks.at("d").at("extra/liblinear-s5").size(), 3u);
  EXPECT_EQ(seen.tasks.at("c").at("a").size(), 3u);
}

// Z&O Table 2's layout: keys "{task}/<key>" (the task first), a second run per fit that takes the
// fit's seed
// ("seed_of"), a method whose supplied lambda is null left out, the per-task config fields and
// the declared record fields, and a second extra-solver entry under its own key and seed.
TEST(TaskSetProtocol, TaskFirstKeysSeedOfAndANullLambdaShapeTheRuns) {
  TempDir dir;
  Json j = task_protocol_json();
  j["methods"][0]["key"] = "{task}/a";
  j["supplied"].push_back("l_none");
  j["methods"][1] = {{"name", "a2"},          {"key", "{task}/second/a"},
                     {"seed_of", "{task}/a"}, {"solver", "liblinear-s2"},
                     {"lambda", "$lambda"},   {"params", Json::object()},
                     {"data", {{"k", 2}}},    {"record", {{"part", "second"}}}};
  j["methods"].push_back({{"name", "gone"},
                          {"key", "{task}/gone"},
                          {"solver", "liblinear-s2"},
                          {"lambda", "$l_none"},
                          {"params", Json::object()},
                          {"data", {{"k", 1}}}});
  const Json lambdas = {{"cmls", "$lambda"}};
  j["methods"].push_back({{"key", "{task}/extra"},
                          {"solver", "--with-solver"},
                          {"lambda", lambdas},
                          {"data", {{"k", 1}}}});
  j["methods"].push_back({{"key", "{task}/second/extra"},
                          {"solver", "--with-solver"},
                          {"seed_of", "{task}/extra"},
                          {"lambda", lambdas},
                          {"data", {{"k", 2}}}});
  j["cells"]["rows"].erase(1);
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  FakeTasks fake;
  ProtocolHooks hooks = fake.hooks();
  hooks.values = [](const ExperimentContext&) { return Json{{"l2", 0.5}, {"l_none", nullptr}}; };
  hooks.task_sources["fake"] = [inner = hooks.task_sources["fake"]](const ExperimentContext& c) {
    return [prepare = inner(c)](const Json& options) {
      TaskSet s = prepare(options);
      s.task_fields = [](size_t i) { return Json{{"first", i == 0}}; };
      return s;
    };
  };
  const Json doc = run_document(dir, "layout.json", p, hooks, {"liblinear-s5"});
  const Json* a = run_at(doc, "t1/a");
  const Json* second = run_at(doc, "t1/second/a");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(run_at(doc, "a/t1"), nullptr);
  EXPECT_EQ(second->at("config").at("seed"), a->at("config").at("seed"));
  EXPECT_NE(run_at(doc, "t0/a")->at("config").at("seed"), a->at("config").at("seed"));
  EXPECT_EQ(second->at("extra").at("part"), "second");
  EXPECT_EQ(second->at("extra").at("variant"), "a2");
  EXPECT_EQ(a->at("config").at("first"), false);
  EXPECT_EQ(run_at(doc, "t0/a")->at("config").at("first"), true);
  for (const Json& r : doc.at("runs"))
    EXPECT_FALSE(r.at("key").get<std::string>().ends_with("gone"));
  const Json* x = run_at(doc, "t1/extra/liblinear-s5");
  const Json* x2 = run_at(doc, "t1/second/extra/liblinear-s5");
  ASSERT_NE(x, nullptr);
  ASSERT_NE(x2, nullptr);
  EXPECT_EQ(x2->at("config").at("seed"), x->at("config").at("seed"));
  EXPECT_EQ(x2->at("config").at("dataset").at("k"), 2);
  EXPECT_EQ(x2->at("extra").at("part"), "extra");
  // "seed_of" names a key of its own kind.
  j["methods"][1]["seed_of"] = "nope";
  EXPECT_THROW(parse_protocol(j, "f (x/y)"), ConfigError);
  j["methods"][1]["seed_of"] = "{task}/extra";
  EXPECT_THROW(parse_protocol(j, "f (x/y)"), ConfigError);
}

TEST(TaskSetProtocol, AMixedDeclarationOrHooksLackingWhatItNamesAreRefused) {
  Json j = task_protocol_json();
  j["datasets"][0]["data"] = "a9a";
  testing::expect_protocol_refused(j, "one of \"data\", \"tasks\" or \"unavailable\"");
  j = task_protocol_json();
  j["datasets"][0] = {{"class", "c"}, {"data", "a9a"}};
  testing::expect_protocol_refused(j, "apply on a task set only");
  j = task_protocol_json();
  j["datasets"][0] = {{"class", "c"}, {"data", "a9a"}};
  for (Json& m : j["methods"]) {  // a binary data set's keys have no task to put in
    for (const char* k : {"lambda", "data", "tasks"}) m.erase(k);
    m["key"] = "k/{task}";
  }
  testing::expect_protocol_refused(j,
                                   "a key with \"{task}\" or \"{class}\" apply on a task set only");
  for (Json& m : j["methods"]) m["key"] = "k/{class}";
  testing::expect_protocol_refused(j,
                                   "a key with \"{task}\" or \"{class}\" apply on a task set only");
  j = task_protocol_json();
  j["cells"]["columns"]["mean"][0]["value"] = "mean over metric:v@b";
  testing::expect_protocol_refused(j, "a metric over another run's metric");
  j = task_protocol_json();
  j["cells"]["columns"]["mean"][0]["value"] = "$lambda";
  testing::expect_protocol_refused(
      j, "a run's \"metric:\", an aggregate or a task set's \"record:\" field");
  j = task_protocol_json();
  j["cells"]["columns"]["mean"][0]["metric"] = "v";
  testing::expect_protocol_refused(j, "unknown key \"metric\" in a cell-column");
  j = task_protocol_json();
  j["methods"][1]["lambda"] = "$l3";
  testing::expect_protocol_refused(j, "no value \"l3\"");
  j = task_protocol_json();
  j["methods"][1]["tasks"] = 0;
  testing::expect_protocol_refused(j, "\"tasks\" is a count of a task set's first tasks or a list");
  j = task_protocol_json();  // a task set's fit has no trace: refused, not dropped
  j["traced"] = {{"points", 5}};
  j["methods"][0]["traced"] = true;
  j["methods"][0]["params"]["epochs"] = 1;
  testing::expect_protocol_refused(j, "\"traced\" applies on a binary data set only");

  const DeclaredProtocol p = parse_protocol(task_protocol_json(), "f (x/y)");
  FakeTasks fake;
  for (const char* lack : {"task set \"fake\"", "aggregate \"mean\"", "values"}) {
    ProtocolHooks h = fake.hooks();
    if (std::string(lack).starts_with("task")) h.task_sources.clear();
    if (std::string(lack).starts_with("aggregate")) h.aggregates.clear();
    if (std::string(lack) == "values") h.values = nullptr;
    try {
      check_protocol_hooks(p, h, "x/y");
      ADD_FAILURE() << "accepted hooks without " << lack;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("supplies no ") + lack), std::string::npos)
          << e.what();
    }
  }
}

// A method's tags are labels a summary written in code reads: one that no code reads would be
// declared and dropped, so it is refused naming the tag and what the summary does read.
TEST(TaskSetProtocol, ATagNoCodeReadsIsRefused) {
  Json j = task_protocol_json();
  j["methods"][0]["tags"] = {{"column", "SVM"}};
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  FakeTasks fake;
  ProtocolHooks h = fake.hooks();
  const auto refusal = [&] {
    try {
      check_protocol_hooks(p, h, "x/y");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal().find("declares the tag \"column\", which no code of x/y reads (it takes no "
                           "\"tags\")"),
            std::string::npos)
      << refusal();
  h.summary_tags = {"role"};
  EXPECT_NE(refusal().find("(its summary reads role)"), std::string::npos) << refusal();
  h.summary_tags = {"column", "role"};
  EXPECT_EQ(refusal(), "accepted");
}

}  // namespace
}  // namespace linrepro
