#pragma once
// The two evaluations of a binary task a "binary-categories" task set declares
// (harness/protocol/binary_categories.h):
//
//  - timed_binary_run: one category, one solver, trained on the whole training set and tested at
//    the classifier's own threshold 0 (plain test error rates). Training time is the MEDIAN
//    THREAD CPU TIME of `repeats` identical untraced fits: the machine is shared, and CPU time of
//    the fitting thread is what a loaded machine distorts least. A convergence trace (after every
//    iteration) comes from one extra traced fit, so the trace evaluation never enters the timed
//    fits. O_svm (solvers/svm_objective.h) is computed the same way for every solver on the same
//    training matrix, so their solutions compare.
//
//  - cv_thresholded_run: thresholds tuned by k-fold cross-validation. The training set is split
//    into `folds` seeded folds (corpora/splits.h fold_assignment, not stratified); a model trained
//    on the other folds scores each fold's documents; SCutFBR.1 (metrics/cv_threshold.h) turns
//    the folds' held-out scores into the threshold applied to the model trained on the whole
//    training set. The features are those of the whole training set, not selected per fold.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/sparse_matrix.h"
#include "harness/experiment/experiment.h"
#include "solvers/params.h"

namespace linrepro {

struct BinaryTask {
  const CsrMatrix& X_train;
  std::span<const double> y_train;  // +1 / -1
  const CsrMatrix& X_test;
  std::span<const double> y_test;
  double lambda = 0.001;  // the O_svm every run reports is evaluated with this lambda
};

struct TimedRunOptions {
  int repeats = 3;     // untraced fits timed; the median is reported
  bool trace = false;  // one extra fit with trace_every = 1 for the convergence figure
  uint64_t seed = 0;
};

// RunRecord with metrics {error, test_errors, train_error}, objective = O_svm (paper convention),
// train_seconds = median thread CPU seconds, trace (if asked), extra = the solver's extra plus
// O_svm, solver_objective, cpu_seconds/wall_seconds of every timed fit, sizes and positives.
RunRecord timed_binary_run(const std::string& solver, const Params& params, const BinaryTask& task,
                           const TimedRunOptions& options);

// The held-out folds of the training rows for every category of one experiment: fold f's model
// is trained on fold_train_rows[f] and scores fold_test_rows[f] (both ascending).
struct CvFolds {
  int folds = 0;
  uint64_t seed = 0;
  std::vector<std::vector<int32_t>> fold_train_rows, fold_test_rows;
  std::vector<CsrMatrix> X_fold_train;  // X_train restricted to fold_train_rows[f]
};
CvFolds make_cv_folds(const CsrMatrix& X_train, int folds, uint64_t seed);

// The fallback values whose test counts every F1 run records as well (extra.fbr_sweep), so the
// effect of the choice is visible: 0 up to the grid of Lewis et al. (2004) / LIBSVM's tools.
inline constexpr double kFbrSweep[] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};

// RunRecord with metrics {tp, fp, fn, tn, f1} on the test set at the SCutFBR.1 threshold for
// `fbr` and {tp0, fp0, fn0, tn0, f1_0} at threshold 0; extra {theta, fbr, folds (per-fold
// threshold, F1, max score, positives, iterations), fbr_sweep (theta and test counts per fbr in
// kFbrSweep), O_svm}; train_seconds = wall time of the final fit (not a compared number).
RunRecord cv_thresholded_run(const std::string& solver, const Params& params,
                             const BinaryTask& task, const CvFolds& folds, double fbr,
                             uint64_t seed);

}  // namespace linrepro
