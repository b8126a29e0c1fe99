#include "core/synthetic_data.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "core/seed.h"

namespace linrepro {

SyntheticData make_synthetic_text(const SyntheticSpec& spec) {
  if (spec.rows < 0 || spec.features < 1 || !(spec.mean_nnz > 0))
    throw std::invalid_argument("make_synthetic_text: need rows >= 0, features >= 1, mean_nnz > 0");
  Rng rng(spec.seed);
  std::vector<double> cdf(spec.features);
  double total = 0;
  for (int32_t j = 0; j < spec.features; ++j)
    cdf[j] = total += 1.0 / std::pow(j + 1.0, spec.zipf_exponent);
  for (double& c : cdf) c /= total;

  std::normal_distribution<double> gauss(0, 1);
  std::vector<double> w_star(spec.features);
  for (double& w : w_star) w = gauss(rng);

  std::poisson_distribution<int> length(spec.mean_nnz);
  std::uniform_real_distribution<double> unif(0, 1);
  SyntheticData d;
  d.X.cols = spec.features;
  std::vector<int32_t> idx;
  std::vector<double> ones;
  std::vector<double> score(spec.rows);
  std::vector<char> in_row(spec.features, 0);
  for (int32_t i = 0; i < spec.rows; ++i) {
    // Draw features until the row has `len` distinct ones: mean_nnz is the mean number of distinct
    // features (a word repeated in a document is still one binary feature).
    const int len = std::clamp(length(rng), 1, spec.features);
    idx.clear();
    while (static_cast<int>(idx.size()) < len) {
      const auto drawn = std::lower_bound(cdf.begin(), cdf.end(), unif(rng)) - cdf.begin();
      const auto j =
          static_cast<int32_t>(std::min<ptrdiff_t>(drawn, spec.features - 1));  // u ~ 1 rounding
      if (!in_row[j]) {
        in_row[j] = 1;
        idx.push_back(j);
      }
    }
    for (int32_t j : idx) in_row[j] = 0;
    std::sort(idx.begin(), idx.end());
    ones.assign(idx.size(), 1.0);
    d.X.append_row(idx, ones);
    double s = 0;
    for (int32_t j : idx) s += w_star[j];
    score[i] = s / std::sqrt(static_cast<double>(idx.size()));
  }
  if (spec.rows == 0) return d;
  std::vector<double> sorted = score;
  const auto q =
      static_cast<size_t>(std::clamp(1.0 - spec.positive_fraction, 0.0, 1.0) * (spec.rows - 1));
  std::nth_element(sorted.begin(), sorted.begin() + q, sorted.end());
  const double threshold = sorted[q];
  d.y.resize(spec.rows);
  for (int32_t i = 0; i < spec.rows; ++i) {
    d.y[i] = score[i] > threshold ? 1.0 : -1.0;
    if (unif(rng) < spec.label_noise) d.y[i] = -d.y[i];
  }
  return d;
}

}  // namespace linrepro
