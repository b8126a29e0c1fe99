#pragma once
// The claims' comparisons of two sets of binary classifiers on Reuters (Tables 2-3, text-4,
// §3.1): a - b in micro F1 or micro BEP points by the paired bootstrap over the test documents
// both decided (harness/claim_test.h). Each method gives its per-category decisions: at the
// adopted thresholds for F1, at each category's break-even rank for the BEP, whose micro recall is
// the micro BEP (its rank held as on the whole test set).
#include <span>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/claim_test.h"

namespace linrepro {

enum class ZoMicroMeasure { f1, bep };

// `value` is the cells' own difference (the statistic on every document once); the interval is
// the bootstrap's. Throws std::invalid_argument when a and b hold different categories.
ClaimComparison zo_micro_comparison(std::string what, ZoMicroMeasure measure,
                                    const std::vector<CategoryOutcomes>& a,
                                    const std::vector<CategoryOutcomes>& b, double value,
                                    double bound, bool above, bool strict = true);

// The break-even decisions of evals (one per category, in order). Throws ConfigError naming
// `what` when a run predates them (rerun with --force).
std::vector<CategoryOutcomes> zo_break_even_decisions(std::span<const ZoEval> evals,
                                                      const std::string& what);

}  // namespace linrepro
