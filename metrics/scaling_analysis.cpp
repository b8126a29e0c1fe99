#include "metrics/scaling_analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace linrepro {

double loglog_slope(std::span<const double> n, std::span<const double> t) {
  if (n.size() != t.size())
    throw ConfigError(fmt::format("loglog_slope: {} sizes but {} times", n.size(), t.size()));
  if (n.size() < 2) throw ConfigError("loglog_slope: needs at least two points");
  double mx = 0, my = 0;
  for (size_t i = 0; i < n.size(); ++i) {
    if (!(n[i] > 0) || !(t[i] > 0))
      throw ConfigError(
          fmt::format("loglog_slope: point {} ({}, {}) is not positive", i, n[i], t[i]));
    mx += std::log(n[i]);
    my += std::log(t[i]);
  }
  mx /= static_cast<double>(n.size());
  my /= static_cast<double>(n.size());
  double sxy = 0, sxx = 0;
  for (size_t i = 0; i < n.size(); ++i) {
    const double dx = std::log(n[i]) - mx;
    sxy += dx * (std::log(t[i]) - my);
    sxx += dx * dx;
  }
  if (sxx == 0) throw ConfigError("loglog_slope: all sizes are equal");
  return sxy / sxx;
}

std::vector<int32_t> halving_sizes(int32_t total, int halvings) {
  if (halvings < 0) throw ConfigError("halving_sizes: negative number of halvings");
  std::vector<int32_t> sizes;
  for (int k = halvings; k >= 0; --k) {
    const auto n = static_cast<int32_t>(std::lround(std::ldexp(static_cast<double>(total), -k)));
    if (n < 1) throw ConfigError(fmt::format("halving_sizes: {} / 2^{} leaves no rows", total, k));
    sizes.push_back(n);
  }
  return sizes;
}

TimeCapCheck check_time_cap(std::span<const double> n_done, std::span<const double> seconds_done,
                            double n_next, double cap_seconds) {
  if (n_done.size() != seconds_done.size())
    throw ConfigError("check_time_cap: sizes and times differ in length");
  TimeCapCheck c;
  if (n_done.empty()) return c;
  const double n1 = n_done.back(), t1 = seconds_done.back();
  if (*std::max_element(seconds_done.begin(), seconds_done.end()) > cap_seconds) {
    c.run = false;
    c.predicted_seconds = t1 * n_next / n1;
    return c;
  }
  double exponent = 1;
  if (n_done.size() >= 2) {
    const double n0 = n_done[n_done.size() - 2], t0 = seconds_done[seconds_done.size() - 2];
    if (n0 > 0 && t0 > 0 && t1 > 0 && n1 != n0)
      exponent = std::max(1.0, std::log(t1 / t0) / std::log(n1 / n0));
  }
  c.predicted_seconds = t1 * std::pow(n_next / n1, exponent);
  c.run = c.predicted_seconds <= cap_seconds;
  return c;
}

}  // namespace linrepro
