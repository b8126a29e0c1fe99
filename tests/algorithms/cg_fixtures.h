#pragma once
// Small synthetic problems and checks shared by the MLR-CG / MMLR-CG tests (generated in memory,
// seeded; nothing on disk).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "algorithms/objective_oracle.h"
#include "core/labels.h"
#include "core/seed.h"
#include "core/synthetic_data.h"

namespace linrepro::testing {

inline SyntheticData small_binary(uint64_t seed, int32_t rows = 300, int32_t features = 120) {
  SyntheticSpec s;
  s.rows = rows;
  s.features = features;
  s.mean_nnz = 12;
  s.label_noise = 0.05;
  s.seed = seed;
  return make_synthetic_text(s);
}

struct MulticlassData {
  CsrMatrix X;
  MulticlassLabels labels;
};

// Text-like rows from make_synthetic_text, labelled by argmax of K planted Gaussian weight vectors
// (plus label noise), so classes are linearly separable up to the noise.
inline MulticlassData small_multiclass(uint64_t seed, int32_t K, int32_t rows = 400,
                                       int32_t features = 120, double noise = 0.05) {
  auto d = small_binary(seed, rows, features);
  Rng rng(derive_seed(seed, "planted classes"));
  std::normal_distribution<double> gauss(0, 1);
  std::uniform_real_distribution<double> unif(0, 1);
  std::uniform_int_distribution<int32_t> any_class(0, K - 1);
  std::vector<double> W(static_cast<size_t>(features) * K);
  for (double& w : W) w = gauss(rng);
  MulticlassData out{std::move(d.X), {}};
  for (int32_t k = 0; k < K; ++k) out.labels.class_names.push_back(fmt::format("c{}", k));
  for (int32_t i = 0; i < out.X.rows; ++i) {
    std::vector<double> s(K, 0.0);
    for (int32_t j : out.X.row_indices(i))
      for (int32_t k = 0; k < K; ++k) s[k] += W[static_cast<size_t>(j) * K + k];
    int32_t best = 0;
    for (int32_t k = 1; k < K; ++k)
      if (s[k] > s[best]) best = k;
    out.labels.y.push_back(unif(rng) < noise ? any_class(rng) : best);
  }
  return out;
}

inline std::vector<double> random_vector(Rng& rng, int64_t n, double scale) {
  std::normal_distribution<double> gauss(0, scale);
  std::vector<double> v(n);
  for (double& x : v) x = gauss(rng);
  return v;
}

inline double dot(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

inline std::vector<double> plus(std::span<const double> a, double t, std::span<const double> b) {
  std::vector<double> r(a.begin(), a.end());
  for (size_t j = 0; j < r.size(); ++j) r[j] += t * b[j];
  return r;
}

inline double value_at(SmoothedObjective& f, std::span<const double> theta) {
  f.set_point(theta);
  return f.value();
}

// Central differences of O_gamma against the analytic gradient: along random directions and along
// the coordinates listed (e.g. an intercept), at theta. Leaves f at theta.
inline void expect_gradient_matches(SmoothedObjective& f, std::span<const double> theta,
                                    std::vector<int64_t> coordinates, uint64_t seed) {
  const int64_t n = f.dim();
  f.set_point(theta);
  std::vector<double> g(n);
  f.gradient(g);
  Rng rng(seed);
  std::vector<std::vector<double>> directions;
  for (int r = 0; r < 4; ++r) {
    auto v = random_vector(rng, n, 1.0);
    const double norm = std::sqrt(dot(v, v));
    for (double& x : v) x /= norm;
    directions.push_back(std::move(v));
  }
  for (int64_t j : coordinates) {
    std::vector<double> e(n, 0.0);
    e[j] = 1.0;
    directions.push_back(std::move(e));
  }
  const double h = 1e-6 / std::sqrt(f.gamma());
  for (const auto& v : directions) {
    const double fd = (value_at(f, plus(theta, h, v)) - value_at(f, plus(theta, -h, v))) / (2 * h);
    const double analytic = dot(g, v);
    EXPECT_NEAR(analytic, fd, 1e-6 * (1 + std::fabs(fd))) << "gamma " << f.gamma();
  }
  f.set_point(theta);
}

// along(alpha) against the objective re-evaluated at theta + alpha d, its gradient, and
// finite differences of its slope.
inline void expect_line_function_matches(SmoothedObjective& f, std::span<const double> theta,
                                         std::span<const double> d) {
  const int64_t n = f.dim();
  std::vector<double> g(n);
  for (double alpha : {0.0, 0.3, -0.2, 1.7}) {
    f.set_point(theta);
    f.set_direction(d);
    const LinePoint p = f.along(alpha);
    const double h = 1e-6 / std::sqrt(f.gamma());
    const double fd_curv = (f.along(alpha + h).slope - f.along(alpha - h).slope) / (2 * h);
    f.set_point(plus(theta, alpha, d));
    const double value = f.gradient(g);
    EXPECT_NEAR(p.value, value, 1e-12 * (1 + std::fabs(value))) << "alpha " << alpha;
    EXPECT_NEAR(p.slope, dot(g, d), 1e-10 * (1 + std::fabs(p.slope))) << "alpha " << alpha;
    EXPECT_NEAR(p.curvature, fd_curv, 1e-5 * (1 + std::fabs(fd_curv))) << "alpha " << alpha;
  }
  // move() lands where set_point() would.
  f.set_point(theta);
  f.set_direction(d);
  f.move(0.7);
  const double moved = f.value();
  EXPECT_NEAR(moved, value_at(f, plus(theta, 0.7, d)), 1e-12 * (1 + std::fabs(moved)));
}

}  // namespace linrepro::testing
