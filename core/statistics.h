#pragma once
// Summary statistics the experiments report over runs (timing repeats, per-category gaps).
#include <algorithm>
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

}  // namespace linrepro
