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
        w_(X.cols, 0.0),
        K_diag_(n_),
        scatter_cost_(n_),
        active_nnz_(X.nnz()),
        cache_(n_, opt.cache_mb),
        dense_(X.cols, 0.0),
        K_i_(n_),
        K_j_(n_) {
    for (int32_t t = 0; t < n_; ++t) {
      K_diag_[t] = X.row_squared_norm(t);
      int64_t cost = 0;
      for (int32_t j : X.row_indices(t)) cost += X_col_.col_ptr[j + 1] - X_col_.col_ptr[j];
      scatter_cost_[t] = cost;
    }
    reset_rows(std::vector<double>(y.begin(), y.end()));  // a = 0: G = Q0 - e = -1, v = -y G = y
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
                      select_working_set().violation, opt_.eps, active_rows(), n_);
        }
      }
      WorkingSet B = select_working_set();
      if (B.j < 0) {  // optimal on the active rows: check all rows before stopping (LIBSVM)
        if (active_rows() == n_) {
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
      update_pair(B);
      trace(iter, false);
    }
    if (active_rows() < n_) reactivate_all();
    return finish(iter, stop);
  }

 private:
  // The working pair as active positions (below): rows row_[i] and row_[j].
  struct WorkingSet {
    int32_t i = -1, j = -1;  // positions; j < 0: m(a) - M(a) <= eps on the active rows
    double violation = 0;    // m(a) - M(a) on the active rows
  };

  // The state of the active rows is kept in active order: position p < active_rows() holds row
  // row_[p], the rows in increasing order (so every loop visits them in the order of the rows, and
  // ties fall as they would over the rows themselves), with its v_t = -y_t G_t, its I_up / I_low
  // membership and its K_tt. Shrinking compacts these arrays, keeping that order; bringing the rows
  // back restores position = row. Everything else (a, y, w, the kernel columns) is by row.
  int32_t active_rows() const { return static_cast<int32_t>(row_.size()); }

  // I_up and I_low membership of row t (a_t changes two rows per iteration; the loops read one byte
  // instead of y_t, a_t and C).
  static constexpr uint8_t kUp = 1, kLow = 2;
  uint8_t sets_of(int32_t t) const {
    const bool up = y_[t] > 0 ? alpha_[t] < C_ : alpha_[t] > 0;
    const bool low = y_[t] > 0 ? alpha_[t] > 0 : alpha_[t] < C_;
    return static_cast<uint8_t>((up ? kUp : 0) | (low ? kLow : 0));
  }
  bool in_up(int32_t p) const { return sets_[p] & kUp; }
  bool in_low(int32_t p) const { return sets_[p] & kLow; }

  // Every row active, at position = row, with these v_t.
  void reset_rows(std::vector<double> v) {
    v_ = std::move(v);
    row_.resize(n_);
    std::iota(row_.begin(), row_.end(), 0);
    K_tt_ = K_diag_;
    sets_.resize(n_);
    for (int32_t t = 0; t < n_; ++t) sets_[t] = sets_of(t);
    active_nnz_ = X_.nnz();
  }

  // Fan, Chen & Lin (2005) WSS 2, over the active rows.
  WorkingSet select_working_set() {
    WorkingSet B;
    const int32_t l = active_rows();
    double m = -kInf;  // m(a) = max_{t in I_up} v_t
    for (int32_t p = 0; p < l; ++p) {
      if (in_up(p) && v_[p] >= m) {
        m = v_[p];
        B.i = p;
      }
    }
    double M = kInf;  // M(a) = min_{t in I_low} v_t
    double best = kInf;
    const double* K_i = B.i >= 0 ? active_column(row_[B.i], K_i_) : nullptr;
    const double K_ii = B.i >= 0 ? K_tt_[B.i] : 0;
    for (int32_t p = 0; p < l; ++p) {
      if (!in_low(p)) continue;
      const double v = v_[p];
      M = std::min(M, v);
      const double b = m - v;  // b_it = -y_i G_i + y_t G_t
      if (b > 0) {
        double a = K_ii + K_tt_[p] - 2 * K_i[p];  // a_it
        if (a <= 0) a = kTau;
        if (-b * b / a <= best) {
          best = -b * b / a;
          B.j = p;
        }
      }
    }
    B.violation = m - M;
    if (B.violation <= opt_.eps) B.j = -1;
    return B;
  }

  // Minimises the dual over (a_i, a_j) along d_i = y_i, d_j = -y_j, which keeps y'a fixed.
  // select_working_set has just left column i in K_i_.
  void update_pair(const WorkingSet& B) {
    const int32_t i = row_[B.i], j = row_[B.j];
    const double* K_i = kernel_column(i);
    double a = K_diag_[i] + K_diag_[j] - 2 * K_i[j];
    if (a <= 0) a = kTau;
    const double b = v_[B.i] - v_[B.j];                            // -y_i G_i + y_j G_j
    const double room_i = y_[i] > 0 ? C_ - alpha_[i] : alpha_[i];  // how far a_i may move along y_i
    const double room_j = y_[j] > 0 ? alpha_[j] : C_ - alpha_[j];  // and a_j along -y_j
    const double step = std::min({b / a, room_i, room_j});
    const double old_i = alpha_[i], old_j = alpha_[j];
    // A variable that hits its bound is set to it exactly, so bound tests stay exact.
    alpha_[i] = step == room_i ? (y_[i] > 0 ? C_ : 0.0) : std::clamp(old_i + y_[i] * step, 0.0, C_);
    alpha_[j] = step == room_j ? (y_[j] > 0 ? 0.0 : C_) : std::clamp(old_j - y_[j] * step, 0.0, C_);
    sets_[B.i] = sets_of(i);
    sets_[B.j] = sets_of(j);
    const double ci = y_[i] * (alpha_[i] - old_i), cj = y_[j] * (alpha_[j] - old_j);
    // w += sum of changes a y x;  G_t = y_t w.x_t - 1 changes by y_t (ci K_ti + cj K_tj), so
    // v_t = -y_t G_t by -(ci K_ti + cj K_tj) (y_t = +-1: the same rounding as G_t's update).
    X_.add_row_to(i, ci, w_);
    X_.add_row_to(j, cj, w_);
    // Column j next (the cache keeps K_i: it is the most recently used); column i at the active
    // positions is the cached one or what select_working_set gathered.
    const double* Kj = active_column(j, K_j_);
    const double* Ki = active_rows() == n_ ? K_i : K_i_.data();
    const int32_t l = active_rows();
    for (int32_t p = 0; p < l; ++p) v_[p] -= ci * Ki[p] + cj * Kj[p];
  }

  // Column i of K at the active positions: the cached column itself while every row is active
  // (position = row), else its active rows gathered into `buffer`.
  const double* active_column(int32_t i, std::vector<double>& buffer) {
    const double* K = kernel_column(i);
    const int32_t l = active_rows();
    if (l == n_) return K;
    for (int32_t p = 0; p < l; ++p) buffer[p] = K[row_[p]];
    return buffer.data();
  }

  // K(t, i) = x_t.x_i for every active row t, by row.
  const double* kernel_column(int32_t i) {
    const auto column = cache_.get(i, epoch_);
    if (column.valid) return column.data;
    double* K = column.data;
    if (active_rows() == n_ || scatter_cost_[i] + n_ <= active_nnz_) {
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
      for (int32_t t : row_) K[t] = X_.row_dot(t, dense_);
      for (int32_t j : X_.row_indices(i)) dense_[j] = 0;
      cache_.store(i, false, epoch_);
    }
    return K;
  }

  // LIBSVM's shrinking heuristic in terms of v_t = -y_t G_t: a row only in I_up with v_t < M, or
  // only in I_low with v_t > m, cannot join a violating pair soon; it leaves the active set.
  void shrink() {
    double m = -kInf, M = kInf;
    const int32_t l = active_rows();
    for (int32_t p = 0; p < l; ++p) {
      if (in_up(p)) m = std::max(m, v_[p]);
      if (in_low(p)) M = std::min(M, v_[p]);
    }
    if (!unshrunk_ && m - M <= 10 * opt_.eps) {  // close to the end: recheck every row once
      unshrunk_ = true;
      reactivate_all();
    }
    // Keep the rows that stay, in order.
    int32_t kept = 0;
    active_nnz_ = 0;
    for (int32_t p = 0; p < active_rows(); ++p) {
      const bool up = in_up(p), low = in_low(p);
      if (!(up && low) && (up ? v_[p] < M : v_[p] > m)) continue;  // bounded, staying so
      row_[kept] = row_[p];
      v_[kept] = v_[p];
      sets_[kept] = sets_[p];
      K_tt_[kept] = K_tt_[p];
      ++kept;
      active_nnz_ += X_.row_ptr[row_[p] + 1] - X_.row_ptr[row_[p]];
    }
    row_.resize(kept);
  }

  // All rows active again; the gradients of those that were not come from the explicit w.
  void reactivate_all() {
    std::vector<double> v(n_, kInf);
    for (int32_t p = 0; p < active_rows(); ++p) v[row_[p]] = v_[p];
    std::vector<char> is_active(n_, 0);
    for (int32_t t : row_) is_active[t] = 1;
    for (int32_t t = 0; t < n_; ++t)
      if (!is_active[t]) v[t] = -y_[t] * (y_[t] * X_.row_dot(t, w_) - 1);
    reset_rows(std::move(v));
    ++epoch_;  // partial kernel columns no longer cover the active rows
  }

  // rho = mean of y_t G_t over free a_t; with none, the midpoint of [lb, ub] (LIBSVM).
  double rho() const {
    double ub = kInf, lb = -kInf, sum_free = 0;
    int64_t free = 0;
    for (int32_t p = 0; p < active_rows(); ++p) {
      const double yG = -v_[p];
      const bool up = in_up(p), low = in_low(p);
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
    std::vector<double> v(n_);
    for (int32_t t = 0; t < n_; ++t) v[t] = -y_[t] * (y_[t] * X_.row_dot(t, w_) - 1);
    reset_rows(std::move(v));
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
  std::vector<double> alpha_, w_, K_diag_;  // by row
  std::vector<int64_t> scatter_cost_;       // sum over j in x_t of nnz(column j), by row
  // By active position (above): the row, v_t = -y_t G_t (G_t = (Qa)_t - 1 = y_t w.x_t - 1: the
  // quantity every choice compares), kUp | kLow, K_tt.
  std::vector<int32_t> row_;
  std::vector<double> v_;
  std::vector<uint8_t> sets_;
  std::vector<double> K_tt_;
  int64_t active_nnz_;
  bool unshrunk_ = false;
  int64_t epoch_ = 0;
  KernelColumnCache cache_;
  std::vector<double> dense_;      // scratch: one row scattered over the columns
  std::vector<double> K_i_, K_j_;  // scratch: the working columns at the active positions
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
