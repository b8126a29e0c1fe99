#pragma once
// SMO for the standard soft-margin linear SVM with an (unregularised) intercept: the SVMlight/SMO
// stand-in of every paper (registered as "smo").
//
// Primal, SVM convention:      min_{w,b}  (1/2)||w||^2 + C sum_i max(0, 1 - y_i (w.x_i + b))
// Primal, paper convention:    O_svm(w,b) = (1/n) sum_i max(0, 1 - y_i (w.x_i + b)) + lambda
// ||w||^2
//                              (Zhang et al. 2003); the same minimiser when C = 1/(2 lambda n).
// Dual (LIBSVM's form):        min_a  f(a) = (1/2) a'Qa - e'a   s.t.  0 <= a_i <= C,  y'a = 0,
//                              Q_ij = y_i y_j K_ij,  K_ij = x_i.x_j  (linear kernel),
//                              and w = sum_i a_i y_i x_i.
// Gradient:                    G_t = (Qa)_t - 1 = y_t (w.x_t) - 1.
// Index sets:                  I_up(a)  = {t | a_t < C, y_t = +1  or  a_t > 0, y_t = -1},
//                              I_low(a) = {t | a_t < C, y_t = -1  or  a_t > 0, y_t = +1},
//                              m(a) = max_{t in I_up} -y_t G_t,   M(a) = min_{t in I_low} -y_t G_t.
// a is optimal iff m(a) <= M(a) (the KKT conditions); we stop when m(a) - M(a) <= eps, LIBSVM's
// rule.
//
// Working-set selection: Fan, Chen & Lin (2005), "Working set selection using second order
// information for training support vector machines", JMLR 6:1889-1918, WSS 2 -- the rule LIBSVM
// implements:
//   i in argmax { -y_t G_t | t in I_up(a) },
//   j in argmin { -b_it^2 / a_it | t in I_low(a), -y_t G_t < -y_i G_i },
//   a_it = K_ii + K_tt - 2 K_it,  b_it = -y_i G_i + y_t G_t > 0;
// a_it <= 0 (for the linear kernel: only duplicate rows) is replaced by a small tau, the paper's
// safeguard for kernels that are not positive definite, as LIBSVM does.
// Step: moving along d (d_i = y_i, d_j = -y_j) keeps y'a fixed and changes f by -b t + a t^2 / 2,
// so t = b_ij / a_ij, clipped so that a_i and a_j stay in [0, C].
// Intercept: b = -rho, rho = mean of y_t G_t over free a_t (0 < a_t < C); with no free a_t, the
// midpoint of the interval the KKT conditions allow (LIBSVM's calculate_rho).
// Shrinking (optional, LIBSVM's heuristic, Chang & Lin 2011 Sec. 5.1): every min(n, 1000)
// iterations, bounded a_t whose gradient says they will stay bounded leave the active set; when
// m - M <= 10 eps for the first time, and again at convergence, all rows come back and their
// gradients are recomputed -- from the explicit w, one pass over those rows (LIBSVM needs G-bar).
// The active rows' state is kept compacted, in row order, so the loops over them are contiguous
// (LIBSVM swaps rows instead; keeping the order keeps every choice among equal values the same).
//
// Linear kernel exploiting sparsity: w is kept explicitly (objectives and gradient reconstruction
// cost one pass over X), and the two kernel columns each iteration needs are computed by scattering
// x_i against a column-major copy of X (cost sum_{j in x_i} nnz(column j) <= nnz(X)) or, when
// shrinking has left few rows, by sparse dot products with the active rows only, whichever is
// cheaper. Recently used columns are kept in an LRU cache (cache_mb), as LIBSVM does.
#include <cstdint>
#include <span>
#include <vector>

#include "core/sparse_matrix.h"
#include "solvers/fit_context.h"
#include "solvers/linear_model.h"
#include "solvers/solver.h"

namespace linrepro {

struct SmoOptions {
  double C = 1;
  double eps = 1e-3;     // stop when m(a) - M(a) <= eps (LIBSVM's default 1e-3)
  int64_t max_iter = 0;  // 0: LIBSVM's default max(10^7, 100 n)
  bool shrinking = true;
  double cache_mb = 100;  // kernel column cache (LIBSVM's default size); 0 disables it
};

struct SmoResult {
  LinearModel model;          // w = sum_i a_i y_i x_i, b = -rho
  std::vector<double> alpha;  // the dual variables a_i in [0, C]
  double dual_objective = 0;  // f(a) = (1/2)||w||^2 - sum_i a_i  (LIBSVM's "obj")
  double violation = 0;       // m(a) - M(a) at the end, over all rows
  int64_t iterations = 0;     // two-variable updates
  StopReason stop = StopReason::converged;
  int32_t support_vectors = 0;          // a_i > 0
  int32_t bounded_support_vectors = 0;  // a_i = C
};

// y must hold +1/-1 only. Traces (ctx.trace_every) record O_svm (paper convention, lambda from C)
// and the dual objective.
SmoResult smo_solve(const CsrMatrix& X, std::span<const double> y, const SmoOptions& options,
                    FitContext& ctx);

// Registry entry "smo". Parameters: lambda or C, eps, max_iter, shrinking, cache_mb.
// BinaryFit.objective = O_svm in the paper convention; extra: dual_objective (LIBSVM convention),
// primal_C (1/2||w||^2 + C sum xi), C, lambda, support_vectors, bounded_support_vectors, violation.
SolverInfo smo_solver_info();

}  // namespace linrepro
