#include "harness/results/claim_verdict.h"

#include <fmt/format.h>

#include <cmath>
#include <set>
#include <stdexcept>

#include "core/error.h"
#include "metrics/paired_bootstrap.h"
#include "metrics/slope_interval.h"

namespace linrepro {

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::holds:
      return "holds";
    case Verdict::does_not_hold:
      return "does_not_hold";
    case Verdict::indistinguishable:
      return "indistinguishable";
  }
  return "does_not_hold";
}

Verdict verdict_from_name(const std::string& name) {
  for (Verdict v : {Verdict::holds, Verdict::does_not_hold, Verdict::indistinguishable})
    if (verdict_name(v) == name) return v;
  throw ConfigError(
      fmt::format("verdict '{}' is not one of holds, does_not_hold, indistinguishable", name));
}

Verdict comparison_verdict(const ClaimComparison& c) {
  // Distance of each end from the bound, signed so that positive is the claimed side.
  const double near = c.above ? c.lo - c.bound : c.bound - c.hi;
  const double far = c.above ? c.hi - c.bound : c.bound - c.lo;
  if (near > 0 || (!c.strict && near >= 0)) return Verdict::holds;
  if (far < 0 || (c.strict && far <= 0)) return Verdict::does_not_hold;
  return Verdict::indistinguishable;
}

Verdict combined_verdict(const std::vector<ClaimComparison>& comparisons) {
  if (comparisons.empty()) throw std::invalid_argument("combined_verdict: no comparisons");
  bool tie = false;
  for (const ClaimComparison& c : comparisons) {
    const Verdict v = comparison_verdict(c);
    if (v == Verdict::does_not_hold) return v;
    tie = tie || v == Verdict::indistinguishable;
  }
  return tie ? Verdict::indistinguishable : Verdict::holds;
}

std::string bootstrap_test_name(size_t n, std::string_view documents) {
  return fmt::format("paired bootstrap over {} {} ({} resamples, 95 %, alpha 0.05)", n, documents,
                     kBootstrapResamples);
}

ClaimComparison paired_statistic_comparison(
    std::string what, int64_t n, const std::function<double(std::span<const int32_t>)>& statistic,
    double bound, bool above, uint64_t seed, bool strict) {
  ClaimComparison c;
  c.what = std::move(what);
  c.test = bootstrap_test_name(static_cast<size_t>(n));
  std::vector<int32_t> all(static_cast<size_t>(n));
  for (size_t k = 0; k < all.size(); ++k) all[k] = static_cast<int32_t>(k);
  c.value = statistic(all);
  const SamplingInterval i = paired_bootstrap_interval(n, statistic, seed);
  c.lo = i.lo;
  c.hi = i.hi;
  c.bound = bound;
  c.above = above;
  c.strict = strict;
  return c;
}

ClaimComparison accuracy_comparison(std::string what, const std::vector<uint8_t>& a,
                                    const std::vector<uint8_t>& b, double bound, bool above,
                                    uint64_t seed) {
  if (a.size() != b.size() || a.empty())
    throw std::invalid_argument(
        fmt::format("accuracy_comparison '{}': outcome vectors differ or are empty", what));
  return paired_statistic_comparison(
      std::move(what), static_cast<int64_t>(a.size()),
      [&](std::span<const int32_t> d) {
        return 100 * (fraction_correct(a, d) - fraction_correct(b, d));
      },
      bound, above, seed);
}

ClaimComparison paired_splits_comparison(std::string what, const std::vector<double>& a,
                                         const std::vector<double>& b, double bound, bool above,
                                         bool strict, const char* pairs) {
  if (a.size() != b.size() || a.size() < 2)
    throw std::invalid_argument(
        fmt::format("paired_splits_comparison '{}': {} and {} values (need two or more pairs)",
                    what, a.size(), b.size()));
  const double n = static_cast<double>(a.size());
  double mean = 0;
  for (size_t i = 0; i < a.size(); ++i) mean += (a[i] - b[i]) / n;
  double ss = 0;
  for (size_t i = 0; i < a.size(); ++i) ss += (a[i] - b[i] - mean) * (a[i] - b[i] - mean);
  const double half =
      student_t_975(static_cast<int>(a.size()) - 1) * std::sqrt(ss / (n - 1)) / std::sqrt(n);
  ClaimComparison c;
  c.what = std::move(what);
  c.test = fmt::format("paired t interval over {} {} (95 %, alpha 0.05)", a.size(), pairs);
  c.value = mean;
  c.lo = mean - half;
  c.hi = mean + half;
  c.bound = bound;
  c.above = above;
  c.strict = strict;
  return c;
}

ClaimComparison time_ratio_comparison(std::string what, double numerator_seconds,
                                      double denominator_seconds, double bound, bool above) {
  if (!(numerator_seconds > 0 && denominator_seconds > 0))
    throw std::invalid_argument(
        fmt::format("time_ratio_comparison '{}': a time is not positive", what));
  ClaimComparison c;
  c.what = std::move(what);
  c.test = fmt::format("ratio of CPU times, relative resolution {:.0f} % (kTimeRatioResolution)",
                       100 * kTimeRatioResolution);
  c.value = numerator_seconds / denominator_seconds;
  c.lo = c.value / (1 + kTimeRatioResolution);
  c.hi = c.value * (1 + kTimeRatioResolution);
  c.bound = bound;
  c.above = above;
  return c;
}

ClaimComparison resolution_comparison(std::string what, double value, double resolution,
                                      const std::string& why, double bound, bool above) {
  ClaimComparison c;
  c.what = std::move(what);
  c.test = fmt::format("stated resolution +- {:.3g} ({})", resolution, why);
  c.value = value;
  c.lo = value - resolution;
  c.hi = value + resolution;
  c.bound = bound;
  c.above = above;
  return c;
}

ClaimComparison exact_comparison(std::string what, double value, double bound, bool above,
                                 bool strict) {
  ClaimComparison c;
  c.what = std::move(what);
  c.test = "exact (a deterministic count or model size: no sampling)";
  c.value = c.lo = c.hi = value;
  c.bound = bound;
  c.above = above;
  c.strict = strict;
  return c;
}

ClaimComparison slope_comparison(std::string what, const std::vector<double>& x,
                                 const std::vector<double>& y, double bound, bool above) {
  const SlopeFit f = slope_interval(x, y);
  ClaimComparison c;
  c.what = std::move(what);
  c.test = fmt::format("least-squares slope over {} points, 95 % t interval", f.points);
  c.value = f.slope;
  c.lo = f.lo;
  c.hi = f.hi;
  c.bound = bound;
  c.above = above;
  return c;
}

std::string comparison_text(const ClaimComparison& c) {
  const char* side = c.above ? (c.strict ? ">" : ">=") : (c.strict ? "<" : "<=");
  const std::string interval = c.lo == c.hi ? "" : fmt::format(" [{:.4g}, {:.4g}]", c.lo, c.hi);
  return fmt::format("{} = {:.4g}{} {} {:.4g}: {}", c.what, c.value, interval, side, c.bound,
                     verdict_name(comparison_verdict(c)));
}

std::string tests_text(const std::vector<ClaimComparison>& comparisons) {
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const ClaimComparison& c : comparisons)
    if (seen.insert(c.test).second) names.push_back(c.test);
  return fmt::format("{}", fmt::join(names, "; "));
}

nlohmann::json comparison_to_json(const ClaimComparison& c) {
  return {{"what", c.what},     {"test", c.test},
          {"value", c.value},   {"interval", {c.lo, c.hi}},
          {"bound", c.bound},   {"side", c.above ? "above" : "below"},
          {"strict", c.strict}, {"verdict", verdict_name(comparison_verdict(c))}};
}

ClaimComparison comparison_from_json(const nlohmann::json& j) {
  ClaimComparison c;
  try {
    c.what = j.at("what").get<std::string>();
    c.test = j.at("test").get<std::string>();
    c.value = j.at("value").get<double>();
    c.lo = j.at("interval").at(0).get<double>();
    c.hi = j.at("interval").at(1).get<double>();
    c.bound = j.at("bound").get<double>();
    const std::string side = j.at("side").get<std::string>();
    if (side != "above" && side != "below")
      throw ConfigError(fmt::format("side '{}' is not above or below", side));
    c.above = side == "above";
    c.strict = j.at("strict").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(fmt::format("claim comparison {}: {}", j.dump().substr(0, 120), e.what()));
  }
  return c;
}

}  // namespace linrepro
