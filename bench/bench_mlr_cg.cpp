// MLR-CG performance (issue 5): is one CG step close to the cost of the matrix passes it needs, and
// how long does it take to reach the SVM optimum compared with the SVM solvers?
//
//   BM_XwPlusXtv   one pass X.w + X^T.v (core/sparse_matrix.h), the memory-bound floor of a CG
//                  step; bytes processed = 2 nnz (4 + 8) + the vectors read and written, so
//                  Google Benchmark prints GB/s.
//   BM_MlrCgStep   MLR-CG (algorithms/mlr_cg.h, the paper's schedule) run for kSteps CG steps,
//                  time divided by the steps taken. Counter per_step_vs_XwXtv = time per step of
//                  the fastest of the runs / time of one X.w + X^T.v pass (the fastest of 20,
//                  measured once in this program); the issue's goal "step at >= 50 % of the
//                  pass's bandwidth" means per_step_vs_XwXtv <= 2.
//   BM_TimeTo1e3   time until O_svm (solvers/svm_objective.h, lambda = 0.001) is within 1e-3
//                  (relative) of the best O_svm:
//                    mlr-cg        one run with a trace every step (trace evaluation is outside the
//                                  solver clock, solvers/fit_context.h); the time of the first
//                                  traced step within 1e-3;
//                    smo           our SMO at the loosest eps of a ladder whose final O_svm is
//                                  within 1e-3; the time of that fit;
//                    liblinear-s3  the same ladder. LIBLINEAR -s 3 has no unregularised intercept
//                                  (bias = 1 is a regularised feature), so it solves a slightly
//                                  different problem: it is compared with ITS OWN best O_svm
//                                  (-s 3 at eps 1e-6), not with SMO's.
//                  The best O_svm of the SVM problem (for mlr-cg and smo) is SMO at eps 1e-6. All
//                  calibration runs happen once, outside the timed region. Manual time = the time
//                  to 1e-3 (FitContext clock, wall time of a single-threaded fit); counter
//                  ratio_to_smo compares with smo on the same data.
//
// Data: clearly synthetic text-like matrices (core/synthetic_data.h) shaped like the scaling
// experiment (500 features, ~38 features per document, 30 % positive, 10 % label noise) at 10k,
// 100k and 200k rows. The scaling experiment's largest point (800k rows) is left out: SMO's eps
// 1e-6 reference alone takes minutes there, far beyond this program's ~2 minute budget. Plus the
// real Reuters-21578 ModApte "earn" category (the MLR-CG paper's features: IG top 500, binary),
// skipped with a visible error when the corpus mirror is absent.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "algorithms/mlr_cg.h"
#include "baselines/register.h"
#include "core/labels.h"
#include "core/synthetic_data.h"
#include "corpora/data_resolver.h"
#include "features/pipeline.h"
#include "features/text_dataset.h"
#include "solvers/regularization.h"
#include "solvers/solver.h"
#include "solvers/svm_objective.h"

namespace linrepro {
namespace {

constexpr double kLambda = 0.001;  // the MLR-CG paper's §5 value
constexpr double kTarget = 1e-3;   // relative O_svm gap
constexpr double kReferenceEps = 1e-6;
constexpr int64_t kSteps = 50;  // CG steps timed by BM_MlrCgStep
const std::vector<double> kLadder = {1e-1, 3e-2, 1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5, 1e-6};

struct Data {
  CsrMatrix X;
  BinaryLabels y;
  std::string error;  // non-empty: unavailable (the benchmarks skip with this message)
};

const std::vector<std::string> kData = {"synthetic_n10k", "synthetic_n100k", "synthetic_n200k",
                                        "reuters_earn"};

// SMO needs ~2 minutes for its eps 1e-6 reference and ~100 s to reach 1e-3 at 100k rows (measured
// once with this program), so the time-to-1e-3 comparison runs on the small data sets only.
const std::set<std::string> kTimeToTargetData = {"synthetic_n10k", "reuters_earn"};

Data make_synthetic(int32_t rows) {
  SyntheticSpec s;
  s.rows = rows;
  s.features = 500;
  s.mean_nnz = 38;
  s.positive_fraction = 0.3;
  s.label_noise = 0.1;
  s.seed = 5;
  SyntheticData d = make_synthetic_text(s);
  return {std::move(d.X), std::move(d.y), ""};
}

// The MLR-CG paper's Reuters features (as experiments/mlrcg2003/reuters.cpp), category earn.
Data make_earn() {
  try {
    const TextSplit split = split_standard(load_corpus_view("reuters-modapte90"));
    const FeatureConfig features = feature_config_from_json({{"selection", "ig"},
                                                             {"k", 500},
                                                             {"scope", "global"},
                                                             {"aggregate", "joint"},
                                                             {"representation", "binary"},
                                                             {"stemming", "porter"},
                                                             {"stopwords", "none"}});
    PreparedText prep = prepare_text(split, features);
    const auto& names = prep.train_labels.class_names;
    const auto it = std::find(names.begin(), names.end(), "earn");
    if (it == names.end()) return {{}, {}, "category earn not in reuters-modapte90"};
    BinaryLabels y = one_vs_rest(prep.train_labels, static_cast<int32_t>(it - names.begin()));
    return {std::move(prep.features.matrices.train), std::move(y), ""};
  } catch (const DataUnavailable& e) {
    return {{}, {}, e.what()};
  }
}

const Data& data(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Data>> cache;
  auto& slot = cache[name];
  if (!slot) {
    if (name == "reuters_earn")
      slot = std::make_unique<Data>(make_earn());
    else if (name == "synthetic_n10k")
      slot = std::make_unique<Data>(make_synthetic(10'000));
    else if (name == "synthetic_n100k")
      slot = std::make_unique<Data>(make_synthetic(100'000));
    else
      slot = std::make_unique<Data>(make_synthetic(200'000));
    if (slot->error.empty())
      fmt::print(stderr, "bench_mlr_cg: {}: {} x {}, nnz {}\n", name, slot->X.rows, slot->X.cols,
                 slot->X.nnz());
  }
  return *slot;
}

const SolverRegistry& registry() {
  static const SolverRegistry r = [] {
    SolverRegistry reg;
    register_baseline_solvers(reg);
    reg.add(mlr_cg_solver_info());
    return reg;
  }();
  return r;
}

struct TimedFit {
  BinaryFit fit;
  double seconds = 0;
  std::vector<TracePoint> trace;
};

TimedFit fit(const Data& d, const std::string& solver, const Params& params,
             int64_t trace_every = 0) {
  FitContext ctx;
  ctx.trace_every = trace_every;
  TimedFit t;
  t.fit = registry().fit_binary(solver, {d.X, d.y}, params, ctx);
  t.seconds = ctx.clock.seconds();
  t.trace = std::move(ctx.trace);
  return t;
}

Params svm_params(const std::string& solver, double eps) {
  Params p = regularization_params(registry().get(solver), kLambda);  // LIBLINEAR: with -B 1
  p["eps"] = eps;
  return p;
}

double o_svm(const Data& d, const BinaryFit& f) {
  return svm_primal_objective(d.X, d.y, f.model, kLambda);
}

double relative_gap(double objective, double best) { return (objective - best) / std::fabs(best); }

// ---- one X.w + X^T.v pass ----------------------------------------------------------------------

void pass(const CsrMatrix& X, std::span<const double> w, std::span<double> Xw,
          std::span<const double> v, std::span<double> Xtv) {
  X.multiply(w, Xw);
  X.multiply_transpose(v, Xtv);
}

int64_t pass_bytes(const CsrMatrix& X) {
  // Both products read every (index, value) pair and the row pointers, read one vector and write
  // the other.
  const int64_t matrix = X.nnz() * static_cast<int64_t>(sizeof(int32_t) + sizeof(double)) +
                         static_cast<int64_t>(X.row_ptr.size() * sizeof(int64_t));
  const int64_t vectors = static_cast<int64_t>(X.rows + X.cols) * 2 * sizeof(double);
  return 2 * matrix + vectors;
}

// The fastest of 20 passes (seconds), measured once per data set, for per_step_vs_XwXtv.
double pass_seconds(const std::string& name) {
  static std::map<std::string, double> cache;
  if (!cache.contains(name)) {
    const CsrMatrix& X = data(name).X;
    std::vector<double> w(X.cols, 0.5), Xw(X.rows), v(X.rows, 0.25), Xtv(X.cols);
    double best = std::numeric_limits<double>::infinity();
    for (int r = 0; r < 20; ++r) {
      Stopwatch clock;
      pass(X, w, Xw, v, Xtv);
      benchmark::DoNotOptimize(Xtv.data());
      best = std::min(best, clock.seconds());
    }
    cache[name] = best;
  }
  return cache[name];
}

void BM_XwPlusXtv(benchmark::State& state, const std::string& name) {
  const Data& d = data(name);
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  std::vector<double> w(d.X.cols, 0.5), Xw(d.X.rows), v(d.X.rows, 0.25), Xtv(d.X.cols);
  for (auto _ : state) {
    pass(d.X, w, Xw, v, Xtv);
    benchmark::DoNotOptimize(Xtv.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * pass_bytes(d.X));
  state.counters["nnz"] = static_cast<double>(d.X.nnz());
}

// ---- MLR-CG per step ---------------------------------------------------------------------------

void BM_MlrCgStep(benchmark::State& state, const std::string& name) {
  const Data& d = data(name);
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  const double pass_s = pass_seconds(name);
  const Params params{{"lambda", kLambda}, {"max_steps", kSteps}};
  // The fastest run's time per step, as the pass is the fastest of 20 (a like-for-like ratio: the
  // machine's memory bandwidth varies by 10-30 % between moments on the shared host).
  double per_step = std::numeric_limits<double>::infinity();
  BinaryFit last;
  for (auto _ : state) {
    const TimedFit t = fit(d, "mlr-cg", params);
    last = t.fit;
    const double seconds = t.seconds / static_cast<double>(std::max<int64_t>(1, t.fit.iterations));
    per_step = std::min(per_step, seconds);
    state.SetIterationTime(seconds);
  }
  state.counters["steps"] = static_cast<double>(last.iterations);
  state.counters["line_evals_per_step"] =
      last.extra.value("line_evaluations", 0.0) / std::max<double>(1, last.iterations);
  state.counters["XwXtv_pass_ms"] = pass_s * 1e3;
  state.counters["per_step_vs_XwXtv"] = per_step / pass_s;
  state.counters["bandwidth_fraction"] = pass_s / per_step;  // goal >= 0.5
}

// ---- time to O_svm within 1e-3 -----------------------------------------------------------------

// Best O_svm of the solver's own problem: smo's for the SVM with a free intercept (also mlr-cg's),
// its own for a solver whose intercept is a regularised feature (LIBLINEAR -s 3), as it declares.
double best_objective(const std::string& name, const std::string& solver) {
  static std::map<std::string, double> cache;
  const std::string problem =
      registry().get(solver).kind.intercept == Intercept::regularized_feature ? solver : "smo";
  const std::string key = name + "/" + problem;
  if (!cache.contains(key)) {
    const Data& d = data(name);
    const TimedFit t = fit(d, problem, svm_params(problem, kReferenceEps));
    cache[key] = o_svm(d, t.fit);
    fmt::print(stderr, "bench_mlr_cg: {} best O_svm of {} (eps {:g}, {:.2f} s): {:.10g}\n", name,
               problem, kReferenceEps, t.seconds, cache[key]);
  }
  return cache[key];
}

struct ToTarget {
  double seconds = std::numeric_limits<double>::quiet_NaN();  // NaN: target never reached
  double objective = std::numeric_limits<double>::quiet_NaN();
  double setting = 0;  // eps (svm solvers) or the step reaching the target (mlr-cg)
};

ToTarget time_to_target(const std::string& name, const std::string& solver) {
  const Data& d = data(name);
  const double best = best_objective(name, solver);
  ToTarget r;
  const bool cg = registry().get(solver).kind.loss == Loss::modified_logistic;  // MLR-CG
  if (cg) {
    // The paper's schedule (200 steps); the trace's O_svm is computed with the clock paused.
    const TimedFit t = fit(d, "mlr-cg", Params{{"lambda", kLambda}}, 1);
    for (const TracePoint& p : t.trace) {
      const double o = p.values.at("O_svm");
      if (relative_gap(o, best) <= kTarget) {
        r = {p.seconds, o, static_cast<double>(p.iteration)};
        break;
      }
    }
    if (std::isnan(r.seconds)) r.objective = o_svm(d, t.fit);
    return r;
  }
  for (const double eps : kLadder) {
    const TimedFit t = fit(d, solver, svm_params(solver, eps));
    const double o = o_svm(d, t.fit);
    r = {std::numeric_limits<double>::quiet_NaN(), o, eps};
    if (relative_gap(o, best) <= kTarget) {
      r.seconds = t.seconds;
      break;
    }
  }
  return r;
}

// Cached: smo's result is the denominator of every ratio_to_smo on the same data.
const ToTarget& cached_time_to_target(const std::string& name, const std::string& solver) {
  static std::map<std::string, ToTarget> cache;
  const std::string key = name + "/" + solver;
  if (!cache.contains(key)) cache[key] = time_to_target(name, solver);
  return cache[key];
}

void BM_TimeTo1e3(benchmark::State& state, const std::string& name, const std::string& solver) {
  const Data& d = data(name);
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  ToTarget r;
  for (auto _ : state) {
    r = cached_time_to_target(name, solver);
    if (std::isnan(r.seconds)) {
      state.SkipWithError(
          fmt::format("{} did not reach O_svm within {:g}", solver, kTarget).c_str());
      break;
    }
    state.SetIterationTime(r.seconds);
  }
  if (std::isnan(r.seconds)) return;
  const double best = best_objective(name, solver);
  state.counters["seconds_to_1e-3"] = r.seconds;
  state.counters["O_svm"] = r.objective;
  state.counters["best_O_svm"] = best;
  state.counters["rel_gap"] = relative_gap(r.objective, best);
  state.counters[registry().get(solver).kind.loss == Loss::modified_logistic ? "step" : "eps"] =
      r.setting;
  state.counters["ratio_to_smo"] = r.seconds / cached_time_to_target(name, "smo").seconds;
}

void register_all() {
  for (const auto& name : kData) {
    benchmark::RegisterBenchmark(fmt::format("BM_XwPlusXtv/{}", name).c_str(),
                                 [name](benchmark::State& s) { BM_XwPlusXtv(s, name); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(fmt::format("BM_MlrCgStep/{}", name).c_str(),
                                 [name](benchmark::State& s) { BM_MlrCgStep(s, name); })
        ->UseManualTime()
        ->Iterations(5)
        ->Unit(benchmark::kMillisecond);
    if (!kTimeToTargetData.contains(name)) continue;
    for (const std::string solver : {"smo", "mlr-cg", "liblinear-s3"})
      benchmark::RegisterBenchmark(
          fmt::format("BM_TimeTo1e3/{}/{}", name, solver).c_str(),
          [name, solver](benchmark::State& s) { BM_TimeTo1e3(s, name, solver); })
          ->UseManualTime()
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace
}  // namespace linrepro

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  linrepro::register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
