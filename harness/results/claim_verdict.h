#pragma once
// How a claim is decided (issue 27 item 3), one rule for all four papers. A claim is a conjunction
// of comparisons; each compares a measured quantity (a difference of accuracies on the same test
// documents, a ratio of CPU times, a fitted slope, a count) with the bound the paper's wording
// sets, on the side the paper claims, and carries the interval its named test gives:
//   - a paired bootstrap over the test documents (metrics/paired_bootstrap.h), 95 %, alpha 0.05;
//   - a paired t interval over random splits (each split its own training and test documents);
//   - a least-squares slope's 95 % t interval (metrics/slope_interval.h) for trends;
//   - a stated resolution for ratios of times (kTimeRatioResolution) and for objectives after a
//     fixed budget (resolution_comparison: the optimiser's own last-block change);
//   - none for an exact count (the interval is the value).
// The rule: the interval entirely on the claimed side of the bound -> holds; entirely on the other
// side -> does not hold; otherwise (the bound inside it) -> indistinguishable. The claim holds
// when every comparison holds, does not hold when any does not, and is indistinguishable
// otherwise. So no verdict rests on a difference smaller than its test can resolve.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "metrics/binary_counts.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

// A claim's verdict. `indistinguishable`: the difference that decides it is below the stated
// resolution of the measurement, so the data neither confirm nor refute it.
enum class Verdict { holds, does_not_hold, indistinguishable };
// "holds", "does_not_hold", "indistinguishable"; the parser throws ConfigError naming the text for
// anything else.
std::string verdict_name(Verdict v);
Verdict verdict_from_name(const std::string& name);

// A ratio of two CPU times measured once each is known to within this factor either way: seven
// repeats of one SMO fit on this machine (docs/RESULTS.md, "Claims") spread by a few per cent
// when idle and more under the load of a parallel build, and the papers' own timings are single
// runs; 10 % is the resolution stated before the claims were decided, not fitted to them.
inline constexpr double kTimeRatioResolution = 0.10;

struct ClaimComparison {
  std::string what;  // "20ng: GraphSVM - MCNB accuracy (points)"
  std::string test;  // "paired bootstrap over 5,648 test documents (2,000 resamples, 95 %)"
  double value = 0;
  double lo = 0, hi = 0;  // the test's interval of `value`
  double bound = 0;
  bool above = true;   // the paper claims value > bound (false: value < bound)
  bool strict = true;  // false: the bound itself is on the claimed side (">=", "at most")
};

Verdict comparison_verdict(const ClaimComparison& c);
// Throws std::invalid_argument for no comparisons (a claim decided by nothing is a defect).
Verdict combined_verdict(const std::vector<ClaimComparison>& comparisons);

// The bootstrap seed of every claim comparison: fixed, so a rerun of the same runs decides alike.
inline constexpr uint64_t kClaimBootstrapSeed = 27;

// The test text of a paired bootstrap over n documents: "paired bootstrap over 7532 test documents
// (2000 resamples, 95 %, alpha 0.05)"; `documents` names them ("training documents").
std::string bootstrap_test_name(size_t n, std::string_view documents = "test documents");

// The common comparisons. `seed` seeds the bootstrap.
ClaimComparison accuracy_comparison(std::string what, const std::vector<uint8_t>& a,
                                    const std::vector<uint8_t>& b, double bound, bool above,
                                    uint64_t seed);
// Any statistic of the per-document outcomes of methods measured on the same n documents (a
// difference of conditional accuracies, of distances to a third method), paired bootstrap.
ClaimComparison paired_statistic_comparison(
    std::string what, int64_t n, const std::function<double(std::span<const int32_t>)>& statistic,
    double bound, bool above, uint64_t seed, bool strict = true);
// mean(a_i - b_i) over paired random splits (or folds) i, both methods measured on each split's
// own training and test documents: the paired t interval, mean +- t(0.975, n - 1) sd / sqrt(n),
// which holds the spread of both draws. Throws std::invalid_argument for fewer than 2 pairs or
// vectors of different lengths.
// `pairs` names what the pairs are in the test's text ("random splits", "cross-validation folds").
ClaimComparison paired_splits_comparison(std::string what, const std::vector<double>& a,
                                         const std::vector<double>& b, double bound, bool above,
                                         bool strict = true, const char* pairs = "random splits");
// numerator / denominator seconds against `bound`, interval value / (1 + r) .. value * (1 + r).
ClaimComparison time_ratio_comparison(std::string what, double numerator_seconds,
                                      double denominator_seconds, double bound, bool above);
// A value known to within +- `resolution` (an objective after a fixed number of steps: the
// optimiser's own tolerance), `why` saying where the resolution comes from.
ClaimComparison resolution_comparison(std::string what, double value, double resolution,
                                      const std::string& why, double bound, bool above);
// A deterministic count or model size: the interval is the value.
ClaimComparison exact_comparison(std::string what, double value, double bound, bool above,
                                 bool strict = true);
// A fitted slope (metrics/slope_interval.h) against `bound`.
ClaimComparison slope_comparison(std::string what, const std::vector<double>& x,
                                 const std::vector<double>& y, double bound, bool above);

// "20ng: GraphSVM - MCNB accuracy (points) +4.27 [+3.50, +5.01] > 0: holds".
std::string comparison_text(const ClaimComparison& c);
// The distinct tests of the comparisons, "; "-joined (the claim's "decided by").
std::string tests_text(const std::vector<ClaimComparison>& comparisons);

nlohmann::json comparison_to_json(const ClaimComparison& c);
// Throws ConfigError naming the missing or mistyped field.
ClaimComparison comparison_from_json(const nlohmann::json& j);

}  // namespace linrepro
