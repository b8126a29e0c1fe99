#include "metrics/split_summary.h"

#include <fmt/format.h>

#include <cmath>

#include "core/statistics.h"
#include "metrics/slope_interval.h"  // student_t_975

namespace linrepro {

SplitSummary summarize_splits(std::span<const double> values) {
  const MeanSd m = mean_and_sd(values);
  return {m.mean, m.sd, m.n};
}

std::pair<double, double> mean_interval_95(const SplitSummary& s) {
  if (s.n < 2) return {s.mean, s.mean};
  const double half = student_t_975(s.n - 1) * s.std / std::sqrt(static_cast<double>(s.n));
  return {s.mean - half, s.mean + half};
}

std::string format_summary(const SplitSummary& s) {
  return fmt::format("{:.2f} ± {:.2f}", s.mean, s.std);
}

}  // namespace linrepro
