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
//   4. the test counts are those of the final model at that threshold: the fit of Table 2's run
//      (the same solver, parameters, data and seed), taken from it when that run has just made it
//      (FinalFits), else fitted again (the same model).
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

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

// Step 4's final fit, as the fit run made it: its record (record_fit, no metrics) and its
// decisions on the test rows.
struct FinalFit {
  RunRecord record;
  std::vector<double> test_decisions;
};

// The final fits of a task set's fit runs, kept for the out-of-fold runs declared after them, each
// taken once. At most kKept (a fit is its test decisions, 26 kB on Reuters' 3,299 test documents:
// 7 MB at most), the oldest dropped first: Reuters' 118 categories of one method wait for that
// method's out-of-fold runs, and a run that finds none fits again. Shared by a set's threads.
class FinalFits {
 public:
  static constexpr size_t kKept = 256;
  // The fit of `solver` at `params` with `seed` on category `category` of the data `data` names.
  static std::string key(const std::string& data, int32_t category, const std::string& solver,
                         const Params& params, uint64_t seed);
  void keep(const std::string& key, FinalFit fit);
  std::optional<FinalFit> take(const std::string& key);

 private:
  std::mutex mutex_;
  std::map<std::string, FinalFit> fits_;
  std::deque<std::string> order_;  // keys, oldest first
};

// The run record of one category and method: metrics tp, fp, fn, tn at the out-of-fold threshold;
// extra "threshold_oof": {theta, usable_folds, heldout_rows, heldout_positives}. final_fit: step
// 4's fit when its fit run made it (else it is fitted here).
RunRecord out_of_fold_threshold_run(const std::string& solver, const Params& params,
                                    const ZoCategory& category, uint64_t seed,
                                    std::optional<FinalFit> final_fit = std::nullopt);

// The counts a run of out_of_fold_threshold_run stored.
BinaryCounts out_of_fold_counts(const Json& metrics);

}  // namespace linrepro
