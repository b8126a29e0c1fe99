#pragma once
// Issue 27 item 1 for Table 3: the paper reports one number per collection from one random 5-fold
// assignment, and so do our cells (draw 0). The ablation "<collection>-fold-spread" repeats the
// 5-fold cross-validation on kTable3FoldDraws - 1 more seeded fold assignments (features
// re-selected per fold, the same solvers and settings) and shows each draw's combined micro- and
// macro-F1 per solver and MMLR-CG - SVM, with their mean and sd (harness/draw_spread.h).
#include <map>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "metrics/confusion_folds.h"

namespace linrepro {

inline constexpr int kTable3FoldDraws = 5;  // draw 0 is the cells' fold assignment

// A solver's combined F1 by column name ("MMLR-CG", "SVM", "LIBLINEAR -s 3").
using DrawF1 = std::map<std::string, F1Pair>;

// The ablation of collection `row` from each draw's combined F1 (draw 0 first). Every draw must
// hold every column of `columns`, and "MMLR-CG" and "SVM" among them; throws ConfigError otherwise.
Ablation fold_spread_ablation(const std::string& row, const std::vector<DrawF1>& draws,
                              const std::vector<std::string>& columns);

}  // namespace linrepro
