#pragma once
// Decision-threshold adjustment by minimum training error (Zhang & Oles 2001, section 4.2: "we
// adjust the threshold after the hyperplane is computed ... by finding a value that minimizes the
// training error").
//
// Given training decision values f_i = w.x_i + b and labels y_i in {-1,+1}, predict +1 iff
// f_i >= theta and choose
//   theta* = argmin_theta  #{i : y_i = +1, f_i < theta} + #{i : y_i = -1, f_i >= theta}.
// The error count only changes at the distinct values g_1 < ... < g_G of f, so it suffices to scan
// the G+1 intervals (g_k, g_{k+1}] (with g_0 = -inf, g_{G+1} = +inf) once after sorting: O(n log
// n). Which theta inside the best interval is a choice the paper leaves open; ours, so that test
// rows near the boundary are not decided by an accident of the training values:
//   - if the original threshold 0 lies in the interval, keep theta = 0 (no change when not needed);
//   - else the interval's midpoint; the unbounded end intervals use sentinels g_0 = g_1 - s and
//     g_{G+1} = g_G + s with s = g_G - g_1 (s = 1 when all values are equal);
//   - among intervals with equal error counts, the candidate with the smallest |theta|
//     (the least change), and if still tied the lower theta.
// Apply it as model.b -= theta, so that the model's own f >= 0 rule predicts with the new
// threshold.
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "metrics/binary_counts.h"

namespace linrepro {

struct ThresholdChoice {
  double theta = 0;            // predict +1 iff f >= theta
  int64_t errors = 0;          // training errors at theta
  int64_t errors_at_zero = 0;  // training errors at the unadjusted threshold 0, for reporting
};

// The sweep every threshold rule shares (this one, and metrics/cv_threshold.h's F1 rule): for each
// of the G+1 intervals in increasing order, visit(theta, counts) with the interval's candidate
// theta (the point-in-interval rule above) and the counts of predicting +1 iff f >= theta.
// `who` names the caller in errors. Throws std::invalid_argument on length mismatch, no rows, or a
// non-finite decision value.
void scan_thresholds(std::span<const double> truth, std::span<const double> decision,
                     std::string_view who,
                     const std::function<void(double theta, const BinaryCounts& counts)>& visit);

// Throws std::invalid_argument on length mismatch, no rows, or a non-finite decision value.
ThresholdChoice threshold_minimizing_training_error(std::span<const double> truth,
                                                    std::span<const double> decision);

}  // namespace linrepro
