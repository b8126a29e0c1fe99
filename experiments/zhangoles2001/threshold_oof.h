#pragma once
// Out-of-fold thresholds for Tables 2 and 3 (issue 28 item 1), a variant of the threshold
// ablation (threshold_ablation.h). A converged SVM piles its training scores up on the margin, so
// every rule that reads TRAINING scores is fragile for it; Platt (1999), whose sigmoid fit §4
// calls equivalent to the adjustment, fits on held-out outputs instead. Per category and method:
//   1. the training rows are split into kOofFolds seeded folds (corpora/splits.h, not
//      stratified); each fold's rows are scored by a model fit on the other folds, with the
//      method's own solver, parameters and features (the category's features are selected once on
//      the whole training set, as for the final model: a threshold study, not a feature study);
//   2. a fold whose other folds hold no positive document is left out: that model is no
//      classifier for the category (as metrics/cv_threshold.h does for MLR-CG's folds);
//   3. the threshold is kZoThresholdRule's choice (metrics/threshold.h) on the pooled held-out
//      scores of the usable folds;
//   4. the test counts are those of the final model (refit here with the seed of Table 2's run:
//      the same fit) at that threshold.
#include <cstdint>

#include "experiments/zhangoles2001/reuters_protocol.h"

namespace linrepro {

inline constexpr int32_t kOofFolds = 5;

// The threshold of Tables 2 and 3 and Figure 6: the out-of-fold variant, adopted by the rule of
// the threshold ablation (threshold_ablation.cpp, the why of "threshold-rule-table2") because it is
// the one rule under which no method falls below threshold 0 (results at 88e886f). The other
// Reuters experiments (Table 1's per-lambda F1, text-4's claims) keep the training-score rule
// kZoThresholdRule.
inline constexpr const char* kTable2Threshold = "out_of_fold_midpoint";
inline constexpr const char* kTable2ThresholdWords =
    "thresholds chosen on 5-fold out-of-fold training scores (the midpoint of the lowest "
    "minimum-error interval; ablation threshold-rule-table2)";

// The run record of one category and method: metrics tp, fp, fn, tn at the out-of-fold threshold;
// extra "threshold_oof": {theta, usable_folds, heldout_rows, heldout_positives}.
RunRecord out_of_fold_threshold_run(const std::string& solver, const Params& params,
                                    const ZoCategory& category, uint64_t seed);

// The counts a run of out_of_fold_threshold_run stored.
BinaryCounts out_of_fold_counts(const Json& metrics);

}  // namespace linrepro
