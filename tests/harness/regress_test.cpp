#include "harness/regress.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "harness/compare.h"
#include "harness/run_experiment.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

// What the fake experiment produces; the tests change it to simulate drift.
struct FakeOutput {
  double error = 0.25;        // a rate computed from predictions: compared exactly
  double objective = 1.2345;  // compared to a relative 1e-6
  double cell = 1.3;          // published 1.2 ± 0.5
  bool data = true;
  int calls = 0;
};

ExperimentInfo fake_experiment(FakeOutput& out) {
  ExperimentInfo e;
  e.paper = "mlrcg2003";
  e.id = "fake_table2";
  e.description = "a fake experiment for the regression check";
  e.config = [](const ExperimentContext& ctx) { return Json{{"fast", ctx.fast}}; };
  e.run = [&out](const ExperimentContext& ctx, ResultFile& rf) {
    ++out.calls;
    rf.run_once("earn/mlr-cg", {{"solver", "mlr-cg"}, {"class", "earn"}, {"seed", ctx.seed}}, [&] {
      RunRecord r;
      if (!out.data) {
        r.status = "data_unavailable";
        r.reason = "reuters21578 is not in the mirror";
        return r;
      }
      r.metrics = {{"error", out.error}, {"errors", 12}, {"predict_seconds", 0.1 * out.calls}};
      r.objective = out.objective;
      r.train_seconds = 0.5 * out.calls;  // timings differ every run: ignored
      r.iterations = 7;
      r.stop = "converged";
      r.trace = Json::array({{{"iteration", 0},
                              {"seconds", 0.01 * out.calls},
                              {"values", {{"objective", out.objective * 2}}}}});
      return r;
    });
    rf.set_cell(value_cell("table2", "earn", "MLR-CG error", out.cell, "%"));
  };
  return e;
}

struct RegressTree {
  TempDir dir;
  std::filesystem::path results;
  FakeOutput out;
  std::vector<ExperimentInfo> experiments;
  std::ostringstream stdout_text, stderr_text;

  RegressTree() : results(dir / "results") {
    testing::write_json(results / "published/mlrcg2003.json", testing::published_mlrcg());
    experiments.push_back(fake_experiment(out));
    // The full run and the committed comparison: earn is within (1.3 vs 1.2 ± 0.5).
    ExperimentContext ctx;
    ctx.results_dir = results;
    run_experiment(experiments[0], ctx);
    compare_results(results);
  }
  RegressSummary check(bool update = false) {
    stdout_text.str("");
    stderr_text.str("");
    RegressOptions opt;
    opt.results_dir = results;
    opt.experiments = &experiments;
    opt.update = update;
    opt.out = &stdout_text;
    opt.err = &stderr_text;
    return regression_check(opt);
  }
  std::string problems(const RegressSummary& s) const {
    std::string all;
    for (const auto& c : s.checks)
      for (const auto& p : c.problems) all += p + "\n";
    return all;
  }
};

TEST(Regress, WithoutAReferenceFailsUntilUpdateWritesIt) {
  RegressTree t;
  RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_EQ(s.exit_code(), 1);
  EXPECT_EQ(t.stdout_text.str(), "0 passed, 1 failed\n");
  EXPECT_NE(t.problems(s).find("no committed reference"), std::string::npos) << t.problems(s);
  EXPECT_NE(t.stderr_text.str().find("regress mlrcg2003/fake_table2: FAIL"), std::string::npos);
  EXPECT_NE(t.stderr_text.str().find("--update"), std::string::npos);

  s = t.check(/*update=*/true);
  EXPECT_EQ(s.exit_code(), 0);
  EXPECT_EQ(t.stdout_text.str(), "1 passed, 0 failed\n");
  const auto reference = t.results / "mlrcg2003/fast/fake_table2.json";
  ASSERT_TRUE(std::filesystem::exists(reference));
  EXPECT_EQ(testing::read_json(reference)["config"]["fast"], true);
  // The fast run went to a temp dir: results/ holds the full run, the reference and nothing else.
  int files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(t.results / "mlrcg2003"))
    files += e.is_regular_file();
  EXPECT_EQ(files, 2);

  s = t.check();
  EXPECT_EQ(s.exit_code(), 0) << t.stderr_text.str();
  EXPECT_EQ(t.stdout_text.str(), "1 passed, 0 failed\n");
  ASSERT_EQ(s.checks.size(), 1u);
  EXPECT_EQ(s.checks[0].runs_compared, 1);  // timings differed (calls changed them): ignored
  EXPECT_EQ(s.checks[0].cells_checked, 1);
}

TEST(Regress, DetectsADriftedMetric) {
  RegressTree t;
  t.check(true);
  t.out.error = 0.25000000001;  // a rate must be identical, not merely close
  const RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_EQ(t.stdout_text.str(), "0 passed, 1 failed\n");
  EXPECT_NE(
      t.problems(s).find("run 'earn/mlr-cg' metrics.error: 0.25 in the reference, 0.25000000001"),
      std::string::npos)
      << t.problems(s);
  EXPECT_NE(t.stderr_text.str().find("metrics.error"), std::string::npos);
}

TEST(Regress, ObjectivesMayMoveByARelativeMillionth) {
  RegressTree t;
  t.check(true);
  t.out.objective = 1.2345 * (1 + 1e-8);
  EXPECT_EQ(t.check().failed, 0) << t.stderr_text.str();
  t.out.objective = 1.2345 * (1 + 1e-5);
  const RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_NE(t.problems(s).find("objective"), std::string::npos);
  EXPECT_NE(t.problems(s).find("trace[0].values.objective"), std::string::npos) << t.problems(s);
}

TEST(Regress, DetectsACellThatLeftItsPublishedTolerance) {
  RegressTree t;
  t.check(true);
  t.out.cell = 2.0;  // 1.2 ± 0.5: outside now, within in the committed comparison.json
  const RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_NE(t.problems(s).find("cell table2 / earn / MLR-CG error left its published tolerance"),
            std::string::npos)
      << t.problems(s);
  // Even --update does not hide it: the reference records the run, the tolerance is the paper's.
  EXPECT_EQ(t.check(true).failed, 1);
}

TEST(Regress, ACellOutsideInTheFastReferenceTooIsOnlyNoted) {
  RegressTree t;
  t.out.cell = 2.0;  // the fast subset lands outside by design, before and after
  t.check(true);
  const RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 0) << t.problems(s);
  EXPECT_NE(t.stderr_text.str().find("in the reference fast run too"), std::string::npos);
}

TEST(Regress, UnavailableDataIsSkippedWithANote) {
  RegressTree t;
  t.check(true);
  t.out.data = false;
  const RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 0) << t.problems(s);
  EXPECT_EQ(s.checks[0].runs_compared, 0);
  EXPECT_NE(t.stderr_text.str().find("not compared: its data is unavailable here"),
            std::string::npos);
}

TEST(Regress, AThrowingExperimentFailsAndTheOthersStillRun) {
  RegressTree t;
  t.check(true);
  ExperimentInfo broken;
  broken.paper = "sgdreport";
  broken.id = "broken";
  broken.description = "throws";
  broken.run = [](const ExperimentContext&, ResultFile&) {
    throw std::runtime_error("solver exploded");
  };
  t.experiments.insert(t.experiments.begin(), broken);
  const RegressSummary s = t.check();
  EXPECT_EQ(t.stdout_text.str(), "1 passed, 1 failed\n");
  EXPECT_NE(t.problems(s).find("the experiment threw: solver exploded"), std::string::npos);
  // --only restricts the check.
  RegressOptions opt;
  opt.results_dir = t.results;
  opt.experiments = &t.experiments;
  opt.only = {"mlrcg2003/fake_table2"};
  std::ostringstream out, err;
  opt.out = &out;
  opt.err = &err;
  EXPECT_EQ(regression_check(opt).exit_code(), 0);
  EXPECT_EQ(out.str(), "1 passed, 0 failed\n");
}

TEST(DiffFastResults, ReportsChangedConfigsAndMissingOrNewRuns) {
  const Json run_a = {
      {"key", "a"}, {"config_hash", "1111"}, {"status", "ok"}, {"metrics", {{"error", 0.1}}}};
  const Json run_b = {{"key", "b"}, {"config_hash", "2222"}, {"status", "ok"}};
  Json changed = run_a;
  changed["config_hash"] = "3333";
  const Json run_c = {{"key", "c"}, {"config_hash", "4444"}, {"status", "ok"}};
  std::vector<std::string> problems, notes;
  const int compared =
      diff_fast_results({{"runs", {run_a, run_b}}}, {{"runs", {changed, run_c}}}, problems, notes);
  EXPECT_EQ(compared, 0);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_NE(problems[0].find("run 'a': config changed (hash 1111 -> 3333)"), std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find("run 'b': in the reference, not produced now"), std::string::npos)
      << problems[1];
  EXPECT_NE(problems[2].find("run 'c': new"), std::string::npos) << problems[2];
}

TEST(DiffFastResults, AMissingOrFailedRunOrAChangedCountIsAProblem) {
  const Json ref = {{"runs",
                     {{{"key", "a"},
                       {"config_hash", "1"},
                       {"status", "ok"},
                       {"iterations", 10},
                       {"stop", "converged"}},
                      {{"key", "b"}, {"config_hash", "2"}, {"status", "ok"}}}}};
  const Json now = {
      {"runs",
       {{{"key", "a"},
         {"config_hash", "1"},
         {"status", "ok"},
         {"iterations", 11},
         {"stop", "converged"}},
        {{"key", "b"}, {"config_hash", "2"}, {"status", "failed"}, {"reason", "NaN"}}}}};
  std::vector<std::string> problems, notes;
  EXPECT_EQ(diff_fast_results(ref, now, problems, notes), 1);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("run 'a' iterations: 10 in the reference, 11 now"), std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find("run 'b' failed: NaN"), std::string::npos) << problems[1];
}

}  // namespace
}  // namespace linrepro

namespace linrepro {
namespace {

// Changed data must never lead to `regress --update`: it would bake the damage into the reference.
TEST(DiffFastResults, AChangedDatasetDigestIsNamedAndNeverSuggestsUpdate) {
  auto doc = [](const std::string& digest, const std::string& hash) {
    return Json{{"datasets", {{{"name", "a9a"}, {"data", {{"content_sha256", digest}}}}}},
                {"runs", {{{"key", "a"}, {"config_hash", hash}, {"status", "ok"}}}}};
  };
  std::vector<std::string> problems, notes;
  diff_fast_results(doc("aaaa", "1"), doc("bbbb", "2"), problems, notes);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("dataset 'a9a' changed: content digest aaaa in the reference, bbbb"),
            std::string::npos)
      << problems[0];
  EXPECT_NE(problems[0].find("do not update the reference"), std::string::npos) << problems[0];
  for (const auto& p : problems) EXPECT_EQ(p.find("regress --update"), std::string::npos) << p;
  // Same data: the config change still suggests the update.
  problems.clear();
  diff_fast_results(doc("aaaa", "1"), doc("aaaa", "2"), problems, notes);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("regress --update"), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace linrepro
