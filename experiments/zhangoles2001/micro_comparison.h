#pragma once
// The claims' comparisons of two sets of binary classifiers on Reuters (Tables 2-3, text-4,
// §3.1): a - b in micro F1 or micro BEP points by the paired bootstrap over the test documents
// both decided (harness/results/claim_verdict.h). Each method gives its per-category decisions: at
// the adopted thresholds for F1, at each category's break-even rank for the BEP, whose micro recall
// is the micro BEP (its rank held as on the whole test set).
#include <span>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/results/claim_verdict.h"

namespace linrepro {

enum class ZoMicroMeasure { f1, bep };

// `value` is the cells' own difference (the statistic on every document once); the interval is
// the bootstrap's. Throws std::invalid_argument when a and b hold different categories.
ClaimComparison zo_micro_comparison(std::string what, ZoMicroMeasure measure,
                                    const std::vector<CategoryOutcomes>& a,
                                    const std::vector<CategoryOutcomes>& b, double value,
                                    double bound, bool above, bool strict = true);

// Stores a fit's per-test-document decisions at its break-even rank and the truth, hex
// (harness/protocol/document_outcomes.h), with metrics test_rows: what read_break_even_decisions
// reads.
void record_break_even_decisions(RunRecord& out, const ZoFitted& fitted, const ZoCategory& cat,
                                 const ZoEval& e);
// A finished run's stored decisions into e.at_break_even (nothing for a run stored without them).
void read_break_even_decisions(const RunRecord& run, ZoEval& e);
// Category k without training documents, counted as missed: zo_missed, predicting no document.
ZoEval zo_missed_category(const ZoReuters& data, int32_t k);

// The break-even decisions of evals (one per category, in order). Throws ConfigError naming
// `what` when a run predates them (rerun with --force).
std::vector<CategoryOutcomes> zo_break_even_decisions(std::span<const ZoEval> evals,
                                                      const std::string& what);

}  // namespace linrepro
