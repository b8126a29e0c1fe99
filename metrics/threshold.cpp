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

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

std::string_view to_string(ThresholdRule rule) {
  switch (rule) {
    case ThresholdRule::zero_if_minimal:
      return "zero_if_minimal";
    case ThresholdRule::nearest_midpoint:
      return "nearest_midpoint";
    case ThresholdRule::lowest_midpoint:
      return "lowest_midpoint";
    case ThresholdRule::lowest_edge:
      return "lowest_edge";
  }
  return "?";
}

double ThresholdInterval::finite_lo() const { return lo == -kInf ? lowest - span : lo; }
double ThresholdInterval::finite_hi() const { return hi == kInf ? highest + span : hi; }
double ThresholdInterval::midpoint() const { return std::midpoint(finite_lo(), finite_hi()); }

void scan_threshold_intervals(std::span<const double> truth, std::span<const double> decision,
                              std::string_view who,
                              const std::function<void(const ThresholdInterval& interval,
                                                       const BinaryCounts& counts)>& visit) {
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

  ThresholdInterval interval;
  interval.lowest = rows.front().first;
  interval.highest = rows.back().first;
  interval.span = interval.highest > interval.lowest ? interval.highest - interval.lowest : 1.0;

  // Interval 0: theta <= g_1, every row predicted +1.
  BinaryCounts c;
  for (const auto& row : rows) (row.second ? c.tp : c.fp) += 1;
  interval.lo = -kInf;
  for (size_t i = 0; i <= rows.size();) {
    interval.hi = i < rows.size() ? rows[i].first : kInf;
    visit(interval, c);
    if (i == rows.size()) break;
    // Move past the group of rows equal to hi: they switch from predicted +1 to predicted -1.
    for (; i < rows.size() && rows[i].first == interval.hi; ++i) {
      if (rows[i].second) {
        --c.tp;
        ++c.fn;
      } else {
        --c.fp;
        ++c.tn;
      }
    }
    interval.lo = interval.hi;
  }
}

ThresholdChoice threshold_minimizing_training_error(std::span<const double> truth,
                                                    std::span<const double> decision,
                                                    ThresholdRule rule) {
  // Pass 1: the minimum error, the error at 0, and the minimising intervals.
  std::vector<ThresholdInterval> minimal;
  ThresholdChoice best;
  bool first = true;
  scan_threshold_intervals(truth, decision, "threshold",
                           [&](const ThresholdInterval& in, const BinaryCounts& c) {
                             const int64_t errors = c.fp + c.fn;
                             if (in.holds_zero()) best.errors_at_zero = errors;
                             if (first || errors < best.errors) {
                               minimal.clear();
                               best.errors = errors;
                               first = false;
                             }
                             if (errors == best.errors) minimal.push_back(in);
                           });
  // Intervals arrive in increasing order, so minimal.front() is the lowest.
  auto nearest_zero = [&](auto point) {
    double theta = point(minimal.front());
    for (const auto& in : minimal)  // ties in |theta|: the lower theta (the earlier interval)
      if (std::fabs(point(in)) < std::fabs(theta)) theta = point(in);
    return theta;
  };
  switch (rule) {
    case ThresholdRule::zero_if_minimal:
      best.theta =
          nearest_zero([](const ThresholdInterval& in) { return in.point_keeping_zero(); });
      break;
    case ThresholdRule::nearest_midpoint:
      best.theta = nearest_zero([](const ThresholdInterval& in) { return in.midpoint(); });
      break;
    case ThresholdRule::lowest_midpoint:
      best.theta = minimal.front().midpoint();
      break;
    case ThresholdRule::lowest_edge:
      // Just above lo: a row at lo is predicted -1, anything above it +1.
      best.theta = std::nextafter(minimal.front().finite_lo(), kInf);
      break;
  }
  return best;
}

}  // namespace linrepro
