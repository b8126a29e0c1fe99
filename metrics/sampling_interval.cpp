#include "metrics/sampling_interval.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

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

SamplingInterval f1_bootstrap_interval(const BinaryCounts& c, uint64_t seed, int resamples,
                                       double level) {
  const int64_t n = c.tp + c.fp + c.fn + c.tn;
  if (n <= 0) throw std::invalid_argument("f1_bootstrap_interval: no documents");
  if (resamples < 1) throw std::invalid_argument("f1_bootstrap_interval: resamples < 1");
  if (!(level > 0 && level < 1)) throw std::invalid_argument("f1_bootstrap_interval: level");
  std::mt19937_64 rng(seed);
  std::vector<double> f1s(static_cast<size_t>(resamples));
  for (double& f : f1s) {
    // A multinomial draw as a chain of binomials: each count out of what the previous left.
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
    f = f1(r);
  }
  std::sort(f1s.begin(), f1s.end());
  const auto at = [&](double q) {
    const double pos = q * static_cast<double>(resamples - 1);
    const auto i = static_cast<size_t>(std::floor(pos));
    const size_t j = std::min(i + 1, f1s.size() - 1);
    return f1s[i] + (pos - static_cast<double>(i)) * (f1s[j] - f1s[i]);
  };
  return {at((1 - level) / 2), at((1 + level) / 2)};
}

}  // namespace linrepro
