#include "metrics/sampling_interval.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "metrics/averaging.h"

namespace linrepro {

SamplingInterval wilson_interval(double p, int64_t n) {
  if (n < 1) throw std::invalid_argument("wilson_interval: no items");
  if (!(p >= 0 && p <= 1)) throw std::invalid_argument("wilson_interval: p outside [0, 1]");
  constexpr double z = 1.959963984540054;  // the standard normal's 0.975 quantile
  const double nn = static_cast<double>(n);
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z / denom * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
  // At p = 0 or 1 the interval ends exactly there (round-off would leave 1 - 1e-16).
  return {p == 0 ? 0.0 : std::max(0.0, centre - half), p == 1 ? 1.0 : std::min(1.0, centre + half)};
}

namespace {

// One bootstrap draw of a category's counts: a multinomial over its n documents with the observed
// proportions, as a chain of binomials (each count out of what the previous ones left).
BinaryCounts resample(const BinaryCounts& c, std::mt19937_64& rng) {
  const int64_t n = c.total();
  int64_t left = n;
  double p_left = 1.0;
  BinaryCounts r;
  for (auto [observed, out] : {std::pair{c.tp, &r.tp}, {c.fp, &r.fp}, {c.fn, &r.fn}}) {
    const double p = static_cast<double>(observed) / static_cast<double>(n);
    const double q = p_left > 0 ? std::min(1.0, p / p_left) : 0.0;
    *out = left > 0 && q > 0 ? std::binomial_distribution<int64_t>(left, q)(rng) : 0;
    left -= *out;
    p_left -= p;
  }
  r.tn = left;
  return r;
}

// A stratified draw: the category's positives and negatives drawn separately, tp of its
// positives at its recall and fp of its negatives at its false-positive rate, so it keeps its
// number of positives and its F1 stays defined (a macro-average's draw, docs/RESULTS.md).
BinaryCounts resample_stratified(const BinaryCounts& c, std::mt19937_64& rng) {
  const auto draw = [&](int64_t hits, int64_t out_of) -> int64_t {
    if (out_of == 0 || hits == 0) return 0;
    const double p = static_cast<double>(hits) / static_cast<double>(out_of);
    return std::binomial_distribution<int64_t>(out_of, p)(rng);
  };
  BinaryCounts r;
  r.tp = draw(c.tp, c.tp + c.fn);
  r.fn = c.tp + c.fn - r.tp;
  r.fp = draw(c.fp, c.fp + c.tn);
  r.tn = c.fp + c.tn - r.fp;
  return r;
}

void check_arguments(const char* who, int resamples, double level) {
  if (resamples < 1) throw std::invalid_argument(std::string(who) + ": resamples < 1");
  if (!(level > 0 && level < 1)) throw std::invalid_argument(std::string(who) + ": level");
}

}  // namespace

SamplingInterval percentile_interval(std::vector<double>& values, double level) {
  std::sort(values.begin(), values.end());
  const auto at = [&](double q) {
    const double pos = q * static_cast<double>(values.size() - 1);
    const auto i = static_cast<size_t>(std::floor(pos));
    const size_t j = std::min(i + 1, values.size() - 1);
    return values[i] + (pos - static_cast<double>(i)) * (values[j] - values[i]);
  };
  return {at((1 - level) / 2), at((1 + level) / 2)};
}

SamplingInterval f1_bootstrap_interval(const BinaryCounts& c, uint64_t seed, int resamples,
                                       double level) {
  if (c.total() <= 0) throw std::invalid_argument("f1_bootstrap_interval: no documents");
  check_arguments("f1_bootstrap_interval", resamples, level);
  std::mt19937_64 rng(seed);
  std::vector<double> f1s(static_cast<size_t>(resamples));
  for (double& f : f1s) f = f1(resample(c, rng));
  return percentile_interval(f1s, level);
}

SamplingInterval averaged_bootstrap_interval(std::span<const BinaryCounts> per_category,
                                             AveragedMeasure measure, uint64_t seed, int resamples,
                                             double level) {
  if (per_category.empty())
    throw std::invalid_argument("averaged_bootstrap_interval: no categories");
  for (const BinaryCounts& c : per_category)
    if (c.total() <= 0)
      throw std::invalid_argument("averaged_bootstrap_interval: a category without documents");
  check_arguments("averaged_bootstrap_interval", resamples, level);
  std::mt19937_64 rng(seed);
  std::vector<double> values(static_cast<size_t>(resamples));
  std::vector<BinaryCounts> drawn(per_category.size());
  const bool macro = measure == AveragedMeasure::macro_f1;
  for (double& v : values) {
    for (size_t k = 0; k < drawn.size(); ++k)
      drawn[k] = macro ? resample_stratified(per_category[k], rng) : resample(per_category[k], rng);
    switch (measure) {
      case AveragedMeasure::micro_precision:
        v = micro_average(drawn).precision;
        break;
      case AveragedMeasure::micro_recall:
        v = micro_average(drawn).recall;
        break;
      case AveragedMeasure::micro_f1:
        v = micro_average(drawn).f1;
        break;
      case AveragedMeasure::macro_f1:
        v = macro_average(drawn).f1;
        break;
    }
  }
  return percentile_interval(values, level);
}

}  // namespace linrepro
