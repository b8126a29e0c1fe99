// `cluster_run` (harness/cluster/cluster_run.h) with a submitter that runs each array task in this
// process: the --time it asks for (unknown costs from the experiment's median, bounded by the
// partition's MaxTime), an explicit --time beyond the partition refused, and one cluster run at a
// time per results directory.
#include "harness/cluster/cluster_run.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <stdexcept>

#include "core/error.h"
#include "core/file_lock.h"
#include "harness/experiment/run_experiment.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

// An experiment of `runs` runs a/1..a/<runs>; run i takes 100 * i seconds (as measured).
struct ClusterFake {
  int runs = 3;
  ExperimentInfo info() {
    ExperimentInfo e;
    e.paper = "mlrcg2003";
    e.id = "fake";
    e.description = "fake";
    e.artifacts = {"table9"};
    e.run = [this](const ExperimentContext&, ResultFile& rf) {
      for (int i = 1; i <= runs; ++i)
        rf.run_once("a/" + std::to_string(i), {{"i", i}}, [i] {
          RunRecord r;
          r.metrics = {{"value", i}};
          r.train_seconds = 100.0 * i;
          return r;
        });
      if (!rf.complete()) return;
      rf.set_cell(value_cell("table9", "all", "runs", runs, ""));
    };
    return e;
  }
};

ExperimentContext cluster_context(const std::filesystem::path& results) {
  ExperimentContext ctx;
  ctx.results_dir = results;
  ctx.progress = false;
  return ctx;
}

// Runs the experiments' tasks in this process and keeps each round's --time.
struct InProcessSlurm {
  const std::vector<ExperimentInfo>* registry;
  std::vector<std::string> times;
  Submitter submitter() {
    return [this](const std::filesystem::path&, const BatchSettings& s) {
      times.push_back(s.time);
      for (int task = 0; task < s.tasks; ++task)
        for (const ExperimentInfo& info : *registry) {
          ExperimentContext c = cluster_context(s.results);
          c.selection = subset_selection(info, c, s.plan, task, s.tasks);
          if (!c.selection.keys.empty()) run_experiment(info, c);
        }
      return Submission{"1", 0, ""};
    };
  }
};

ClusterOptions options() {
  ClusterOptions opt;
  opt.target = "mlrcg2003/fake";
  opt.shards = 1;
  return opt;
}

TEST(ClusterRun, RunsOfUnknownCostAreTakenAtTheirExperimentsMedian) {
  TempDir dir;
  ClusterFake fake;
  std::vector<ExperimentInfo> registry = {fake.info()};
  run_experiment(registry[0],
                 cluster_context(dir.path()));  // a/1..a/3: 100, 200, 300 s; median 200
  fake.runs = 6;                                // a/4..a/6 are new: no hint of their own
  InProcessSlurm slurm{&registry, {}};
  const ClusterSummary s =
      cluster_run(registry, cluster_context(dir.path()), options(), slurm.submitter());
  EXPECT_EQ(s.exit_code(), 0);
  ASSERT_EQ(slurm.times.size(), 1u);
  EXPECT_EQ(slurm.times[0], "00:35:00");  // 3 x (3 x 200 s) + 5 min
  EXPECT_EQ(testing::read_json(dir / "mlrcg2003/fake.json")["runs"].size(), 6u);
}

// An experiment whose paper run b/1 succeeds and whose extra solver's run (a config with
// "with_solver", as --with-solver plans it) always fails; `id` names it.
ExperimentInfo with_failing_extra_solver(const std::string& id) {
  ExperimentInfo e;
  e.paper = "mlrcg2003";
  e.id = id;
  e.description = id;
  e.artifacts = {"table8"};
  e.run = [id](const ExperimentContext&, ResultFile& rf) {
    rf.run_once("b/1", {{"i", 1}}, [] {
      RunRecord r;
      r.metrics = {{"value", 1}};
      return r;
    });
    rf.run_once("b/1/extra/bad", {{"with_solver", "bad"}},
                []() -> RunRecord { throw std::runtime_error("bad: eps must be positive"); });
    if (rf.complete()) rf.set_cell(value_cell("table8", id, "runs", 1, ""));
  };
  return e;
}

TEST(ClusterRun, AFailingExtraSolverNeverHoldsBackTheDependentsPaperRuns) {
  TempDir dir;
  ClusterFake fake;
  std::vector<ExperimentInfo> registry = {with_failing_extra_solver("first"), fake.info()};
  registry[1].depends_on = {"mlrcg2003/first"};
  InProcessSlurm slurm{&registry, {}};
  ClusterOptions opt = options();
  opt.target = "mlrcg2003";
  const ClusterSummary s =
      cluster_run(registry, cluster_context(dir.path()), opt, slurm.submitter());
  // The dependent's paper runs were submitted and summarised although its dependency's extra run
  // failed twice; that run is reported, and the exit code says so.
  EXPECT_EQ(s.complete, std::vector<std::string>{"mlrcg2003/fake"});
  EXPECT_EQ(s.incomplete, std::vector<std::string>{"mlrcg2003/first"});
  ASSERT_EQ(s.given_up.size(), 1u);
  EXPECT_EQ(s.given_up[0].key, "b/1/extra/bad");
  EXPECT_EQ(s.exit_code(), 1);
  EXPECT_EQ(testing::read_json(dir / "mlrcg2003/fake.json")["runs"].size(), 3u);
  EXPECT_EQ(testing::read_json(dir / "mlrcg2003/fake.json")["cells"].size(), 1u);
}

TEST(ClusterRun, TheTimeIsBoundedByThePartitionAndMaxTime) {
  TempDir dir;
  ClusterFake fake;
  std::vector<ExperimentInfo> registry = {fake.info()};
  InProcessSlurm slurm{&registry, {}};
  ClusterOptions opt = options();
  opt.partition_limit = PartitionLimit{"short", 20 * 60};
  // Nothing measured: 3 runs x 600 s, wanting 3 x 1800 s + 5 min = 1:35:00.
  cluster_run(registry, cluster_context(dir.path()), opt, slurm.submitter());
  ASSERT_EQ(slurm.times.size(), 1u);
  EXPECT_EQ(slurm.times[0], "00:20:00");

  TempDir other;
  opt.max_time_seconds = 10 * 60;  // the smaller bound wins
  cluster_run(registry, cluster_context(other.path()), opt, slurm.submitter());
  EXPECT_EQ(slurm.times.back(), "00:10:00");
}

TEST(ClusterRun, AnExplicitTimeBeyondThePartitionIsRefused) {
  TempDir dir;
  ClusterFake fake;
  std::vector<ExperimentInfo> registry = {fake.info()};
  InProcessSlurm slurm{&registry, {}};
  ClusterOptions opt = options();
  opt.partition_limit = PartitionLimit{"short", 30 * 60};
  opt.time = "01:00:00";
  try {
    cluster_run(registry, cluster_context(dir.path()), opt, slurm.submitter());
    FAIL() << "an impossible --time was submitted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("partition short's MaxTime (00:30:00)"), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(slurm.times.empty());
  opt.time = "00:30:00";
  cluster_run(registry, cluster_context(dir.path()), opt, slurm.submitter());
  EXPECT_EQ(slurm.times, std::vector<std::string>{"00:30:00"});
}

TEST(ClusterRun, ASecondClusterRunOnTheSameResultsIsRefused) {
  TempDir dir;
  ClusterFake fake;
  std::vector<ExperimentInfo> registry = {fake.info()};
  InProcessSlurm slurm{&registry, {}};
  const FileLock first = FileLock::acquire(lock_path_for(dir / "cluster"));
  try {
    cluster_run(registry, cluster_context(dir.path()), options(), slurm.submitter());
    FAIL() << "two cluster runs shared a results directory";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("another `linrepro cluster run`"), std::string::npos) << what;
    EXPECT_NE(what.find("pid " + std::to_string(::getpid())), std::string::npos) << what;
  }
  EXPECT_TRUE(slurm.times.empty());
}

}  // namespace
}  // namespace linrepro
