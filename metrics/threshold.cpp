#include "metrics/threshold.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

namespace linrepro {

ThresholdChoice threshold_minimizing_training_error(std::span<const double> truth,
                                                    std::span<const double> decision) {
  if (truth.size() != decision.size())
    throw std::invalid_argument(
        fmt::format("threshold: {} labels but {} decision values", truth.size(), decision.size()));
  if (truth.empty()) throw std::invalid_argument("threshold: no rows");
  std::vector<std::pair<double, bool>> rows(truth.size());  // (f_i, y_i = +1)
  for (size_t i = 0; i < truth.size(); ++i) {
    if (!std::isfinite(decision[i]))
      throw std::invalid_argument(fmt::format("threshold: decision value {} is not finite", i));
    rows[i] = {decision[i], truth[i] > 0};
  }
  std::sort(rows.begin(), rows.end());

  ThresholdChoice best;
  for (const auto& [f, positive] : rows) best.errors_at_zero += positive ? f < 0 : f >= 0;

  const double lowest = rows.front().first, highest = rows.back().first;
  const double s = highest > lowest ? highest - lowest : 1.0;
  constexpr double inf = std::numeric_limits<double>::infinity();
  // Interval (lo, hi] of theta: every row with f >= hi is predicted +1, every row with f <= lo -1.
  // The end intervals are unbounded (0 lies in them whenever it is beyond the data); their
  // midpoints use the sentinels lowest - s and highest + s.
  auto candidate = [&](double lo, double hi) {
    if (lo < 0 && 0 <= hi) return 0.0;
    return std::midpoint(lo == -inf ? lowest - s : lo, hi == inf ? highest + s : hi);
  };

  // Interval 0: theta <= g_1, everything predicted +1, so every negative is an error.
  int64_t errors = 0;
  for (const auto& row : rows) errors += !row.second;
  double lo = -inf;
  bool first = true;
  for (size_t i = 0; i <= rows.size();) {
    const double hi = i < rows.size() ? rows[i].first : inf;
    const double theta = candidate(lo, hi);
    if (first || errors < best.errors ||
        (errors == best.errors && std::fabs(theta) < std::fabs(best.theta))) {
      best.theta = theta;
      best.errors = errors;
      first = false;
    }
    if (i == rows.size()) break;
    // Move past the group of rows equal to hi: they switch from predicted +1 to predicted -1.
    for (; i < rows.size() && rows[i].first == hi; ++i) errors += rows[i].second ? 1 : -1;
    lo = hi;
  }
  return best;
}

}  // namespace linrepro
