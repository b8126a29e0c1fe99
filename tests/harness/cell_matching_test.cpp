// The published file names the experiment of each cell; an experiment's cells join it by
// construction: a misspelt key, a cell of another experiment, a published cell a full run left out,
// a produced cell nobody declared or a declaration nothing fills fails the run, naming the cells;
// the experiment's own measurements, declared in own_cells, and an extra solver's cells pass.
#include "harness/experiment/cell_matching.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"

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
  OwnCells times;  // a column of our own
  times.experiment = "table2";
  times.table = "table2";
  times.columns = {"SVM time"};
  times.why = "CPU seconds on this machine";
  OwnCells curve;  // a figure the paper draws
  curve.experiment = "table2";
  curve.table = "figure2";
  curve.why = "drawn, not printed";
  p.own_cells = {times, curve};
  return p;
}

std::vector<std::string> problems(const std::vector<Cell>& cells, bool full_run) {
  return cell_matching_problems(paper(), "table2", cells, full_run);
}

TEST(CellMatching, APublishedCellEachAndCellsOfOurOwnJoin) {
  const std::vector<Cell> cells = {value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                                   value_cell("table2", "acq", "MLR-CG error", 2.1, "%"),
                                   value_cell("table2", "earn", "SVM time", 3.0, "s"),
                                   value_cell("figure2", "10", "O_svm", 0.5, ""),
                                   value_cell("table2", "earn", "dcd (extra)", 1.0, "%",
                                              kExtraSolverNote + std::string(" (5 splits)"))};
  EXPECT_TRUE(problems(cells, true).empty());
  EXPECT_NO_THROW(check_cells_match_published(paper(), "table2", cells, true));
}

TEST(CellMatching, AMisspeltKeyFailsAFullRunAndNamesTheNearestCell) {
  const std::vector<Cell> cells = {value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                                   value_cell("table2", "acq", "MLR-CG eror", 2.1, "%"),
                                   value_cell("table2", "earn", "SVM time", 3.0, "s"),
                                   value_cell("figure2", "10", "O_svm", 0.5, "")};
  const auto p = problems(cells, true);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_NE(p[0].find("it produced table2 / acq / MLR-CG eror, which is neither"),
            std::string::npos);
  EXPECT_EQ(p[1],
            "it did not produce the published cell table2 / acq / MLR-CG error (it produced "
            "table2 / acq / MLR-CG eror: misspelt?)");
  // The fast subset emits only some cells: what it leaves out is no error, the typo still is.
  ASSERT_EQ(problems(cells, false).size(), 1u);
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

TEST(CellMatching, AnUndeclaredCellFailsEvenInTheFastSubset) {
  // A typo in a cell of our own: it matches neither the published file nor own_cells.
  const std::vector<Cell> cells = {value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                                   value_cell("table2", "earn", "SVM tme", 3.0, "s")};
  const auto p = problems(cells, false);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0],
            "it produced table2 / earn / SVM tme, which is neither a published cell nor declared "
            "in own_cells (misspelt? a cell of its own is declared there with the reason)");
  // The same key under another experiment's declaration is no declaration of this one's.
  PublishedPaper other = paper();
  for (auto& o : other.own_cells) o.experiment = "table3";
  EXPECT_EQ(cell_matching_problems(other, "table2", {value_cell("figure2", "10", "O_svm", 0.5, "")},
                                   false)
                .size(),
            1u);
}

TEST(CellMatching, ADeclarationAFullRunLeavesEmptyIsStaleUnlessDataIsMissing) {
  std::vector<Cell> cells = {value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                             value_cell("table2", "acq", "MLR-CG error", 2.1, "%"),
                             value_cell("table2", "earn", "SVM time", 3.0, "s")};
  const auto p = problems(cells, true);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0],
            "own_cells declares cells of table figure2 it did not produce (a stale declaration)");
  EXPECT_TRUE(problems(cells, false).empty());  // the fast subset emits only some cells
  // acq's data is not here: its cells are marked so, and the curve may have had no data to draw.
  cells[1].status = "data_unavailable";
  EXPECT_TRUE(problems(cells, true).empty());
}

TEST(CellMatching, AMissingCellWithNothingNearIsStillAnError) {
  const auto p = problems({value_cell("table2", "earn", "MLR-CG error", 1.1, "%"),
                           value_cell("table2", "earn", "SVM time", 3.0, "s"),
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
