#include "algorithms/dual_cd_logistic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

#include "algorithms/regularized_linear.h"
#include "algorithms/sweep_stopping.h"
#include "core/error.h"
#include "core/seed.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

constexpr double kShrinkTowardZero = 0.1;  // Newton iterate <= 0: z <- 0.1 z (Algorithm 4)
constexpr int kMaxInnerNewton = 100;
constexpr double kFirstInnerTolerance = 1e-2;
constexpr double kSmallestInnerTolerance = 1e-10;

double logistic_loss(double r) {
  return r > 0 ? std::log1p(std::exp(-r)) : -r + std::log1p(std::exp(r));
}

struct DualCdOptions {
  double eps = kSweepStopEps;
  int64_t max_sweeps = kMaxSweeps;
  uint64_t seed = 0;
};

std::vector<ParamDecl> dcd_logistic_params() {
  return sweep_solver_params(1e-4, "max_i |g'(alpha_i)|", "rows");  // Table 1's Logistic Reg
}

BinaryFit fit_dcd_logistic(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader reader(params, "dcd-logistic", dcd_logistic_params());
  const double lambda = resolve_lambda(reader, p.X.rows);
  const double A = reader.number("constant_feature");
  DualCdOptions o;
  o.eps = reader.number("eps");
  o.max_sweeps = reader.integer("max_sweeps");
  o.seed = derive_seed(ctx.seed, "data order");
  reader.finish();

  const RowsWithConstant X(p.X, A);  // A appended as a view: no second copy of the data
  const int32_t n = X.rows;
  const double C = 1 / (2 * lambda * n);
  if (!std::isfinite(C))
    throw ConfigError(fmt::format(
        "dcd-logistic: lambda = {:g} is too small: C = 1/(2 lambda n) overflows", lambda));
  ctx.report("dcd-logistic: {} rows, {} columns, lambda {:.3g} (C {:.3g})", n, X.cols, lambda, C);

  // alpha_i and its complement C - alpha_i are both kept, so neither loses digits near a bound.
  const double alpha0 = std::min(1e-3 * C, 1e-8);
  std::vector<double> alpha(n, alpha0), alpha_bar(n, C - alpha0), Q_ii(n), w(X.cols, 0.0);
  for (int32_t i = 0; i < n; ++i) {
    Q_ii[i] = X.row_squared_norm(i);
    X.add_row_to(i, alpha[i] * p.y[i], w);
  }
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(o.seed);
  std::vector<double> r(n);
  auto objective = [&] {  // (12) at w
    for (int32_t i = 0; i < n; ++i) r[i] = p.y[i] * X.row_dot(i, w);
    return regularized_objective(r, w, lambda, logistic_loss);
  };
  ctx.record(0, [&] { return std::map<std::string, double>{{"objective", objective()}}; });

  RelativeSweepStop stopping{o.eps, "max_violation"};
  double max_violation = 0, inner_tolerance = kFirstInnerTolerance;
  int64_t newton_steps = 0;
  for (int64_t k = 1; k <= o.max_sweeps; ++k) {
    std::shuffle(order.begin(), order.end(), rng);
    max_violation = 0;
    for (const int32_t i : order) {
      const double a = Q_ii[i], b = p.y[i] * X.row_dot(i, w);
      // Work in alpha_i (s = +1) or in C - alpha_i (s = -1): the latter when g'(C/2) < 0, i.e.
      // when the optimum lies above C/2, so that the Newton variable's optimum is below C/2.
      const bool flip = 0.5 * a * (alpha_bar[i] - alpha[i]) + b < 0;
      const double s = flip ? -1 : 1;
      const double old = flip ? alpha_bar[i] : alpha[i];
      double z = old;
      if (C - z < 0.5 * C) z *= kShrinkTowardZero;
      auto g1 = [&](double zz) { return a * (zz - old) + s * b + std::log(zz / (C - zz)); };
      double gp = g1(z);
      max_violation = std::max(max_violation, std::fabs(g1(old)));
      int inner = 0;
      for (; inner < kMaxInnerNewton && std::fabs(gp) >= inner_tolerance; ++inner) {
        const double g2 = a + C / (z * (C - z));
        const double next = z - gp / g2;
        z = next <= 0 ? z * kShrinkTowardZero : next;
        gp = g1(z);
      }
      newton_steps += inner;
      if (inner == 0) continue;  // already within the tolerance: alpha_i stays
      const double new_alpha = flip ? C - z : z;
      X.add_row_to(i, (new_alpha - alpha[i]) * p.y[i], w);
      alpha[i] = new_alpha;
      alpha_bar[i] = flip ? z : C - z;
    }
    inner_tolerance =
        std::max(kSmallestInnerTolerance, std::min(inner_tolerance, 0.1 * max_violation));
    if (stopping.after_sweep(k, o.max_sweeps, max_violation, objective, ctx)) break;
  }
  BinaryFit fit = stopping.fit(std::move(w), p.X.cols, A, objective());
  fit.extra = {{"lambda", lambda},
               {"C", C},
               {"constant_feature", A},
               {"eps", o.eps},
               {"max_violation", max_violation},
               {"newton_steps", newton_steps}};
  return fit;
}

}  // namespace

SolverInfo dcd_logistic_solver_info() {
  SolverInfo info;
  info.name = "dcd-logistic";
  info.description =
      "Regularised logistic regression by dual coordinate descent with inner Newton steps "
      "(accelerated; not a paper's method)";
  info.source =
      "Yu, Huang & Lin 2011 (Machine Learning 85) Algorithms 3-4, on Zhang & Oles 2001 "
      "eq. (12)";
  info.kind = {.loss = Loss::logistic,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "(1/n) sum log(1 + exp(-y f(x))) + lambda ||w||^2, the bias "
                   "feature's weight included"};
  info.params = dcd_logistic_params();
  info.fit_binary = fit_dcd_logistic;
  return info;
}

}  // namespace linrepro
