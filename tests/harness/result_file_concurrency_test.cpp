// Issue 30: result files under concurrent writers. Two processes writing disjoint runs to one
// file at the same time keep both sets; a failed run never replaces a finished one; the cells of
// the last complete summariser win; and a `merge` beside a writer loses neither's runs. Without
// the lock and the merge the last writer's rename would win and the other's runs would be gone.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>

#include "harness/experiment/experiment.h"
#include "harness/experiment/run_experiment.h"
#include "harness/results/run_journal.h"
#include "harness_fixtures.h"
#include "support/child_process.h"

namespace linrepro {
namespace {

using testing::read_json;
using testing::start_child;
using testing::TempDir;
using testing::wait_child;

Json concurrency_header() {
  return {{"experiment", "table2"},
          {"paper", "mlrcg2003"},
          {"artifacts", {"table2"}},
          {"description", "concurrency test"},
          {"seed", 7},
          {"config", {{"classes", 10}}}};
}

Json config(const std::string& key) { return {{"solver", "smo"}, {"key", key}}; }

RunRecord ok_run(double value) {
  RunRecord r;
  r.metrics = {{"value", value}};
  return r;
}

// Both processes wait at the barrier (a file they poll) so their writes interleave.
void wait_for(const std::filesystem::path& flag) {
  while (!std::filesystem::exists(flag)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// One `linrepro run` in a child process: `runs` runs of its own (keys <name>/<i>), each taking a
// random few milliseconds, each written as it finishes; then its summary (one cell named after it).
int writer(const std::filesystem::path& path, const std::filesystem::path& go,
           const std::string& name, int runs, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> micros(0, 3000);
  ResultFile rf(path, concurrency_header(), false);
  wait_for(go);
  for (int i = 0; i < runs; ++i)
    rf.run_once(fmt::format("{}/{:02d}", name, i), config(name), [&] {
      std::this_thread::sleep_for(std::chrono::microseconds(micros(rng)));
      return ok_run(i);
    });
  rf.set_cell(value_cell("table2", name, "runs", runs, ""));
  rf.save();
  return 0;
}

std::set<std::string> keys_in(const Json& doc) {
  std::set<std::string> keys;
  for (const auto& r : doc["runs"]) keys.insert(r["key"].get<std::string>());
  return keys;
}

TEST(ResultFileConcurrency, TwoProcessesWritingDisjointRunsBothKeepTheirs) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  const auto go = dir / "go";
  constexpr int kRuns = 40;
  const pid_t a = start_child([&] { return writer(path, go, "liblinear-s5", kRuns, 1); });
  const pid_t b = start_child([&] { return writer(path, go, "dcd-logistic", kRuns, 2); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // both have read the (absent) file
  testing::write_json(go, Json::object());
  EXPECT_EQ(wait_child(a), 0);
  EXPECT_EQ(wait_child(b), 0);

  const Json doc = read_json(path);
  const std::set<std::string> keys = keys_in(doc);
  EXPECT_EQ(keys.size(), 2u * kRuns);
  for (int i = 0; i < kRuns; ++i)
    for (const char* name : {"liblinear-s5", "dcd-logistic"})
      EXPECT_TRUE(keys.contains(fmt::format("{}/{:02d}", name, i))) << name << " run " << i;
  // Runs stay in key order, and the summary is one writer's (the last to finish), whole.
  EXPECT_TRUE(std::is_sorted(doc["runs"].begin(), doc["runs"].end(),
                             [](const Json& x, const Json& y) { return x["key"] < y["key"]; }));
  ASSERT_EQ(doc["cells"].size(), 1u);
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".lock"));
  EXPECT_FALSE(std::filesystem::exists(journal_dir(path)));  // both folded theirs in
  EXPECT_EQ(testing::count_temp_files(dir.path()), 0);
}

TEST(ResultFileConcurrency, AFailedRunNeverReplacesAFinishedOne) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  // Both open the file before either writes (two processes started together).
  ResultFile finished(path, concurrency_header(), false);
  ResultFile failing(path, concurrency_header(), false);
  finished.run_once("earn/smo", config("x"), [] { return ok_run(1); });
  EXPECT_THROW(failing.run_once("earn/smo", config("x"),
                                []() -> RunRecord { throw std::runtime_error("node lost"); }),
               std::runtime_error);
  failing.run_once("acq/smo", config("x"), [] { return ok_run(2); });
  failing.save();

  const Json doc = read_json(path);
  ASSERT_EQ(doc["runs"].size(), 2u);
  EXPECT_EQ(doc["runs"][1]["key"], "earn/smo");
  EXPECT_EQ(doc["runs"][1]["status"], "ok");
  EXPECT_EQ(doc["runs"][1]["metrics"]["value"], 1);
  EXPECT_EQ(doc["runs"][0]["key"], "acq/smo");

  // The same when the finished run comes second: a retry elsewhere finishes what failed here.
  ResultFile later(path, concurrency_header(), false);
  EXPECT_THROW(later.run_once("crude/smo", config("x"),
                              []() -> RunRecord { throw std::runtime_error("first"); }),
               std::runtime_error);
  ResultFile retry(path, concurrency_header(), false);
  retry.run_once("crude/smo", config("x"), [] { return ok_run(3); });
  later.save();
  EXPECT_EQ(read_json(path)["runs"][1]["status"], "ok");
}

TEST(ResultFileConcurrency, TheLastCompleteSummarisersCellsWin) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  ResultFile first(path, concurrency_header(), false);
  ResultFile second(path, concurrency_header(), false);
  first.run_once("a", config("a"), [] { return ok_run(1); });
  first.set_cell(value_cell("table2", "first", "x", 1, ""));
  first.add_claim(Claim("first-claim", "the first summariser's claim", true, ""));
  first.save();
  // A writer that has not summarised (stopped by a failure: save_runs) keeps them.
  second.run_once("b", config("b"), [] { return ok_run(2); });
  second.save_runs();
  Json doc = read_json(path);
  ASSERT_EQ(doc["cells"].size(), 1u);
  EXPECT_EQ(doc["cells"][0]["row"], "first");
  EXPECT_EQ(doc["claims"].size(), 1u);
  EXPECT_EQ(keys_in(doc), (std::set<std::string>{"a", "b"}));
  // Once it summarises, its cells and claims replace them.
  second.set_cell(value_cell("table2", "second", "x", 2, ""));
  second.save();
  doc = read_json(path);
  ASSERT_EQ(doc["cells"].size(), 1u);
  EXPECT_EQ(doc["cells"][0]["row"], "second");
  EXPECT_TRUE(doc["claims"].empty());
  EXPECT_EQ(keys_in(doc), (std::set<std::string>{"a", "b"}));

  // Cells of another experiment config describe other runs: they are not kept.
  Json other = concurrency_header();
  other["config"] = {{"classes", 3}};
  ResultFile changed(path, other, false);
  changed.run_once("c", config("c"), [] { return ok_run(3); });
  changed.save_runs();
  EXPECT_TRUE(read_json(path)["cells"].empty());
}

// `linrepro merge` folding shard files in while a `linrepro run` writes the same result file.
TEST(ResultFileConcurrency, AMergeBesideAWriterKeepsBothSetsOfRuns) {
  TempDir dir;
  ExperimentInfo info;
  info.paper = "mlrcg2003";
  info.id = "table2";
  info.description = "concurrency test";
  info.artifacts = {"table2"};
  info.config = [](const ExperimentContext&) { return Json{{"classes", 10}}; };
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.seed = 7;
  const auto path = result_file_path(ctx, info.paper, info.id);
  const auto go = dir / "go";
  constexpr int kRuns = 30;
  const pid_t child = start_child([&] { return writer(path, go, "local", kRuns, 3); });
  testing::write_json(go, Json::object());
  for (int i = 0; i < kRuns; ++i) {
    // Task i's shard: one run, written as `run --keys-from` writes it.
    Json shard = experiment_header(info, ctx);
    shard["schema"] = kResultSchema;
    RunRecord r = ok_run(i);
    r.key = fmt::format("shard/{:02d}", i);
    r.config = config("shard");
    shard["runs"] = Json::array({run_record_to_json(r)});
    testing::write_json(path.parent_path() / fmt::format("shards/table2.{}-of-{}.json", i, kRuns),
                        shard);
    EXPECT_EQ(merge_shards(info, ctx), 1);
    std::this_thread::sleep_for(std::chrono::microseconds(1500));
  }
  EXPECT_EQ(wait_child(child), 0);
  const std::set<std::string> keys = keys_in(read_json(path));
  EXPECT_EQ(keys.size(), 2u * kRuns);
}

}  // namespace
}  // namespace linrepro
