#pragma once
// CLG, Zhang & Oles 2001 Algorithm 4 ("Logistic Reg" in §4): regularised logistic regression (6),
//
//     min_w (1/n) sum_i ln(1 + exp(-w^T x_i y_i)) + lambda w^T w,
//
// with the constant feature A appended and regularised (algorithms/regularized_linear.h). This is
// LIBLINEAR's -s 0 (and -s 7) with C = 1/(2 lambda n) and -B A.
//
// Solved by the column relaxation (algorithms/column_relaxation.h) with
//     C_k(r) = f'(r) = -1 / (exp(r) + 1)
//     F_k(r, y) = min(0.25, e^|y| / (2 + e^r + e^-r))
// (f''(r) = 1 / (2 + e^r + e^-r) <= 1/4, and moving r by at most |y| raises it by at most e^|y|),
// and the trust region D_j = 2|Dw_j| + epsilon, evaluated in forms that cannot overflow.
//
// Parameters: lambda (default 1e-4, Table 1) or C; K (100); epsilon (0.1); initial_delta (1);
// constant_feature (1); stop_rule, stop_tolerance.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "solvers/solver.h"

namespace linrepro {

// The loss policy of Algorithm 4 for the column relaxation.
struct LogisticLoss {
  static constexpr bool exact = false;
  static constexpr bool continuation = false;
  double c_k = 0;  // unused (no continuation)
  void begin_iteration(int64_t, int64_t) {}
  double f(double r) const {
    return r > 0 ? std::log1p(std::exp(-r)) : -r + std::log1p(std::exp(r));
  }
  double f_k(double r) const { return f(r); }
  double C_k(double r) const { return C_k_and_F_k(r, 0).first; }
  double F_k(double r, double reach) const { return C_k_and_F_k(r, reach).second; }
  // With e = exp(-|r|) (never overflows): f'(r) = -e/(1+e) for r >= 0, -1/(1+e) for r < 0, and
  // f''(r) = e/(1+e)^2. e^reach is cached: with 0/1 features the reach D_j |x_ij| is the same for
  // a whole column, so the sweep pays one exponential per nonzero instead of four. A reach past
  // 700 (e^reach overflows) takes the cap 1/4 = sup f'', always a valid bound.
  std::pair<double, double> C_k_and_F_k(double r, double reach) const {
    const double e = std::exp(-std::fabs(r));
    const double C = r >= 0 ? -e / (1 + e) : -1 / (1 + e);
    const double b = exp_of_reach(reach);
    const double F = std::isinf(b) ? 0.25 : std::min(0.25, b * e / ((1 + e) * (1 + e)));
    return {C, F};
  }
  bool stop_allowed() const { return true; }

 protected:
  // e^reach, cached for the run of equal reaches a column gives; infinity past 700.
  double exp_of_reach(double reach) const {
    if (reach != cached_reach_) {
      cached_reach_ = reach;
      exp_reach_ = reach > 700 ? INFINITY : std::exp(reach);
    }
    return exp_reach_;
  }

 private:
  mutable double cached_reach_ = 0, exp_reach_ = 1;  // one policy object per run, one thread
};

// The same loss, with exp(r_i) kept per row instead of evaluated per nonzero: a step changes r_i by
// Dw_j x_ij y_i, so exp(r_i) is multiplied by exp(Dw_j x_ij y_i), and with 0/1 features that
// factor is one of exp(+-Dw_j) for the whole column: two exponentials per column instead of one per
// nonzero. Rebuilt exactly from r at every sweep (so multiplicative round-off spans one sweep: a
// few ulp); where |r_i| >= 600 the per-nonzero form is used and the row's exp(r_i) is rebuilt
// exactly when |r_i| comes back (products could not recover it from overflow or underflow). What
// fit_clg runs; tests check it against LogisticLoss step for step.
struct LogisticLossRowExp : LogisticLoss {
  void begin_sweep(std::span<const double> r) {
    E_.resize(r.size());
    for (size_t i = 0; i < r.size(); ++i) E_[i] = std::exp(r[i]);
  }
  // In E = exp(r): f'(r) = -1/(1+E), f''(r) = E/(1+E)^2, one division, and no overflow while
  // |r| < kExactBeyond (E/(1+E)^2 ~ 1/E for large E, ~E for small).
  std::pair<double, double> C_k_and_F_k_row(int32_t i, double r, double reach) {
    double& E = E_[i];
    if (!(std::fabs(r) < kExactBeyond)) {  // exp(r) may leave the range: this row is rebuilt
      E = NAN;                             // exactly (below) once |r| is back under the bound
      return C_k_and_F_k(r, reach);
    }
    if (std::isnan(E)) E = std::exp(r);
    const double inv = 1 / (1 + E);
    const double b = exp_of_reach(reach);
    return {-inv, std::isinf(b) ? 0.25 : std::min(0.25, b * E * inv * inv)};
  }
  void moved(int32_t i, double dr) {
    if (dr == step_) {
      E_[i] *= exp_step_;
    } else if (dr == -step_) {
      E_[i] *= exp_minus_step_;
    } else {
      step_ = dr;
      exp_step_ = std::exp(dr);
      exp_minus_step_ = std::exp(-dr);
      E_[i] *= exp_step_;
    }
  }

 private:
  static constexpr double kExactBeyond = 600;  // exp(+-600) stays normal, with room for products
  std::vector<double> E_;                      // exp(r_i)
  double step_ = 0, exp_step_ = 1, exp_minus_step_ = 1;
};

BinaryFit fit_clg(const BinaryProblem& p, const Params& params, FitContext& ctx);
SolverInfo clg_solver_info();

}  // namespace linrepro
