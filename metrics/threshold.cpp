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

void scan_thresholds(std::span<const double> truth, std::span<const double> decision,
                     std::string_view who,
                     const std::function<void(double theta, const BinaryCounts& counts)>& visit) {
  if (truth.size() != decision.size())
    throw std::invalid_argument(
        fmt::format("{}: {} labels but {} decision values", who, truth.size(), decision.size()));
  if (truth.empty()) throw std::invalid_argument(fmt::format("{}: no rows", who));
  std::vector<std::pair<double, bool>> rows(truth.size());  // (f_i, y_i = +1)
  for (size_t i = 0; i < truth.size(); ++i) {
    if (!std::isfinite(decision[i]))
      throw std::invalid_argument(fmt::format("{}: decision value {} is not finite", who, i));
    rows[i] = {decision[i], truth[i] > 0};
  }
  std::sort(rows.begin(), rows.end());

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

  // Interval 0: theta <= g_1, every row predicted +1.
  BinaryCounts c;
  for (const auto& row : rows) (row.second ? c.tp : c.fp) += 1;
  double lo = -inf;
  for (size_t i = 0; i <= rows.size();) {
    const double hi = i < rows.size() ? rows[i].first : inf;
    visit(candidate(lo, hi), c);
    if (i == rows.size()) break;
    // Move past the group of rows equal to hi: they switch from predicted +1 to predicted -1.
    for (; i < rows.size() && rows[i].first == hi; ++i) {
      if (rows[i].second) {
        --c.tp;
        ++c.fn;
      } else {
        --c.fp;
        ++c.tn;
      }
    }
    lo = hi;
  }
}

ThresholdChoice threshold_minimizing_training_error(std::span<const double> truth,
                                                    std::span<const double> decision) {
  ThresholdChoice best;
  bool first = true;
  scan_thresholds(truth, decision, "threshold", [&](double theta, const BinaryCounts& c) {
    const int64_t errors = c.fp + c.fn;
    if (theta == 0) best.errors_at_zero = errors;  // the interval holding 0 predicts as theta = 0
    if (first || errors < best.errors ||
        (errors == best.errors && std::fabs(theta) < std::fabs(best.theta))) {
      best.theta = theta;
      best.errors = errors;
      first = false;
    }
  });
  return best;
}

}  // namespace linrepro
