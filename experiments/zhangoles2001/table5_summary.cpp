#include "experiments/zhangoles2001/table5_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/statistics.h"

namespace linrepro {

SplitSummary summarize_splits(std::span<const double> values) {
  const MeanSd m = mean_and_sd(values);
  return {m.mean, m.sd, m.n};
}

std::pair<double, double> mean_interval_95(const SplitSummary& s) {
  if (s.n < 2) return {s.mean, s.mean};
  // Student's t, 0.975 quantile, by degrees of freedom (any statistics table); 1.96 past 30.
  constexpr double kT975[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                              2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                              2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                              2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  const int df = s.n - 1;
  const double t = df <= 30 ? kT975[df - 1] : 1.96;
  const double half = t * s.std / std::sqrt(static_cast<double>(s.n));
  return {s.mean - half, s.mean + half};
}

std::string format_summary(const SplitSummary& s) {
  return fmt::format("{:.2f} ± {:.2f}", s.mean, s.std);
}

}  // namespace linrepro
