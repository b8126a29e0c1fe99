#include "metrics/cv_threshold.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

#include "metrics/binary_counts.h"
#include "metrics/threshold.h"

namespace linrepro {

F1ThresholdChoice threshold_maximizing_f1(std::span<const double> truth,
                                          std::span<const double> decision) {
  F1ThresholdChoice best;
  bool first = true;
  scan_threshold_intervals(
      truth, decision, "F1 threshold", [&](const ThresholdInterval& in, const BinaryCounts& c) {
        const double theta = in.point_keeping_zero();
        const double score = f1(c);
        if (theta == 0) best.f1_at_zero = score;  // the interval holding 0 predicts as theta = 0
        if (first || score > best.f1 ||
            (score == best.f1 && std::fabs(theta) < std::fabs(best.theta))) {
          best.theta = theta;
          best.f1 = score;
          first = false;
        }
      });
  return best;
}

FoldThreshold fold_threshold(std::span<const double> truth, std::span<const double> decision) {
  const F1ThresholdChoice c = threshold_maximizing_f1(truth, decision);
  FoldThreshold t;
  t.positives = std::count_if(truth.begin(), truth.end(), [](double y) { return y > 0; });
  t.theta = c.theta;
  // Without positives F1 is 0 or 0/0 at every threshold: the fold says nothing, so it falls back.
  t.f1 = t.positives > 0 ? c.f1 : 0.0;
  t.max_score = *std::max_element(decision.begin(), decision.end());
  return t;
}

double scutfbr_threshold(std::span<const FoldThreshold> folds, double fbr) {
  if (folds.empty()) throw std::invalid_argument("SCutFBR threshold: no folds");
  double sum = 0;
  int64_t used = 0;
  for (const auto& f : folds) {
    if (!f.usable) continue;
    sum += f.f1 > fbr ? f.theta : f.max_score;
    ++used;
  }
  return used > 0 ? sum / static_cast<double>(used) : 0.0;
}

}  // namespace linrepro
