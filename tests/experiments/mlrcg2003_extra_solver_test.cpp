// `linrepro run mlrcg2003/table2_reuters --with-solver ...` (harness/experiment/extra_solvers.h):
// an extra solver runs on Table 2's categories through the paper's protocol, its runs and cells are
// tagged as not part of the paper, the Table 2 bars include it, and the paper's own runs stay as
// they are. Fast mode (grain only) on the Reuters-21578 mirror; skipped when the data is absent.
// Table 3 the same way: a multiclass problem per fold (fast: Univ-6 fold 0, WebKB mirror).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/project_root.h"
#include "experiments/register.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/run_experiment.h"
#include "harness/results/timing_rounds.h"
#include "support/result_cells.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::find_cell;
using testing::find_run;

const ExperimentInfo& mlrcg_experiment(const std::string& id) {
  if (experiment_registry().empty()) register_experiments();
  for (const auto& e : experiment_registry())
    if (e.paper == "mlrcg2003" && e.id == id) return e;
  throw std::runtime_error("mlrcg2003/" + id + " is not registered");
}

const ExperimentInfo& table2_reuters() { return mlrcg_experiment("table2_reuters"); }

// The fast result file of mlrcg2003/<id> run into `dir` with these extra solvers.
Json run_fast(const std::filesystem::path& dir, std::vector<std::string> extras,
              const std::string& id = "table2_reuters") {
  ExperimentContext ctx;
  ctx.results_dir = dir;
  ctx.fast = true;
  ctx.progress = false;
  ctx.threads = 1;
  ctx.extra_solvers = std::move(extras);
  run_experiment(mlrcg_experiment(id), ctx);
  return read_result_file(result_file_path(ctx, "mlrcg2003", id));
}

TEST(Mlrcg2003ExtraSolver, RunsThroughTable2sProtocolTaggedAndApart) {
  testing::TempDir plain_dir, extra_dir;
  const Json plain = run_fast(plain_dir.path(), {});
  if (plain["runs"].empty()) GTEST_SKIP() << "Reuters-21578 is not available here";
  const Json with = run_fast(extra_dir.path(), {"liblinear-s2"});

  // The extra run: grain, the protocol's lambda, tagged as not part of the paper.
  const Json* extra = find_run(with, "table2/grain/extra/liblinear-s2");
  ASSERT_NE(extra, nullptr);
  EXPECT_EQ((*extra)["status"], "ok") << (*extra)["reason"];
  EXPECT_EQ((*extra)["solver"], "liblinear-s2");
  EXPECT_EQ((*extra)["params"]["lambda"], 0.001);
  EXPECT_EQ((*extra)["extra"]["part"], "extra");
  EXPECT_EQ((*extra)["extra"]["with_solver"], "liblinear-s2");
  EXPECT_EQ((*extra)["extra"]["note"], kExtraSolverNote);
  // Same metrics as the paper's solvers: error at threshold 0 and O_svm on the same test set.
  EXPECT_TRUE((*extra)["metrics"]["error"].is_number());
  EXPECT_EQ((*extra)["extra"]["test_rows"],
            (*find_run(with, "table2/grain/smo"))["extra"]["test_rows"]);
  EXPECT_GT((*extra)["objective"].get<double>(), 0.0);

  // Its cell: no published value, the extra-solver note.
  const Json* cell = find_cell(with, "table2", "grain", "liblinear-s2 (extra) error");
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ((*cell)["status"], "ok");
  EXPECT_EQ((*cell)["note"], kExtraSolverNote);
  EXPECT_DOUBLE_EQ((*cell)["value"].get<double>(),
                   100 * (*extra)["metrics"]["error"].get<double>());

  // The paper's runs and cells are those of a run without the extra solver.
  ASSERT_EQ(with["runs"].size(), plain["runs"].size() + kTimingRounds);  // a timed set: rounds
  for (const auto& r : plain["runs"]) {
    const Json* w = find_run(with, r["key"]);
    ASSERT_NE(w, nullptr) << r["key"];
    EXPECT_EQ((*w)["config_hash"], r["config_hash"]) << r["key"];
    EXPECT_EQ((*w)["metrics"], r["metrics"]) << r["key"];
    EXPECT_EQ((*w)["iterations"], r["iterations"]) << r["key"];
    EXPECT_DOUBLE_EQ((*w)["objective"].get<double>(), r["objective"].get<double>()) << r["key"];
    EXPECT_FALSE((*w)["extra"].contains("part")) << r["key"];
  }
  EXPECT_EQ(with["cells"].size(), plain["cells"].size() + 1);
  for (const auto& c : plain["cells"]) {
    const Json* w = find_cell(with, "table2", c["row"], c["column"]);
    ASSERT_NE(w, nullptr) << c["row"] << " / " << c["column"];
    EXPECT_EQ((*w)["value"], c["value"]);
  }
}

// The paper's runs of a fast run with extra solvers against the committed fast reference.
void expect_reference_runs_unchanged(const Json& with, const std::string& id, size_t extra_runs) {
  testing::expect_reference_runs_unchanged(
      with, read_result_file(repo_root() / "results/mlrcg2003/fast" / (id + ".json")), extra_runs);
}

TEST(Mlrcg2003ExtraSolver, Table3RunsItOnEveryFoldAsAMulticlassMethodTaggedAndApart) {
  testing::TempDir dir;
  const Json with = run_fast(dir.path(), {"liblinear-s2"}, "table3");
  if (with["runs"].empty()) GTEST_SKIP() << "WebKB is not available here";
  expect_reference_runs_unchanged(with, "table3", 1);

  // One-vs-rest on the fold's multiclass problem, the paper's one lambda, tagged.
  const Json* extra = find_run(with, "Univ-6/fold0/extra/liblinear-s2");
  ASSERT_NE(extra, nullptr);
  EXPECT_EQ((*extra)["status"], "ok") << (*extra)["reason"];
  EXPECT_EQ((*extra)["solver"], "liblinear-s2");
  EXPECT_EQ((*extra)["params"]["lambda"], 0.001);
  EXPECT_EQ((*extra)["extra"]["with_solver"], "liblinear-s2");
  EXPECT_EQ((*extra)["extra"]["note"], kExtraSolverNote);
  const Json* smo = find_run(with, "Univ-6/fold0/smo");
  ASSERT_NE(smo, nullptr);
  EXPECT_EQ((*extra)["extra"]["test_truth"], (*smo)["extra"]["test_truth"]);  // the same pages
  EXPECT_GT((*extra)["metrics"]["micro_f1"].get<double>(), 0.5);
}

// The scaling study: the extra solver's series at every fast size, on the same data as MLR-CG's.
TEST(Mlrcg2003ExtraSolver, ScalingRunsItsSeriesBesideThePapersSolvers) {
  testing::TempDir dir;
  const Json with = run_fast(dir.path(), {"liblinear-s2"}, "scaling");
  expect_reference_runs_unchanged(with, "scaling", 2);
  for (const char* n : {"10000", "20000"}) {
    const std::string at = std::string("synthetic-text/n=") + n;
    const Json* extra = find_run(with, at + "/extra/liblinear-s2");
    ASSERT_NE(extra, nullptr) << n;
    EXPECT_EQ((*extra)["status"], "ok") << (*extra)["reason"];
    EXPECT_EQ((*extra)["params"]["lambda"], 0.001);
    EXPECT_EQ((*extra)["config"]["with_solver"], "liblinear-s2");
    const Json* mlr = find_run(with, at + "/mlr-cg");
    ASSERT_NE(mlr, nullptr) << n;
    EXPECT_EQ((*extra)["extra"]["train_nnz"], (*mlr)["extra"]["train_nnz"]);  // the same draw
  }
  // Its fitted slope over the sizes that ran, a cell not part of the paper (a9a: full run only).
  const Json* slope =
      testing::find_cell(with, "scaling", "liblinear-s2 (extra)", "synthetic-text CPU-time slope");
  ASSERT_NE(slope, nullptr);
  EXPECT_TRUE((*slope)["value"].is_number());
  EXPECT_EQ(testing::find_cell(with, "scaling", "liblinear-s2 (extra)", "a9a CPU-time slope"),
            nullptr);
}

// plots/linrepro_plots/select.py's rule: a run is drawn when its field at each of the filter's
// paths is the filter's value or one of its list (null: the run has no such field), status "ok".
bool drawn(const Json& filter, const Json& run) {
  Json f = filter;
  if (!f.contains("status")) f["status"] = "ok";
  for (const auto& [path, want] : f.items()) {
    std::string pointer = "/" + path;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    const Json::json_pointer at(pointer);
    const Json have = run.contains(at) ? run.at(at) : Json();
    const Json wants = want.is_array() ? want : Json::array({want});
    if (std::find(wants.begin(), wants.end(), have) == wants.end()) return false;
  }
  return true;
}

TEST(Mlrcg2003ExtraSolver, Table2BarsIncludeTheExtraSolverOnlyWhenGiven) {
  ExperimentContext ctx;  // full mode: the header declares the figures
  const Json plain = experiment_header(table2_reuters(), ctx);
  ctx.extra_solvers = {"liblinear-s2"};
  const Json with = experiment_header(table2_reuters(), ctx);
  EXPECT_EQ(with["config"]["extra_solvers"], Json{"liblinear-s2"});
  EXPECT_FALSE(plain["config"].contains("extra_solvers"));
  ASSERT_EQ(with["figures"].size(), plain["figures"].size());
  // Runs as Table 2's protocol stores them (the fast run above checks the real ones): a fit, the
  // extra solver's, a timing round, a PR direction and a Section 6.1 run.
  const Json fit = {
      {"status", "ok"}, {"config", {{"threshold", 0}}}, {"params", {{"lambda", 0.001}}}};
  Json extra = fit, round = fit, pr = fit, f1 = fit;
  extra["extra"]["part"] = "extra";
  round["config"]["timing_round"] = 2;
  pr["params"]["direction"] = "pr";
  f1["config"]["threshold"] = {{"rule", "SCutFBR.1"}};
  int bars = 0;
  for (size_t i = 0; i < plain["figures"].size(); ++i) {
    const Json& p = plain["figures"][i];
    const Json& w = with["figures"][i];
    if (p["kind"] != "solvers_vs_peers") {
      EXPECT_EQ(w, p);  // Figure 2 and the directions are MLR-CG's own traces
      continue;
    }
    ++bars;
    EXPECT_FALSE(p.contains("label_by"));
    EXPECT_EQ(w["label_by"], (Json{"solver", "extra.part"}));
    EXPECT_TRUE(drawn(w["filter"], fit));
    EXPECT_TRUE(drawn(w["filter"], extra));
    for (const Json& r : {round, pr, f1}) EXPECT_FALSE(drawn(w["filter"], r)) << r.dump();
  }
  EXPECT_EQ(bars, 2);
}

// The bars' filter takes the stored Table 2 fits and the extra solver's, and nothing else.
TEST(Mlrcg2003ExtraSolver, Table2BarsDrawTheStoredFitsAndTheExtraSolvers) {
  testing::TempDir dir;
  const Json with = run_fast(dir.path(), {"liblinear-s2"});
  if (with["runs"].empty()) GTEST_SKIP() << "Reuters-21578 is not available here";
  ExperimentContext ctx;
  ctx.extra_solvers = {"liblinear-s2"};
  const Json header = experiment_header(table2_reuters(), ctx);
  for (const Json& f : header["figures"]) {
    if (f["kind"] != "solvers_vs_peers") continue;
    std::set<std::string> keys;
    for (const Json& r : with["runs"])
      if (drawn(f["filter"], r)) keys.insert(r["key"]);
    EXPECT_EQ(keys, (std::set<std::string>{"table2/grain/smo", "table2/grain/mlr-cg",
                                           "table2/grain/extra/liblinear-s2"}))
        << f["id"];
  }
}

}  // namespace
}  // namespace linrepro
