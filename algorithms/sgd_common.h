#pragma once
// What the two SGD solvers of the SGD report (/work/shared/papers/sgd-l1-ridge-report.md) share:
// the learning-rate schedules, the bias convention, the optional test-set monitor, the per-epoch
// seeded shuffle, the quantities every trace point records, and two helpers of the inner loop
// (prefetching the next rows, a four-way sparse dot product).
// Equation numbers count the report's displayed equations in order; they agree with the report's
// own references to Eq. 4, 5, 10 and 15.
//
// Learning rate (report, hyperparameter tables):
//   constant:  gamma_t = gamma0                         (L1 logistic regression: gamma = 0.001)
//   decaying:  gamma_t = gamma0 / (1 + gamma0 * a * t)  (ridge: "0.001 / (1.0 + 0.001t0.003)")
// The ridge table's formula lost its multiplication signs in the report's text; we read it as
// gamma0 = 0.001, a = 0.003, t = number of updates done so far, which is Bottou's
// eta0 / (1 + lambda eta0 t) form the report cites ([@leonbottou]) with the constant a in place of
// lambda. The first update (t = 0) uses gamma0.
//   calibrated: gamma_t = gamma0 / (1 + gamma0 * lambda * t), Bottou's form itself, with gamma0
//               chosen on the data (calibrate_gamma0 below). Not the report's: the registry's
//               default when the user gives no gamma (issue 19: the report's gamma = 0.001 was
//               chosen for a9a's 0/1 rows and underfits unit-length text rows); the drivers give
//               the report's gamma and schedule explicitly.
//
// Bias (report, before Eq. 9): beta = (b; w), x = (1; x), and Eq. 10 penalises ||beta||, so by
// default the intercept is one more weight, present in every example and penalised like the others.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "core/seed.h"
#include "core/sparse_matrix.h"
#include "solvers/fit_context.h"
#include "solvers/linear_model.h"
#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

enum class RateSchedule { constant, decaying, calibrated };

struct LearningRate {
  RateSchedule schedule = RateSchedule::constant;
  double gamma0 = 0.001;
  double a = 0.003;  // decay constant of the decaying schedule
  // (calibrated: only once calibrate_gamma0 has set gamma0 and a = lambda, as decaying)
  double at(int64_t t) const {
    return schedule == RateSchedule::constant
               ? gamma0
               : gamma0 / (1.0 + gamma0 * a * static_cast<double>(t));
  }
};

// Bottou's heuristic for gamma0 (his sgd-2.1's determineEta0): train one pass with a constant rate
// from the zero model on a seeded sample of up to 1,000 training rows, starting at gamma = 1 and
// doubling or halving while the sample's objective after the pass keeps falling; the smaller rate
// of the last pair compared (his choice).
// Its scale follows the data's (rows 10x longer: a gamma about 100x smaller). `cost(X_s, y_s,
// gamma)` is the solver's objective on the sample after that pass; a non-finite cost counts as
// worse than any other.
using OnePassCost = std::function<double(const CsrMatrix&, std::span<const double>, double)>;
double calibrate_gamma0(const CsrMatrix& X, std::span<const double> y, uint64_t seed,
                        const OnePassCost& cost);

enum class BiasMode {
  penalized,    // beta = (b; w), x = (1; x): the report's convention (default)
  unpenalized,  // an intercept outside the regulariser (scikit-learn's convention)
  none          // no intercept: f(x) = w.x
};

// Optional evaluation on held-out data at every trace point (adds "test_error" to the trace).
// The solvers only ever see training data otherwise; an experiment sets FitContext::held_out to
// draw the report's Figures 1-4 (train error, test error, objective, sparsity against updates).
using SgdMonitor = HeldOutSet;

// Declares "gamma" (gamma0), "schedule" (constant | decaying | calibrated) and "decay" (a), and
// reads them. Without gamma and schedule the rate is calibrated; with a gamma and no schedule it
// is the solver's report default (`defaults`, also gamma0 when a schedule but no gamma is given);
// calibrated with a gamma is an error (it chooses gamma itself).
std::vector<ParamDecl> learning_rate_params(const LearningRate& defaults);
LearningRate read_learning_rate(ParamReader& r, const LearningRate& defaults);
// Declares "bias" (penalized | unpenalized | none), and reads it.
ParamDecl bias_mode_param(BiasMode default_mode, std::string doc);
BiasMode read_bias_mode(ParamReader& r);
std::string to_string(RateSchedule s);
std::string to_string(BiasMode b);

// A solver's fit with a calibrated rate: gamma0 by calibrate_gamma0, each trial being
// fit(X_s, y_s, options at that constant rate for one epoch, a quiet context, no monitor), then
// fit with gamma0 / (1 + gamma0 lambda t); the fit's extra says schedule "calibrated" and its
// decay (lambda). Rates `admissible` rejects count as diverging.
template <class Options, class Fit>
BinaryFit fit_with_calibrated_rate(const std::string& name, const CsrMatrix& X,
                                   std::span<const double> y, const Options& o, FitContext& ctx,
                                   const SgdMonitor* monitor, const Fit& fit,
                                   const std::function<bool(double)>& admissible = {}) {
  Options run = o;
  const auto one_pass = [&](const CsrMatrix& Xs, std::span<const double> ys, double gamma) {
    if (admissible && !admissible(gamma)) return std::numeric_limits<double>::infinity();
    Options trial = o;
    trial.rate = {RateSchedule::constant, gamma, 0};
    trial.epochs = 1;
    FitContext quiet;
    quiet.seed = ctx.seed;
    return fit(Xs, ys, trial, quiet, nullptr).objective;
  };
  run.rate = {RateSchedule::decaying,
              calibrate_gamma0(X, y, derive_seed(ctx.seed, "calibration"), one_pass), o.lambda};
  ctx.report("{}: calibrated gamma0 = {:g}", name, run.rate.gamma0);
  BinaryFit result = fit(X, y, run, ctx, monitor);
  result.extra["schedule"] = to_string(RateSchedule::calibrated);
  result.extra.erase("decay");  // the declared decay is not used: lambda is
  result.extra["calibrated_decay"] = o.lambda;
  return result;
}

// Fraction of rows whose predicted sign (LinearModel::predict: 0 counts as +1) differs from y.
double error_rate(const LinearModel& model, const CsrMatrix& X, std::span<const double> y);

// Number of exactly-zero weights of beta = (b; w): the report's "sparsity" (31/124 on a9a counts
// the intercept as the 124th weight). The intercept counts only when the model has one.
int64_t count_zero_weights(const LinearModel& model, BiasMode bias);
int64_t weight_dimensions(const LinearModel& model, BiasMode bias);

// Checks the shapes and +-1 labels every SGD solver needs (solvers/binary_labels.h), the monitor's
// too; throws ConfigError naming the problem. Each fit checks, since the solvers are also called
// outside the registry (tests, benchmarks).
void check_sgd_problem(const CsrMatrix& X, std::span<const double> y, const SgdMonitor* monitor,
                       const std::string& solver);

// Asks the cache for example r's indices and values before they are needed. SGD visits rows in a
// random order, so without this every update waits for its row to arrive from memory (on a9a that
// wait was most of an update's time); the next examples are known ahead.
// always_inline is needed: GCC sees a function that only prefetches as free of side effects and
// deletes calls to it (GCC 12 -O3 dropped every prefetch of a plain inline version).
[[gnu::always_inline]] inline void prefetch_row(const CsrMatrix& X, int32_t r) {
  const int64_t b = X.row_ptr[r], e = X.row_ptr[r + 1];
  if (b == e) return;
  __builtin_prefetch(X.col_idx.data() + b);
  __builtin_prefetch(X.col_idx.data() + e - 1);
  __builtin_prefetch(X.values.data() + b);
  __builtin_prefetch(X.values.data() + (b + e) / 2);
  __builtin_prefetch(X.values.data() + e - 1);
}

// sum_k w[idx[k]] val[k] over k in [begin, end), with four partial sums: with one running sum the
// chain of dependent additions (about 4 cycles each) set the pace of an SGD step.
inline double sparse_dot(const int32_t* idx, const double* val, int64_t begin, int64_t end,
                         const double* w) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int64_t k = begin;
  for (; k + 4 <= end; k += 4) {
    s0 += w[idx[k]] * val[k];
    s1 += w[idx[k + 1]] * val[k + 1];
    s2 += w[idx[k + 2]] * val[k + 2];
    s3 += w[idx[k + 3]] * val[k + 3];
  }
  for (; k < end; ++k) s0 += w[idx[k]] * val[k];
  return (s0 + s1) + (s2 + s3);
}

// The visiting order of the examples: a fresh seeded permutation of 0..n-1 at every epoch.
class EpochOrder {
 public:
  EpochOrder(int32_t n, uint64_t seed);
  const std::vector<int32_t>& next_epoch();  // reshuffles and returns the order

 private:
  std::vector<int32_t> order_;
  Rng rng_;
};

// The epoch loop both SGD solvers share: a fresh seeded order per epoch, the rows a few steps ahead
// prefetched (most of the speed on a9a), the trace hook before every update, and a progress line
// every tenth of the run. `sgd` provides step(row) and updates(); `evaluate` is the trace lambda.
template <class Sgd, class Evaluate>
void run_sgd_epochs(const CsrMatrix& X, std::span<const double> y, int64_t epochs, Sgd& sgd,
                    Evaluate&& evaluate, FitContext& ctx, const std::string& what) {
  EpochOrder order(X.rows, ctx.seed);
  const int64_t report_every = std::max<int64_t>(1, epochs / 10);
  for (int64_t epoch = 0; epoch < epochs; ++epoch) {
    const std::vector<int32_t>& rows = order.next_epoch();
    const size_t n = rows.size();
    for (size_t p = 0; p < n; ++p) {
      if (p + 8 < n) __builtin_prefetch(X.row_ptr.data() + rows[p + 8]);
      if (p + 4 < n) {
        prefetch_row(X, rows[p + 4]);
        __builtin_prefetch(y.data() + rows[p + 4]);
      }
      ctx.record(sgd.updates(), evaluate);
      sgd.step(rows[p]);
    }
    if ((epoch + 1) % report_every == 0)
      ctx.report("{} epoch {}/{}, {:.1f}s", what, epoch + 1, epochs, ctx.clock.seconds());
  }
}

}  // namespace linrepro
