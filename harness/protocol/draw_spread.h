#pragma once
// Issue 27 item 1: where a protocol draws something at random (a split, a fold assignment) and the
// paper reports the number of one draw, an ablation shows the same numbers on other draws: one row
// per draw (draw 0, the cells' own, marked chosen), then their mean and sample standard deviation
// (core/statistics.h). Nothing is adopted from the other draws.
#include <string>
#include <vector>

#include "harness/results/ablation.h"

namespace linrepro {

// One draw's row: its label ("split 1"), what it is, and one value per column.
struct DrawRow {
  std::string label, description;
  std::vector<double> values;
};

// `head`: id, title, why, unit and columns (its rows are replaced). `noun` names the draws in the
// summary rows ("splits": "over the 5 splits"). Throws std::invalid_argument when a row's values
// do not match the columns or there is no draw.
Ablation draw_spread_ablation(Ablation head, const std::vector<DrawRow>& draws,
                              const std::string& noun);

}  // namespace linrepro
