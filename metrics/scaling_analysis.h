#pragma once
// The arithmetic of the scaling experiment (scaling.cpp), kept apart so tests can check it by hand:
// the fitted exponent of time against n, the nested subsample sizes, and the time cap that stops a
// super-linear solver from eating the experiment's budget.
#include <cstdint>
#include <span>
#include <vector>

namespace linrepro {

// Least-squares slope of log t against log n: the exponent a of t ~ c n^a (a = 1: linear time).
// ConfigError when fewer than two points are given, a value is not positive, or all n are equal.
double loglog_slope(std::span<const double> n, std::span<const double> t);

// Nested subsample sizes round(total / 2^k) for k = halvings, ..., 1, 0: ascending, the last one
// `total` itself. ConfigError when a size would be below 1.
std::vector<int32_t> halving_sizes(int32_t total, int halvings);

// Whether a solver still gets the next, larger n. A run already over the cap stops the series; else
// the next time is predicted by extending the power law through the last two measured points
// (exponent at least 1: no solver gets cheaper per row as n grows; one point: linear), and the run
// goes ahead only if the prediction fits under the cap. The experiment states every n it skipped.
struct TimeCapCheck {
  bool run = true;
  double predicted_seconds = 0;  // 0 when nothing was measured yet
};
TimeCapCheck check_time_cap(std::span<const double> n_done, std::span<const double> seconds_done,
                            double n_next, double cap_seconds);

}  // namespace linrepro
