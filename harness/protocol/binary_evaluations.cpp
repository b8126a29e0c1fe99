#include "harness/protocol/binary_evaluations.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/statistics.h"
#include "core/stopwatch.h"
#include "corpora/splits.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/counts_json.h"
#include "metrics/binary_counts.h"
#include "metrics/confusion_matrix.h"
#include "metrics/cv_threshold.h"
#include "solvers/svm_objective.h"

namespace linrepro {

namespace {

// CPU time of the calling thread (core/stopwatch.h thread_cpu_seconds): every solver here fits
// in the thread that calls it.

int64_t positives(std::span<const double> y) {
  return std::count_if(y.begin(), y.end(), [](double v) { return v > 0; });
}

// One fit of `solver` on (X, y), its context seeded and labelled, timed into `time`.
BinaryFit fit_binary(const std::string& solver, const Params& params, const CsrMatrix& X,
                     std::span<const double> y, uint64_t seed, const std::string& label,
                     FitTime& time) {
  FitContext ctx;
  ctx.seed = seed;
  ctx.label = label;
  return timed_fit(
      [&] {
        return solver_catalog().fit_binary(solver, BinaryProblem{X, y}, params, ctx);
      },
      time);
}

// The per-iteration trace of one more (untimed) fit: tracing costs time the timed fits must not
// pay.
Json traced_fit(const std::string& solver, const Params& params, const BinaryTask& task,
                uint64_t seed) {
  FitContext ctx;
  ctx.seed = seed;
  ctx.label = solver;
  ctx.trace_every = 1;
  solver_catalog().fit_binary(solver, BinaryProblem{task.X_train, task.y_train}, params, ctx);
  return trace_to_json(ctx.trace);
}

}  // namespace

RunRecord timed_binary_run(const std::string& solver, const Params& params, const BinaryTask& task,
                           const TimedRunOptions& options) {
  const int repeats = std::max(1, options.repeats);
  BinaryFit fit;
  FitTime first;
  std::vector<double> cpu, wall;
  for (int k = 0; k < repeats; ++k) {
    FitTime time;
    BinaryFit f =
        fit_binary(solver, params, task.X_train, task.y_train, options.seed, solver, time);
    cpu.push_back(time.cpu_seconds);
    wall.push_back(time.wall_seconds);
    if (k == 0) fit = std::move(f), first = time;
  }
  Json trace = options.trace ? traced_fit(solver, params, task, options.seed) : Json::array();

  Stopwatch test_clock;
  const std::vector<double> predicted = fit.model.predict(task.X_test);
  const double test_seconds = test_clock.seconds();
  const BinaryCounts test = count_binary(task.y_test, predicted);
  const double train_error = error_rate(task.y_train, fit.model.predict(task.X_train));
  const double o_svm = svm_primal_objective(task.X_train, task.y_train, fit.model, task.lambda);

  RunRecord r = record_fit(solver, params, fit, first);
  r.trace = std::move(trace);
  r.test_seconds = test_seconds;
  r.metrics = {{"error", error_rate(task.y_test, predicted)},
               {"test_errors", test.fp + test.fn},
               {"train_error", train_error}};
  put_counts(r.metrics, test);
  r.metrics["test_rows"] = task.X_test.rows;
  // Which test documents it got right: what a paired comparison with another solver reads.
  std::vector<uint8_t> correct(predicted.size());
  for (size_t i = 0; i < predicted.size(); ++i)
    correct[i] = (predicted[i] > 0) == (task.y_test[i] > 0);
  r.extra["test_correct"] = outcomes_to_hex(correct);
  r.train_seconds = median(cpu);
  r.objective = o_svm;  // the paper's O_svm, the same for every solver (fit.objective: extra)
  r.extra["O_svm"] = o_svm;
  r.extra["solver_objective"] = fit.objective;
  r.extra["cpu_seconds"] = cpu;
  r.extra["wall_seconds"] = wall;
  r.extra["train_rows"] = task.X_train.rows;
  r.extra["test_rows"] = task.X_test.rows;
  r.extra["features"] = task.X_train.cols;
  r.extra["train_positives"] = positives(task.y_train);
  r.extra["test_positives"] = positives(task.y_test);
  return r;
}

CvFolds make_cv_folds(const CsrMatrix& X_train, int folds, uint64_t seed) {
  CvFolds cv;
  cv.folds = folds;
  cv.seed = seed;
  const std::vector<int32_t> fold = fold_assignment(X_train.rows, folds, seed);
  cv.fold_train_rows.resize(folds);
  cv.fold_test_rows.resize(folds);
  for (int32_t i = 0; i < X_train.rows; ++i)
    for (int f = 0; f < folds; ++f)
      (fold[i] == f ? cv.fold_test_rows : cv.fold_train_rows)[f].push_back(i);
  for (int f = 0; f < folds; ++f)
    cv.X_fold_train.push_back(X_train.select_rows(cv.fold_train_rows[f]));
  return cv;
}

namespace {

// Each fold's model scores the documents it did not see; the threshold that fold's F1 prefers.
// `fold_json` gets one entry a fold (theta, f1, ..., the fit's iterations).
std::vector<FoldThreshold> fold_thresholds_of(const std::string& solver, const Params& params,
                                              const BinaryTask& task, const CvFolds& folds,
                                              uint64_t seed, Json& fold_json) {
  std::vector<FoldThreshold> fold_thresholds;
  for (int f = 0; f < folds.folds; ++f) {
    std::vector<double> y_f;
    for (int32_t i : folds.fold_train_rows[f]) y_f.push_back(task.y_train[i]);
    FitTime untimed;
    const BinaryFit fit = fit_binary(solver, params, folds.X_fold_train[f], y_f, seed,
                                     fmt::format("{} fold {}", solver, f), untimed);
    // Fold f's documents scored by the model that did not see them.
    std::vector<double> truth, scores;
    for (int32_t i : folds.fold_test_rows[f]) {
      truth.push_back(task.y_train[i]);
      scores.push_back(fit.model.decision(task.X_train, i));
    }
    FoldThreshold t = fold_threshold(truth, scores);
    t.usable = positives(y_f) > 0;
    fold_thresholds.push_back(t);
    fold_json.push_back({{"theta", t.theta},
                         {"f1", t.f1},
                         {"max_score", t.max_score},
                         {"positives", t.positives},
                         {"usable", t.usable},
                         {"iterations", fit.iterations}});
  }
  return fold_thresholds;
}

}  // namespace

RunRecord cv_thresholded_run(const std::string& solver, const Params& params,
                             const BinaryTask& task, const CvFolds& folds, double fbr,
                             uint64_t seed) {
  Json fold_json = Json::array();
  const std::vector<FoldThreshold> fold_thresholds =
      fold_thresholds_of(solver, params, task, folds, seed, fold_json);
  FitTime time;
  const BinaryFit fit = fit_binary(solver, params, task.X_train, task.y_train, seed, solver, time);
  Stopwatch test_clock;
  const std::vector<double> f_test = fit.model.decisions(task.X_test);
  const double test_seconds = test_clock.seconds();

  const double theta = scutfbr_threshold(fold_thresholds, fbr);
  const BinaryCounts tuned = count_binary_at_threshold(task.y_test, f_test, theta);
  const BinaryCounts plain = count_binary_at_threshold(task.y_test, f_test, 0.0);
  Json sweep = Json::array();
  for (double b : kFbrSweep) {
    const double t = scutfbr_threshold(fold_thresholds, b);
    Json entry = {{"fbr", b}, {"theta", t}};
    put_counts(entry, count_binary_at_threshold(task.y_test, f_test, t));
    sweep.push_back(entry);
  }

  RunRecord r = record_fit(solver, params, fit, time);  // train_seconds: wall time of the fit
  put_counts(r.metrics, tuned);
  r.metrics["f1"] = f1(tuned);
  put_counts(r.metrics, plain, "0");
  r.metrics["f1_0"] = f1(plain);
  r.metrics["test_rows"] = task.X_test.rows;
  r.test_seconds = test_seconds;
  r.objective = svm_primal_objective(task.X_train, task.y_train, fit.model, task.lambda);
  // The documents it marked positive at theta, and the positive ones: a paired comparison of two
  // solvers' micro/macro-F1 over the categories reads them.
  std::vector<uint8_t> predicted(f_test.size()), truth(f_test.size());
  for (size_t i = 0; i < f_test.size(); ++i)
    predicted[i] = f_test[i] >= theta, truth[i] = task.y_test[i] > 0;
  r.extra = {{"test_predicted", outcomes_to_hex(predicted)},
             {"test_truth", outcomes_to_hex(truth)},
             {"theta", theta},  // what the F1 protocol decided (not the solver's extra facts)
             {"fbr", fbr},
             {"folds", fold_json},
             {"fbr_sweep", sweep},
             {"O_svm", r.objective},
             {"train_positives", positives(task.y_train)},
             {"test_positives", positives(task.y_test)}};
  return r;
}

}  // namespace linrepro
