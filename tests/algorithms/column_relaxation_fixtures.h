#pragma once
// Shared by the Zhang & Oles solver tests (cls, cmls, clg, mod-svm, cmls-dual): small seeded
// text-like problems, one registry holding these solvers and the LIBLINEAR peers, and the
// objective (12) and its gradient evaluated from scratch over [w, w_{d+1}] on X with the constant
// feature appended.
#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "algorithms/register.h"
#include "baselines/register.h"
#include "core/seed.h"
#include "core/synthetic_data.h"
#include "solvers/solver.h"

namespace linrepro::testing {

// Binary text-like rows; with `graded` the values are rescaled to (0.2, 2) so that columns differ
// in scale (the paper's features are 0/1; graded values exercise x_ij^2 != 1).
inline SyntheticData zo_problem(uint64_t seed, int32_t rows = 300, int32_t features = 120,
                                bool graded = false) {
  SyntheticSpec s;
  s.rows = rows;
  s.features = features;
  s.mean_nnz = 12;
  s.label_noise = 0.08;
  s.seed = seed;
  auto d = make_synthetic_text(s);
  if (graded) {
    Rng rng(derive_seed(seed, "values"));
    std::uniform_real_distribution<double> scale(0.2, 2.0);
    for (double& v : d.X.values) v *= scale(rng);
  }
  return d;
}

inline const SolverRegistry& zo_registry() {
  static const SolverRegistry r = [] {
    SolverRegistry reg;
    register_baseline_solvers(reg);
    register_algorithm_solvers(reg);
    return reg;
  }();
  return r;
}

inline BinaryFit fit_named(const std::string& name, const CsrMatrix& X, std::span<const double> y,
                           const Params& params, uint64_t seed = 0, int64_t trace_every = 0) {
  FitContext ctx;
  ctx.seed = seed;
  ctx.trace_every = trace_every;
  return zo_registry().fit_binary(name, {X, y}, params, ctx);
}

// The model's weights over X with the constant column A appended: [w_1..w_d, b / A].
inline std::vector<double> full_weights(const LinearModel& m, double A = 1) {
  std::vector<double> w = m.w;
  w.push_back(m.b / A);
  return w;
}

inline double norm2(std::span<const double> v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

inline double distance(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (size_t j = 0; j < a.size(); ++j) s += (a[j] - b[j]) * (a[j] - b[j]);
  return std::sqrt(s);
}

using LossFn = std::function<double(double)>;

inline double hinge_sq(double z) { return z <= 1 ? (1 - z) * (1 - z) : 0.0; }
inline double hinge_sq_derivative(double z) { return z <= 1 ? -2 * (1 - z) : 0.0; }
inline double logistic(double z) { return std::log1p(std::exp(-z)); }
inline double logistic_derivative(double z) { return -1 / (1 + std::exp(z)); }
inline double least_squares(double z) { return (1 - z) * (1 - z); }
inline double least_squares_derivative(double z) { return -2 * (1 - z); }
inline double hinge(double z) { return std::max(0.0, 1 - z); }

// (12): (1/n) sum f(w.x_i y_i) + lambda |w|^2 with Xa = X plus its constant column.
inline double objective_12(const CsrMatrix& Xa, std::span<const double> y,
                           std::span<const double> w, double lambda, const LossFn& f) {
  double s = 0;
  for (int32_t i = 0; i < Xa.rows; ++i) s += f(y[i] * Xa.row_dot(i, w));
  double ww = 0;
  for (double v : w) ww += v * v;
  return s / Xa.rows + lambda * ww;
}

// Its gradient (1/n) sum f'(r_i) y_i x_i + 2 lambda w (smooth f only).
inline std::vector<double> gradient_12(const CsrMatrix& Xa, std::span<const double> y,
                                       std::span<const double> w, double lambda, const LossFn& df) {
  std::vector<double> g(w.size());
  for (size_t j = 0; j < w.size(); ++j) g[j] = 2 * lambda * w[j];
  for (int32_t i = 0; i < Xa.rows; ++i)
    Xa.add_row_to(i, df(y[i] * Xa.row_dot(i, w)) * y[i] / Xa.rows, g);
  return g;
}

inline double relative_difference(double a, double b) {
  return std::fabs(a - b) / std::max(std::fabs(a), std::fabs(b));
}

// One of our solvers against a LIBLINEAR peer on the same (12): ours with the constant feature
// A = 1, LIBLINEAR with the same column (its -B 1, or the column appended by hand with no bias:
// both are a regularised weight), C = 1/(2 lambda n), and a tight eps so that it is the reference.
struct Agreement {
  double ours = 0, peer = 0;  // (12) recomputed here from each model
  double relative = 0;        // |ours - peer| / max
  double distance = 0;        // |w_ours - w_peer| over [w, w_{d+1}]
  double bound = 0;           // (|grad O(w_ours)| + |grad O(w_peer)|) / (2 lambda)
  BinaryFit fit;              // ours
};

// O is 2 lambda-strongly convex, so |w - w*| <= |grad O(w)| / (2 lambda) for every w, and
// |w_ours - w_peer| <= `bound` must hold whatever the two solvers did (smooth losses only).
inline Agreement agree_with_liblinear(const std::string& ours, const std::string& peer,
                                      const SyntheticData& d, double lambda, Params params,
                                      const LossFn& f, const LossFn& df, bool explicit_column) {
  const CsrMatrix Xa = d.X.with_bias_column(1.0);
  params["lambda"] = lambda;
  Agreement a;
  a.fit = fit_named(ours, d.X, d.y, params);
  const BinaryFit lib =
      explicit_column
          ? fit_named(peer, Xa, d.y, {{"lambda", lambda}, {"eps", 1e-10}})
          : fit_named(peer, d.X, d.y, {{"lambda", lambda}, {"eps", 1e-10}, {"bias", 1.0}});
  const std::vector<double> w_ours = full_weights(a.fit.model);
  const std::vector<double> w_peer = explicit_column ? lib.model.w : full_weights(lib.model);
  a.ours = objective_12(Xa, d.y, w_ours, lambda, f);
  a.peer = objective_12(Xa, d.y, w_peer, lambda, f);
  a.relative = relative_difference(a.ours, a.peer);
  a.distance = distance(w_ours, w_peer);
  a.bound = (norm2(gradient_12(Xa, d.y, w_ours, lambda, df)) +
             norm2(gradient_12(Xa, d.y, w_peer, lambda, df))) /
            (2 * lambda);
  return a;
}

}  // namespace linrepro::testing
