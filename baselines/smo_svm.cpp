#include "baselines/smo_svm.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <string>

#include "baselines/kernel_column_cache.h"
#include "core/error.h"
#include "solvers/binary_labels.h"
#include "solvers/params.h"
#include "solvers/regularization.h"
#include "solvers/svm_objective.h"

namespace linrepro {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTau = 1e-12;  // replaces a_ij <= 0 (LIBSVM's TAU; Fan et al. 2005, Sec. 4)
constexpr double kSmoDefaultLambda = 1e-3;  // Zhang et al. 2003 use lambda = 0.001 throughout

class Smo {
 public:
  Smo(const CsrMatrix& X, std::span<const double> y, const SmoOptions& opt, FitContext& ctx)
      : X_(X),
        y_(y),
        opt_(opt),
        ctx_(ctx),
        n_(X.rows),
        C_(opt.C),
        X_col_(CscMatrix::from_csr(X)),
        alpha_(n_, 0.0),
        G_(n_, -1.0),  // a = 0: G = Q0 - e
        w_(X.cols, 0.0),
        K_diag_(n_),
        sets_(n_),
        scatter_cost_(n_),
        active_(n_),
        active_nnz_(X.nnz()),
        cache_(n_, opt.cache_mb),
        dense_(X.cols, 0.0) {
    for (int32_t t = 0; t < n_; ++t) {
      K_diag_[t] = X.row_squared_norm(t);
      classify(t);
      int64_t cost = 0;
      for (int32_t j : X.row_indices(t)) cost += X_col_.col_ptr[j + 1] - X_col_.col_ptr[j];
      scatter_cost_[t] = cost;
    }
    std::iota(active_.begin(), active_.end(), 0);
  }

  SmoResult run() {
    const int64_t max_iter =
        opt_.max_iter > 0 ? opt_.max_iter : std::max<int64_t>(10'000'000, 100 * int64_t{n_});
    int64_t counter = std::min(n_, 1000) + 1;  // shrink every min(n, 1000) iterations (LIBSVM)
    int64_t iter = 0;
    StopReason stop = StopReason::max_iterations;
    double last_report = 0;
    trace(iter, true);
    while (iter < max_iter) {
      if (--counter == 0) {
        counter = std::min(n_, 1000);
        if (opt_.shrinking) shrink();
        if (ctx_.progress && ctx_.clock.seconds() - last_report >= 2) {
          last_report = ctx_.clock.seconds();
          ctx_.report("smo: iteration {}, m-M = {:.3g} (eps {}), {} of {} rows active", iter,
                      select_working_set().violation, opt_.eps, active_.size(), n_);
        }
      }
      WorkingSet B = select_working_set();
      if (B.j < 0) {  // optimal on the active rows: check all rows before stopping (LIBSVM)
        if (static_cast<int32_t>(active_.size()) == n_) {
          stop = StopReason::converged;
          break;
        }
        reactivate_all();
        B = select_working_set();
        if (B.j < 0) {
          stop = StopReason::converged;
          break;
        }
        counter = 1;  // shrink again at once
      }
      ++iter;
      update_pair(B.i, B.j);
      trace(iter, false);
    }
    if (static_cast<int32_t>(active_.size()) < n_) reactivate_all();
    return finish(iter, stop);
  }

 private:
  struct WorkingSet {
    int32_t i = -1, j = -1;  // j < 0: m(a) - M(a) <= eps on the active rows
    double violation = 0;    // m(a) - M(a) on the active rows
  };

  // I_up and I_low membership, kept per row (a_t changes two rows per iteration; the loops over
  // the active rows read one byte instead of y_t, a_t and C).
  static constexpr uint8_t kUp = 1, kLow = 2;
  void classify(int32_t t) {
    const bool up = y_[t] > 0 ? alpha_[t] < C_ : alpha_[t] > 0;
    const bool low = y_[t] > 0 ? alpha_[t] > 0 : alpha_[t] < C_;
    sets_[t] = static_cast<uint8_t>((up ? kUp : 0) | (low ? kLow : 0));
  }
  bool in_up(int32_t t) const { return sets_[t] & kUp; }
  bool in_low(int32_t t) const { return sets_[t] & kLow; }

  // f(t) for every active row t, in increasing t (the ties of the working-set choice depend on
  // it); a plain loop while no row is shrunk, which the compiler can keep in registers.
  template <class F>
  void for_active(F&& f) const {
    if (static_cast<int32_t>(active_.size()) == n_) {
      for (int32_t t = 0; t < n_; ++t) f(t);
    } else {
      for (int32_t t : active_) f(t);
    }
  }

  // Fan, Chen & Lin (2005) WSS 2, over the active rows.
  WorkingSet select_working_set() {
    WorkingSet B;
    double m = -kInf;  // m(a) = max_{t in I_up} -y_t G_t
    for_active([&](int32_t t) {
      if (in_up(t) && -y_[t] * G_[t] >= m) {
        m = -y_[t] * G_[t];
        B.i = t;
      }
    });
    double M = kInf;  // M(a) = min_{t in I_low} -y_t G_t
    double best = kInf;
    const double* K_i = B.i >= 0 ? kernel_column(B.i) : nullptr;
    for_active([&](int32_t t) {
      if (!in_low(t)) return;
      const double v = -y_[t] * G_[t];
      M = std::min(M, v);
      const double b = m - v;  // b_it = -y_i G_i + y_t G_t
      if (b > 0) {
        double a = K_diag_[B.i] + K_diag_[t] - 2 * K_i[t];  // a_it
        if (a <= 0) a = kTau;
        if (-b * b / a <= best) {
          best = -b * b / a;
          B.j = t;
        }
      }
    });
    B.violation = m - M;
    if (B.violation <= opt_.eps) B.j = -1;
    return B;
  }

  // Minimises the dual over (a_i, a_j) along d_i = y_i, d_j = -y_j, which keeps y'a fixed.
  void update_pair(int32_t i, int32_t j) {
    const double* K_i = kernel_column(i);
    const double* K_j = kernel_column(j);  // cache keeps K_i: it is the most recently used
    double a = K_diag_[i] + K_diag_[j] - 2 * K_i[j];
    if (a <= 0) a = kTau;
    const double b = -y_[i] * G_[i] + y_[j] * G_[j];
    const double room_i = y_[i] > 0 ? C_ - alpha_[i] : alpha_[i];  // how far a_i may move along y_i
    const double room_j = y_[j] > 0 ? alpha_[j] : C_ - alpha_[j];  // and a_j along -y_j
    const double step = std::min({b / a, room_i, room_j});
    const double old_i = alpha_[i], old_j = alpha_[j];
    // A variable that hits its bound is set to it exactly, so bound tests stay exact.
    alpha_[i] = step == room_i ? (y_[i] > 0 ? C_ : 0.0) : std::clamp(old_i + y_[i] * step, 0.0, C_);
    alpha_[j] = step == room_j ? (y_[j] > 0 ? 0.0 : C_) : std::clamp(old_j - y_[j] * step, 0.0, C_);
    classify(i);
    classify(j);
    const double ci = y_[i] * (alpha_[i] - old_i), cj = y_[j] * (alpha_[j] - old_j);
    // w += sum of changes a y x;  G_t = y_t w.x_t - 1 changes by y_t (ci K_ti + cj K_tj).
    X_.add_row_to(i, ci, w_);
    X_.add_row_to(j, cj, w_);
    for_active([&](int32_t t) { G_[t] += y_[t] * (ci * K_i[t] + cj * K_j[t]); });
  }

  // K(t, i) = x_t.x_i for every active row t.
  const double* kernel_column(int32_t i) {
    const auto column = cache_.get(i, epoch_);
    if (column.valid) return column.data;
    double* K = column.data;
    const bool all_active = static_cast<int32_t>(active_.size()) == n_;
    if (all_active || scatter_cost_[i] + n_ <= active_nnz_) {
      // Scatter x_i against the columns of X: touches only the rows sharing a feature with x_i.
      std::fill(K, K + n_, 0.0);
      const auto idx = X_.row_indices(i);
      const auto val = X_.row_values(i);
      for (size_t k = 0; k < idx.size(); ++k) {
        const auto rows = X_col_.col_indices(idx[k]);
        const auto vals = X_col_.col_values(idx[k]);
        for (size_t r = 0; r < rows.size(); ++r) K[rows[r]] += val[k] * vals[r];
      }
      cache_.store(i, true, epoch_);
    } else {
      // Few rows left active: dot products with those rows only.
      X_.add_row_to(i, 1.0, dense_);
      for (int32_t t : active_) K[t] = X_.row_dot(t, dense_);
      for (int32_t j : X_.row_indices(i)) dense_[j] = 0;
      cache_.store(i, false, epoch_);
    }
    return K;
  }

  // LIBSVM's shrinking heuristic in terms of v_t = -y_t G_t: a row only in I_up with v_t < M, or
  // only in I_low with v_t > m, cannot join a violating pair soon; it leaves the active set.
  void shrink() {
    double m = -kInf, M = kInf;
    for (int32_t t : active_) {
      const double v = -y_[t] * G_[t];
      if (in_up(t)) m = std::max(m, v);
      if (in_low(t)) M = std::min(M, v);
    }
    if (!unshrunk_ && m - M <= 10 * opt_.eps) {  // close to the end: recheck every row once
      unshrunk_ = true;
      reactivate_all();
    }
    std::erase_if(active_, [&](int32_t t) {
      const bool up = in_up(t), low = in_low(t);
      if (up && low) return false;  // free
      const double v = -y_[t] * G_[t];
      return up ? v < M : v > m;
    });
    active_nnz_ = 0;
    for (int32_t t : active_) active_nnz_ += X_.row_ptr[t + 1] - X_.row_ptr[t];
  }

  // All rows active again; their gradients come from the explicit w.
  void reactivate_all() {
    std::vector<char> is_active(n_, 0);
    for (int32_t t : active_) is_active[t] = 1;
    for (int32_t t = 0; t < n_; ++t)
      if (!is_active[t]) G_[t] = y_[t] * X_.row_dot(t, w_) - 1;
    active_.resize(n_);
    std::iota(active_.begin(), active_.end(), 0);
    active_nnz_ = X_.nnz();
    ++epoch_;  // partial kernel columns no longer cover the active rows
  }

  // rho = mean of y_t G_t over free a_t; with none, the midpoint of [lb, ub] (LIBSVM).
  double rho() const {
    double ub = kInf, lb = -kInf, sum_free = 0;
    int64_t free = 0;
    for (int32_t t : active_) {
      const double yG = y_[t] * G_[t];
      const bool up = in_up(t), low = in_low(t);
      if (up && low) {
        sum_free += yG;
        ++free;
      } else if (up) {  // y = +1 at 0 or y = -1 at C
        ub = std::min(ub, yG);
      } else {
        lb = std::max(lb, yG);
      }
    }
    if (free > 0) return sum_free / static_cast<double>(free);
    if (!std::isfinite(ub)) return lb;  // one class only: any rho beyond the bound is optimal
    if (!std::isfinite(lb)) return ub;
    return (ub + lb) / 2;
  }

  double dual_objective() const {
    return 0.5 * squared_norm(w_) - std::accumulate(alpha_.begin(), alpha_.end(), 0.0);
  }

  double lambda() const { return C_to_lambda(C_, n_); }

  void trace(int64_t iter, bool force) {
    ctx_.record(
        iter,
        [&] {
          const LinearModel model{w_, -rho()};
          return std::map<std::string, double>{
              {"O_svm", svm_primal_objective(X_, y_, model, lambda())}, {"dual", dual_objective()}};
        },
        force);
  }

  SmoResult finish(int64_t iter, StopReason stop) {
    // Recompute w and G exactly from a, so the result carries no accumulated rounding.
    std::fill(w_.begin(), w_.end(), 0.0);
    for (int32_t t = 0; t < n_; ++t)
      if (alpha_[t] > 0) X_.add_row_to(t, alpha_[t] * y_[t], w_);
    for (int32_t t = 0; t < n_; ++t) G_[t] = y_[t] * X_.row_dot(t, w_) - 1;
    SmoResult r;
    r.violation = select_working_set().violation;
    r.model = LinearModel{w_, -rho()};
    r.dual_objective = dual_objective();
    r.iterations = iter;
    r.stop = stop;
    for (double a : alpha_) {
      r.support_vectors += a > 0;
      r.bounded_support_vectors += a >= C_;
    }
    if (ctx_.trace.empty() || ctx_.trace.back().iteration != iter) trace(iter, true);
    r.alpha = std::move(alpha_);
    ctx_.report("smo: {} after {} iterations, m-M = {:.3g}, {} SV ({} at C)", to_string(stop), iter,
                r.violation, r.support_vectors, r.bounded_support_vectors);
    return r;
  }

  const CsrMatrix& X_;
  std::span<const double> y_;
  const SmoOptions& opt_;
  FitContext& ctx_;
  const int32_t n_;
  const double C_;
  const CscMatrix X_col_;
  std::vector<double> alpha_, G_, w_, K_diag_;
  std::vector<uint8_t> sets_;          // kUp | kLow of each row
  std::vector<int64_t> scatter_cost_;  // sum over j in x_t of nnz(column j)
  std::vector<int32_t> active_;
  int64_t active_nnz_;
  bool unshrunk_ = false;
  int64_t epoch_ = 0;
  KernelColumnCache cache_;
  std::vector<double> dense_;  // scratch: one row scattered over the columns
};

std::vector<ParamDecl> smo_params() {
  const SmoOptions o;
  return join_params({lambda_or_C_params(kSmoDefaultLambda, "regularisation, paper convention",
                                         "SVM convention; not together with lambda"),
                      {positive_param("eps", o.eps, "stop when m(a) - M(a) <= eps (LIBSVM's -e)"),
                       integer_param("max_iter", o.max_iter, 0,
                                     "two-variable updates at most; 0: max(1e7, 100 n)"),
                       boolean_param("shrinking", o.shrinking, "LIBSVM's shrinking heuristic"),
                       non_negative_param("cache_mb", o.cache_mb,
                                          "kernel column cache size (LIBSVM's -m); 0: none")}});
}

BinaryFit fit_smo(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "smo", smo_params());
  SmoOptions opt;
  opt.C = resolve_C(r, p.X.rows);
  opt.eps = r.number("eps");
  opt.max_iter = r.integer("max_iter");
  opt.shrinking = r.boolean("shrinking");
  opt.cache_mb = r.number("cache_mb");
  r.finish();
  SmoResult s = smo_solve(p.X, p.y, opt, ctx);
  BinaryFit fit;
  const double lambda = C_to_lambda(opt.C, p.X.rows);
  fit.objective = svm_primal_objective(p.X, p.y, s.model, lambda);
  fit.extra = {{"dual_objective", s.dual_objective},
               {"primal_C", svm_primal_objective_C(p.X, p.y, s.model, opt.C)},
               {"C", opt.C},
               {"lambda", lambda},
               {"eps", opt.eps},
               {"violation", s.violation},
               {"support_vectors", s.support_vectors},
               {"bounded_support_vectors", s.bounded_support_vectors}};
  fit.model = std::move(s.model);
  fit.stop = s.stop;
  fit.iterations = s.iterations;
  return fit;
}

}  // namespace

SmoResult smo_solve(const CsrMatrix& X, std::span<const double> y, const SmoOptions& options,
                    FitContext& ctx) {
  check_binary_problem(X, y, "smo");  // (callers may come without the registry)
  if (!(options.C > 0)) throw ConfigError(fmt::format("smo: C must be > 0, got {}", options.C));
  return Smo(X, y, options, ctx).run();
}

SolverInfo smo_solver_info() {
  return SolverInfo{
      .name = "smo",
      .description = "soft-margin linear SVM with intercept by SMO (second-order working sets)",
      .source = "Platt 1999 SMO; working sets: Fan, Chen & Lin 2005 (JMLR 6) WSS 2, as in LIBSVM",
      .kind = {.loss = Loss::hinge,
               .penalty = Penalty::l2,
               .intercept = Intercept::unregularized,
               .objective = "O_svm = (1/n) sum max(0, 1 - y f(x)) + lambda ||w||^2, b "
                            "unregularised, lambda = 1/(2Cn) (the SVM convention 1/2 ||w||^2 + C "
                            "sum hinge is extra.primal_C)"},
      .params = smo_params(),
      .fit_binary = fit_smo,
      .fit_multiclass = {}};
}

}  // namespace linrepro
