#pragma once
// Table 3's protocol combines the five test folds before scoring ("Our results in table 3 are the
// combination of the five runs", §5): each fold run stores its test confusion matrix, and the
// published micro/macro-F1 are computed once from the sum of the five. Pooling the predictions is
// not the same as averaging five per-fold F1 values (macro-F1 in particular differs), so the
// driver keeps the counts, not the per-fold scores.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "metrics/confusion_matrix.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

// [[C[0][0], C[0][1], ...], ...]: one row per true class (metrics/confusion_matrix.h layout).
nlohmann::json confusion_to_json(const ConfusionMatrix& C);
// The inverse; ConfigError naming `what` for a ragged, non-square or negative matrix.
ConfusionMatrix confusion_from_json(const nlohmann::json& j, const std::string& what);

// Cell-wise sum (the combined test predictions of all folds). ConfigError if the matrices have
// different numbers of classes or the list is empty.
ConfusionMatrix sum_confusions(std::span<const ConfusionMatrix> folds);

// Micro- and macro-F1 of a single-label confusion matrix, as fractions (metrics/averaging.h:
// one-vs-rest counts per class; micro-F1 then equals accuracy).
struct F1Pair {
  double micro = 0;
  double macro = 0;
};
F1Pair micro_macro_f1(const ConfusionMatrix& C);

// Their 95 % sampling intervals, in [0, 1] (harness/results/cell_intervals.h): the micro-F1 is the
// accuracy, so Wilson's over the documents; the macro-F1 the percentile bootstrap of
// metrics/sampling_interval.h over each class's one-vs-rest counts. ConfigError for an empty
// matrix.
struct F1Intervals {
  SamplingInterval micro, macro;
};
F1Intervals micro_macro_f1_intervals(const ConfusionMatrix& C, uint64_t seed);

}  // namespace linrepro
