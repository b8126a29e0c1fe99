#pragma once
// A fitted trend with its interval (issue 27 item 3: "a fitted slope with its interval for
// trends"): the least-squares slope of y on x and its two-sided 95 % confidence interval from
// Student's t with n - 2 degrees of freedom, slope +- t * s / sqrt(Sxx), s^2 = RSS / (n - 2).
// Used on log-log points for "nearly linear" (the exponent) and on raw points for "the gap grows".
#include <vector>

namespace linrepro {

struct SlopeFit {
  double slope = 0, lo = 0, hi = 0;
  int points = 0;
};

// Throws std::invalid_argument for fewer than 3 points, x and y of different lengths, or all x
// equal. Exactly collinear points give lo = hi = slope.
SlopeFit slope_interval(const std::vector<double>& x, const std::vector<double>& y);

// The 0.975 quantile of Student's t with df degrees of freedom (df >= 1; a table, exact to the
// digits printed in the standard tables, and the normal quantile above 30).
double student_t_975(int df);

}  // namespace linrepro
