#include "metrics/slope_interval.h"

#include <array>
#include <cmath>
#include <stdexcept>

namespace linrepro {

double student_t_975(int df) {
  // t_{0.975, df} for df = 1..30 (any table of Student's t, e.g. NIST/SEMATECH 1.3.6.7.2).
  static constexpr std::array<double, 30> t = {
      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
      2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) throw std::invalid_argument("student_t_975: df < 1");
  return df <= 30 ? t[static_cast<size_t>(df - 1)] : 1.959963984540054;
}

SlopeFit slope_interval(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size()) throw std::invalid_argument("slope_interval: x and y differ in length");
  if (x.size() < 3) throw std::invalid_argument("slope_interval: fewer than 3 points");
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (size_t i = 0; i < x.size(); ++i) mx += x[i] / n, my += y[i] / n;
  double sxx = 0, sxy = 0;
  for (size_t i = 0; i < x.size(); ++i)
    sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
  if (!(sxx > 0)) throw std::invalid_argument("slope_interval: every x is the same");
  SlopeFit f;
  f.points = static_cast<int>(x.size());
  f.slope = sxy / sxx;
  double rss = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double r = y[i] - my - f.slope * (x[i] - mx);
    rss += r * r;
  }
  const int df = f.points - 2;
  const double half = student_t_975(df) * std::sqrt(rss / df / sxx);
  f.lo = f.slope - half;
  f.hi = f.slope + half;
  return f;
}

}  // namespace linrepro
