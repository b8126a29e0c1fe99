// Issue 15 item 7: zhangoles2001/table2 emits §4.2's description of Reuters-21578 (9,603 training
// and 3,299 test documents, 118 categories) as cells. Summarises the committed reference result
// files (every run stored: nothing is fitted here); skipped when the Reuters mirror is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "experiments/register.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/run_experiment.h"
#include "support/result_cells.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::find_cell;

const ExperimentInfo& zo_table2() {
  if (experiment_registry().empty()) register_experiments();
  for (const auto& e : experiment_registry())
    if (e.paper == "zhangoles2001" && e.id == "table2") return e;
  throw std::runtime_error("zhangoles2001/table2 is not registered");
}

TEST(Zhangoles2001CollectionCells, Table2EmitsTheCollectionSizesOfSection42) {
  testing::TempDir dir;
  const std::filesystem::path source(LINREPRO_SOURCE_DIR);
  ExperimentContext ctx;
  ctx.results_dir = dir.path() / "results";
  ctx.published_dir = source / "results" / "published";
  ctx.progress = false;
  ctx.threads = 1;
  ctx.selection.mode = RunSelection::Mode::summarise;  // never fit: the stored runs only
  std::filesystem::create_directories(ctx.results_dir / "zhangoles2001");
  for (const char* id : {"table1", "table2"})
    std::filesystem::copy_file(source / "results" / "zhangoles2001" / (std::string(id) + ".json"),
                               result_file_path(ctx, "zhangoles2001", id));
  run_experiment(zo_table2(), ctx);
  const Json doc = read_result_file(result_file_path(ctx, "zhangoles2001", "table2"));
  const Json* train = find_cell(doc, "text-4.2", "Reuters-21578", "train docs");
  ASSERT_TRUE(train) << "no text-4.2 cells: were the reference runs not all stored?";
  if ((*train)["status"] == "data_unavailable") GTEST_SKIP() << "Reuters-21578 is not here";
  EXPECT_EQ((*train)["value"], 9603);
  EXPECT_EQ((*find_cell(doc, "text-4.2", "Reuters-21578", "test docs"))["value"], 3299);
  EXPECT_EQ((*find_cell(doc, "text-4.2", "Reuters-21578", "classes"))["value"], 118);
}

}  // namespace
}  // namespace linrepro
