#pragma once
// Summary statistics the experiments report over runs (timing repeats, per-category gaps).
#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>
#include <vector>

namespace linrepro {

// The median (mean of the two middle values for an even count). Throws on an empty list: a
// median of nothing is a caller's bug, not a number to print.
inline double median(std::vector<double> v) {
  if (v.empty()) throw std::invalid_argument("median of an empty list");
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// Mean and sample standard deviation (n - 1 denominator; 0 for fewer than two values) of a
// handful of repeats: splits, folds. Empty input -> {0, 0, 0}.
struct MeanSd {
  double mean = 0, sd = 0;
  int n = 0;
};
inline MeanSd mean_and_sd(std::span<const double> values) {
  MeanSd s;
  s.n = static_cast<int>(values.size());
  if (s.n == 0) return s;
  for (double v : values) s.mean += v;
  s.mean /= s.n;
  if (s.n < 2) return s;
  double ss = 0;
  for (double v : values) ss += (v - s.mean) * (v - s.mean);
  s.sd = std::sqrt(ss / (s.n - 1));
  return s;
}

}  // namespace linrepro
