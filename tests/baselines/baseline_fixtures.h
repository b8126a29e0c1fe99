#pragma once
// Data the baseline tests train on: small synthetic text-like sets (core/synthetic_data.h) and tiny
// hand-made sets whose SVM solution is known in closed form. All built in memory.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/synthetic_data.h"
#include "solvers/linear_model.h"

namespace linrepro::testing {

// A few hundred sparse binary rows with label noise (not separable).
inline SyntheticData small_text(uint64_t seed, int32_t rows = 400, int32_t features = 800) {
  SyntheticSpec s;
  s.rows = rows;
  s.features = features;
  s.mean_nnz = 15;
  s.positive_fraction = 0.35;
  s.label_noise = 0.05;
  s.seed = seed;
  return make_synthetic_text(s);
}

// Rows given densely (zeros are not stored).
inline SyntheticData dense_rows(const std::vector<std::vector<double>>& rows,
                                const std::vector<double>& y) {
  SyntheticData d;
  for (const auto& r : rows) {
    std::vector<int32_t> idx;
    std::vector<double> val;
    for (size_t j = 0; j < r.size(); ++j)
      if (r[j] != 0) {
        idx.push_back(static_cast<int32_t>(j));
        val.push_back(r[j]);
      }
    d.X.append_row(idx, val);
  }
  d.X.cols = rows.empty() ? 0 : static_cast<int32_t>(rows[0].size());
  d.y = y;
  return d;
}

// Moves the first negative row to the front (LIBLINEAR/LIBSVM then see -1 first).
inline SyntheticData negative_first(const SyntheticData& d) {
  const auto first_neg = std::find(d.y.begin(), d.y.end(), -1.0) - d.y.begin();
  std::vector<int32_t> order{static_cast<int32_t>(first_neg)};
  for (int32_t i = 0; i < d.X.rows; ++i)
    if (i != first_neg) order.push_back(i);
  SyntheticData out;
  out.X = d.X.select_rows(order);
  for (int32_t i : order) out.y.push_back(d.y[i]);
  return out;
}

// Labels made separable with a margin: y = sign(x.u - t) for a fixed direction u, rows close to
// the threshold dropped.
inline SyntheticData separable_text(uint64_t seed, int32_t rows = 300) {
  const SyntheticData d = small_text(seed, rows, 400);
  std::vector<double> score(d.X.rows);
  for (int32_t i = 0; i < d.X.rows; ++i) {
    double s = 0;
    for (int32_t j : d.X.row_indices(i)) s += std::sin(1.0 + j);  // a fixed pseudo-random u
    score[i] = s;
  }
  std::vector<double> sorted = score;
  std::sort(sorted.begin(), sorted.end());
  const double t = sorted[sorted.size() * 6 / 10];
  SyntheticData out;
  out.X.cols = d.X.cols;
  std::vector<int32_t> keep;
  for (int32_t i = 0; i < d.X.rows; ++i)
    if (std::fabs(score[i] - t) > 0.5) {
      keep.push_back(i);
      out.y.push_back(score[i] > t ? 1.0 : -1.0);
    }
  out.X = d.X.select_rows(keep);
  return out;
}

inline double agreement(const std::vector<double>& a, const std::vector<double>& b) {
  int64_t same = 0;
  for (size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
  return static_cast<double>(same) / static_cast<double>(a.size());
}

}  // namespace linrepro::testing
