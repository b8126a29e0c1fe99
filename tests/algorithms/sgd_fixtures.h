#pragma once
// Small in-memory problems and helpers shared by the SGD solver tests (seeded; nothing on disk).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "core/seed.h"
#include "core/sparse_matrix.h"
#include "core/synthetic_data.h"
#include "solvers/linear_model.h"

namespace linrepro::testing {

// Text-like sparse rows (about mean_nnz of `features` columns per row, so most weights are absent
// from any one example: the case lazy updates exist for). Values are rescaled to (0.2, 2) so the
// updates do not all have the same size.
inline SyntheticData sgd_sparse_data(uint64_t seed, int32_t rows = 60, int32_t features = 40,
                                     double mean_nnz = 5) {
  SyntheticSpec s;
  s.rows = rows;
  s.features = features;
  s.mean_nnz = mean_nnz;
  s.zipf_exponent = 0.7;
  s.label_noise = 0.1;
  s.seed = seed;
  auto d = make_synthetic_text(s);
  Rng rng(derive_seed(seed, "values"));
  std::uniform_real_distribution<double> scale(0.2, 2.0);
  for (double& v : d.X.values) v *= scale(rng);
  return d;
}

inline std::vector<std::vector<double>> dense_rows(const CsrMatrix& X) {
  std::vector<std::vector<double>> rows(X.rows, std::vector<double>(X.cols, 0.0));
  for (int32_t i = 0; i < X.rows; ++i) {
    const auto idx = X.row_indices(i);
    const auto val = X.row_values(i);
    for (size_t k = 0; k < idx.size(); ++k) rows[i][idx[k]] = val[k];
  }
  return rows;
}

// The order the SGD solvers document: 0..n-1, reshuffled with std::shuffle and Rng(seed) at the
// start of every epoch (the permutation carries over from epoch to epoch).
inline std::vector<int32_t> visiting_order(int32_t n, uint64_t seed, int64_t epochs) {
  std::vector<int32_t> order(n), all;
  std::iota(order.begin(), order.end(), 0);
  Rng rng(seed);
  for (int64_t e = 0; e < epochs; ++e) {
    std::shuffle(order.begin(), order.end(), rng);
    all.insert(all.end(), order.begin(), order.end());
  }
  return all;
}

inline double max_abs_diff(const LinearModel& a, const LinearModel& b) {
  double m = std::abs(a.b - b.b);
  for (size_t j = 0; j < a.w.size(); ++j) m = std::max(m, std::abs(a.w[j] - b.w[j]));
  return m;
}

inline int64_t nonzeros(const LinearModel& m) {
  return std::count_if(m.w.begin(), m.w.end(), [](double v) { return v != 0; });
}

}  // namespace linrepro::testing
