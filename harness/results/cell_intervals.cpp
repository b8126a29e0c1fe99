#include "harness/results/cell_intervals.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <utility>

#include "metrics/averaging.h"

namespace linrepro {

void set_interval(CellEvidence& evidence, double lo, double hi, std::string method) {
  evidence.interval_lo = lo;
  evidence.interval_hi = hi;
  evidence.interval_method = std::move(method);
}

void set_averaged_bootstrap_interval(CellEvidence& evidence,
                                     std::span<const BinaryCounts> per_category,
                                     AveragedMeasure measure, uint64_t seed) {
  const SamplingInterval i = averaged_bootstrap_interval(per_category, measure, seed);
  set_interval(evidence, 100 * i.lo, 100 * i.hi,
               fmt::format("bootstrap over the test documents, {} resamples, percentile interval; "
                           "each of the {} categories' counts drawn independently{}",
                           kBootstrapResamples, per_category.size(),
                           measure == AveragedMeasure::macro_f1
                               ? ", its positives and negatives separately (stratified)"
                               : ""));
}

void set_document_bootstrap_interval(CellEvidence& evidence,
                                     const std::vector<CategoryOutcomes>& per_category,
                                     AveragedMeasure measure, uint64_t seed) {
  if (measure == AveragedMeasure::macro_f1)
    throw std::invalid_argument("set_document_bootstrap_interval: a micro average only");
  if (per_category.empty())
    throw std::invalid_argument("set_document_bootstrap_interval: no categories");
  const size_t n = per_category.front().truth.size();
  for (const CategoryOutcomes& c : per_category)
    if (c.truth.size() != n)
      throw std::invalid_argument("set_document_bootstrap_interval: different test sets");
  const auto statistic = [&](std::span<const int32_t> documents) {
    const PrfScores m = micro_average(category_counts_on(per_category, documents));
    return measure == AveragedMeasure::micro_precision ? m.precision
           : measure == AveragedMeasure::micro_recall  ? m.recall
                                                       : m.f1;
  };
  const SamplingInterval i = paired_bootstrap_interval(static_cast<int64_t>(n), statistic, seed);
  set_interval(evidence, 100 * i.lo, 100 * i.hi,
               fmt::format("bootstrap over the {} test documents, {} resamples, percentile "
                           "interval; every one of the {} categories' decisions on a drawn "
                           "document counted together",
                           n, kBootstrapResamples, per_category.size()));
}

void set_wilson_interval(CellEvidence& evidence, double share, int64_t n,
                         const std::string& things) {
  if (n < 1 || !(share >= 0 && share <= 1)) return;
  const SamplingInterval i = wilson_interval(share, n);
  set_interval(evidence, 100 * i.lo, 100 * i.hi,
               fmt::format("Wilson's score interval over the {} {}", n, things));
}

}  // namespace linrepro
