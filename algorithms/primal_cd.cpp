#include "algorithms/primal_cd.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/column_relaxation.h"
#include "algorithms/regularized_linear.h"
#include "algorithms/sweep_stopping.h"
#include "core/seed.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

constexpr double kSigma = 0.01;  // sufficient decrease (Chang, Hsieh & Lin 2008, §3)
constexpr double kBeta = 0.5;    // step halving
constexpr int kMaxHalvings = 30;

// Each loss gives f and, per row, f', f'' and f(r + s) - f(r); sup_f2 bounds f''.
// curvature_bound(Q, S, a) bounds sum_i f''(r_i + u_i) z_ij^2 over every |u_i| <= a |z_ij| /
// max|z_j| (a step moving each row by at most a), given Q = sum_i f''(r_i) z_ij^2 and S = sum_i
// z_ij^2.
struct LeastSquares {
  static constexpr double sup_f2 = 2;
  static double f(double r) { return (1 - r) * (1 - r); }
  static double curvature_bound(double Q, double, double) { return Q; }  // f'' is constant
  void begin_sweep(const std::vector<double>&) {}
  std::pair<double, double> f1_f2(int32_t, double r) const { return {2 * (r - 1), 2.0}; }
  double delta_f(int32_t, double r, double s) const { return s * (2 * (r - 1) + s); }
  void moved(int32_t, double, double) {}
};

struct SquaredHinge {
  static constexpr double sup_f2 = 2;
  static double f(double r) { return r < 1 ? (1 - r) * (1 - r) : 0.0; }
  // A row past the kink may come back under it: only the global bound holds (eq. 14).
  static double curvature_bound(double, double S, double) { return sup_f2 * S; }
  void begin_sweep(const std::vector<double>&) {}
  std::pair<double, double> f1_f2(int32_t, double r) const {
    return r < 1 ? std::pair{2 * (r - 1), 2.0} : std::pair{0.0, 0.0};
  }
  double delta_f(int32_t, double r, double s) const { return f(r + s) - f(r); }
  void moved(int32_t, double, double) {}
};

struct Logistic {
  static constexpr double sup_f2 = 0.25;
  static constexpr double kLow = 1e-200, kHigh = 1e200;  // where E = exp(r) is trusted
  std::vector<double> E;                                 // exp(r_i)
  // The last step's factors e^s and e^-s: with 0/1 features a column moves every row by +-s.
  double s_ = 0, exp_s_ = 1, exp_minus_s_ = 1;

  static double f(double r) {
    return r > 0 ? std::log1p(std::exp(-r)) : -r + std::log1p(std::exp(r));
  }
  // f'' = sigma (1 - sigma) has |(ln f'')'| = |1 - 2 sigma| <= 1, so f''(r + u) <= f''(r) e^|u|
  // (the bound CLG's F_k uses, algorithms/clg.h): the Newton step is usually accepted without
  // evaluating the line search's logarithms; 1/4 is the global cap.
  static double curvature_bound(double Q, double S, double a) {
    return std::min(sup_f2 * S, Q * std::exp(a));
  }
  static bool trusted(double e) { return e > kLow && e < kHigh; }
  double exp_of(double s) {
    if (s == s_) return exp_s_;
    if (s == -s_) return exp_minus_s_;
    s_ = s;
    exp_s_ = std::exp(s);
    exp_minus_s_ = std::exp(-s);
    return exp_s_;
  }
  void begin_sweep(const std::vector<double>& r) {
    E.resize(r.size());
    for (size_t i = 0; i < r.size(); ++i) E[i] = std::exp(r[i]);
  }
  std::pair<double, double> f1_f2(int32_t i, double r) const {
    const double e = trusted(E[i]) ? E[i] : std::exp(r);
    if (!std::isfinite(e) || e == 0) return {e == 0 ? -1.0 : 0.0, 0.0};
    const double inv = 1 / (1 + e);  // f' = -1/(1 + e), f'' = e/(1 + e)^2
    return {-inv, e * inv * inv};
  }
  double delta_f(int32_t i, double r, double s) {
    const double e = E[i];
    if (!trusted(e)) return f(r + s) - f(r);
    return std::log((1 + e * exp_of(s)) / (1 + e)) - s;
  }
  void moved(int32_t i, double r_new, double s) {
    const double e = E[i] * exp_of(s);
    E[i] = trusted(e) ? e : std::exp(r_new);
  }
};

struct PrimalCdOptions {
  double eps = kSweepStopEps;
  int64_t max_sweeps = kMaxSweeps;
  bool random_order = true;
  uint64_t seed = 0;
};

template <class F>
BinaryFit run_primal_cd(const std::string& name, const BinaryProblem& p, double lambda, double A,
                        const PrimalCdOptions& o, F loss, FitContext& ctx) {
  CsrMatrix storage;
  const CscMatrix Z = signed_columns(with_constant_feature(p.X, A, storage), p.y);
  const int32_t n = Z.rows, d = Z.cols;
  const double two_lambda_n = 2 * lambda * n;
  ctx.report("{}: {} rows, {} columns, lambda {:.3g}", name, n, d, lambda);

  // S_j = sum_i z_ij^2 and max_i |z_ij|, for the curvature bounds.
  std::vector<double> w(d, 0.0), r(n, 0.0), S(d, 0.0), z_max(d, 0.0);
  for (int32_t j = 0; j < d; ++j)
    for (double z : Z.col_values(j)) {
      S[j] += z * z;
      z_max[j] = std::max(z_max[j], std::fabs(z));
    }
  std::vector<int32_t> order(d);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(o.seed);
  auto objective = [&] { return regularized_objective(r, w, lambda, F::f); };
  ctx.record(0, [&] { return std::map<std::string, double>{{"objective", objective()}}; });

  RelativeSweepStop stopping{o.eps, "max_gradient"};
  double max_gradient = 0;
  int64_t evaluations = 0;
  for (int64_t k = 1; k <= o.max_sweeps; ++k) {
    if (o.random_order) std::shuffle(order.begin(), order.end(), rng);
    loss.begin_sweep(r);
    max_gradient = 0;
    for (const int32_t j : order) {
      const auto rows = Z.col_indices(j);
      const auto z = Z.col_values(j);
      double D1 = two_lambda_n * w[j], Q = 0;
      for (size_t t = 0; t < rows.size(); ++t) {
        const auto [f1, f2] = loss.f1_f2(rows[t], r[rows[t]]);
        D1 += f1 * z[t];
        Q += f2 * z[t] * z[t];
      }
      const double D2 = Q + two_lambda_n;
      max_gradient = std::max(max_gradient, std::fabs(D1));
      if (D1 == 0) continue;
      const double newton = -D1 / D2;
      double step = newton;
      for (int h = 0; h < kMaxHalvings; ++h, step *= kBeta) {
        // The bound first (no pass over the column), then D_j(step) - D_j(0) itself.
        const double H = F::curvature_bound(Q, S[j], std::fabs(step) * z_max[j]) + two_lambda_n;
        if (step * D1 + step * step * H / 2 <= -kSigma * step * step) break;
        ++evaluations;
        double change = two_lambda_n * step * (w[j] + step / 2);  // lambda n ((w+s)^2 - w^2)
        for (size_t t = 0; t < rows.size(); ++t)
          change += loss.delta_f(rows[t], r[rows[t]], step * z[t]);
        if (change <= -kSigma * step * step) break;
        if (h + 1 == kMaxHalvings) step = 0;  // no decrease found: leave w_j
      }
      if (step == 0) continue;
      for (size_t t = 0; t < rows.size(); ++t) {
        const double s = step * z[t];
        r[rows[t]] += s;
        loss.moved(rows[t], r[rows[t]], s);
      }
      w[j] += step;
    }
    if (stopping.after_sweep(k, o.max_sweeps, max_gradient, objective, ctx)) break;
  }
  BinaryFit fit = stopping.fit(std::move(w), p.X.cols, A, objective());
  fit.extra = {{"lambda", lambda},
               {"constant_feature", A},
               {"eps", o.eps},
               {"order", o.random_order ? "random" : "cyclic"},
               {"max_gradient", max_gradient},
               {"line_search_evaluations", evaluations}};
  return fit;
}

std::vector<ParamDecl> primal_cd_params() {
  std::vector<ParamDecl> decls = sweep_solver_params(1e-3, "max_j |D_j'|", "columns");
  decls.push_back(choice_param("order", "random", {"random", "cyclic"},
                               "a new random column order every sweep, or 1..d"));
  return decls;
}

template <class F>
BinaryFit fit_primal_cd(const std::string& name, const BinaryProblem& p, const Params& params,
                        FitContext& ctx) {
  ParamReader r(params, name, primal_cd_params());
  const double lambda = resolve_lambda(r, p.X.rows);
  const double A = r.number("constant_feature");
  PrimalCdOptions o;
  o.eps = r.number("eps");
  o.max_sweeps = r.integer("max_sweeps");
  o.random_order = r.text("order") == "random";
  o.seed = derive_seed(ctx.seed, "column order");
  r.finish();
  return run_primal_cd(name, p, lambda, A, o, F{}, ctx);
}

SolverInfo primal_cd_info(std::string name, Loss loss, std::string loss_text, BinaryFitFn fit) {
  SolverInfo info;
  info.name = std::move(name);
  info.description =
      "Primal coordinate descent, 1-D Newton step with line search, random column "
      "order (accelerated; not a paper's method)";
  info.source = "Chang, Hsieh & Lin 2008 (JMLR 9) Algorithm 3, on Zhang & Oles 2001 eq. (12)";
  info.kind = {.loss = loss,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective = "(1/n) sum " + loss_text +
                            " + lambda ||w||^2, the bias feature's weight included"};
  info.params = primal_cd_params();
  info.fit_binary = std::move(fit);
  return info;
}

}  // namespace

SolverInfo cd_least_squares_solver_info() {
  return primal_cd_info("cd-least-squares", Loss::least_squares, "(1 - y f(x))^2",
                        [](const BinaryProblem& p, const Params& q, FitContext& c) {
                          return fit_primal_cd<LeastSquares>("cd-least-squares", p, q, c);
                        });
}

SolverInfo cd_squared_hinge_solver_info() {
  return primal_cd_info("cd-squared-hinge", Loss::squared_hinge, "max(0, 1 - y f(x))^2",
                        [](const BinaryProblem& p, const Params& q, FitContext& c) {
                          return fit_primal_cd<SquaredHinge>("cd-squared-hinge", p, q, c);
                        });
}

SolverInfo cd_logistic_solver_info() {
  return primal_cd_info("cd-logistic", Loss::logistic, "log(1 + exp(-y f(x)))",
                        [](const BinaryProblem& p, const Params& q, FitContext& c) {
                          return fit_primal_cd<Logistic>("cd-logistic", p, q, c);
                        });
}

}  // namespace linrepro
