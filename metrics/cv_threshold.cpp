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

namespace linrepro {

F1ThresholdChoice threshold_maximizing_f1(std::span<const double> truth,
                                          std::span<const double> decision) {
  if (truth.size() != decision.size())
    throw std::invalid_argument(fmt::format("F1 threshold: {} labels but {} decision values",
                                            truth.size(), decision.size()));
  if (truth.empty()) throw std::invalid_argument("F1 threshold: no rows");
  std::vector<std::pair<double, bool>> rows(truth.size());  // (f_i, y_i = +1)
  for (size_t i = 0; i < truth.size(); ++i) {
    if (!std::isfinite(decision[i]))
      throw std::invalid_argument(fmt::format("F1 threshold: decision value {} is not finite", i));
    rows[i] = {decision[i], truth[i] > 0};
  }
  std::sort(rows.begin(), rows.end());

  F1ThresholdChoice best;
  {
    BinaryCounts at_zero;
    for (const auto& [f, positive] : rows) {
      if (f >= 0)
        (positive ? at_zero.tp : at_zero.fp) += 1;
      else
        (positive ? at_zero.fn : at_zero.tn) += 1;
    }
    best.f1_at_zero = f1(at_zero);
  }

  const double lowest = rows.front().first, highest = rows.back().first;
  const double s = highest > lowest ? highest - lowest : 1.0;
  constexpr double inf = std::numeric_limits<double>::infinity();
  // The same point-in-interval rule as threshold_minimizing_training_error (metrics/threshold.h).
  auto candidate = [&](double lo, double hi) {
    if (lo < 0 && 0 <= hi) return 0.0;
    return std::midpoint(lo == -inf ? lowest - s : lo, hi == inf ? highest + s : hi);
  };

  // Interval 0: theta <= g_1, every row predicted +1.
  BinaryCounts c;
  for (const auto& row : rows) (row.second ? c.tp : c.fp) += 1;
  double lo = -inf;
  bool first = true;
  for (size_t i = 0; i <= rows.size();) {
    const double hi = i < rows.size() ? rows[i].first : inf;
    const double theta = candidate(lo, hi);
    const double score = f1(c);
    if (first || score > best.f1 ||
        (score == best.f1 && std::fabs(theta) < std::fabs(best.theta))) {
      best.theta = theta;
      best.f1 = score;
      first = false;
    }
    if (i == rows.size()) break;
    // Rows equal to hi switch from predicted +1 to predicted -1.
    for (; i < rows.size() && rows[i].first == hi; ++i) {
      if (rows[i].second) {
        --c.tp;
        ++c.fn;
      } else {
        --c.fp;
        ++c.tn;
      }
    }
    lo = hi;
  }
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
