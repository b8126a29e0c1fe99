// Zhang & Oles' Table 2 (full mode only: the fast subset has no micro-averaged table) with a user's
// solver: it is one column "<label> (extra)" holding the paper's rows, beside the paper's methods,
// whose cells stay as committed (issue 60: it was a column per measure, filled on a diagonal).
// About 20 s: 236 LIBLINEAR fits on every category, the paper's runs taken from the committed file.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "core/project_root.h"
#include "corpora/data_resolver.h"
#include "experiments/register.h"
#include "harness/experiment/run_experiment.h"
#include "support/result_cells.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

TEST(ZhangOlesTable2, AnExtraSolverIsOneColumnWithThePapersRows) {
  register_experiments();
  const ExperimentInfo* table2 = nullptr;
  for (const auto& e : experiment_registry())
    if (e.paper == "zhangoles2001" && e.id == "table2") table2 = &e;
  ASSERT_NE(table2, nullptr);
  testing::TempDir dir;
  ExperimentContext ctx;
  use_results_dir(ctx, dir.path());
  ctx.progress = false;
  ctx.extra_solvers = {"liblinear-s2:label=mine"};
  // Table 2 takes its lambdas from Table 1's cross-validation.
  for (const char* id : {"table1", "table2"}) {
    const auto target = result_file_path(ctx, "zhangoles2001", id);
    std::filesystem::create_directories(target.parent_path());
    std::filesystem::copy_file(
        repo_root() / "results" / "zhangoles2001" / (id + std::string(".json")), target);
  }
  const auto reference = repo_root() / "results" / "zhangoles2001" / "table2.json";
  const auto target = result_file_path(ctx, "zhangoles2001", "table2");
  try {
    EXPECT_TRUE(run_experiment(*table2, ctx).extra_failures.empty());
  } catch (const DataUnavailable&) {
    GTEST_SKIP() << "Reuters-21578 is not here";
  }
  const Json doc = read_result_file(target);
  const Json committed = read_result_file(reference);

  std::set<std::string> svm_rows, mine_rows;
  for (const Json& c : doc.at("cells")) {
    if (c.at("table") != "table2") continue;
    const std::string column = c.at("column"), row = c.at("row");
    if (column == "SVM") svm_rows.insert(row);
    if (column.find("mine") == std::string::npos) {
      const Json* was = testing::find_cell(committed, "table2", row, column);
      ASSERT_NE(was, nullptr) << row << " / " << column;
      EXPECT_EQ(c.at("value"), was->at("value")) << row << " / " << column;
      continue;
    }
    EXPECT_EQ(column, "mine (extra)") << row;
    EXPECT_TRUE(mine_rows.insert(row).second) << row << " twice";
  }
  EXPECT_EQ(mine_rows, svm_rows);
  EXPECT_EQ(mine_rows, (std::set<std::string>{"Precision", "Recall", "F1", "BEP"}));
}

}  // namespace
}  // namespace linrepro
