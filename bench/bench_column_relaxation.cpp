// Zhang & Oles (2001) column relaxation (issue 4): time for CLS, CMLS and CLG (Algorithms 2-4,
// algorithms/column_relaxation.h) to reach the optimum of their problem (12) within 1e-3
// (relative), against LIBLINEAR on the same problem and the same matrices. Goal: <= 2x LIBLINEAR.
//
//   solver  problem (12), lambda (Table 1)               LIBLINEAR peer, C = 1/(2 lambda n)
//   cls     (1 - r)^2 = (y - w.x)^2,      lambda 1e-3    -s 11 (L2-loss SVR, primal Newton) with
//                                                        p = 0: (1/2)|w|^2 + C sum (y - w.x)^2
//   cmls    max(0, 1 - r)^2,              lambda 1e-3    -s 2 (L2-loss SVM, primal Newton)
//   clg     ln(1 + exp(-r)),              lambda 1e-4    -s 0 (logistic regression, primal Newton)
//
// Both sides append the same regularised constant feature A = 1 (ours: constant_feature 1;
// LIBLINEAR: -B 1), so the problems are identical (solvers/regularization.h).
//
// Best objective of each problem: the lower of LIBLINEAR at eps 1e-8 and ours at K = 1000, both
// outside the timed region. Ours: one run (K up to kMaxK) traced every iteration (the trace's
// objective is evaluated with the clock paused, solvers/fit_context.h); the time of the first
// iteration within 1e-3. LIBLINEAR: the loosest eps of a ladder whose fit is within 1e-3; the time
// of that fit (FitContext clock, including the conversion of the matrix). Manual time = time to
// 1e-3; counter ratio_to_liblinear. A run of ours that is not within 1e-3 after kMaxK iterations
// reports reached = 0 and its whole time (the ratio is then a lower bound). Also reported for ours:
// gap_at_K100 (the gap after the paper's K = 100) and ms_per_iteration. Times are wall time of
// single-threaded fits (inflated on a loaded machine, for both sides alike).
//
// Data: Reuters-21578 ModApte as the zhangoles2001 drivers prepare it
// (experiments/zhangoles2001/reuters_protocol.h: binary words, 10,000 features per category by
// information gain with the Gini index), categories earn (the largest) and corn (a small one).
// Without the corpus mirror every benchmark is skipped with the resolver's message.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "algorithms/clg.h"
#include "algorithms/cls.h"
#include "algorithms/cmls.h"
#include "baselines/register.h"
#include "corpora/data_resolver.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "solvers/regularization.h"
#include "solvers/solver.h"

namespace linrepro {
namespace {

constexpr double kTarget = 1e-3;  // relative objective gap
constexpr int64_t kMaxK = 300;    // iterations of the traced run of ours
constexpr int64_t kReferenceK = 1000;
constexpr int64_t kPaperK = 100;  // §4.1's K, reported as gap_at_K100
constexpr double kReferenceEps = 1e-8;
const std::vector<double> kLadder = {1e-1, 3e-2, 1e-2, 3e-3, 1e-3, 3e-4,
                                     1e-4, 3e-5, 1e-5, 1e-6, 1e-7};
const std::vector<std::string> kCategories = {"earn", "corn"};

struct Method {
  std::string ours, peer;
  double lambda;
  std::function<double(double)> loss;  // f(r) of (12)
};
const std::vector<Method> kMethods = {
    {"cls", "liblinear-s11", 1e-3, [](double r) { return (1 - r) * (1 - r); }},
    {"cmls", "liblinear-s2", 1e-3,
     [](double r) { return std::max(0.0, 1 - r) * std::max(0.0, 1 - r); }},
    {"clg", "liblinear-s0", 1e-4,
     [](double r) { return r > 0 ? std::log1p(std::exp(-r)) : -r + std::log1p(std::exp(r)); }},
};

struct Data {
  CsrMatrix X;
  BinaryLabels y;
  std::string error;  // non-empty: unavailable (the benchmarks skip with this message)
};

const Data& data(const std::string& category) {
  static std::map<std::string, Data> cache;
  static std::once_flag loaded;
  std::call_once(loaded, [] {
    ExperimentContext ctx;
    ctx.progress = false;
    try {
      const ZoReuters zo = load_zo_reuters(ctx, zo_reuters_features());
      const auto& names = zo.prep.train_labels.class_names;
      for (const auto& c : kCategories) {
        const auto it = std::find(names.begin(), names.end(), c);
        if (it == names.end()) {
          cache[c].error = fmt::format("category {} not in {}", c, kZoReutersView);
          continue;
        }
        ZoCategory cat = zo_category(zo, static_cast<int32_t>(it - names.begin()));
        cache[c] = {std::move(cat.X_train), std::move(cat.y_train), ""};
        fmt::print(stderr, "bench_column_relaxation: {}: {} x {}, nnz {}\n", c, cache[c].X.rows,
                   cache[c].X.cols, cache[c].X.nnz());
      }
    } catch (const DataUnavailable& e) {
      for (const auto& c : kCategories) cache[c].error = e.what();
    }
  });
  return cache.at(category);
}

const SolverRegistry& registry() {
  static const SolverRegistry r = [] {
    SolverRegistry reg;
    register_baseline_solvers(reg);
    reg.add(cls_solver_info());
    reg.add(cmls_solver_info());
    reg.add(clg_solver_info());
    return reg;
  }();
  return r;
}

// (12) of a model f(x) = w.x + b whose b is the weight of the constant feature A = 1.
double objective_12(const Data& d, const Method& m, const LinearModel& model) {
  double loss = 0;
  for (int32_t i = 0; i < d.X.rows; ++i)
    loss += m.loss(d.y[i] * (d.X.row_dot(i, model.w) + model.b));
  double ww = model.b * model.b;
  for (double w : model.w) ww += w * w;
  return loss / d.X.rows + m.lambda * ww;
}

struct Timed {
  LinearModel model;
  double seconds = 0;
  std::vector<TracePoint> trace;
};

Timed fit(const Data& d, const std::string& solver, const Method& m, Params params,
          int64_t trace_every = 0) {
  // lambda, and LIBLINEAR's -B 1 (its regularised constant feature, as our A = 1).
  params.update(regularization_params(registry().get(solver), m.lambda));
  FitContext ctx;
  ctx.trace_every = trace_every;
  Timed t;
  t.model = registry().fit_binary(solver, {d.X, d.y}, params, ctx).model;
  t.seconds = ctx.clock.seconds();
  t.trace = std::move(ctx.trace);
  return t;
}

double relative_gap(double objective, double best) { return (objective - best) / std::fabs(best); }

double best_objective(const std::string& category, const Method& m) {
  static std::map<std::string, double> cache;
  const std::string key = category + "/" + m.ours;
  if (!cache.contains(key)) {
    const Data& d = data(category);
    const double peer = objective_12(d, m, fit(d, m.peer, m, {{"eps", kReferenceEps}}).model);
    const double ours = objective_12(d, m, fit(d, m.ours, m, {{"K", kReferenceK}}).model);
    cache[key] = std::min(peer, ours);
    fmt::print(stderr,
               "bench_column_relaxation: {} best (12) for {}: {} eps {:g} {:.10g}, {} K {} "
               "{:.10g}\n",
               category, m.ours, m.peer, kReferenceEps, peer, m.ours, kReferenceK, ours);
  }
  return cache[key];
}

struct ToTarget {
  bool reached = false;
  double seconds = 0;    // to the target, or of the whole run when not reached
  double objective = 0;  // at that point
  double setting = 0;    // the iteration reaching the target (ours) or the eps (LIBLINEAR)
  double gap_at_paper_K = std::numeric_limits<double>::quiet_NaN();  // ours: gap after K = 100
  double seconds_per_iteration = 0;                                  // ours
};

ToTarget time_to_target(const std::string& category, const Method& m, bool peer) {
  const Data& d = data(category);
  const double best = best_objective(category, m);
  ToTarget r;
  if (!peer) {
    const Timed t = fit(d, m.ours, m, {{"K", kMaxK}}, 1);
    for (const TracePoint& p : t.trace) {
      const double o = p.values.at("objective");
      if (p.iteration == kPaperK) r.gap_at_paper_K = relative_gap(o, best);
      if (!r.reached && relative_gap(o, best) <= kTarget) {
        r.reached = true;
        r.seconds = p.seconds;
        r.objective = o;
        r.setting = static_cast<double>(p.iteration);
      }
    }
    const TracePoint& last = t.trace.back();
    r.seconds_per_iteration =
        last.seconds / static_cast<double>(std::max<int64_t>(1, last.iteration));
    if (!r.reached)
      r = {false,
           last.seconds,
           last.values.at("objective"),
           static_cast<double>(last.iteration),
           r.gap_at_paper_K,
           r.seconds_per_iteration};
    return r;
  }
  for (const double eps : kLadder) {
    const Timed t = fit(d, m.peer, m, {{"eps", eps}});
    r = {false, t.seconds, objective_12(d, m, t.model), eps};
    if (relative_gap(r.objective, best) <= kTarget) {
      r.reached = true;
      break;
    }
  }
  return r;
}

const ToTarget& cached_time_to_target(const std::string& category, const Method& m, bool peer) {
  static std::map<std::string, ToTarget> cache;
  const std::string key = category + "/" + (peer ? m.peer : m.ours);
  if (!cache.contains(key)) cache[key] = time_to_target(category, m, peer);
  return cache[key];
}

// A run that never reaches the target still reports (reached = 0, the time and gap of the whole
// run, so its ratio_to_liblinear is a lower bound): "not within 1e-3 after 300 iterations" is the
// finding, not an error.
void BM_TimeTo1e3(benchmark::State& state, const std::string& category, const Method& m,
                  bool peer) {
  const Data& d = data(category);
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  ToTarget r;
  for (auto _ : state) {
    r = cached_time_to_target(category, m, peer);
    state.SetIterationTime(r.seconds);
  }
  const double best = best_objective(category, m);
  state.counters["reached"] = r.reached ? 1 : 0;
  state.counters["seconds"] = r.seconds;
  state.counters["objective"] = r.objective;
  state.counters["best_objective"] = best;
  state.counters["rel_gap"] = relative_gap(r.objective, best);
  state.counters[peer ? "eps" : "iteration"] = r.setting;
  state.counters["lambda"] = m.lambda;
  if (!peer) {
    state.counters["gap_at_K100"] = r.gap_at_paper_K;
    state.counters["ms_per_iteration"] = 1e3 * r.seconds_per_iteration;
    const ToTarget& p = cached_time_to_target(category, m, true);
    state.counters["ratio_to_liblinear"] = p.reached ? r.seconds / p.seconds : NAN;
  }
}

void register_all() {
  for (const auto& category : kCategories)
    for (const Method& m : kMethods)
      for (const bool peer : {true, false})
        benchmark::RegisterBenchmark(
            fmt::format("BM_TimeTo1e3/{}/{}", category, peer ? m.peer : m.ours).c_str(),
            [category, &m, peer](benchmark::State& s) { BM_TimeTo1e3(s, category, m, peer); })
            ->UseManualTime()
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
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
