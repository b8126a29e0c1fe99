#pragma once
// The per-category decision threshold of MLR-CG's §6.1 F1 run (Zhang, Jin, Yang & Hauptmann 2003,
// footnote 7: "Thresholds are tuned by 5-fold cross-validation"). The paper does not say what the
// cross-validation optimised. Its F1 protocol follows Yang & Liu (1999), whose per-category
// thresholds ("SCut", Yang 2001) are tuned to maximise that category's F1 on held-out data, so we
// maximise F1:
//
//   theta* = argmax_theta F1(theta) = 2 TP / (2 TP + FP + FN),  predict +1 iff f >= theta,
//
// over held-out decision values (each training document's value from the fold model that did not
// see it). As in metrics/threshold.h, F1 only changes at the distinct values g_1 < ... < g_G of f,
// so the G + 1 intervals (g_k, g_{k+1}] are scanned once after sorting, and the same rule picks the
// point inside the best interval: 0 if 0 lies in it (the unadjusted classifier), else its midpoint
// (the unbounded end intervals use the sentinels g_1 - s and g_G + s, s = g_G - g_1, or 1 when all
// values are equal); among equally good intervals the smallest |theta|, then the lower theta.
#include <cstdint>
#include <span>

namespace linrepro {

struct F1ThresholdChoice {
  double theta = 0;       // predict +1 iff f >= theta
  double f1 = 0;          // F1 of the held-out values at theta, in [0, 1]
  double f1_at_zero = 0;  // F1 at the unadjusted threshold 0, for reporting
};

// truth: +1/-1 (> 0 is +1); decision: the held-out decision values. A set without positives has
// F1 = 0 at every threshold that predicts something and 0/0 (taken as 1, metrics/binary_counts.h)
// when nothing is predicted: the choice is then the upper end interval (predict nothing).
// Throws std::invalid_argument on length mismatch, no rows, or a non-finite decision value.
F1ThresholdChoice threshold_maximizing_f1(std::span<const double> truth,
                                          std::span<const double> decision);

}  // namespace linrepro
