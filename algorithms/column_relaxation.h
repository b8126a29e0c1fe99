#pragma once
// The column relaxation of Zhang & Oles 2001, §3.1: Algorithm 1 (Gauss-Seidel over the features)
// with the trust-region step of Algorithms 3 and 4, written once for every loss of
//
//   (12)  min_w (1/n) sum_i f(w^T x_i y_i) + lambda w^T w        (algorithms/regularized_linear.h)
//
//   let w = 0 and r_i = w^T x_i y_i = 0
//   for k = 1..K
//     for j = 1..d
//       Dv_j = -[sum_i C_k(r_i) x_ij y_i + 2 lambda n w_j]
//              / [sum_i F_k(r_i, D_j x_ij) x_ij^2 + 2 lambda n]
//       Dw_j = min(max(Dv_j, -D_j), D_j)                          (trust region)
//       r_i += Dw_j x_ij y_i;   w_j += Dw_j;   D_j = 2|Dw_j| + epsilon
//
// C_k is f' (of the function minimised in iteration k) and F_k(r, reach) >= sup_{|dr| <= reach}
// f''(r + dr), so by Taylor's theorem every step lowers the objective (§3.1). Each loss supplies
// only these per-coordinate pieces, as a small policy struct (cls.h, cmls.h, clg.h):
//
//   static constexpr bool exact;    // (*) solved exactly (Algorithm 2): no trust region
//   static constexpr bool continuation;  // has a c_k (CMLS): traced as c_k and objective_k
//   void begin_iteration(int64_t k, int64_t K);  // e.g. CMLS's continuation c_k
//   double f(double r);             // the loss of (12)
//   double f_k(double r);           // the loss minimised in iteration k (f, or CMLS's f_{c_k})
//   double C_k(double r);           // f_k'(r)
//   double F_k(double r, double reach);  // curvature bound, reach = D_j |x_ij|
//   std::pair<double, double> C_k_and_F_k(double r, double reach);  // both at once (what the
//                                   // sweep calls: CLG shares its exponentials between them)
//   bool stop_allowed();            // may the stopping rule end the run now?
//
// Optionally a loss keeps a value per row that it derives from r_i (CLG: exp(r_i)); the sweep then
// calls, instead of C_k_and_F_k(r_i, reach):
//   void begin_sweep(std::span<const double> r);            // rebuild it from r exactly
//   std::pair<double, double> C_k_and_F_k_row(int32_t i, double r_i, double reach);
//   void moved(int32_t i, double dr);                       // r_i just changed by dr
//
// Stopping (§3.1, optional): after iteration k, stop if sum_i |Dr_i| < 0.1% of 1 + sum_i |r_i|,
// Dr being the change of r over that iteration. Off by default: §4 runs fixed K = 100.
//
// x_ij enters only as x_ij y_i and x_ij^2 = (x_ij y_i)^2, so the sweep reads the columns of
// diag(y) X (signed_columns): one multiply fewer per nonzero and y never looked up by row.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/regularized_linear.h"
#include "core/sparse_matrix.h"
#include "solvers/fit_context.h"
#include "solvers/linear_model.h"
#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

struct ColumnRelaxationOptions {
  int64_t K = 100;
  double epsilon = 0.1;          // D_j = 2|Dw_j| + epsilon (§3.1: "can be set to 0.1")
  double initial_delta = 1;      // D_j before column j's first step (§3.1: "either 1 or infinity")
  bool stop_rule = false;        // the optional stopping rule above
  double stop_tolerance = 1e-3;  // "0.1 percent"
};

// The declarations of epsilon, initial_delta (trust_region: false for Algorithm 2, which has no
// step bound, so it does not declare them), stop_rule and stop_tolerance, defaults from the struct
// above; and their reading (K is the solver's, read_regularized_linear_settings).
std::vector<ParamDecl> column_relaxation_params(bool trust_region);
ColumnRelaxationOptions read_column_relaxation_options(ParamReader& r, int64_t K,
                                                       bool trust_region);

// Column j of the result holds x_ij y_i for the rows i where x_ij != 0.
CscMatrix signed_columns(const CsrMatrix& X, std::span<const double> y);

// One coordinate step, as an observer sees it (tests check the trust region and descent with it).
struct ColumnStep {
  int64_t k = 0;
  int32_t j = 0;
  double Delta_j = 0;         // the bound the step obeyed (infinity for an exact loss)
  double delta_v = 0;         // Dv_j
  double delta_w = 0;         // Dw_j
  std::span<const double> w;  // after the step
  std::span<const double> r;
};
using ColumnStepObserver = std::function<void(const ColumnStep&)>;

struct ColumnRelaxationResult {
  std::vector<double> w;  // one weight per column of Z
  std::vector<double> r;  // r_i = w^T x_i y_i
  int64_t iterations = 0;
  StopReason stop = StopReason::max_iterations;
  double objective = 0;        // (12) with the true loss f
  double relative_change = 0;  // sum |Dr_i| / (1 + sum |r_i|) of the last iteration
};

// Does the loss keep per-row state (the optional hooks above)?
template <class Loss>
constexpr bool kRowCache = requires(Loss& l, std::span<const double> r) {
  l.begin_sweep(r);
  l.moved(int32_t{0}, 0.0);
};

template <class Loss>
ColumnRelaxationResult run_column_relaxation(const CscMatrix& Z, double lambda, Loss& loss,
                                             const ColumnRelaxationOptions& o, FitContext& ctx,
                                             const ColumnStepObserver& observe = {}) {
  const int32_t n = Z.rows, d = Z.cols;
  const double lambda_n = lambda * n;
  ColumnRelaxationResult res;
  std::vector<double>& w = res.w;
  std::vector<double>& r = res.r;
  w.assign(d, 0.0);
  r.assign(n, 0.0);
  std::vector<double> Delta(d, Loss::exact ? INFINITY : o.initial_delta);
  std::vector<double> r_prev(n);
  auto objective = [&] {
    return regularized_objective(r, w, lambda, [&](double ri) { return loss.f(ri); });
  };
  auto objective_k = [&] {
    return regularized_objective(r, w, lambda, [&](double ri) { return loss.f_k(ri); });
  };
  ctx.record(0, [&] { return std::map<std::string, double>{{"objective", objective()}}; });

  for (int64_t k = 1; k <= o.K; ++k) {
    loss.begin_iteration(k, o.K);
    if constexpr (kRowCache<Loss>) loss.begin_sweep(r);
    r_prev = r;
    for (int32_t j = 0; j < d; ++j) {
      const auto rows = Z.col_indices(j);
      const auto z = Z.col_values(j);  // z = x_ij y_i
      double gradient = 2 * lambda_n * w[j], curvature = 2 * lambda_n;
      for (size_t t = 0; t < rows.size(); ++t) {
        const double ri = r[rows[t]];
        const double reach = Delta[j] * std::fabs(z[t]);
        const auto [C, F] = [&] {
          if constexpr (kRowCache<Loss>)
            return loss.C_k_and_F_k_row(rows[t], ri, reach);
          else
            return loss.C_k_and_F_k(ri, reach);
        }();
        gradient += C * z[t];
        curvature += F * z[t] * z[t];
      }
      const double delta_v = -gradient / curvature;
      const double delta_w = Loss::exact ? delta_v : std::clamp(delta_v, -Delta[j], Delta[j]);
      for (size_t t = 0; t < rows.size(); ++t) {
        r[rows[t]] += delta_w * z[t];
        if constexpr (kRowCache<Loss>) loss.moved(rows[t], delta_w * z[t]);
      }
      w[j] += delta_w;
      if (observe) observe({k, j, Delta[j], delta_v, delta_w, w, r});
      if (!Loss::exact) Delta[j] = 2 * std::fabs(delta_w) + o.epsilon;
    }
    double change = 0, size = 1;
    for (int32_t i = 0; i < n; ++i) {
      change += std::fabs(r[i] - r_prev[i]);
      size += std::fabs(r[i]);
    }
    res.relative_change = change / size;
    res.iterations = k;
    const bool stop = o.stop_rule && loss.stop_allowed() && res.relative_change < o.stop_tolerance;
    ctx.record(
        k,
        [&] {
          std::map<std::string, double> v{{"objective", objective()},
                                          {"relative_change", res.relative_change}};
          if constexpr (Loss::continuation) {
            v["objective_k"] = objective_k();
            v["c_k"] = loss.c_k;
          }
          return v;
        },
        stop || k == o.K);
    if (k % 10 == 0 || stop || k == o.K)
      ctx.report("iteration {}/{}: relative change of r {:.3g}", k, o.K, res.relative_change);
    if (stop) {
      res.stop = StopReason::converged;
      break;
    }
  }
  res.objective = objective();
  return res;
}

// The BinaryFit of a finished run over X with the constant feature A appended (d = X.cols).
BinaryFit column_relaxation_fit(const ColumnRelaxationResult& res, int32_t d, double A,
                                double lambda, const ColumnRelaxationOptions& o);

// What each registered column solver does: append A, build diag(y) X by columns, run, package.
template <class Loss>
BinaryFit fit_column_relaxation(const std::string& name, const BinaryProblem& p,
                                const RegularizedLinearSettings& s, ColumnRelaxationOptions o,
                                Loss loss, FitContext& ctx) {
  o.K = s.K;  // (the registry has checked the labels)
  CsrMatrix storage;
  const CscMatrix Z = signed_columns(with_constant_feature(p.X, s.A, storage), p.y);
  ctx.report("{}: {} rows, {} columns, lambda {:.3g}, K {}", name, Z.rows, Z.cols, s.lambda, o.K);
  const ColumnRelaxationResult res = run_column_relaxation(Z, s.lambda, loss, o, ctx);
  BinaryFit fit = column_relaxation_fit(res, p.X.cols, s.A, s.lambda, o);
  if (Loss::exact) fit.extra.erase("epsilon");
  return fit;
}

}  // namespace linrepro
