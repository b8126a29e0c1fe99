// The solvers file beside the results (harness/experiment/kept_solvers.h): specs kept in the order
// first added, each once; a damaged file is an error naming it; forgetting a solver's runs takes
// them out of the result file and out of its run journal, so no writer folds them back.
#include "harness/experiment/kept_solvers.h"

#include <gtest/gtest.h>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "harness/results/run_journal.h"
#include "harness_fixtures.h"
#include "support/error_text.h"

namespace linrepro {
namespace {

using testing::TempDir;

TEST(KeptSolvers, KeptInOrderEachOnceAndForgotten) {
  TempDir dir;
  EXPECT_TRUE(read_kept_solvers(dir.path()).empty());
  keep_solvers(dir.path(), {"liblinear-s5", "py:sklearn.svm.LinearSVC()"});
  keep_solvers(dir.path(), {"liblinear-s5", "smo"});
  EXPECT_EQ(read_kept_solvers(dir.path()),
            (std::vector<std::string>{"liblinear-s5", "py:sklearn.svm.LinearSVC()", "smo"}));
  EXPECT_TRUE(forget_kept_solver(dir.path(), "liblinear-s5"));
  EXPECT_FALSE(forget_kept_solver(dir.path(), "liblinear-s5"));
  EXPECT_EQ(read_kept_solvers(dir.path()),
            (std::vector<std::string>{"py:sklearn.svm.LinearSVC()", "smo"}));
}

TEST(KeptSolvers, ADamagedFileIsAnErrorNamingIt) {
  TempDir dir;
  for (const char* text : {"{", R"({"schema": "other", "solvers": []})", R"({"schema": 5})",
                           R"({"schema": "linrepro-solvers/1", "solvers": [{"label": "x"}]})"}) {
    write_file_atomic(kept_solvers_path(dir.path()), text);
    const std::string e = testing::message_of([&] { read_kept_solvers(dir.path()); });
    EXPECT_NE(e.find(kept_solvers_path(dir.path()).string()), std::string::npos) << e;
    EXPECT_NE(e.find("not a solvers file"), std::string::npos) << e;
  }
}

Json run_json(const std::string& key, const std::string& with_solver) {
  Json config = {{"solver", "smo"}};
  if (!with_solver.empty()) config["with_solver"] = with_solver;
  return {{"key", key}, {"status", "ok"}, {"config", config}, {"metrics", Json::object()}};
}

TEST(KeptSolvers, ForgottenRunsLeaveTheFileAndItsJournal) {
  TempDir dir;
  const auto path = dir.path() / "p" / "e.json";
  std::filesystem::create_directories(path.parent_path());
  Json doc = {
      {"schema", "linrepro-result/1"},
      {"experiment", "e"},
      {"paper", "p"},
      {"runs", {run_json("a/paper", ""), run_json("a/extra/x", "x"), run_json("a/extra/y", "y")}}};
  write_file_atomic(path, doc.dump());
  {
    const FileLock lock = FileLock::acquire(lock_path_for(path));
    journal_append(path, run_json("b/extra/x", "x"), Json::object());  // a killed writer's
    journal_append(path, run_json("b/paper", ""), Json::object());
  }
  EXPECT_EQ(forget_solver_runs(path, "x"), 2);
  std::vector<std::string> keys;
  const Json after = read_result_file(path);
  for (const Json& r : after.at("runs")) keys.push_back(r.at("key"));
  EXPECT_EQ(keys, (std::vector<std::string>{"a/paper", "a/extra/y"}));
  const std::vector<JournalEntry> left = read_journal(path);
  ASSERT_EQ(left.size(), 1u);  // the other writer's paper run stays for the next writer
  EXPECT_EQ(left[0].run.key, "b/paper");
  EXPECT_EQ(forget_solver_runs(path, "x"), 0);
  EXPECT_EQ(forget_solver_runs(dir.path() / "q" / "none.json", "x"), 0);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "q"));  // nothing made for nothing
}

}  // namespace
}  // namespace linrepro
