// Zhang & Oles (2001) problem (12) for each of its four losses: time for the paper-faithful
// solver (Algorithms 2-5: cls, cmls, mod-svm, clg) and for the accelerated variants registered
// beside it (issue 19) to reach the optimum within 1e-3 (relative), against LIBLINEAR on the same
// problem and the same matrices. Issue 19's goal: an accelerated solver per loss at <= 1.0x.
//
//   loss (paper solver)  problem (12), lambda (Table 1)   LIBLINEAR peer, C = 1/(2 lambda n)
//   cls      (1 - r)^2 = (y - w.x)^2,      lambda 1e-3    -s 11 (L2-loss SVR, primal Newton) with
//                                                         p = 0: (1/2)|w|^2 + C sum (y - w.x)^2
//   cmls     max(0, 1 - r)^2,              lambda 1e-3    -s 2 (L2-loss SVM, primal Newton)
//   mod-svm  max(0, 1 - r),                lambda 1e-3    -s 3 (L1-loss SVM, dual CD)
//   clg      ln(1 + exp(-r)),              lambda 1e-4    -s 0 (logistic regression, primal Newton)
//
// The variants, one idea each, form the ablation of what each idea buys:
//   <cd-...>:cyclic     primal CD with a 1-D Newton step and line search (algorithms/primal_cd.h)
//                       in the paper's column order
//   <cd-...>            the same with a new random column order per sweep
//   cls-dual:reshuffle, cmls-dual:reshuffle   Algorithm 5 (dual, over the rows) with a new random
//                       order per sweep (algorithms/cls_dual.h, cmls_dual.h)
//   mod-svm:eta1, :reshuffle, :eta1-reshuffle the exact step (18) with eta = 1, the reshuffle, both
//   <...>-shrinking     plus LIBLINEAR's shrinking of rows settled at a bound (row_relaxation.h)
//   dcd-logistic        dual CD for logistic regression (algorithms/dual_cd_logistic.h)
// Benchmark names: BM_TimeTo1e3/<data>/<paper solver>/<solver or variant>.
//
// Both sides append the same regularised constant feature A = 1 (ours: constant_feature 1;
// LIBLINEAR: -B 1), so the problems are identical (solvers/regularization.h).
//
// Best objective of each problem: the lower of LIBLINEAR at eps 1e-8 and the paper solver at
// K = 1000, both outside the timed region. Ours: one run (up to kMaxK iterations) traced every
// iteration (the trace's objective is evaluated with the clock paused, solvers/fit_context.h);
// the time of the first iteration within 1e-3. LIBLINEAR: the loosest eps of a ladder whose fit is
// within 1e-3; the time of that fit (FitContext clock, including the conversion of the matrix).
// Manual time = time to 1e-3; counter ratio_to_liblinear. A run of ours that is not within 1e-3
// after kMaxK iterations reports reached = 0 and its whole time (the ratio is then a lower bound).
// Also reported for ours: gap_at_K100 (the gap after the paper's K = 100), ms_per_iteration, its
// multiple of one X.w + X^T.v pass over the same matrix (iteration_in_passes: memory speed) and
// paper_faithful. Times are wall time of single-threaded fits (inflated on a loaded machine, for
// both sides alike).
//
// Data: Reuters-21578 ModApte as the zhangoles2001 drivers prepare it
// (experiments/zhangoles2001/reuters_protocol.h: binary words, 10,000 features per category by
// information gain with the Gini index), categories earn (the largest) and corn (a small one); and
// the training file of the LIBSVM set a9a (32,561 x 123). Data that cannot be resolved skips its
// benchmarks with the resolver's message; damaged data is an error.
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
#include "algorithms/cls_dual.h"
#include "algorithms/cmls.h"
#include "algorithms/cmls_dual.h"
#include "algorithms/dual_cd_logistic.h"
#include "algorithms/mod_svm.h"
#include "algorithms/primal_cd.h"
#include "baselines/register.h"
#include "core/stopwatch.h"
#include "corpora/data_resolver.h"
#include "corpora/libsvm_sets.h"
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
// Reuters categories, and the LIBSVM set a9a (training file; issue 19's third data set).
const std::vector<std::string> kReutersCategories = {"earn", "corn"};
const std::vector<std::string> kCategories = {"earn", "corn", "a9a"};

// One solver of ours on a method's problem: the paper-faithful one (K iterations) or an
// accelerated variant (algorithms/primal_cd.h: max_sweeps, never stopping on its own eps here, so
// the trace decides when 1e-3 is reached). The variants form the ablation of what each idea buys:
// Newton step + line search in the paper's cyclic order, then with a random order per sweep.
struct Ours {
  std::string label, solver;
  Params params;  // besides lambda and the iteration count
  bool paper = false;
  std::string iterations = "max_sweeps";  // the parameter that takes kMaxK
};
Ours paper_solver(const std::string& name) { return {name, name, Params::object(), true, "K"}; }
std::vector<Ours> accelerated(const std::string& name) {
  return {{name + ":cyclic", name, {{"order", "cyclic"}, {"eps", 1e-300}}},
          {name, name, {{"eps", 1e-300}}}};
}

// With shrinking the solver's own eps matters: shrunk rows are examined again only once the
// projected-gradient spread is under it, and the run stops there. LIBLINEAR -s 3's default 0.1
// stops short of 1e-3 of the optimum on earn and corn (LIBLINEAR itself needs 3e-2 / 1e-2 there),
// so the shrinking variants run at the precision this benchmark asks for.
constexpr double kShrinkingEps = 1e-3;

struct Method {
  std::string paper, peer;
  double lambda;
  std::function<double(double)> loss;  // f(r) of (12)
  std::vector<Ours> ours;              // the paper's solver first
};
std::vector<Ours> with(Ours paper, std::vector<Ours> more) {
  more.insert(more.begin(), std::move(paper));
  return more;
}
const std::vector<Method> kMethods = {
    {"cls", "liblinear-s11", 1e-3, [](double r) { return (1 - r) * (1 - r); },
     with(paper_solver("cls"),
          {{"cls-dual:reshuffle", "cls-dual", {{"reshuffle", true}}, false, "K"},
           accelerated("cd-least-squares")[0],
           accelerated("cd-least-squares")[1]})},
    {"cmls", "liblinear-s2", 1e-3,
     [](double r) { return std::max(0.0, 1 - r) * std::max(0.0, 1 - r); },
     with(paper_solver("cmls"),
          {{"cmls-dual:reshuffle", "cmls-dual", {{"reshuffle", true}}, false, "K"},
           {"cmls-dual:reshuffle-shrinking",
            "cmls-dual",
            {{"reshuffle", true}, {"shrinking", true}, {"eps", kShrinkingEps}},
            false,
            "K"},
           accelerated("cd-squared-hinge")[0],
           accelerated("cd-squared-hinge")[1]})},
    {"mod-svm", "liblinear-s3", 1e-3, [](double r) { return std::max(0.0, 1 - r); },
     with(paper_solver("mod-svm"),
          {{"mod-svm:eta1", "mod-svm", {{"eta", 1.0}}, false, "K"},
           {"mod-svm:reshuffle", "mod-svm", {{"reshuffle", true}}, false, "K"},
           {"mod-svm:eta1-reshuffle", "mod-svm", {{"eta", 1.0}, {"reshuffle", true}}, false, "K"},
           {"mod-svm:eta1-reshuffle-shrinking",
            "mod-svm",
            {{"eta", 1.0}, {"reshuffle", true}, {"shrinking", true}, {"eps", kShrinkingEps}},
            false,
            "K"}})},
    {"clg", "liblinear-s0", 1e-4,
     [](double r) { return r > 0 ? std::log1p(std::exp(-r)) : -r + std::log1p(std::exp(r)); },
     with(paper_solver("clg"), {accelerated("cd-logistic")[0],
                                accelerated("cd-logistic")[1],
                                {"dcd-logistic", "dcd-logistic", {{"eps", 1e-300}}}})},
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
    try {
      BinaryDataset a9a = load_a9a();
      cache["a9a"] = {std::move(a9a.X_train), std::move(a9a.y_train), ""};
    } catch (const DataUnavailable& e) {
      cache["a9a"].error = e.what();
    }
    ExperimentContext ctx;
    ctx.progress = false;
    try {
      const ZoReuters zo = load_zo_reuters(ctx, zo_reuters_features());
      const auto& names = zo.prep.train_labels.class_names;
      for (const auto& c : kReutersCategories) {
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
      for (const auto& c : kReutersCategories) cache[c].error = e.what();
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
    reg.add(cmls_dual_solver_info());
    reg.add(cls_dual_solver_info());
    reg.add(cd_least_squares_solver_info());
    reg.add(cd_squared_hinge_solver_info());
    reg.add(cd_logistic_solver_info());
    reg.add(dcd_logistic_solver_info());
    reg.add(mod_svm_solver_info());
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

// Memory speed: the fastest of 20 X.w + X^T.v passes over the matrix the solvers see (with the
// constant column A = 1), measured once per data set. An iteration of ours (a sweep over every
// column or row) in these passes is counter iteration_in_passes.
double pass_seconds(const std::string& category) {
  static std::map<std::string, double> cache;
  if (!cache.contains(category)) {
    const CsrMatrix X = data(category).X.with_bias_column(1.0);
    std::vector<double> w(X.cols, 0.5), Xw(X.rows), v(X.rows, 0.25), Xtv(X.cols);
    double best = std::numeric_limits<double>::infinity();
    for (int r = 0; r < 20; ++r) {
      Stopwatch clock;
      X.multiply(w, Xw);
      X.multiply_transpose(v, Xtv);
      benchmark::DoNotOptimize(Xtv.data());
      best = std::min(best, clock.seconds());
    }
    cache[category] = best;
  }
  return cache[category];
}

double relative_gap(double objective, double best) { return (objective - best) / std::fabs(best); }

double best_objective(const std::string& category, const Method& m) {
  static std::map<std::string, double> cache;
  const std::string key = category + "/" + m.paper;
  if (!cache.contains(key)) {
    const Data& d = data(category);
    const double peer = objective_12(d, m, fit(d, m.peer, m, {{"eps", kReferenceEps}}).model);
    const double ours = objective_12(d, m, fit(d, m.paper, m, {{"K", kReferenceK}}).model);
    cache[key] = std::min(peer, ours);
    fmt::print(stderr,
               "bench_column_relaxation: {} best (12) for {}: {} eps {:g} {:.10g}, {} K {} "
               "{:.10g}\n",
               category, m.paper, m.peer, kReferenceEps, peer, m.paper, kReferenceK, ours);
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

// ours == nullptr: the peer.
ToTarget time_to_target(const std::string& category, const Method& m, const Ours* ours) {
  const Data& d = data(category);
  const double best = best_objective(category, m);
  ToTarget r;
  if (ours) {
    Params params = ours->params;
    params[ours->iterations] = kMaxK;
    const Timed t = fit(d, ours->solver, m, params, 1);
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

const ToTarget& cached_time_to_target(const std::string& category, const Method& m,
                                      const Ours* ours) {
  static std::map<std::string, ToTarget> cache;
  const std::string key = category + "/" + (ours ? ours->label : m.peer);
  if (!cache.contains(key)) cache[key] = time_to_target(category, m, ours);
  return cache[key];
}

// A run that never reaches the target still reports (reached = 0, the time and gap of the whole
// run, so its ratio_to_liblinear is a lower bound): "not within 1e-3 after 300 iterations" is the
// finding, not an error.
void BM_TimeTo1e3(benchmark::State& state, const std::string& category, const Method& m,
                  const Ours* ours) {
  const bool peer = ours == nullptr;
  const Data& d = data(category);
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  ToTarget r;
  for (auto _ : state) {
    r = cached_time_to_target(category, m, ours);
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
    state.counters["iteration_in_passes"] = r.seconds_per_iteration / pass_seconds(category);
    const ToTarget& p = cached_time_to_target(category, m, nullptr);
    state.counters["ratio_to_liblinear"] = p.reached ? r.seconds / p.seconds : NAN;
    state.counters["paper_faithful"] = ours->paper ? 1 : 0;
  }
}

void register_all() {
  for (const auto& category : kCategories)
    for (const Method& m : kMethods) {
      std::vector<const Ours*> runs = {nullptr};  // the peer first
      for (const Ours& o : m.ours) runs.push_back(&o);
      for (const Ours* ours : runs)
        benchmark::RegisterBenchmark(
            fmt::format("BM_TimeTo1e3/{}/{}/{}", category, m.paper, ours ? ours->label : m.peer)
                .c_str(),
            [category, &m, ours](benchmark::State& s) { BM_TimeTo1e3(s, category, m, ours); })
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
