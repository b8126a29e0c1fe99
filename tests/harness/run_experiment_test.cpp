// Plan, execute, summarise (harness/experiment/run_experiment.h): planning executes nothing and
// writes nothing, a subset of keys executes only those into its shard file, merged shards give the
// file one process gives, adaptive experiments finish in rounds, and merging never loses finished
// work.
#include "harness/experiment/run_experiment.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <limits>

#include "core/error.h"
#include "corpora/data_errors.h"
#include "harness/experiment/unavailable_cells.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::read_json;
using testing::TempDir;

// A fake experiment: six independent runs, then a walk that asks for step k+1 only after step k
// is stored and its value is below 3 (an adaptive plan: three rounds), then one cell.
struct Fake {
  std::atomic<int> executed{0};
  bool fail_key_a3 = false;

  ExperimentInfo info() {
    ExperimentInfo e;
    e.paper = "mlrcg2003";
    e.id = "fake";
    e.description = "a fake adaptive experiment";
    e.artifacts = {"table9"};
    e.config = [](const ExperimentContext& ctx) { return Json{{"fast", ctx.fast}}; };
    e.run = [this](const ExperimentContext&, ResultFile& rf) {
      double sum = 0;
      for (int i = 1; i <= 6; ++i) {
        const std::string key = "a/" + std::to_string(i);
        const RunRecord r = rf.run_once(key, {{"solver", "smo"}, {"i", i}}, [&] {
          ++executed;
          if (fail_key_a3 && i == 3) throw std::runtime_error("node lost");
          RunRecord rec;
          rec.metrics = {{"value", i}};
          rec.train_seconds = 0.01 * executed;  // differs run to run: ignored when comparing
          return rec;
        });
        sum += r.metrics.value("value", 0.0);
      }
      for (int k = 1;; ++k) {
        const RunRecord r = rf.run_once("walk/" + std::to_string(k), {{"step", k}}, [&] {
          ++executed;
          RunRecord rec;
          rec.metrics = {{"value", k}};
          return rec;
        });
        if (r.status == "pending" || r.metrics.value("value", 0) >= 3) break;
      }
      if (!rf.complete()) return;
      rf.set_cell(value_cell("table9", "all", "sum", sum, ""));
    };
    return e;
  }
};

ExperimentContext context(const std::filesystem::path& results, RunSelection s = {}) {
  ExperimentContext ctx;
  ctx.results_dir = results;
  ctx.progress = false;
  ctx.selection = std::move(s);
  return ctx;
}

RunSelection plan_mode() {
  RunSelection s;
  s.mode = RunSelection::Mode::plan;
  return s;
}

// A result document without what differs from run to run (timings, environment, provenance).
Json comparable(Json doc) {
  doc.erase("environment");
  for (auto& r : doc["runs"])
    for (const char* f : {"train_seconds", "test_seconds", "peak_memory_bytes", "created_at"})
      r.erase(f);
  return doc;
}

// Writes `lines` (plan lines) to a file and returns its path.
std::filesystem::path write_plan(const TempDir& dir, const std::vector<PlannedRun>& pending,
                                 const ExperimentInfo& info) {
  const auto path = dir / "plan.jsonl";
  std::ofstream out(path);
  for (const auto& p : pending) out << plan_line(info, p).dump() << "\n";
  return path;
}

// Issue 60: a run never computed (an extra solver's) is costed from the experiment's measured runs,
// and the line says where its cost came from.
TEST(RunExperiment, APlanLineSaysWhereItsCostComesFrom) {
  ExperimentInfo info;
  info.paper = "p";
  info.id = "e";
  PlannedRun run;
  run.key = "acq/extra/mine";
  run.cost_seconds = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(plan_line(info, run, 2.5).at("cost_seconds"), 2.5);
  EXPECT_EQ(plan_line(info, run, 2.5).at("cost_from"), "the experiment's median");
  EXPECT_TRUE(plan_line(info, run).at("cost_seconds").is_null());
  EXPECT_EQ(plan_line(info, run).at("cost_from"), "unknown");
  run.cost_seconds = 7;
  EXPECT_EQ(plan_line(info, run, 2.5).at("cost_seconds"), 7);
  EXPECT_EQ(plan_line(info, run, 2.5).at("cost_from"), "this key");
}

TEST(RunExperiment, PlanningExecutesNothingAndWritesNothing) {
  TempDir dir;
  Fake fake;
  const ExperimentInfo info = fake.info();
  const ExperimentOutcome o = run_experiment(info, context(dir.path(), plan_mode()));
  EXPECT_EQ(fake.executed, 0);
  EXPECT_FALSE(std::filesystem::exists(result_file_path(context(dir.path()), "mlrcg2003", "fake")));
  ASSERT_EQ(o.pending.size(), 7u);  // a/1..a/6 and the walk's first step
  EXPECT_EQ(o.pending.front().key, "a/1");
  EXPECT_EQ(o.pending.back().key, "walk/1");
  EXPECT_EQ(o.pending[0].solver, "smo");
  EXPECT_EQ(o.pending[0].config_hash, config_hash({{"solver", "smo"}, {"i", 1}}));
  EXPECT_EQ(o.cells, 0);
}

TEST(RunExperiment, ShardsMergedInRoundsGiveTheSingleProcessFile) {
  TempDir single, sharded;
  Fake one;
  const ExperimentOutcome whole = run_experiment(one.info(), context(single.path()));
  EXPECT_TRUE(whole.complete());
  EXPECT_EQ(one.executed, 9);  // 6 + walk steps 1..3
  EXPECT_EQ(whole.cells, 1);

  Fake many;
  const ExperimentInfo info = many.info();
  int rounds = 0;
  for (;; ++rounds) {
    ASSERT_LT(rounds, 10) << "the rounds do not end";
    const ExperimentOutcome plan = run_experiment(info, context(sharded.path(), plan_mode()));
    if (plan.pending.empty()) break;
    const auto plan_file = write_plan(sharded, plan.pending, info);
    for (int shard : {2, 0, 1}) {  // any order
      ExperimentContext ctx = context(sharded.path());
      ctx.selection = subset_selection(info, ctx, plan_file, shard, 3);
      run_experiment(info, ctx);
    }
    EXPECT_EQ(merge_shards(info, context(sharded.path())), static_cast<int>(plan.pending.size()));
  }
  EXPECT_EQ(rounds, 3);  // the walk needs a round per step
  EXPECT_EQ(many.executed, 9);
  const int before = many.executed;
  const ExperimentOutcome summary = run_experiment(info, context(sharded.path()));
  EXPECT_EQ(many.executed, before) << "summarising recomputed a run";
  EXPECT_EQ(summary.counts.reused, 9);
  EXPECT_EQ(summary.cells, 1);
  EXPECT_EQ(comparable(read_json(single / "mlrcg2003/fake.json")),
            comparable(read_json(sharded / "mlrcg2003/fake.json")));
  EXPECT_FALSE(std::filesystem::exists(sharded / "mlrcg2003/shards")) << "merged shards remain";
}

TEST(RunExperiment, ASubsetExecutesOnlyItsKeysIntoItsShardFile) {
  TempDir dir;
  Fake fake;
  const ExperimentInfo info = fake.info();
  const auto plan = run_experiment(info, context(dir.path(), plan_mode())).pending;
  const auto plan_file = write_plan(dir, plan, info);
  ExperimentContext ctx = context(dir.path());
  ctx.selection = subset_selection(info, ctx, plan_file, 1, 2);  // lines 1, 3, 5: a/2 a/4 a/6
  EXPECT_EQ(ctx.selection.keys, (std::set<std::string>{"a/2", "a/4", "a/6"}));
  const ExperimentOutcome o = run_experiment(info, ctx);
  EXPECT_EQ(fake.executed, 3);
  EXPECT_EQ(o.counts.computed, 3);
  EXPECT_EQ(o.counts.pending, 4);
  EXPECT_EQ(o.path, shard_file_path(ctx, info, 1, 2));
  EXPECT_FALSE(std::filesystem::exists(dir / "mlrcg2003/fake.json"));
  const Json shard = read_json(o.path);
  ASSERT_EQ(shard["runs"].size(), 3u);
  EXPECT_EQ(shard["runs"][0]["key"], "a/2");
  EXPECT_TRUE(shard["cells"].empty()) << "a shard with pending runs summarised";
}

TEST(RunExperiment, AFailedShardRunStaysPendingAndNeverErasesFinishedWork) {
  TempDir dir;
  Fake fake;
  const ExperimentInfo info = fake.info();
  run_experiment(info, context(dir.path()));  // everything finished once
  // A later shard holds a failed record of a finished run (say a stale task retried it).
  Json doc = read_json(dir / "mlrcg2003/fake.json");
  Json failed = doc["runs"][2];
  ASSERT_EQ(failed["key"], "a/3");
  failed["status"] = "failed";
  failed["reason"] = "node lost";
  Json shard = doc;
  shard["runs"] = Json::array({failed});
  testing::write_json(dir / "mlrcg2003/shards/fake.0-of-1.json", shard);
  EXPECT_EQ(merge_shards(info, context(dir.path())), 0);
  EXPECT_EQ(read_json(dir / "mlrcg2003/fake.json")["runs"][2]["status"], "ok");

  // A run that fails in a shard is stored as failed, the shard's other runs still run, and the
  // next plan lists the failed one again.
  TempDir fresh;
  Fake flaky;
  flaky.fail_key_a3 = true;
  const auto pending = run_experiment(info, context(fresh.path(), plan_mode())).pending;
  const auto plan_file = write_plan(fresh, pending, info);
  ExperimentContext ctx = context(fresh.path());
  ctx.selection = subset_selection(info, ctx, plan_file, 0, 1);
  const ExperimentInfo flaky_info = flaky.info();
  const ExperimentOutcome out = run_experiment(flaky_info, ctx);  // goes on past the failure
  EXPECT_EQ(out.counts.failed, 1);
  EXPECT_EQ(out.counts.computed, 6);  // a/1, a/2, a/4..a/6 and walk/1
  EXPECT_EQ(out.cells, 0) << "a shard with a failed run summarised";
  merge_shards(flaky_info, context(fresh.path()));
  const auto again = run_experiment(flaky_info, context(fresh.path(), plan_mode())).pending;
  ASSERT_FALSE(again.empty());
  EXPECT_EQ(again.front().key, "a/3");
}

TEST(RunExperiment, PlanKeysRejectAMalformedLineAndShardsCoverThePlan) {
  TempDir dir;
  const auto good = dir.write("plan.jsonl",
                              "{\"experiment\":\"p/e\",\"key\":\"k1\"}\n"
                              "{\"experiment\":\"q/f\",\"key\":\"k2\"}\n\n"
                              "{\"experiment\":\"p/e\",\"key\":\"k3\"}\n");
  std::set<std::string> all;
  for (int s = 0; s < 2; ++s)
    for (const auto& [k, hash] : plan_keys(good, "p/e", s, 2)) EXPECT_TRUE(all.insert(k).second);
  EXPECT_EQ(all, (std::set<std::string>{"k1", "k3"}));
  EXPECT_EQ(plan_keys(good, "p/e", 0, 2).size(), 2u);  // lines 0 and 2: k1 and k3
  EXPECT_TRUE(plan_keys(good, "p/e", 1, 2).empty());   // line 1 is another experiment's
  EXPECT_THROW(plan_keys(good, "p/e", 2, 2), ConfigError);
  const auto bad = dir.write("bad.jsonl", "{\"experiment\":\"p/e\",\"key\":\"k1\"}\nnot json\n");
  try {
    plan_keys(bad, "p/e", 0, 1);
    FAIL() << "a malformed plan line was accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.jsonl:2"), std::string::npos) << e.what();
  }
}

TEST(RunExperiment, ARunWhoseConfigDiffersFromThePlansFailsInsteadOfRunning) {
  TempDir dir;
  Fake fake;
  const ExperimentInfo info = fake.info();
  const auto plan = run_experiment(info, context(dir.path(), plan_mode())).pending;
  auto lines = plan;
  lines[0].config_hash = "0123456789abcdef";  // as if planned where the data differed
  const auto plan_file = write_plan(dir, lines, info);
  ExperimentContext ctx = context(dir.path());
  ctx.selection = subset_selection(info, ctx, plan_file, 0, 1);
  const ExperimentOutcome out = run_experiment(info, ctx);
  EXPECT_EQ(out.counts.failed, 1);
  EXPECT_EQ(fake.executed, 6) << "the mismatched run executed";
  const Json shard = read_json(out.path);
  EXPECT_EQ(shard["runs"][0]["key"], "a/1");
  EXPECT_EQ(shard["runs"][0]["status"], "failed");
  EXPECT_NE(shard["runs"][0]["reason"].get<std::string>().find("differs from the planner's"),
            std::string::npos);
}

TEST(RunExperiment, ForceCannotBeCombinedWithPlanning) {
  TempDir dir;
  Fake fake;
  ExperimentContext ctx = context(dir.path(), plan_mode());
  ctx.force = true;
  EXPECT_THROW(run_experiment(fake.info(), ctx), ConfigError);
}

// A driver over several datasets marks the cells of the one that is missing: its own cells only
// (a tagged cell of another experiment stays that experiment's), and none it computed already.
TEST(RunExperiment, MarkUnavailableMarksTheTaggedPublishedCellsOfItsExperimentOnce) {
  TempDir dir;
  Json published = testing::published_mlrcg();
  published["cells"][0]["dataset"] = "ohsumed";  // earn: experiment table2
  published["cells"][2]["dataset"] = "ohsumed";
  published["cells"][3]["dataset"] = "ohsumed";
  testing::write_json(dir / "published/mlrcg2003.json", published);
  ResultFile rf(dir / "r.json", {{"experiment", "table3"}, {"paper", "mlrcg2003"}}, false);
  rf.set_cell(value_cell("table3", "webkb", "error", 7.5, "%"));  // computed after all
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  EXPECT_EQ(mark_unavailable(ctx, rf, "ohsumed", "data unavailable: not public"), 1);
  const Json cells = rf.document()["cells"];
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0]["status"], "ok");
  EXPECT_EQ(cells[1]["row"], "ohsumed");
  EXPECT_EQ(cells[1]["status"], "data_unavailable");
  EXPECT_EQ(cells[1]["note"], "data unavailable: not public");
}

// Data that is not here, thrown out of a driver: the harness records the dataset as unavailable
// and marks the experiment's published cells the driver did not emit (none of another
// experiment's), so the full run still produces every published cell of its own.
TEST(RunExperiment, DataUnavailableFromADriverMarksItsOwnPublishedCells) {
  TempDir dir;
  Json published = testing::published_mlrcg();  // earn, acq: table2; ohsumed, webkb: table3
  testing::write_json(dir / "published/mlrcg2003.json", published);
  ExperimentInfo e;
  e.paper = "mlrcg2003";
  e.id = "table3";
  e.run = [](const ExperimentContext&, ResultFile& rf) {
    rf.set_cell(value_cell("table3", "webkb", "error", 7.5, "%"));  // its data was here
    throw DataUnavailable("ohsumed", "data unavailable: ohsumed: not public");
  };
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  const ExperimentOutcome o = run_experiment(e, ctx);
  EXPECT_EQ(o.cells, 2);
  EXPECT_EQ(o.unavailable_cells, 1);
  const Json doc = read_json(dir / "mlrcg2003/table3.json");
  ASSERT_EQ(doc["cells"].size(), 2u);
  EXPECT_EQ(doc["cells"][0]["row"], "webkb");
  EXPECT_EQ(doc["cells"][0]["status"], "ok");
  EXPECT_EQ(doc["cells"][1]["row"], "ohsumed");
  EXPECT_EQ(doc["cells"][1]["status"], "data_unavailable");
  EXPECT_EQ(doc["cells"][1]["note"], "data unavailable: ohsumed: not public");
  ASSERT_EQ(doc["datasets"].size(), 1u);
  EXPECT_EQ(doc["datasets"][0]["name"], "ohsumed");
  EXPECT_EQ(doc["datasets"][0]["status"], "data_unavailable");
}

// A study outside the default set (ExperimentInfo::in_default_set = false) runs only when named:
// "all" and its paper skip it, "paper/id" selects it, and a dependency on it is still honoured.
TEST(RunExperiment, AnExperimentOutsideTheDefaultSetRunsOnlyWhenNamed) {
  TempDir dir;
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  std::vector<ExperimentInfo> registry(3);
  const char* ids[] = {"e0", "e1", "e2"};
  for (size_t i = 0; i < registry.size(); ++i) {
    registry[i].paper = "zhangoles2001";
    registry[i].id = ids[i];
  }
  registry[1].in_default_set = false;
  auto names = [&](const std::string& target) {
    std::vector<std::string> out;
    for (const auto* e : select_experiments(registry, target, ctx)) out.push_back(e->id);
    return out;
  };
  EXPECT_EQ(names("all"), (std::vector<std::string>{"e0", "e2"}));
  EXPECT_EQ(names("zhangoles2001"), (std::vector<std::string>{"e0", "e2"}));
  EXPECT_EQ(names("zhangoles2001/e1"), (std::vector<std::string>{"e1"}));
  registry[1].depends_on = {"zhangoles2001/e0"};  // no result file yet: e0 runs first
  EXPECT_EQ(names("zhangoles2001/e1"), (std::vector<std::string>{"e0", "e1"}));
}

}  // namespace
}  // namespace linrepro

namespace linrepro {
namespace {

// ExperimentInfo::in_default_set: "all" and a paper id skip an experiment outside the default set,
// naming it runs it, and a plan / merge (include_non_default) sees it.
TEST(SelectExperiments, AnExperimentOutsideTheDefaultSetRunsOnlyWhenNamed) {
  auto make = [](std::string paper, std::string id, bool in_default) {
    ExperimentInfo e;
    e.paper = std::move(paper);
    e.id = std::move(id);
    e.in_default_set = in_default;
    return e;
  };
  const std::vector<ExperimentInfo> registry = {make("zhangoles2001", "table1", true),
                                                make("zhangoles2001", "table1_all", false),
                                                make("mlrcg2003", "reuters", true)};
  TempDir dir;
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  auto names = [&](const std::string& target, bool include) {
    std::vector<std::string> out;
    for (const auto* e : select_experiments(registry, target, ctx, include))
      out.push_back(experiment_name(*e));
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(names("all", false), (V{"zhangoles2001/table1", "mlrcg2003/reuters"}));
  EXPECT_EQ(names("zhangoles2001", false), (V{"zhangoles2001/table1"}));
  EXPECT_EQ(names("zhangoles2001/table1_all", false), (V{"zhangoles2001/table1_all"}));
  EXPECT_EQ(names("all", true),
            (V{"zhangoles2001/table1", "zhangoles2001/table1_all", "mlrcg2003/reuters"}));
  EXPECT_EQ(names("zhangoles2001", true), (V{"zhangoles2001/table1", "zhangoles2001/table1_all"}));
  EXPECT_TRUE(ExperimentInfo{}.in_default_set);  // the default: in the set
}

// `linrepro run --results /tmp/x`: a fresh scratch directory has no published/, so the run reads
// the project's own published numbers (before, every experiment reading them failed there).
TEST(PublishedDirFor, TheResultsDirectorysOwnCopyElseTheProjects) {
  TempDir dir;
  const auto results = dir.path() / "scratch", root = dir.path() / "project";
  EXPECT_EQ(published_dir_for(results, root), root / "results" / "published");
  std::filesystem::create_directories(results / "published");
  EXPECT_EQ(published_dir_for(results, root), results / "published");
}

}  // namespace
}  // namespace linrepro
