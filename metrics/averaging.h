#pragma once
// Averages of precision / recall / F1 over categories (Zhang & Oles 2001, section 4.2; Yang & Liu
// 1999). Each category c contributes its contingency counts TP_c, FP_c, FN_c
// (metrics/binary_counts.h).
//
// Micro average: pool the counts, then apply the formulas once
//   ("the precision and the recall are computed by using statistics summed over the confusion
//    matrices of all classes", Zhang & Oles 2001, section 4.2):
//   P_micro = sum TP_c / sum (TP_c + FP_c),   R_micro = sum TP_c / sum (TP_c + FN_c),
//   F1_micro = 2 sum TP_c / sum (2 TP_c + FP_c + FN_c)   (= 2 P R / (P + R)).
//
// Macro average: the unweighted mean over categories of the per-category values
//   ("(un-weighted) averages of F1 values for each class", ibid.):
//   P_macro = (1/m) sum P_c,   R_macro = (1/m) sum R_c,   F1_macro = (1/m) sum F1_c.
// Note F1_macro is the mean of the F1_c, not the F1 of P_macro and R_macro.
//
// 0/0 ratios count as zero_division (default 1), per category for macro and on the pooled counts
// for micro; see metrics/binary_counts.h. An empty list of categories throws std::invalid_argument.
#include <span>
#include <vector>

#include "metrics/binary_counts.h"
#include "metrics/confusion_matrix.h"

namespace linrepro {

struct PrfScores {
  double precision = 0;
  double recall = 0;
  double f1 = 0;
};

PrfScores micro_average(std::span<const BinaryCounts> per_category, double zero_division = 1.0);
PrfScores macro_average(std::span<const BinaryCounts> per_category, double zero_division = 1.0);

// One-vs-rest counts of each class of a single-label confusion matrix:
//   TP_k = C[k][k], FP_k = sum_{t != k} C[t][k], FN_k = sum_{p != k} C[k][p], TN_k = n - the rest.
// (For single-label data micro P = micro R = micro F1 = accuracy, since every error is one FP and
// one FN.)
std::vector<BinaryCounts> per_class_counts(const ConfusionMatrix& C);

}  // namespace linrepro
