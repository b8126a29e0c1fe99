#include "harness/judge/regress.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "corpora/data_errors.h"
#include "harness/experiment/run_experiment.h"
#include "harness/judge/compare.h"
#include "harness/judge/provenance.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

// What the fake experiment produces; the tests change it to simulate drift.
struct FakeOutput {
  double error = 0.25;        // a rate computed from predictions: compared exactly
  double objective = 1.2345;  // compared to a relative 1e-6
  double cell = 1.3;          // published 1.2 ± 0.5
  double ablation = 0.9;      // a value of an ablation table: compared like a cell
  bool data = true;
  bool fast_subset = true;  // false: fast mode computes nothing (a check that cannot fail)
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
    if (ctx.fast && !out.fast_subset) return;
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
    if (out.data)
      rf.set_cell(value_cell("table2", "earn", "MLR-CG error", out.cell, "%"));
    else
      rf.set_cell(unavailable_cell("table2", "earn", "MLR-CG error",
                                   "data unavailable: reuters21578 is not in the mirror"));
    rf.set_cell(value_cell("table2", "earn", "MLR-CG train time", 0.5 * out.calls, "s"));
    if (out.data)
      rf.add_ablation(
          {"fake-rule",
           "error by rule",
           "why",
           "%",
           {"error", "train seconds"},
           {{"rule-a", "the rule used", true, false, true, {out.ablation, 0.1 * out.calls}},
            {"published", "the paper", false, true, false, {1.0 + out.calls, std::nullopt}}}});
  };
  return e;
}

struct RegressTree {
  TempDir dir;
  std::filesystem::path results;
  FakeOutput out;
  std::vector<ExperimentInfo> experiments;
  std::ostringstream stdout_text, stderr_text;
  int jobs = 1;

  RegressTree() : results(dir / "results") {
    Json published = testing::published_mlrcg();
    published["cells"][0]["experiment"] = "fake_table2";  // earn: the fake's one published cell
    published["own_cells"] = {{{"experiment", "fake_table2"},
                               {"table", "table2"},
                               {"columns", {"MLR-CG train time"}},
                               {"why", "the fake's own time"}}};
    testing::write_json(results / "published/mlrcg2003.json", published);
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
    opt.jobs = jobs;
    opt.out = &stdout_text;
    opt.err = &stderr_text;
    return regression_check(opt);
  }
  // The summary's first line: "N passed, N failed, N skipped".
  std::string counts() const {
    const std::string s = stdout_text.str();
    return s.substr(0, s.find('\n'));
  }
  std::filesystem::path reference() const { return results / "mlrcg2003/fast/fake_table2.json"; }
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
  EXPECT_EQ(t.counts(), "0 passed, 1 failed, 0 skipped");
  EXPECT_NE(t.problems(s).find("no committed reference"), std::string::npos) << t.problems(s);
  EXPECT_NE(t.stderr_text.str().find("regress mlrcg2003/fake_table2: FAIL"), std::string::npos);
  EXPECT_NE(t.stderr_text.str().find("--update"), std::string::npos);

  s = t.check(/*update=*/true);
  EXPECT_EQ(s.exit_code(), 0);
  EXPECT_EQ(t.counts(), "1 passed, 0 failed, 0 skipped");
  ASSERT_TRUE(std::filesystem::exists(t.reference()));
  EXPECT_EQ(testing::read_json(t.reference())["config"]["fast"], true);
  // The fast run went to a temp dir: results/ holds the full run, the reference and no other
  // result file (compare wrote the ablation's table beside them).
  int files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(t.results / "mlrcg2003"))
    files += e.is_regular_file() && e.path().extension() == ".json";
  EXPECT_EQ(files, 2);

  s = t.check();
  EXPECT_EQ(s.exit_code(), 0) << t.stderr_text.str();
  EXPECT_EQ(t.counts(), "1 passed, 0 failed, 0 skipped");
  ASSERT_EQ(s.checks.size(), 1u);
  EXPECT_EQ(s.checks[0].outcome, RegressOutcome::pass);
  EXPECT_EQ(s.checks[0].runs_compared, 1);  // timings differed (calls changed them): ignored
  // The cell and the ablation's error; the time cell and the seconds column changed too (never
  // compared), the published row is not ours.
  EXPECT_EQ(s.checks[0].cells_checked, 2);
  EXPECT_EQ(s.checks[0].tolerance_cells, 1);
  EXPECT_NE(t.stderr_text.str().find("regress mlrcg2003/fake_table2: PASS (1 runs compared, 2 "
                                     "cells checked, 1 against the published tolerance"),
            std::string::npos)
      << t.stderr_text.str();
}

TEST(Regress, DetectsADriftedMetric) {
  RegressTree t;
  t.check(true);
  t.out.error = 0.25000000001;  // a rate must be identical, not merely close
  const RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_EQ(t.counts(), "0 passed, 1 failed, 0 skipped");
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

// A study with no published cells whose data is not here: the harness records the dataset as
// unavailable, and regress skips the study with the resolver's reason.
TEST(Regress, AStudyWhoseDataIsMissingIsSkippedWithTheDatasetsReason) {
  RegressTree t;
  ExperimentInfo study;
  study.paper = "mlrcg2003";
  study.id = "fake_study";
  study.run = [](const ExperimentContext&, ResultFile&) {
    throw DataUnavailable("rcv1-v2", "data unavailable: rcv1-v2: put the six files into data/");
  };
  t.experiments.push_back(study);
  t.check(/*update=*/true);  // the references, the study's recorded without its data
  const RegressSummary s = t.check();
  ASSERT_EQ(s.checks.size(), 2u);
  EXPECT_EQ(s.checks[1].outcome, RegressOutcome::skip) << t.problems(s);
  EXPECT_NE(s.checks[1].skip_reason.find("0 runs, 0 cells and 1 datasets data_unavailable: data "
                                         "unavailable: rcv1-v2: put the six files"),
            std::string::npos)
      << s.checks[1].skip_reason;
}

TEST(Regress, UnavailableDataIsSkippedWithItsReasonNeverPassed) {
  RegressTree t;
  t.check(true);
  t.out.data = false;  // the data was here for the reference, it is not now
  RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 0) << t.problems(s);
  EXPECT_EQ(s.exit_code(), 0);
  EXPECT_EQ(t.counts(), "0 passed, 0 failed, 1 skipped");
  EXPECT_EQ(s.checks[0].outcome, RegressOutcome::skip);
  EXPECT_EQ(s.checks[0].runs_compared, 0);
  EXPECT_EQ(s.checks[0].cells_checked, 0);
  EXPECT_NE(s.checks[0].skip_reason.find(
                "1 runs, 1 cells and 0 datasets data_unavailable: reuters21578 is "
                "not in the mirror"),
            std::string::npos)
      << s.checks[0].skip_reason;
  EXPECT_NE(t.stderr_text.str().find("regress mlrcg2003/fake_table2: SKIP"), std::string::npos);
  EXPECT_EQ(t.stderr_text.str().find("PASS"), std::string::npos) << t.stderr_text.str();
  EXPECT_NE(t.stderr_text.str().find("not compared: its data is unavailable here"),
            std::string::npos);

  // A reference recorded without the data (RCV1, covtype) skips the same way, update or not.
  s = t.check(/*update=*/true);
  EXPECT_EQ(s.checks[0].outcome, RegressOutcome::skip) << t.stderr_text.str();
  s = t.check();
  EXPECT_EQ(s.checks[0].outcome, RegressOutcome::skip) << t.stderr_text.str();
  EXPECT_EQ(t.counts(), "0 passed, 0 failed, 1 skipped");
}

TEST(Regress, AFastSubsetThatComparesNothingFails) {
  RegressTree t;
  t.out.fast_subset = false;  // the data is here, but fast mode computes nothing
  RegressSummary s = t.check(/*update=*/true);
  EXPECT_EQ(s.exit_code(), 1);
  EXPECT_EQ(s.checks[0].outcome, RegressOutcome::fail);
  EXPECT_NE(t.problems(s).find("compared nothing"), std::string::npos) << t.problems(s);
  s = t.check();  // the empty reference written above does not make it pass either
  EXPECT_EQ(s.exit_code(), 1);
  EXPECT_EQ(t.counts(), "0 passed, 1 failed, 0 skipped");
  EXPECT_NE(t.stderr_text.str().find("regress mlrcg2003/fake_table2: FAIL (0 runs compared, 0 "
                                     "cells checked"),
            std::string::npos)
      << t.stderr_text.str();
}

TEST(Regress, DetectsADriftedCellAndAblationValue) {
  RegressTree t;
  t.check(true);
  t.out.cell = 1.3 + 1e-9;  // well within the published tolerance, but not the reference's value
  RegressSummary s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_NE(t.problems(s).find("cell table2 / earn / MLR-CG error: 1.3 in the reference"),
            std::string::npos)
      << t.problems(s);
  t.out.cell = 1.3;
  t.out.ablation = 0.91;
  s = t.check();
  EXPECT_EQ(s.failed, 1);
  EXPECT_NE(t.problems(s).find("ablation fake-rule / rule-a / error: 0.90000000000000002 in the "
                               "reference, 0.91000000000000003 now"),
            std::string::npos)
      << t.problems(s);
}

TEST(Regress, DirtyReferenceProvenanceIsWarnedAndListedButDoesNotFail) {
  RegressTree t;
  t.check(true);
  Json doc = testing::read_json(t.reference());
  doc["environment"]["git_commit"] = "1111111111111111111111111111111111111111";
  doc["environment"]["git_dirty"] = false;
  for (auto& r : doc["runs"]) r["git_commit"] = "1111111111111111111111111111111111111111";
  testing::write_json(t.reference(), doc);
  RegressSummary s = t.check();
  EXPECT_TRUE(s.checks[0].provenance.empty()) << s.checks[0].provenance.front();
  EXPECT_EQ(t.stdout_text.str(), "1 passed, 0 failed, 0 skipped\n");  // no warning line

  doc["environment"]["git_dirty"] = true;
  testing::write_json(t.reference(), doc);
  s = t.check();
  EXPECT_EQ(s.exit_code(), 0) << t.problems(s);
  ASSERT_EQ(s.checks[0].provenance.size(), 1u);
  EXPECT_NE(s.checks[0].provenance[0].find("dirty tree: commit 111111111111"), std::string::npos)
      << s.checks[0].provenance[0];
  EXPECT_NE(t.stderr_text.str().find("warning: reference provenance: recorded from a dirty tree"),
            std::string::npos)
      << t.stderr_text.str();
  EXPECT_EQ(t.stdout_text.str(),
            "1 passed, 0 failed, 0 skipped\n"
            "warning: dirty provenance in 1 reference(s): mlrcg2003/fake_table2\n");
}

// sgdreport/broken: an experiment whose driver throws "solver exploded".
ExperimentInfo throwing_experiment() {
  ExperimentInfo broken;
  broken.paper = "sgdreport";
  broken.id = "broken";
  broken.description = "throws";
  broken.run = [](const ExperimentContext&, ResultFile&) {
    throw std::runtime_error("solver exploded");
  };
  return broken;
}

TEST(Regress, AThrowingExperimentFailsAndTheOthersStillRun) {
  RegressTree t;
  t.check(true);
  t.experiments.insert(t.experiments.begin(), throwing_experiment());
  const RegressSummary s = t.check();
  EXPECT_EQ(t.counts(), "1 passed, 1 failed, 0 skipped");
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
  EXPECT_EQ(out.str().substr(0, out.str().find('\n')), "1 passed, 0 failed, 0 skipped");
}

TEST(Regress, ChecksSideBySideComeOutAsOneAtATime) {
  RegressTree t;
  t.check(true);
  t.experiments.insert(t.experiments.begin(), throwing_experiment());
  const auto outcomes = [](const RegressSummary& s) {
    std::vector<std::string> out;
    for (const auto& c : s.checks)
      out.push_back(fmt::format("{}/{} {} {} {}", c.paper, c.id, static_cast<int>(c.outcome),
                                c.runs_compared, c.problems.size()));
    return out;
  };
  const auto one = outcomes(t.check());
  const std::string one_summary = t.stdout_text.str();
  t.jobs = 2;
  const auto two = outcomes(t.check());
  EXPECT_EQ(two, one);
  EXPECT_EQ(t.stdout_text.str(), one_summary);
  EXPECT_EQ(one.front().substr(0, 16), "sgdreport/broken");  // the registry's order
  EXPECT_NE(t.stderr_text.str().find("regress sgdreport/broken: FAIL"), std::string::npos);
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

namespace linrepro {
namespace {

TEST(DiffFastCells, ComparesValuesSkipsTimingsAndNamesMissingOrNewCells) {
  auto cell = [](const std::string& column, double value, const std::string& unit) {
    return cell_to_json(value_cell("t", "r", column, value, unit));
  };
  const Json ref = {{"cells",
                     {cell("F1", 80.0, "%"), cell("train time", 1.0, "s"),
                      cell("objective gap", 2.0, "%"), cell("BEP", 70.0, "%")}}};
  const Json now = {{"cells",
                     {cell("F1", 80.0, "%"), cell("train time", 9.0, "s"),
                      cell("objective gap", 2.0 * (1 + 1e-9), "%"), cell("recall", 1.0, "%")}}};
  std::vector<std::string> problems, notes;
  EXPECT_EQ(diff_fast_cells(ref, now, problems, notes), 2);  // F1 and the gap (to 1e-6)
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("cell t / r / BEP: in the reference, not produced now"),
            std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find("cell t / r / recall: new (not in the reference)"), std::string::npos)
      << problems[1];
}

TEST(DiffFastCells, ACellWhoseDataIsGoneIsNotedNotFailed) {
  const Json ref = {{"cells", {cell_to_json(value_cell("t", "r", "F1", 80.0, "%"))}}};
  const Json now = {
      {"cells", {cell_to_json(unavailable_cell("t", "r", "F1", "data unavailable: get it"))}}};
  std::vector<std::string> problems, notes;
  EXPECT_EQ(diff_fast_cells(ref, now, problems, notes), 0);
  EXPECT_TRUE(problems.empty()) << problems.front();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("its data is unavailable here (data unavailable: get it)"),
            std::string::npos)
      << notes[0];
}

Json provenance_doc(const Json& commit, const Json& dirty, const std::vector<std::string>& runs) {
  Json doc = {{"environment", {{"git_commit", commit}, {"git_dirty", dirty}}},
              {"runs", Json::array()}};
  for (const auto& c : runs) doc["runs"].push_back({{"key", c}, {"git_commit", c}});
  return doc;
}

TEST(Provenance, ACleanSingleCommitFileHasNoWarning) {
  EXPECT_TRUE(provenance_warnings(provenance_doc("abc", false, {"abc", "abc"})).empty());
  EXPECT_TRUE(provenance_warnings(provenance_doc("abc", false, {})).empty());
}

TEST(Provenance, NamesADirtyTreeSeveralCommitsOrNoCommit) {
  auto w = provenance_warnings(provenance_doc("abc", true, {"abc"}));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("dirty tree: commit abc with uncommitted changes"), std::string::npos)
      << w[0];

  w = provenance_warnings(provenance_doc("abc", false, {"abc", "def"}));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("runs computed at 2 commits: abc, def"), std::string::npos) << w[0];

  Json doc = provenance_doc("abc", false, {"abc"});
  doc["mixed_commits"] = {"abc", "fff"};  // what a resumed file records
  w = provenance_warnings(doc);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("2 commits"), std::string::npos) << w[0];

  w = provenance_warnings(provenance_doc("abc", false, {"def"}));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("runs computed at commit def, the file's environment says abc"),
            std::string::npos)
      << w[0];

  w = provenance_warnings(provenance_doc(nullptr, nullptr, {}));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("no git commit recorded"), std::string::npos) << w[0];
}

}  // namespace
}  // namespace linrepro
