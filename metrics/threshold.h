#pragma once
// Decision-threshold adjustment by minimum training error (Zhang & Oles 2001, section 4.2: "we
// adjust the threshold after the hyperplane is computed ... by finding a value that minimizes the
// training error").
//
// Given training decision values f_i = w.x_i + b and labels y_i in {-1,+1}, predict +1 iff
// f_i >= theta and minimise
//   E(theta) = #{i : y_i = +1, f_i < theta} + #{i : y_i = -1, f_i >= theta}.
// E only changes at the distinct values g_1 < ... < g_G of f, so it suffices to scan the G+1
// intervals (g_k, g_{k+1}] (g_0 = -inf, g_{G+1} = +inf) once after sorting: O(n log n). The
// unbounded end intervals use the sentinels g_0 = g_1 - s and g_{G+1} = g_G + s, s = g_G - g_1
// (s = 1 when all values are equal), wherever a rule needs a finite point.
//
// WHICH theta of the minimum-error set is a choice the paper leaves open ("It is unclear what is
// the best procedure to adjust the threshold after the hyperplane is computed"). What it does say
// fixes the rule we use (ThresholdRule::lowest_midpoint), decided from the text before any test
// number was looked at:
//   - the computed thresholds "are biased towards causing fewer errors for the dominant
//     out-of-class data - this effect can be compensated by LOWERING the computed thresholds":
//     so among several intervals with the same (minimum) training error, take the lowest;
//   - "finding a value that minimizes the training error": a value, not the original 0 when 0
//     happens to be a minimiser. Inside the interval the midpoint, the point farthest from the
//     training values on either side (the sigmoid fitting of Platt 1999, which the paper calls
//     equivalent, also puts the threshold between the classes' scores, not at an end).
// The other rules are kept for the ablation (results/zhangoles2001/tables/threshold_ablation.md):
//   zero_if_minimal   linrepro's rule until 2026-11: keep 0 whenever 0 is a minimiser, else the
//                     minimising interval whose midpoint is nearest 0 (the least change);
//   nearest_midpoint  the midpoint of the minimising interval nearest 0, even when it holds 0;
//   lowest_edge       just above the lower end of the lowest minimising interval: the most
//                     lowering the training error allows.
// Apply theta as model.b -= theta, so that the model's own f >= 0 rule predicts with it.
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "metrics/binary_counts.h"

namespace linrepro {

enum class ThresholdRule { zero_if_minimal, nearest_midpoint, lowest_midpoint, lowest_edge };
inline constexpr std::array<ThresholdRule, 4> kThresholdRules = {
    ThresholdRule::zero_if_minimal, ThresholdRule::nearest_midpoint, ThresholdRule::lowest_midpoint,
    ThresholdRule::lowest_edge};
std::string_view to_string(ThresholdRule rule);

struct ThresholdChoice {
  double theta = 0;            // predict +1 iff f >= theta
  int64_t errors = 0;          // training errors at theta
  int64_t errors_at_zero = 0;  // training errors at the unadjusted threshold 0, for reporting
};

// One interval (lo, hi] of thresholds that all predict alike; lo = -inf for the first interval,
// hi = +inf for the last. lowest/highest are g_1 and g_G, span = s above.
struct ThresholdInterval {
  double lo = 0, hi = 0;
  double lowest = 0, highest = 0, span = 1;
  bool holds_zero() const { return lo < 0 && 0 <= hi; }
  double finite_lo() const;  // lo, or the sentinel g_1 - s
  double finite_hi() const;  // hi, or the sentinel g_G + s
  double midpoint() const;   // of finite_lo() and finite_hi()
  double point_keeping_zero() const { return holds_zero() ? 0.0 : midpoint(); }
};

// The sweep every threshold rule shares (these, and metrics/cv_threshold.h's F1 rule): visit each
// of the G+1 intervals in increasing order with the counts of predicting +1 iff f >= theta for any
// theta inside it. `who` names the caller in errors. Throws std::invalid_argument on length
// mismatch, no rows, or a non-finite decision value.
void scan_threshold_intervals(std::span<const double> truth, std::span<const double> decision,
                              std::string_view who,
                              const std::function<void(const ThresholdInterval& interval,
                                                       const BinaryCounts& counts)>& visit);

// Throws std::invalid_argument on length mismatch, no rows, or a non-finite decision value.
ThresholdChoice threshold_minimizing_training_error(
    std::span<const double> truth, std::span<const double> decision,
    ThresholdRule rule = ThresholdRule::lowest_midpoint);

}  // namespace linrepro
