// The published file names the experiment of each cell; an experiment's cells join it by
// construction: a misspelt key, a cell of another experiment or a published cell a full run left
// out fails the run, naming the cells; the experiment's own measurements pass.
#include "harness/cell_matching.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace linrepro {
namespace {

PublishedPaper paper() {
  PublishedPaper p;
  p.paper = "mlrcg2003";
  p.file = "results/published/mlrcg2003.json";
  for (const auto& [table, row, column, experiment] :
       {std::tuple{"table2", "earn", "MLR-CG error", "table2"},
        std::tuple{"table2", "acq", "MLR-CG error", "table2"},
        std::tuple{"table3", "webkb", "error", "table3"}}) {
    PublishedCell c;
    c.table = table;
    c.row = row;
    c.column = column;
    c.experiment = experiment;
    p.cells.push_back(c);
  }
  return p;
}

std::vector<std::string> problems(const std::vector<Cell>& cells, bool full_run) {
  return cell_matching_problems(paper(), "table2", cells, full_run);
}

TEST(CellMatching, APublishedCellEachAndCellsOfOurOwnJoin) {
  const std::vector<Cell> cells = {value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                                   value_cell("table2", "acq", "MLR-CG error", 2.1, "%"),
                                   value_cell("table2", "earn", "SVM time", 3.0, "s"),
                                   value_cell("figure2", "10", "O_svm", 0.5, "")};
  EXPECT_TRUE(problems(cells, true).empty());
  EXPECT_NO_THROW(check_cells_match_published(paper(), "table2", cells, true));
}

TEST(CellMatching, AMisspeltKeyFailsAFullRunAndNamesTheNearestCell) {
  const std::vector<Cell> cells = {value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                                   value_cell("table2", "acq", "MLR-CG eror", 2.1, "%")};
  const auto p = problems(cells, true);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0],
            "it did not produce the published cell table2 / acq / MLR-CG error (it produced "
            "table2 / acq / MLR-CG eror: misspelt?)");
  // The fast subset emits only some cells: what it leaves out is no error.
  EXPECT_TRUE(problems(cells, false).empty());
  try {
    check_cells_match_published(paper(), "table2", cells, true);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("mlrcg2003/table2"), std::string::npos) << what;
    EXPECT_NE(what.find("results/published/mlrcg2003.json"), std::string::npos) << what;
    EXPECT_NE(what.find("misspelt"), std::string::npos) << what;
  }
}

TEST(CellMatching, AMissingCellWithNothingNearIsStillAnError) {
  const auto p = problems({value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                           value_cell("figure2", "10", "O_svm", 0.5, "")},
                          true);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0], "it did not produce the published cell table2 / acq / MLR-CG error");
}

TEST(CellMatching, ACellOfAnotherExperimentFailsEvenInTheFastSubset) {
  const auto p = problems({value_cell("table3", "webkb", "error", 8.0, "%")}, false);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0], "it produced table3 / webkb / error, which the published file assigns to table3");
}

}  // namespace
}  // namespace linrepro
