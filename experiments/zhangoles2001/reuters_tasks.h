#pragma once
// The Reuters protocol of reuters_protocol.h as a task set of declared protocols
// (harness/protocol/task_sets.h): one binary task per category, most training documents first, each
// fitted and evaluated by zo_fit_evaluate (the training-error threshold and the break-even point).
//   options {"features": k}: §4.1's features with k per category (0: no selection); optional
//   "stemming" ("porter", "none") and "min_count" (with k > 0) in place of §4.1's (Figure 7's
//   tokenisation study); "margins": [categories] stores those categories' training margins w.x y
//   (extra.margins, Figure 5) and puts "margins" in every run's config; "threshold":
//   "out-of-fold" makes each run the out-of-fold threshold run of threshold_oof.h (Table 2's
//   adopted threshold) instead of the fit and its evaluation. Options with the same features
//   share one prepared collection.
//   a category without a training document is untrainable, counted as missed (zo_missed).
// Each fit's metrics are zo_metrics, with its break-even decisions (micro_comparison.h) and
// extra "features", "train_positives" and "test_positives".
#include <cstdint>
#include <span>
#include <vector>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

TaskSource zo_reuters_tasks();

// The feature config of a task set's options (above). Throws ConfigError on malformed options.
FeatureConfig zo_task_features(const Json& options);

// "micro-bep": the micro BEP in % of one method's runs over the categories, with its sampling
// interval (micro_bep_evidence); field "f1": their micro F1 in % (at the thresholds the runs
// used).
AggregateValue zo_micro_bep_of(std::span<const RunRecord> runs);

// One method's runs over the categories (in task order).
struct ZoVariantResult {
  std::vector<ZoEval> evals;        // with the stored break-even decisions (micro_comparison.h)
  std::vector<double> objective;    // per category (NAN: not trained)
  std::vector<int64_t> iterations;  // per category (0: not trained)
  int32_t trained = 0;
};
ZoVariantResult zo_variant_result(std::span<const RunRecord> runs);

}  // namespace linrepro
