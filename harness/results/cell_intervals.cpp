#include "harness/results/cell_intervals.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <utility>

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
                           "each of the {} categories' counts drawn independently",
                           kBootstrapResamples, per_category.size()));
}

void set_wilson_interval(CellEvidence& evidence, double share, int64_t n,
                         const std::string& things) {
  if (n < 1 || !(share >= 0 && share <= 1)) return;
  const SamplingInterval i = wilson_interval(share, n);
  set_interval(evidence, 100 * i.lo, 100 * i.hi,
               fmt::format("Wilson's score interval over the {} {}", n, things));
}

}  // namespace linrepro
