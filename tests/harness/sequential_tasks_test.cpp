// A sequential task set (harness/protocol/task_set_runs.h): one fit at a time, task by task, each
// task's methods in declared order; a method's stop rule is asked before each of its tasks with its
// finished runs and the next task's fields, and once it says stop the method runs no later task
// (its records say why, nothing is stored); while one of its runs is pending (a plan), its later
// tasks are not asked at all. Each "data" options runs in turn; an extra solver may take each
// task's own lambda and has a row per solver; an aggregate without a value gives a not_run cell. A
// driver's adaptive step after the set (AfterTaskSet) fits a declared run again under a key of its
// own, stored like the others. A stop rule on a set that is not sequential, "lambda": "task" on a
// binary data set, and hooks without the named rule are refused.
#include <gtest/gtest.h>

#include <mutex>

#include "core/error.h"
#include "core/seed.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"
#include "protocol_refusal.h"

namespace linrepro {
namespace {

using testing::TempDir;

Json sequential_json() {
  return Json::parse(R"({
    "why": "test",
    "values": {"lambda": 0.01},
    "datasets": [{"class": "c", "tasks": "sizes", "sequential": true}],
    "methods": [
      {"name": "a", "key": "{task}/a", "solver": "liblinear-s2", "params": {"who": "a"}},
      {"name": "b", "key": "{task}/b", "solver": "liblinear-s2", "params": {"who": "b"},
       "stop_rule": "two"}
    ],
    "cells": {
      "columns": {"count": [{"column": "Fitted", "value": "fitted"}]},
      "rows": [{"table": "t", "row": "B", "class": "c", "run": "b", "columns": ["count"]}]
    }
  })");
}

// Four tasks n = 1..4; every fit appends "<who><n>" to `order`; the rule "two" stops a series
// after two finished fits and records the next task's n it was asked about.
struct Sizes {
  std::mutex m;
  std::vector<std::string> order;
  std::vector<int> asked;
  ProtocolHooks hooks() {
    ProtocolHooks h;
    h.task_sources["sizes"] = [this](const ExperimentContext&) -> TaskPreparer {
      return [this](const Json& options) {
        const std::string k = options.contains("k") ? options.at("k").dump() : "";
        TaskSet s;
        s.dataset = "sizes";
        s.record = {{"name", "sizes"}};
        s.tasks = {"n1", "n2", "n3", "n4"};
        s.task_fields = [](size_t i) { return Json{{"n", i + 1}}; };
        s.untrainable = [](size_t) { return std::optional<RunRecord>(); };
        s.extra_lambdas = [](size_t i) {  // task n's lambda: n / 10
          return std::vector<ProtocolLambda>{
              {Loss::unspecified, Penalty::l2, 0.1 * static_cast<double>(i + 1), "every method"}};
        };
        s.fit = [this, k](size_t i, const std::string&, const Params& params, uint64_t) {
          const std::lock_guard lock(m);
          order.push_back(params.value("who", "x") + k + std::to_string(i + 1));
          RunRecord r;
          r.metrics = {{"v", 1}};
          return r;
        };
        return s;
      };
    };
    h.stop_rules["two"] = [this](const ExperimentContext&, std::span<const RunRecord> done,
                                 const Json& next) -> std::optional<std::string> {
      asked.push_back(next.at("n").get<int>());
      if (done.size() < 2) return std::nullopt;
      return "stopped after " + std::to_string(done.size());
    };
    h.aggregates["fitted"] = [](std::span<const RunRecord> runs, const AggregateContext&) {
      AggregateValue a;
      for (const RunRecord& r : runs) a.value += r.status == "ok";
      return a;
    };
    return h;
  }
};

ResultFile sequential_file(const TempDir& dir, RunSelection selection = {}) {
  return ResultFile(dir.path() / "r.json",
                    {{"experiment", "y"},
                     {"paper", "x"},
                     {"artifacts", {"t"}},
                     {"description", "d"},
                     {"seed", 1},
                     {"config", Json::object()}},
                    false, std::move(selection));
}

ExperimentContext quiet_context(const TempDir& dir, std::vector<std::string> extras = {}) {
  ExperimentContext ctx;
  ctx.extra_solvers = std::move(extras);
  ctx.results_dir = dir.path();
  ctx.progress = false;
  return ctx;
}

TEST(SequentialTasks, RunTaskByTaskAndAStopRuleEndsItsSeries) {
  const DeclaredProtocol p = parse_protocol(sequential_json(), "f (x/y)");
  TempDir dir;
  Sizes sizes;
  ResultFile rf = sequential_file(dir);
  run_protocol(quiet_context(dir), rf, p, "x/y", sizes.hooks());
  EXPECT_EQ(sizes.order, (std::vector<std::string>{"a1", "b1", "a2", "b2", "a3", "a4"}));
  EXPECT_EQ(sizes.asked, (std::vector<int>{1, 2, 3}));  // asked once more, then never again
  const Json doc = rf.document();
  std::vector<std::string> keys;
  for (const Json& r : doc.at("runs")) keys.push_back(r.at("key"));
  EXPECT_EQ(keys, (std::vector<std::string>{"n1/a", "n1/b", "n2/a", "n2/b", "n3/a", "n4/a"}));
  ASSERT_EQ(doc.at("cells").size(), 1u);  // the stopped tasks count as there: the cell is emitted
  EXPECT_EQ(doc.at("cells")[0].at("value"), 2);
}

TEST(SequentialTasks, APendingRunHoldsBackTheRestOfAStopRulesSeries) {
  const DeclaredProtocol p = parse_protocol(sequential_json(), "f (x/y)");
  TempDir dir;
  Sizes sizes;
  RunSelection plan;
  plan.mode = RunSelection::Mode::plan;
  ResultFile rf = sequential_file(dir, plan);
  run_protocol(quiet_context(dir), rf, p, "x/y", sizes.hooks());
  EXPECT_TRUE(sizes.order.empty());
  std::vector<std::string> pending;
  for (const PlannedRun& r : rf.pending()) pending.push_back(r.key);
  EXPECT_EQ(pending, (std::vector<std::string>{"n1/a", "n1/b", "n2/a", "n3/a", "n4/a"}));
}

// Each "data" options in turn (in the order of its first method), task by task; an extra solver
// whose place declares "lambda": "task" gets each task's own lambda.
TEST(SequentialTasks, EachOptionsRunsInTurnAndAnExtraSolverTakesEachTasksLambda) {
  Json j = sequential_json();
  j["methods"][0]["data"] = {{"k", 2}};
  j["methods"][1].erase("stop_rule");
  j["methods"].push_back(
      {{"key", "{task}/extra"}, {"solver", "--with-solver"}, {"lambda", "task"}});
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  TempDir dir;
  Sizes sizes;
  ResultFile rf = sequential_file(dir);
  run_protocol(quiet_context(dir, {"liblinear-s2"}), rf, p, "x/y", sizes.hooks());
  EXPECT_EQ(sizes.order, (std::vector<std::string>{"a21", "a22", "a23", "a24", "b1", "x1", "b2",
                                                   "x2", "b3", "x3", "b4", "x4"}));
  const Json doc = rf.document();
  for (const Json& r : doc.at("runs")) {
    if (r.at("key") == "n3/extra/liblinear-s2") {
      EXPECT_NEAR(r.at("config").at("params").at("lambda").get<double>(), 0.3, 1e-12);
    }
  }
  EXPECT_EQ(doc.at("runs").size(), 12u);
}

// A set that gives every run its own seed (TaskSet::seed): its runs take it, and a method that
// declares another run's seed is refused rather than ignored.
TEST(SequentialTasks, ASetsOwnSeedIsEveryRunsAndRefusesSeedOf) {
  Json j = sequential_json();
  j["methods"][1].erase("stop_rule");
  Sizes sizes;
  ProtocolHooks hooks = sizes.hooks();
  const TaskSource plain = hooks.task_sources.at("sizes");
  hooks.task_sources["sizes"] = [plain](const ExperimentContext& ctx) -> TaskPreparer {
    const TaskPreparer prepare = plain(ctx);
    return [prepare](const Json& options) {
      TaskSet s = prepare(options);
      s.seed = 77;
      return s;
    };
  };
  {
    TempDir dir;
    ResultFile rf = sequential_file(dir);
    run_protocol(quiet_context(dir), rf, parse_protocol(j, "f (x/y)"), "x/y", hooks);
    const Json doc = rf.document();
    ASSERT_EQ(doc.at("runs").size(), 8u);
    for (const Json& r : doc.at("runs")) EXPECT_EQ(r.at("config").at("seed"), 77) << r.at("key");
  }
  j["methods"][1]["seed_of"] = "{task}/a";
  TempDir dir;
  ResultFile rf = sequential_file(dir);
  try {
    run_protocol(quiet_context(dir), rf, parse_protocol(j, "f (x/y)"), "x/y", hooks);
    ADD_FAILURE() << "seed_of on a set with its own seed was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("declares \"seed_of\""), std::string::npos) << e.what();
  }
}

// The adaptive step after a set's declared runs (Table 5's lambda walk), named by the methods it
// fits again ("after"): it sees the finished runs and those methods' runs, fits one again with
// other params under its own key and seed on the prepared set, and its runs are stored and reach
// the summary under the name it gives; in a plan they are pending. A step the hooks lack is
// refused.
TEST(SequentialTasks, AnAdaptiveStepFitsMoreRunsUnderItsOwnKeys) {
  Json j = sequential_json();
  j["methods"][1].erase("stop_rule");
  j["methods"][0]["after"] = "again";
  Sizes sizes;
  ProtocolHooks hooks = sizes.hooks();
  try {
    check_protocol_hooks(parse_protocol(j, "f (x/y)"), hooks, "x/y");
    ADD_FAILURE() << "a step the hooks lack was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("step \"again\" after a task set"), std::string::npos)
        << e.what();
  }
  std::vector<std::string> statuses;
  hooks.after_steps["again"] = [&](const ExperimentContext&, const ProtocolDataset& pd,
                                   const MoreTaskRuns& more,
                                   std::map<std::string, std::vector<RunRecord>>& out) {
    EXPECT_EQ(pd.cls, "c");
    ASSERT_EQ(more.runs.size(), 1u);    // a's, the method that names the step
    EXPECT_EQ(out.at("a").size(), 4u);  // the declared runs are there first
    ProtocolRun again = more.runs.at(0);
    again.key = again.seed_key = again.key + "/again";
    again.params["who"] = "again";
    const TaskSet set = more.prepare(again.data_options);
    out["again"].push_back(more.fit(again, set, 2));
    statuses.push_back(out["again"].back().status);
  };
  std::vector<std::string> summarised;
  hooks.summarise = [&](const ExperimentContext&, ResultFile&, const ProtocolResults& results) {
    for (const auto& [name, runs] : results.tasks.at("c")) summarised.push_back(name);
  };
  TempDir dir;
  {
    RunSelection plan;
    plan.mode = RunSelection::Mode::plan;
    ResultFile rf = sequential_file(dir, plan);
    run_protocol(quiet_context(dir), rf, parse_protocol(j, "f (x/y)"), "x/y", hooks);
    bool listed = false;
    for (const PlannedRun& r : rf.pending()) listed = listed || r.key == "n3/a/again";
    EXPECT_TRUE(listed);
  }
  ResultFile rf = sequential_file(dir);
  const ExperimentContext ctx = quiet_context(dir);
  run_protocol(ctx, rf, parse_protocol(j, "f (x/y)"), "x/y", hooks);
  EXPECT_EQ(statuses, (std::vector<std::string>{"pending", "ok"}));
  EXPECT_EQ(sizes.order.back(), "again3");
  EXPECT_EQ(summarised, (std::vector<std::string>{"a", "again", "b"}));
  bool stored = false;
  for (const Json& r : rf.document().at("runs"))
    if (r.at("key") == "n3/a/again") {
      stored = true;
      EXPECT_EQ(r.at("config").at("seed"), derive_seed(ctx.seed, "n3/a/again"));
      EXPECT_EQ(r.at("config").at("params").at("who"), "again");
    }
  EXPECT_TRUE(stored);
}

// A row per extra solver beside the paper's; an aggregate that has no value for the runs
// (AggregateValue::not_measured) gives a not_run cell that says why.
TEST(SequentialTasks, ExtraRowsAndAnAggregateWithoutAValue) {
  Json j = sequential_json();
  j["methods"].push_back(
      {{"key", "{task}/extra"}, {"solver", "--with-solver"}, {"lambda", "$lambda"}});
  j["cells"]["rows"].push_back({{"table", "t"},
                                {"row", "{solver} (extra)"},
                                {"class", "c"},
                                {"run", "extra"},
                                {"columns", {"count"}}});
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  TempDir dir;
  Sizes sizes;
  ProtocolHooks hooks = sizes.hooks();
  hooks.aggregates["fitted"] = [](std::span<const RunRecord> runs, const AggregateContext&) {
    AggregateValue a;
    for (const RunRecord& r : runs) a.value += r.status == "ok";
    if (a.value < 3) a.not_measured = "fewer than 3 tasks ran";
    return a;
  };
  ResultFile rf = sequential_file(dir);
  run_protocol(quiet_context(dir, {"liblinear-s2"}), rf, p, "x/y", hooks);
  const Json doc = rf.document();
  ASSERT_EQ(doc.at("cells").size(), 2u);
  for (const Json& c : doc.at("cells")) {
    if (c.at("row") == "B") {  // b stopped after 2 tasks
      EXPECT_EQ(c.at("status"), "not_run");
      EXPECT_NE(c.at("note").get<std::string>().find("fewer than 3 tasks ran"), std::string::npos);
    } else {  // the extra solver ran all 4
      EXPECT_EQ(c.at("row"), "liblinear-s2 (extra)");
      EXPECT_EQ(c.at("value"), 4);
    }
  }
}

TEST(SequentialTasks, AStopRuleNeedsASequentialSetAndHooksThatHaveIt) {
  Json j = sequential_json();
  j["datasets"][0].erase("sequential");
  testing::expect_protocol_refused(j, "\"stop_rule\" applies on a sequential task set only");
  j = sequential_json();
  j["methods"].push_back({{"key", "extra"}, {"solver", "--with-solver"}, {"lambda", "tasks"}});
  testing::expect_protocol_refused(j, "is a number, \"$name\", \"task\" or {solver: lambda}");
  j = sequential_json();
  j["datasets"].push_back({{"class", "d"}, {"data", "a9a"}});
  for (Json& m : j["methods"]) m["class"] = "c";
  j["methods"].push_back(
      {{"key", "extra"}, {"solver", "--with-solver"}, {"lambda", "task"}, {"class", "d"}});
  testing::expect_protocol_refused(j, "\"lambda\": \"task\" applies on a task set only");
  j = sequential_json();
  j["datasets"][0] = {{"class", "c"}, {"data", "a9a"}, {"sequential", true}};
  testing::expect_protocol_refused(j, "\"sequential\" orders a task set's runs");
  Sizes sizes;
  ProtocolHooks h = sizes.hooks();
  h.stop_rules.clear();
  try {
    check_protocol_hooks(parse_protocol(sequential_json(), "f (x/y)"), h, "x/y");
    ADD_FAILURE() << "hooks without the stop rule were accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("stop rule \"two\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace linrepro
