// Solvers from outside the C++ registry (`--with-solver cmd:...`, `py:...`) through four papers'
// protocols (fast subsets, real data): their runs are tagged and their cells marked as not part of
// the paper; a registered one through GraphSVM's sweeps; and every registered experiment says
// whether extra solvers can join it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/machine_paths.h"
#include "core/project_root.h"
#include "corpora/data_resolver.h"
#include "experiments/register.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/run_experiment.h"
#include "harness/results/timing_rounds.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

const std::string kCmd = "cmd:" +
                         (std::filesystem::path(LINREPRO_SOURCE_DIR) / "tests" / "baselines" /
                          "liblinear_train_solver.sh")
                             .string() +
                         ":loss=squared_hinge,intercept=regularized_feature";
const std::string kPy = "py:sklearn.svm.LinearSVC()";

const ExperimentInfo& experiment(const std::string& name) {
  register_experiments();
  for (const auto& e : experiment_registry())
    if (e.paper + "/" + e.id == name) return e;
  throw std::runtime_error(name + " is not registered");
}

// Runs the fast subset of `name` with these extra solvers; the result document, or null when its
// data is not here.
Json run_fast(const testing::TempDir& dir, const std::string& name,
              const std::vector<std::string>& extras) {
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.fast = true;
  ctx.progress = false;
  ctx.extra_solvers = extras;
  const ExperimentInfo& e = experiment(name);
  // The paper's own runs are taken from the committed fast reference (the regression check holds
  // them to it): these tests are about the extra solvers, whose runs are computed here. Without
  // it, the sanitizer build spends minutes refitting the paper's methods.
  const auto reference = repo_root() / "results" / e.paper / "fast" / (e.id + ".json");
  const auto target = result_file_path(ctx, e.paper, e.id);
  if (std::filesystem::exists(reference)) {
    std::filesystem::create_directories(target.parent_path());
    std::filesystem::copy_file(reference, target);
  }
  try {
    const ExperimentOutcome o = run_experiment(e, ctx);
    EXPECT_TRUE(o.extra_failures.empty()) << o.extra_failures.front();
  } catch (const DataUnavailable&) {
    return Json();
  }
  return read_result_file(result_file_path(ctx, e.paper, e.id));
}

// Every extra solver has an ok run tagged with its label, and at least one cell with the note.
void expect_extras_in(const Json& doc, const std::vector<std::string>& extras) {
  for (const std::string& label : extras) {
    int runs = 0, cells = 0;
    for (const Json& r : doc.at("runs")) {
      if (r.at("extra").value("with_solver", "") != label) continue;
      ++runs;
      EXPECT_EQ(r.at("status"), "ok") << r.at("key") << ": " << r.value("reason", "");
      EXPECT_EQ(r.at("extra").at("part"), "extra");
      EXPECT_EQ(r.at("config").at("with_solver"), label);
    }
    // A cell names it as any reader has it: a program under the checkout as "$LINREPRO_ROOT/...".
    const std::string shown = portable_paths(label);
    for (const Json& c : doc.at("cells")) {
      const bool marked =
          c.at("note").get<std::string>().find(kExtraSolverNote) != std::string::npos;
      const bool named = c.at("row").get<std::string>().find(shown) != std::string::npos ||
                         c.at("column").get<std::string>().find(shown) != std::string::npos;
      cells += marked && named;
    }
    EXPECT_GT(runs, 0) << label;
    EXPECT_GT(cells, 0) << label;
  }
}

TEST(ExternalSolvers, CmdAndPyInTheSgdReport) {
  testing::TempDir dir;
  const Json doc = run_fast(dir, "sgdreport/tables", {kCmd, kPy});
  if (doc.is_null()) GTEST_SKIP() << "a9a is not here";
  expect_extras_in(doc, {kCmd, kPy});
}

TEST(ExternalSolvers, PyInGraphsvmMain) {
  testing::TempDir dir;
  const Json doc = run_fast(dir, "graphsvm2002/main", {kPy});
  if (doc.is_null()) GTEST_SKIP() << "20 Newsgroups is not here";
  expect_extras_in(doc, {kPy});
}

TEST(ExternalSolvers, PyInZhangOlesTable2) {
  testing::TempDir dir;
  const Json doc = run_fast(dir, "zhangoles2001/table2", {kPy});
  if (doc.is_null()) GTEST_SKIP() << "Reuters-21578 is not here";
  expect_extras_in(doc, {kPy});
}

TEST(ExternalSolvers, CmdInMlrcgTable2) {
  testing::TempDir dir;
  const Json doc = run_fast(dir, "mlrcg2003/table2_reuters", {kCmd});
  if (doc.is_null()) GTEST_SKIP() << "Reuters-21578 is not here";
  expect_extras_in(doc, {kCmd});
}

// Z&O's tokenisation study: the extra solver at every tokenisation and feature count of Figure 7
// (20 points on the fast subset's one category), its BEP a column per tokenisation, at the lambda
// of its loss (fast mode takes the paper's Table 1: Mod Least Squares' 1e-3 for the squared hinge).
TEST(ExternalSolvers, RegisteredSolverInZhangOlesTokenisationStudy) {
  testing::TempDir dir;
  const Json doc = run_fast(dir, "zhangoles2001/figure7-tokenisation", {"liblinear-s5"});
  if (doc.is_null()) GTEST_SKIP() << "Reuters-21578 is not here";
  expect_extras_in(doc, {"liblinear-s5"});
  std::set<std::string> features;
  for (const Json& r : doc.at("runs")) {
    if (!r.at("config").contains("with_solver")) continue;
    EXPECT_EQ(r.at("config").at("params").at("lambda"), 1e-3) << r.at("key");
    const Json& f = r.at("config").at("dataset").at("features");
    features.insert(fmt::format("{}-{}-{}", f.at("stemming").get<std::string>(),
                                f.at("min_count").get<int>(), f.at("k").get<int>()));
  }
  EXPECT_EQ(features.size(), 20u);  // 2 stemmings x 2 min counts x 5 feature counts
  int cells = 0;
  for (const Json& c : doc.at("cells"))
    cells += c.at("column").get<std::string>().starts_with("liblinear-s5 ");
  EXPECT_EQ(cells, 20);
}

// Table 1's cross-validation sets a solver's regularisation over its grid: a lambda or C the user
// gave would be replaced without a word, so the run fails naming the setting to drop.
TEST(ExternalSolvers, TableOnesCrossValidationRefusesTheUsersOwnLambda) {
  testing::TempDir dir;
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.fast = true;
  ctx.progress = false;
  ctx.extra_solvers = {"liblinear-s5:lambda=0.1"};
  ExperimentOutcome o;
  try {
    o = run_experiment(experiment("zhangoles2001/table1"), ctx);
  } catch (const DataUnavailable&) {
    GTEST_SKIP() << "Reuters-21578 is not here";
  }
  ASSERT_EQ(o.extra_failures.size(), 1u);
  EXPECT_NE(o.extra_failures[0].find("drop 'lambda' here"), std::string::npos)
      << o.extra_failures[0];
}

// GraphSVM's sweeps: the extra solver at every point of draw 0 as a flat multiclass method, on the
// same data as the paper's methods, whose runs keep the committed reference's config hashes.
TEST(ExternalSolvers, RegisteredSolverInGraphsvmSweeps) {
  for (const auto& [name, points] : {std::pair{std::string("graphsvm2002/sweep_classes"), 2},
                                     std::pair{std::string("graphsvm2002/sweep_size"), 1}}) {
    testing::TempDir dir;
    const Json doc = run_fast(dir, name, {"liblinear-s2"});
    if (doc.is_null()) GTEST_SKIP() << "20 Newsgroups is not here";
    const ExperimentInfo& e = experiment(name);
    const Json reference =
        read_result_file(repo_root() / "results" / e.paper / "fast" / (e.id + ".json"));
    std::map<std::string, Json> runs;
    for (const Json& r : doc.at("runs")) runs[r.at("key").get<std::string>()] = r;
    for (const Json& r : reference.at("runs"))
      EXPECT_EQ(runs.at(r.at("key").get<std::string>()).at("config_hash"), r.at("config_hash"))
          << r.at("key");
    int extra = 0;
    for (const auto& [key, r] : runs) {
      if (r.at("extra").value("with_solver", "") != "liblinear-s2") continue;
      if (key.find("/round") != std::string::npos) {  // a timing round: tagged like its run
        EXPECT_EQ(r.at("extra").at("part"), "extra") << key;
        continue;
      }
      ++extra;
      EXPECT_EQ(r.at("status"), "ok") << key;
      EXPECT_EQ(r.at("solver"), "liblinear-s2") << key;
      EXPECT_EQ(r.at("extra").at("part"), "extra") << key;  // the figures' "<solver> extra"
      // The lambda of its loss on the point's own rows: SVMlight's default C there.
      EXPECT_GT(r.at("config").at("params").at("lambda").get<double>(), 0) << key;
      const std::string mcsvm = key.substr(0, key.rfind("/extra/")) + "/MCSVM";
      EXPECT_EQ(r.at("config").at("data"), runs.at(mcsvm).at("config").at("data")) << key;
      EXPECT_EQ(r.at("extra").at("num_classes"), runs.at(mcsvm).at("extra").at("num_classes"));
    }
    EXPECT_EQ(extra, points) << name;
    // The extra solver's runs are timed like the paper's: kTimingRounds - 1 more rounds each.
    EXPECT_EQ(runs.size(), reference.at("runs").size() + points * kTimingRounds) << name;
  }
}

TEST(ExternalSolvers, EveryExperimentSaysWhetherExtraSolversJoinIt) {
  register_experiments();
  for (const auto& e : experiment_registry())
    EXPECT_TRUE(e.extra_solvers.tasks != ExtraSolverSupport::Tasks::none ||
                !e.extra_solvers.refusal.empty())
        << e.paper << "/" << e.id;
}

}  // namespace
}  // namespace linrepro
