// `linrepro run zhangoles2001/table2 --with-solver ...`: an extra solver runs through Table 2's
// protocol beside the paper's methods, its runs and cells are marked as not part of the paper, and
// the paper's own runs stay exactly as committed. Fast mode (earn and acq) keeps it to seconds.
// Table 5 the same way: one-vs-rest on the per-category features (fast: WebKB split 0).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "corpora/data_resolver.h"
#include "experiments/zhangoles2001/experiments.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/run_experiment.h"
#include "support/result_cells.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

ExperimentInfo table2_info() {
  std::vector<ExperimentInfo> registry;
  add_zhangoles2001_table2(registry);
  return registry.at(0);
}

ExperimentInfo table5_info() {
  std::vector<ExperimentInfo> registry;
  add_zhangoles2001_table5(registry);
  return registry.at(0);
}

// The fast result document of `info` run into `dir` with one extra solver (null when its data is
// not here).
Json run_fast_with(const testing::TempDir& dir, const ExperimentInfo& info,
                   const std::string& extra) {
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.published_dir = repo_root() / "results/published";
  ctx.fast = true;
  ctx.progress = false;
  ctx.extra_solvers = {extra};
  try {
    run_experiment(info, ctx);
  } catch (const DataUnavailable&) {
    return Json();
  }
  return read_result_file(result_file_path(ctx, "zhangoles2001", info.id));
}

TEST(Zhangoles2001ExtraSolver, RunsThroughTableTwosProtocolTaggedBesideTheUnchangedPaperRuns) {
  const std::filesystem::path reference_path =
      repo_root() / "results/zhangoles2001/fast/table2.json";
  if (!std::filesystem::exists(reference_path)) GTEST_SKIP() << "no " << reference_path;
  testing::TempDir dir;
  const Json doc = run_fast_with(dir, table2_info(), "liblinear-s5");
  if (doc.is_null()) GTEST_SKIP() << "Reuters-21578 not available";

  // The paper's runs: the committed fast reference's keys, configs and metrics, unchanged; the
  // extra solver's 4 runs below are the only others, and the only ones tagged.
  const Json reference = read_result_file(reference_path);
  testing::expect_reference_runs_unchanged(doc, reference, 4);
  std::map<std::string, Json> runs;
  for (const Json& r : doc.at("runs")) runs[r.at("key").get<std::string>()] = r;

  // The extra solver's runs: one per fast category, tagged, at a regularisation it was given.
  for (const char* category : {"earn", "acq"}) {
    const std::string key = std::string(category) + "/extra/liblinear-s5";
    ASSERT_TRUE(runs.contains(key)) << key;
    const Json& r = runs[key];
    EXPECT_EQ(r.at("status"), "ok");
    EXPECT_EQ(r.at("solver"), "liblinear-s5");
    EXPECT_EQ(r.at("extra").at("part"), "extra");
    EXPECT_EQ(r.at("extra").at("with_solver"), "liblinear-s5");
    EXPECT_EQ(r.at("extra").at("note"), kExtraSolverNote);
    EXPECT_TRUE(r.at("params").contains("C") || r.at("params").contains("lambda"));
    EXPECT_EQ(r.at("params").at("bias"), 1.0);  // the protocol's constant feature, -B 1
    EXPECT_TRUE(r.at("metrics").contains("f1") && r.at("metrics").contains("bep"));
  }
  // And its out-of-fold threshold runs (the threshold Table 3 uses), tagged the same way.
  for (const char* category : {"earn", "acq"}) {
    const std::string key = std::string(category) + "/oof/extra/liblinear-s5";
    ASSERT_TRUE(runs.contains(key)) << key;
    EXPECT_EQ(runs[key].at("extra").at("part"), "extra");
  }

  // Its cells: Table 3's rows (the cells fast mode computes), in their own column, with the note.
  int extra_cells = 0;
  for (const Cell& c : result_cells(doc)) {
    if (c.column.find("(extra)") == std::string::npos) continue;
    ++extra_cells;
    EXPECT_EQ(c.table, "table3");
    EXPECT_EQ(c.column, "liblinear-s5 F1 (extra)");
    EXPECT_EQ(c.note, kExtraSolverNote);
  }
  EXPECT_EQ(extra_cells, 2);
  EXPECT_EQ(result_cells(doc).size(), result_cells(reference).size() + 2);
}

TEST(Zhangoles2001ExtraSolver, Table5RunsItOneVsRestOnEverySplitBesideTheUnchangedPaperRuns) {
  const std::filesystem::path reference_path =
      repo_root() / "results/zhangoles2001/fast/table5.json";
  if (!std::filesystem::exists(reference_path)) GTEST_SKIP() << "no " << reference_path;
  testing::TempDir dir;
  const Json doc = run_fast_with(dir, table5_info(), "liblinear-s2");
  if (doc.is_null() || doc.at("runs").empty()) GTEST_SKIP() << "WebKB not available";
  testing::expect_reference_runs_unchanged(doc, read_result_file(reference_path), 1);
  std::map<std::string, Json> runs;
  for (const Json& r : doc.at("runs")) runs[r.at("key").get<std::string>()] = r;

  // Squared hinge: Mod Least Squares' Table 1 lambda (fast mode: the paper's, 1e-3), the same
  // per-category features and test documents as the paper's linear methods.
  const std::string key = "WebKB/split0/extra/liblinear-s2";
  ASSERT_TRUE(runs.contains(key)) << key;
  const Json& r = runs[key];
  EXPECT_EQ(r.at("status"), "ok");
  EXPECT_EQ(r.at("solver"), "liblinear-s2");
  EXPECT_DOUBLE_EQ(r.at("params").at("lambda").get<double>(), 1e-3);
  EXPECT_EQ(r.at("extra").at("part"), "extra");
  EXPECT_EQ(r.at("extra").at("with_solver"), "liblinear-s2");
  const Json& cmls = runs.at("WebKB/split0/cmls");
  EXPECT_EQ(r.at("config").at("features"), cmls.at("config").at("features"));
  EXPECT_EQ(r.at("extra").at("test_rows"), cmls.at("extra").at("test_rows"));
  EXPECT_GT(r.at("metrics").at("accuracy").get<double>(), 0.5);
}

}  // namespace
}  // namespace linrepro
