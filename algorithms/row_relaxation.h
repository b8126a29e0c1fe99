#pragma once
// The row relaxation of Zhang & Oles 2001, §3.2: Algorithm 5 (dual Gauss-Seidel over the
// examples), written once for every dual step. It minimises the dual (16),
//
//     min_zeta  sum_i k(zeta_i) + (1/(4 lambda n)) |v|^2,    v = sum_i zeta_i x_i y_i,
//
// k being the Legendre transform of the loss f of (12); then w = -v / (2 lambda n) (17).
//
//   let zeta = 0 and v = 0
//   for k = 1..K
//     for i in a random order (§3.2: classes grouped together converge very slowly)
//       find Dzeta_i approximately minimising                                   (**)
//           k(zeta_i + Dzeta_i) + (2 Dzeta_i v^T x_i y_i + Dzeta_i^2 x_i^2) / (4 lambda n)
//       v += Dzeta_i x_i y_i;   zeta_i += Dzeta_i
//   w = -v / (2 lambda n)
//
// Each dual supplies (mod_svm.h, cmls_dual.h) a small policy struct:
//   double step(double zeta_i, double vxy, double xx, double lambda_n);  // Dzeta_i for (**)
//   double k(double zeta);   // Legendre transform (finite on the feasible zeta the steps keep)
//   double f(double r);      // the primal loss of (12)
//
// The order: §3.2 asks for "a random data ordering"; we read it literally as one seeded random
// permutation kept for all K iterations (reshuffle = false, the default). reshuffle = true draws a
// new permutation every iteration, as LIBLINEAR's dual solvers do. It matters: on a 300 x 120
// synthetic problem (lambda = 1e-3) dual CMLS reaches a gap of 1e-12 within 500 reshuffled
// iterations but is still at 1e-4 after 3000 in one fixed order (a fixed cyclic order is slow when
// all examples share features, as text does and the constant feature guarantees) -- and §4
// attributes the dual algorithms' good BEP as lambda -> 0 to their slow convergence at K = 100.
//
// Every iteration is traced with the primal (12) at w(zeta), the dual value
// G(zeta) = -(1/n)[sum_i k(zeta_i) + |v|^2/(4 lambda n)] (algorithms/regularized_linear.h) and
// their gap, which is >= 0 and shrinks to 0.
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <map>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/regularized_linear.h"
#include "core/seed.h"
#include "core/sparse_matrix.h"
#include "solvers/fit_context.h"
#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

// Beyond the paper (issue 19, all off by default): a stopping rule and shrinking, as LIBLINEAR's
// dual coordinate descent has them (Hsieh et al. 2008, §3.2-3.3). Each dual policy then also
// gives k'(zeta) and the bounds of zeta (lower, upper; infinite where there is none), so that
// G_i = k'(zeta_i) + v^T x_i y_i / (2 lambda n) is the dual (16)'s gradient in zeta_i and its
// projection PG_i is G_i, or max(G_i, 0) at the upper bound, min(G_i, 0) at the lower one.
//   eps > 0:    stop after an iteration with max_i PG_i - min_i PG_i <= eps (every row active).
//   shrinking:  a row at its upper bound with G_i < the last iteration's min PG (or at its lower
//               bound with G_i > its max PG) is left out of the following iterations; once the
//               spread falls under eps, every row is active again and the rule must hold for all.
struct RowRelaxationOptions {
  int64_t K = 100;
  bool reshuffle = false;  // a new random order every iteration (see above)
  double eps = 0;          // 0: K iterations, the paper's rule
  bool shrinking = false;
  uint64_t seed = 0;  // of the order
};

// The declaration of reshuffle (default from the struct above) and the options' reading.
std::vector<ParamDecl> row_relaxation_params();
RowRelaxationOptions read_row_relaxation_options(ParamReader& r, int64_t K, uint64_t seed);

struct RowRelaxationResult {
  std::vector<double> w;     // -v / (2 lambda n), one weight per column of X
  std::vector<double> zeta;  // the dual variables
  int64_t iterations = 0;
  bool converged = false;  // stopped by eps
  double primal = 0;       // (12) at w
  double dual = 0;         // G(zeta) <= primal
};

// Primal (12) at w = -v/(2 lambda n) and the dual G(zeta); fills w.
template <class Dual>
std::pair<double, double> primal_and_dual(const RowsWithConstant& X, std::span<const double> y,
                                          double lambda, const Dual& dual,
                                          std::span<const double> zeta, std::span<const double> v,
                                          std::vector<double>& w) {
  const double lambda_n = lambda * X.rows;
  w.resize(v.size());
  double vv = 0;
  for (size_t j = 0; j < v.size(); ++j) {
    w[j] = -v[j] / (2 * lambda_n);
    vv += v[j] * v[j];
  }
  std::vector<double> r(X.rows);
  for (int32_t i = 0; i < X.rows; ++i) r[i] = y[i] * X.row_dot(i, w);
  const double primal = regularized_objective(r, w, lambda, [&](double ri) { return dual.f(ri); });
  double k_sum = 0;
  for (double z : zeta) k_sum += dual.k(z);
  return {primal, -(k_sum + vv / (4 * lambda_n)) / X.rows};
}

// Does the dual give k'(zeta) and the bounds of zeta (for eps and shrinking)?
template <class Dual>
constexpr bool kBoundedDual = requires(const Dual& d) {
  { d.k_prime(0.0) } -> std::convertible_to<double>;
  { Dual::lower } -> std::convertible_to<double>;
  { Dual::upper } -> std::convertible_to<double>;
};

template <class Dual>
RowRelaxationResult run_row_relaxation(const RowsWithConstant& X, std::span<const double> y,
                                       double lambda, const Dual& dual,
                                       const RowRelaxationOptions& o, FitContext& ctx) {
  const int32_t n = X.rows;
  const double lambda_n = lambda * n;
  RowRelaxationResult res;
  std::vector<double>& zeta = res.zeta;
  zeta.assign(n, 0.0);
  std::vector<double> v(X.cols, 0.0), xx(n);
  for (int32_t i = 0; i < n; ++i) xx[i] = X.row_squared_norm(i);
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(o.seed);

  auto trace_values = [&] {
    const auto [primal, dual_value] = primal_and_dual(X, y, lambda, dual, zeta, v, res.w);
    return std::map<std::string, double>{
        {"objective", primal}, {"dual_objective", dual_value}, {"gap", primal - dual_value}};
  };
  ctx.record(0, trace_values);
  const bool watch = o.eps > 0 || o.shrinking;  // projected gradients wanted
  if constexpr (!kBoundedDual<Dual>)
    if (watch) throw std::logic_error("row relaxation: eps and shrinking need k'(zeta) and bounds");
  int32_t active = n;  // order[0, active): the rows not shrunk
  double PG_max_last = INFINITY, PG_min_last = -INFINITY;
  for (int64_t k = 1; k <= o.K; ++k) {
    if (k == 1 || o.reshuffle) std::shuffle(order.begin(), order.begin() + active, rng);
    double PG_max = -INFINITY, PG_min = INFINITY;
    for (int32_t s = 0; s < active; ++s) {
      const int32_t i = order[s];
      const double vxy = y[i] * X.row_dot(i, v);
      if constexpr (kBoundedDual<Dual>) {
        if (watch) {
          const double G = dual.k_prime(zeta[i]) + vxy / (2 * lambda_n);
          double PG = G;
          bool shrink = false;
          if (zeta[i] >= Dual::upper) {
            shrink = G < PG_min_last;
            PG = std::max(G, 0.0);
          } else if (zeta[i] <= Dual::lower) {
            shrink = G > PG_max_last;
            PG = std::min(G, 0.0);
          }
          if (o.shrinking && shrink) {
            std::swap(order[s], order[active - 1]);
            --active;
            --s;
            continue;
          }
          PG_max = std::max(PG_max, PG);
          PG_min = std::min(PG_min, PG);
        }
      }
      const double delta_zeta = dual.step(zeta[i], vxy, xx[i], lambda_n);
      if (delta_zeta == 0) continue;
      X.add_row_to(i, delta_zeta * y[i], v);
      zeta[i] += delta_zeta;
    }
    res.iterations = k;
    bool stop = false;
    if (o.eps > 0 && PG_max - PG_min <= o.eps) {
      stop = active == n;
      active = n;  // with shrinking: examine every row again before stopping
      PG_max_last = INFINITY;
      PG_min_last = -INFINITY;
    } else {
      PG_max_last = PG_max > 0 ? PG_max : INFINITY;
      PG_min_last = PG_min < 0 ? PG_min : -INFINITY;
    }
    ctx.record(k, trace_values, k == o.K || stop);
    if (k % 10 == 0 || k == o.K || stop) ctx.report("iteration {}/{}", k, o.K);
    if (stop) {
      res.converged = true;
      break;
    }
  }
  std::tie(res.primal, res.dual) = primal_and_dual(X, y, lambda, dual, zeta, v, res.w);
  return res;
}

// What each registered row solver does: append A (a view, no copy), run, package (objective =
// primal (12); extra: dual_objective, gap, nonzero_zeta, ...).
template <class Dual>
BinaryFit fit_row_relaxation(const std::string& name, const BinaryProblem& p,
                             const RegularizedLinearSettings& s, const RowRelaxationOptions& o,
                             const Dual& dual, FitContext& ctx) {
  const RowsWithConstant X(p.X, s.A);  // (the registry has checked the labels)
  ctx.report("{}: {} rows, {} columns, lambda {:.3g}, K {}", name, X.rows, X.cols, s.lambda, s.K);
  RowRelaxationResult res = run_row_relaxation(X, p.y, s.lambda, dual, o, ctx);
  BinaryFit fit;
  fit.model = model_from_weights(std::move(res.w), p.X.cols, s.A);  // res.w is not read again
  // Algorithm 5 runs a fixed K; eps > 0 may stop it before
  fit.stop = res.converged ? StopReason::converged : StopReason::max_iterations;
  fit.iterations = res.iterations;
  fit.objective = res.primal;
  int64_t nonzero = 0;
  for (double z : res.zeta) nonzero += z != 0;
  fit.extra = {{"dual_objective", res.dual},
               {"gap", res.primal - res.dual},
               {"nonzero_zeta", nonzero},
               {"lambda", s.lambda},
               {"K", s.K},
               {"constant_feature", s.A},
               {"reshuffle", o.reshuffle}};
  // Beyond the paper: recorded only when used, so the §4 runs read as before.
  if (o.eps > 0 || o.shrinking) {
    fit.extra["eps"] = o.eps;
    fit.extra["shrinking"] = o.shrinking;
  }
  return fit;
}

}  // namespace linrepro
