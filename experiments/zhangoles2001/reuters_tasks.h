#pragma once
// The Reuters protocol of reuters_protocol.h as a task set of declared protocols
// (harness/task_sets.h): one binary task per category, most training documents first, each fitted
// and evaluated by zo_fit_evaluate (the training-error threshold and the break-even point).
//   options {"features": k}: §4.1's features with k per category (0: no selection).
//   a category without a training document is untrainable, counted as missed (zo_missed).
// Each run's metrics are zo_metrics, with its break-even decisions (micro_comparison.h) and
// extra "features".
#include <span>

#include "experiments/zhangoles2001/reuters_variant.h"
#include "harness/task_sets.h"

namespace linrepro {

TaskSource zo_reuters_tasks();

// "micro-bep": the micro BEP in % of one method's runs over the categories, with its sampling
// interval (micro_bep_evidence).
AggregateValue zo_micro_bep_of(std::span<const RunRecord> runs);

// One method's runs over the categories as evaluations, objectives and iterations.
ZoVariantResult zo_variant_result(std::span<const RunRecord> runs);

}  // namespace linrepro
