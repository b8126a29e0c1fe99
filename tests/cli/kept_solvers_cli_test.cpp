// Issue 60, as a user meets it: a solver added with --with-solver stays part of the results
// (<results>/solvers.json), so a plain rerun keeps its rows and retries its failed run instead of
// reprinting it; `linrepro forget --solver` drops it with its runs, and the next run passes. On
// sgdreport/tables' fast subset (a9a, seconds).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/shell_command.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using Output = testing::CommandOutput;
using Json = nlohmann::json;

class KeptSolversCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(failing) << "#!/bin/sh\necho 'this solver always fails' >&2\nexit 3\n";
    chmod(failing.c_str(), 0755);
  }
  Output run(const std::string& args) {
    return testing::run_shell("LINREPRO_OFFLINE=1 " + std::string(LINREPRO_BINARY) + " " + args +
                                  " --results '" + results.string() + "'",
                              dir.path());
  }
  Output run_fast(const std::string& extra = "") {
    return run("run sgdreport/tables --fast -q" + extra);
  }
  Json document() const {
    return Json::parse(testing::slurp(results / "sgdreport/fast/tables.json"));
  }
  int rows_of(const std::string& row) const {
    int n = 0;
    const Json doc = document();
    for (const Json& c : doc.at("cells")) n += c.at("row") == row;
    return n;
  }
  testing::TempDir dir;
  std::filesystem::path results = dir.path() / "results", failing = dir.path() / "fail.sh";
};

TEST_F(KeptSolversCli, ASolverAddedOnceStaysUntilItIsForgotten) {
  ASSERT_EQ(run_fast(" --with-solver liblinear-s6").status, 0);
  ASSERT_EQ(rows_of("liblinear-s6 (extra)"), 3);
  const std::string bad = "cmd:" + failing.string() + ":loss=logistic,label=failing";
  const Output failed = run_fast(" --with-solver '" + bad + "'");
  EXPECT_EQ(failed.status, 1);
  EXPECT_NE(failed.err.find("this solver always fails"), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("run a9a/extra/failing:"), std::string::npos) << failed.err;
  // A rerun naming no solver: the kept one's rows are made again, the failed run retried.
  const Output rerun = run_fast();
  EXPECT_EQ(rerun.status, 1);
  EXPECT_NE(rerun.err.find("(and 1 of extra solvers)"), std::string::npos) << rerun.err;
  EXPECT_NE(rerun.err.find("`linrepro forget --solver SPEC`"), std::string::npos) << rerun.err;
  EXPECT_EQ(rows_of("liblinear-s6 (extra)"), 3);
  // Forgotten: no longer kept, its run gone; the next run passes and keeps the other's rows.
  const Output forget = run("forget --solver failing");  // by its label
  ASSERT_EQ(forget.status, 0) << forget.err;
  EXPECT_NE(forget.err.find("1 run(s) removed"), std::string::npos) << forget.err;
  const Json kept = Json::parse(testing::slurp(results / "solvers.json"));
  EXPECT_EQ(kept.at("solvers"), Json::parse(R"([{"spec": "liblinear-s6"}])"));
  const Output after = run_fast();
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_EQ(rows_of("liblinear-s6 (extra)"), 3);
  const Json doc = document();
  for (const Json& r : doc.at("runs")) EXPECT_EQ(r.at("status"), "ok") << r.at("key");
}

// The project's own fast files are regress's references: a fast run with --with-solver into them
// is refused before anything runs; another results folder takes it (and does not keep it).
TEST_F(KeptSolversCli, AFastRunWithASolverNeverWritesTheReferences) {
  const std::filesystem::path root = dir.path() / "project";
  std::filesystem::create_directories(root / "results" / "published");
  std::filesystem::create_directories(root / "baselines");
  std::ofstream(root / "baselines" / "sklearn_nb_peer.py") << "";  // what makes a project root
  const Output o = testing::run_shell(
      "LINREPRO_ROOT='" + root.string() + "' " + std::string(LINREPRO_BINARY) +
          " run sgdreport/tables --fast -q --with-solver liblinear-s6 --results '" +
          (root / "results").string() + "'",
      dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("the references `linrepro regress` checks"), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::exists(root / "results" / "sgdreport"));
  ASSERT_EQ(run_fast(" --with-solver liblinear-s6").status, 0);
  EXPECT_EQ(rows_of("liblinear-s6 (extra)"), 3);
}

}  // namespace
}  // namespace linrepro
