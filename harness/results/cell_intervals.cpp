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

double normal_upper_quantile(double p) {
  if (!(p > 0 && p < 1)) throw std::invalid_argument("normal_upper_quantile: p outside (0, 1)");
  // P(Z > z) = erfc(z / sqrt 2) / 2 falls from 1 to 0 as z rises.
  double lo = -40, hi = 40;
  while (hi - lo > 1e-12) {
    const double mid = 0.5 * (lo + hi);
    (0.5 * std::erfc(mid / std::sqrt(2.0)) > p ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace linrepro
