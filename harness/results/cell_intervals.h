#pragma once
// A cell's 95 % sampling interval, as its driver or the declared cells measure it (the evidence a
// cell carries in its result file, CellEvidence of harness/results/result_schema.h); the judge's
// causes (harness/judge/cell_cause.h) read it back.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"
#include "metrics/paired_bootstrap.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

// A driver's evidence: the cell's 95 % sampling interval [lo, hi], in the cell's unit, and how it
// was computed.
void set_interval(CellEvidence& evidence, double lo, double hi, std::string method);
// The same for a cell that is a share in per cent counted over `n` things (an accuracy, an error
// rate, a break-even TP share): Wilson's score interval, its method "Wilson's score interval over
// the <n> <things>". Nothing is set for n < 1 or a share outside [0, 1].
void set_wilson_interval(CellEvidence& evidence, double share, int64_t n,
                         const std::string& things);
// The same for a micro or macro average, in per cent, over binary tasks' test counts: the
// bootstrap of metrics/sampling_interval.h, each task's counts drawn independently (a macro
// average's stratified by its positives; their order is the order of the draws).
void set_averaged_bootstrap_interval(CellEvidence& evidence,
                                     std::span<const BinaryCounts> per_category,
                                     AveragedMeasure measure, uint64_t seed);
// The same for a micro average (P, R or F1) from the categories' stored per-document decisions on
// one shared test set: a bootstrap over the test documents (metrics/paired_bootstrap.h), every
// category's decisions on a drawn document counted together (docs/RESULTS.md). Throws
// std::invalid_argument for a macro average (it keeps the stratified draw), no categories, or
// categories of different test sets.
void set_document_bootstrap_interval(CellEvidence& evidence,
                                     const std::vector<CategoryOutcomes>& per_category,
                                     AveragedMeasure measure, uint64_t seed);

}  // namespace linrepro
