// The SGD report's experiments (/work/shared/papers/sgd-l1-ridge-report.md): Tables 1-6,
// Figures 1-4 and its claims, experiment id "tables".
//
// Dataset 1 = LIBSVM a9a / a9a.t (32,561 / 16,281 rows, 123 binary features; in the mirror).
// Dataset 2 = covtype.binary, 290,507 / 290,505 rows, min-max scaled on the training rows
// (corpora/libsvm_sets.h); not in the mirror, so its cells are data_unavailable unless a copy is
// found (then our SGD methods run on it; the scikit-learn peer needs files and runs on a9a only).
//
// Runs per dataset, at the report's settings (Tables 1 and 5; nothing tuned):
//   sgd-l1-logistic naive | clipping | cumulative  Eq. 10, gamma = 0.001 constant, lambda = 1e-4,
//                                                  200 epochs (30 on Dataset 2), bias penalised
//   sgd-ridge                                      Eq. 14, gamma_t = 0.001 / (1 + 0.001 * 0.003 t)
//   liblinear-s6 (a9a)                             the exact minimiser of Eq. 10: LIBLINEAR
//                                                  minimises ||beta||_1 + C sum loss with a
//                                                  penalised bias feature (-B 1); dividing Eq. 10
//                                                  by lambda gives C = 1 / (lambda n). The optimum
//                                                  reference in the objective figure.
//   sklearn-* (a9a)                                experiments/sgdreport/sklearn_peer.py: the
//                                                  "Scikit-Learn test error" column, for real.
// Every SGD run is traced ~150 times (train/test error, objective, zeros against updates):
// Figures 1-4 (figure1_l1_logistic_dataset1 ... figure4_ridge_dataset2, as the report numbers
// them; Dataset 2's are placeholders while covtype is not here). The report's "sparsity" is the
// number of exact zeros of beta = (b; w).
//
// Fast mode (the regression subset): a9a, naive and cumulative for 2 epochs, no cells, no claims:
// every number is a deterministic function of the seed.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

#include "algorithms/sgd_common.h"
#include "baselines/python_peer.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "corpora/data_resolver.h"
#include "corpora/libsvm_sets.h"
#include "experiments/sgdreport/epochs_ablation.h"
#include "experiments/sgdreport/experiments.h"
#include "harness/cell_cause.h"
#include "harness/claim_test.h"
#include "harness/declared_tests.h"
#include "harness/declared_texts.h"
#include "harness/document_outcomes.h"
#include "harness/experiment_declarations.h"
#include "harness/extra_solvers.h"
#include "harness/record_fit.h"
#include "harness/solver_catalog.h"
#include "harness/unavailable_cells.h"
#include "harness/with_data.h"

namespace linrepro {

namespace {

constexpr const char* kSgdExperiment = "tables";
constexpr double kSgdLambda = 1e-4;  // Tables 1 and 5
constexpr double kGamma = 0.001;     // Table 1 (constant); Table 5 gamma0
constexpr double kDecay = 0.003;     // Table 5: a of gamma0 / (1 + gamma0 a t)
constexpr int64_t kEpochsD1 = 200;   // Tables 1 and 5, Dataset 1
constexpr int64_t kEpochsD2 = 30;    // Tables 1 and 5, Dataset 2
constexpr int64_t kFastEpochs = 2;
constexpr int64_t kTracePoints = 150;   // per run: every n * epochs / 150 updates
constexpr double kLiblinearEps = 1e-8;  // tight: the run is the optimum reference
constexpr const char* kSklearnScript = "experiments/sgdreport/sklearn_peer.py";

// What the cells and claims read off one finished run.
struct Outcome {
  double train_error = NAN;  // fractions
  double test_error = NAN;
  int64_t zeros = -1;
  int64_t dimensions = 0;
  int64_t train_rows = 0, test_rows = 0;  // what the error rates count: their Wilson intervals
  RunRecord run;  // its trace, and what the declared claim tests read (harness/declared_tests.h)
};

Outcome outcome_of(const RunRecord& r) {
  Outcome o;
  if (r.status != "ok") return o;
  o.train_error = r.metrics.value("train_error", NAN);
  o.test_error = r.metrics.value("test_error", NAN);
  o.zeros = r.metrics.value("zeros", int64_t{-1});
  o.dimensions = r.metrics.value("dimensions", int64_t{0});
  o.train_rows = r.metrics.value("train_rows", int64_t{0});
  o.test_rows = r.metrics.value("test_rows", int64_t{0});
  o.run = r;
  return o;
}

// One SGD method of the report: its registry name, the variant label and its parameters.
struct SgdMethod {
  std::string solver;   // sgd-l1-logistic | sgd-ridge
  std::string variant;  // naive | clipping | cumulative | L2
};

// Ridge (Eq. 14) or L1 logistic (Eq. 10), by the loss the solver declares.
bool least_squares(const std::string& solver) {
  return solver_catalog().get(solver).kind.loss == Loss::least_squares;
}

Params sgd_params(const SgdMethod& m, int64_t epochs) {
  if (least_squares(m.solver))
    return {{"lambda", kSgdLambda}, {"gamma", kGamma},  {"schedule", "decaying"},
            {"decay", kDecay},      {"epochs", epochs}, {"bias", "penalized"}};
  return {{"penalty", m.variant},   {"lambda", kSgdLambda}, {"gamma", kGamma},
          {"schedule", "constant"}, {"epochs", epochs},     {"bias", "penalized"}};
}

// The SGD runs per dataset (fast: the two penalties the claim compares).
std::vector<SgdMethod> sgd_methods(bool fast) {
  std::vector<SgdMethod> m;
  m.push_back(SgdMethod{"sgd-l1-logistic", "naive"});
  if (!fast) m.push_back(SgdMethod{"sgd-l1-logistic", "clipping"});
  m.push_back(SgdMethod{"sgd-l1-logistic", "cumulative"});
  if (!fast) m.push_back(SgdMethod{"sgd-ridge", "L2"});
  return m;
}

// One run of the report on one data set, as declared: every method (ours, the exact optimum,
// a solver added with --with-solver) is a registry solver fitted the same way.
struct ReportRun {
  std::string outcome;  // what cells and claims read it as: a variant, "exact", "extra/<label>"
  std::string key;      // "<class>/..."
  std::string solver;
  Params params;
  bool traced = false;  // ~kTracePoints trace points with the test set as monitor (Figures 1-4)
  Json config_fields;   // the config's fields besides dataset, solver, params, seed and class
  Json record_extra;    // added to the record's extra
};

// The report's runs on one data set: the SGD methods (fast: the two penalties the claim
// compares), then on Dataset 1 the solvers added with --with-solver at the report's one lambda
// and, in the full run, LIBLINEAR -s 6, the exact minimiser of Eq. 10 (C = 1 / (lambda n),
// penalised bias). Dataset 2 (covtype) has no clipping run.
std::vector<ReportRun> report_runs(const ExperimentContext& ctx, const std::string& cls,
                                   int64_t train_rows) {
  const bool dataset1 = cls == "a9a";
  const int64_t epochs = !dataset1 ? kEpochsD2 : ctx.fast ? kFastEpochs : kEpochsD1;
  std::vector<ReportRun> runs;
  for (const SgdMethod& m : sgd_methods(dataset1 && ctx.fast)) {
    if (!dataset1 && m.variant == "clipping") continue;
    runs.push_back(
        {m.variant,
         fmt::format("{}/{}-{}", cls, m.solver, m.variant),
         m.solver,
         sgd_params(m, epochs),
         true,
         {{"monitor", "test set"}, {"trace_points", kTracePoints}},
         {{"variant", m.variant},
          {"cpu_seconds_note", "thread CPU time of the fit including trace evaluation"}}});
  }
  if (!dataset1) return runs;
  const std::vector<ProtocolLambda> lambda = {
      {Loss::unspecified, Penalty::l1, kSgdLambda, "the report's lambda (Tables 1 and 5)"}};
  for (const ExtraSolver& e : extra_solvers(ctx))
    runs.push_back(
        {"extra/" + e.label,
         "a9a/extra/" + e.label,
         e.solver,
         extra_solver_params(e, extra_solver_lambda(e, lambda, "sgdreport/tables").lambda),
         false,
         {{"with_solver", e.label}},
         extra_solver_tag(e)});
  if (ctx.fast) return runs;  // the regression subset: our SGD methods only (and extra solvers)
  const Params ll = {{"C", 1.0 / (kSgdLambda * static_cast<double>(train_rows))},
                     {"bias", 1},
                     {"eps", kLiblinearEps}};
  runs.push_back({"exact",
                  "a9a/liblinear-s6",
                  "liblinear-s6",
                  ll,
                  false,
                  Json::object(),
                  {{"variant", "exact"}}});
  return runs;
}

// Errors on both sets, the zeros of beta = (b; w) (every run here penalises its bias) and which
// documents it got right: the claims compare two solvers on the same documents.
void add_report_metrics(RunRecord& r, const BinaryDataset& d, const BinaryFit& fit) {
  Stopwatch test_clock;
  const double test_error = error_rate(fit.model, d.X_test, d.y_test);
  r.test_seconds = test_clock.seconds();
  r.metrics = {{"train_error", error_rate(fit.model, d.X_train, d.y_train)},
               {"test_error", test_error},
               {"zeros", count_zero_weights(fit.model, BiasMode::penalized)},
               {"dimensions", weight_dimensions(fit.model, BiasMode::penalized)},
               {"train_rows", d.X_train.rows},
               {"test_rows", d.X_test.rows}};
  const auto right = [&](const CsrMatrix& X, const std::vector<double>& y) {
    const std::vector<double> p = fit.model.predict(X);
    std::vector<uint8_t> c(p.size());
    for (size_t i = 0; i < p.size(); ++i) c[i] = (p[i] > 0) == (y[i] > 0);
    return outcomes_to_hex(c);
  };
  r.extra["train_correct"] = right(d.X_train, d.y_train);
  r.extra["test_correct"] = right(d.X_test, d.y_test);
}

// train_seconds is the solver's clock (trace evaluation excluded); extra.cpu_seconds the thread's
// CPU time including it.
RunRecord fit_report_run(const BinaryDataset& d, const ReportRun& run, const std::string& cls,
                         uint64_t seed, bool progress) {
  FitContext fc;
  fc.seed = seed;
  fc.label = run.key;
  fc.progress = progress;
  if (run.traced) {
    const int64_t epochs = run.params.at("epochs").get<int64_t>();
    fc.trace_every = std::max<int64_t>(1, d.X_train.rows * epochs / kTracePoints);
    fc.held_out = {&d.X_test, d.y_test};
  }
  FitTime time;
  fc.clock = Stopwatch();
  const BinaryFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_binary(run.solver, {d.X_train, d.y_train}, run.params, fc);
      },
      time);
  time.wall_seconds = fc.clock.seconds();
  RunRecord r = record_fit(run.solver, run.params, fit, time);
  r.class_name = cls;
  add_report_metrics(r, d, fit);
  r.extra.update(run.record_extra);
  if (run.traced) {
    r.extra["trace_every"] = fc.trace_every;
    r.trace = trace_to_json(fc.trace);
  }
  return r;
}

// A scikit-learn result object (sklearn_peer.py) as a run record.
RunRecord sklearn_record(const Json& j, const std::string& version) {
  RunRecord r;
  r.solver = "sklearn-" + j.at("name").get<std::string>();
  r.params = j.at("params");
  for (const char* m :
       {"train_error", "test_error", "zeros", "dimensions", "train_rows", "test_rows"})
    r.metrics[m] = j.at(m);
  r.train_seconds = j.at("seconds").get<double>();
  r.objective = j.at("objective").get<double>();
  if (j.contains("updates") && j["updates"].is_number()) r.iterations = j["updates"].get<int64_t>();
  r.stop = "max_iterations";
  r.extra = {{"estimator", j.at("estimator")},
             {"cpu_seconds", j.at("cpu_seconds")},
             {"updates_per_second", j.value("updates_per_second", Json())},
             {"dense_input", j.value("dense_input", false)},
             {"note", j.value("note", "")},
             {"sklearn_version", version},
             {"variant", "peer"},
             {"train_correct", j.at("train_correct")},
             {"test_correct", j.at("test_correct")}};
  return r;
}

std::string percent_text(double fraction) { return fmt::format("{:.2f} %", 100 * fraction); }

// Largest minus smallest value of `name` over trace points with iteration >= from.
double trace_range(const Json& trace, const std::string& name, int64_t from) {
  double lo = INFINITY, hi = -INFINITY;
  for (const Json& p : trace) {
    if (p.at("iteration").get<int64_t>() < from || !p.at("values").contains(name)) continue;
    const double v = p["values"][name].get<double>();
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi >= lo ? hi - lo : NAN;
}

// The trace value at the first point with iteration >= at (NaN if none).
double trace_at(const Json& trace, const std::string& name, int64_t at) {
  for (const Json& p : trace)
    if (p.at("iteration").get<int64_t>() >= at && p.at("values").contains(name))
      return p["values"][name].get<double>();
  return NAN;
}

Json experiment_config(const ExperimentContext& ctx) {
  return {{"fast", ctx.fast},
          {"lambda", kSgdLambda},
          {"gamma", kGamma},
          {"ridge_decay", kDecay},
          {"epochs_dataset1", ctx.fast ? kFastEpochs : kEpochsD1},
          {"epochs_dataset2", ctx.fast ? 0 : kEpochsD2},
          {"trace_points", kTracePoints},
          {"liblinear_eps", kLiblinearEps}};
}

using Outcomes = std::map<std::string, Outcome>;  // by variant / sklearn method name

// A finished run's outcome; null when it is not there or failed (`linrepro run` reports that).
const Outcome* find(const Outcomes& m, const std::string& k) {
  const auto it = m.find(k);
  return it == m.end() || it->second.zeros < 0 ? nullptr : &it->second;
}

// scikit-learn: one invocation of sklearn_peer.py (Debian's scikit-learn; its docstring lists the
// methods and their fields) gives every method; each is its own run record.
void run_sklearn(const ExperimentContext& ctx, ResultFile& rf, const Json& dataset, Outcomes& d1) {
  const ResolvedData files = resolve("a9a");
  const std::string version = sklearn_version();
  // scikit-learn's random_state must fit in 32 bits.
  const auto seed = static_cast<uint32_t>(derive_seed(ctx.seed, "a9a/sklearn") & 0x7fffffffu);
  const std::vector<std::string> args = {"--train",  (files.path / "a9a").string(),
                                         "--test",   (files.path / "a9a.t").string(),
                                         "--lambda", fmt::format("{:.17g}", kSgdLambda),
                                         "--gamma",  fmt::format("{:.17g}", kGamma),
                                         "--decay",  fmt::format("{:.17g}", kDecay),
                                         "--epochs", std::to_string(kEpochsD1),
                                         "--seed",   std::to_string(seed)};
  const std::vector<std::string> names = {"sgd-l1-logistic", "l1-logistic-liblinear", "sgd-ridge",
                                          "sgd-ridge-constant", "ridge-exact"};
  std::optional<std::vector<Json>> peer;  // run lazily: only when a record is missing
  for (const std::string& name : names) {
    const std::string key = "a9a/sklearn-" + name;
    const Json config = {{"dataset", dataset},
                         {"solver", "sklearn-" + name},
                         {"script", kSklearnScript},
                         {"sklearn_version", version},
                         {"params",
                          {{"lambda", kSgdLambda},
                           {"gamma", kGamma},
                           {"decay", kDecay},
                           {"epochs", kEpochsD1},
                           {"seed", seed}}},
                         {"class", "a9a"}};
    const RunRecord r = rf.run_once(key, config, [&] {
      if (!peer) {
        if (ctx.progress)
          fmt::print(stderr, "sgdreport: scikit-learn {} peer (all methods) ...\n", version);
        peer = run_python_peer(kSklearnScript, args, ctx.progress);
      }
      for (const Json& j : *peer)
        if (j.value("name", "") == name) {
          RunRecord rec = sklearn_record(j, version);
          rec.class_name = "a9a";
          return rec;
        }
      throw std::runtime_error("sklearn_peer.py printed no result for " + name);
    });
    d1["sklearn-" + name] = outcome_of(r);
  }
}

// Cells of the extra solvers: Table 3's columns in rows "<label> (extra)", not part of the report.
void emit_extra_cells(const ExperimentContext& ctx, ResultFile& rf, const Outcomes& d1) {
  for (const ExtraSolver& e : extra_solvers(ctx)) {
    const Outcome* o = find(d1, "extra/" + e.label);
    if (!o) continue;
    const std::string row = e.label + " (extra)";
    rf.set_cell(value_cell("table3", row, "Training error rate", 100 * o->train_error, "%",
                           kExtraSolverNote));
    rf.set_cell(
        value_cell("table3", row, "Test error rate", 100 * o->test_error, "%", kExtraSolverNote));
    rf.set_cell(value_cell("table3", row, "Sparsity", static_cast<double>(o->zeros),
                           fmt::format("zeros of {}", o->dimensions), kExtraSolverNote));
  }
}

// One data set's declared runs (report_runs), each fitted unless stored; on Dataset 1 in the
// full run, the scikit-learn peer too.
void run_dataset(const ExperimentContext& ctx, ResultFile& rf, const BinaryDataset& d,
                 const std::string& cls, Outcomes& outcomes) {
  rf.add_dataset(d.identity);
  const Json dataset = {{"name", d.name}, {"counts", d.identity.at("counts")}};
  for (const ReportRun& run : report_runs(ctx, cls, d.X_train.rows)) {
    const uint64_t seed = derive_seed(ctx.seed, run.key);
    Json config = {{"dataset", dataset},
                   {"solver", run.solver},
                   {"params", run.params},
                   {"seed", seed},
                   {"class", cls}};
    config.update(run.config_fields);
    const RunRecord r = rf.run_once(run.key, config, [&] {
      if (ctx.progress) fmt::print(stderr, "sgdreport: {} ...\n", run.key);
      RunRecord rec = fit_report_run(d, run, cls, seed, ctx.progress);
      if (ctx.progress)
        fmt::print(stderr, "sgdreport: {}: train {} test {} zeros {} ({:.2f}s)\n", run.key,
                   percent_text(rec.metrics.value("train_error", NAN)),
                   percent_text(rec.metrics.value("test_error", NAN)),
                   rec.metrics.value("zeros", -1), rec.train_seconds);
      return rec;
    });
    outcomes[run.outcome] = outcome_of(r);
  }
  if (cls == "a9a" && !ctx.fast) run_sklearn(ctx, rf, dataset, outcomes);
}

// Settings (Tables 1 and 5): what this run was configured with.
void emit_settings(ResultFile& rf) {
  rf.set_cell(value_cell("table1", "Learning Rate gamma", "Value", kGamma, "", "constant rate"));
  for (const std::string table : {"table1", "table5"}) {
    if (table == "table5") {
      rf.set_cell(value_cell(table, "Learning Rate gamma", "gamma0", kGamma, ""));
      rf.set_cell(value_cell(table, "Learning Rate gamma", "decay constant a", kDecay, ""));
    }
    rf.set_cell(value_cell(table, "Regularization Lambda lambda", "Value", kSgdLambda, ""));
    for (const auto& [dataset, epochs] : {std::pair{"1", kEpochsD1}, std::pair{"2", kEpochsD2}})
      rf.set_cell(value_cell(table, fmt::format("Max Iteration Times (Dataset {})", dataset),
                             "Value", static_cast<double>(epochs), "epochs"));
  }
}

// One (table, row): our columns, the sklearn column, or "unavailable" with its reason.
// An error rate's 95 % sampling interval: Wilson's over the `rows` it was counted on.
Cell with_wilson(Cell c, double error, int64_t rows, const std::string& which) {
  set_wilson_interval(c.evidence, error, rows, which + " rows");
  return c;
}

// `sparsity_evidence`: what explains a sparsity that differs (the cumulative rows').
void emit_row(ResultFile& rf, const std::string& table, const std::string& row, const Outcome* ours,
              const Outcome* sklearn, const std::string& unavailable, bool sparsity,
              const std::string& sklearn_note, const CellEvidence& sparsity_evidence = {}) {
  std::vector<std::string> columns = {"Training error rate", "Test error rate"};
  if (sparsity) columns.push_back("Sparsity");
  columns.push_back("Scikit-Learn Test error rate");
  for (const std::string& c : columns) {
    const bool sk = c == "Scikit-Learn Test error rate";
    const Outcome* o = sk ? sklearn : ours;
    if (!unavailable.empty()) {
      rf.set_cell(unavailable_cell(table, row, c, unavailable));
    } else if (o == nullptr) {
      Cell cell = unavailable_cell(table, row, c,
                                   sk ? "not run: the scikit-learn peer runs on a9a only (it "
                                        "reads LIBSVM files; covtype's split is made in C++)"
                                      : "not run");
      cell.status = "not_run";
      rf.set_cell(cell);
    } else if (c == "Training error rate") {
      rf.set_cell(with_wilson(value_cell(table, row, c, 100 * o->train_error, "%"), o->train_error,
                              o->train_rows, "training"));
    } else if (c == "Sparsity") {
      Cell cell = value_cell(table, row, c, static_cast<double>(o->zeros),
                             fmt::format("zeros of {}", o->dimensions));
      cell.evidence = sparsity_evidence;
      rf.set_cell(cell);
    } else {
      rf.set_cell(
          with_wilson(value_cell(table, row, c, 100 * o->test_error, "%", sk ? sklearn_note : ""),
                      o->test_error, o->test_rows, "test"));
    }
  }
}

// Tables 1-6: the settings (inputs), then per (table, row) our columns, the sklearn column, or
// "unavailable" (Dataset 2's cells are marked from the published file).
void emit_cells(ResultFile& rf, const Outcomes& d1, const Outcomes& d2,
                const std::string& a9a_unavailable) {
  emit_settings(rf);
  auto emit = [&rf](auto&&... args) { emit_row(rf, args...); };
  const std::string sk_l1 =
      "SGDClassifier(log_loss, L1, alpha = lambda, constant eta0 = gamma, 200 epochs): intercept "
      "unpenalised and its step x0.01 on sparse input";
  const std::string sk_ridge =
      "SGDClassifier(squared_error, L2), eta0 = 2 gamma_t reset per epoch; RidgeClassifier "
      "(exact) is the run a9a/sklearn-ridge-exact";
  const Outcome* sk1 = find(d1, "sklearn-sgd-l1-logistic");
  const Outcome* skr = find(d1, "sklearn-sgd-ridge");
  // The cumulative rows' zeros: the exact minimiser of the same objective as the peer, and the
  // run read after fewer epochs (the ablation).
  CellEvidence cumulative_zeros;
  if (const Outcome* ll = find(d1, "exact")) {
    cumulative_zeros.peer = static_cast<double>(ll->zeros);
    cumulative_zeros.peer_what = "LIBLINEAR -s 6, the exact minimiser of the same objective";
  }
  cumulative_zeros.ablation = kEpochsAblation;
  cumulative_zeros.ablation_column = "Sparsity";
  emit("table2", "Dataset 1", find(d1, "cumulative"), sk1, a9a_unavailable, true, sk_l1,
       cumulative_zeros);
  emit("table3", "Naive", find(d1, "naive"), sk1, a9a_unavailable, true, sk_l1);
  emit("table3", "Cumulative", find(d1, "cumulative"), sk1, a9a_unavailable, true, sk_l1,
       cumulative_zeros);
  emit("table6", "Dataset 1", find(d1, "L2"), skr, a9a_unavailable, false, sk_ridge);
  if (d2.empty()) return;  // covtype is unavailable: run_tables marked its cells
  emit("table2", "Dataset 2", find(d2, "cumulative"), nullptr, "", true, "");
  emit("table4", "Naive", find(d2, "naive"), nullptr, "", true, "");
  emit("table4", "Cumulative", find(d2, "cumulative"), nullptr, "", true, "");
  emit("table6", "Dataset 2", find(d2, "L2"), nullptr, "", false, "");
}

// The finished runs by outcome name, for the declared claim tests.
std::map<std::string, const RunRecord*> finished_runs(const Outcomes& d1) {
  std::map<std::string, const RunRecord*> runs;
  for (const auto& [name, o] : d1)
    if (find(d1, name)) runs[name] = &o.run;
  return runs;
}

// How a traced run moved after `after` updates: the range of an error (points) and the zeros
// gained. A trace is one seeded run's path (no sampling), so the comparisons are exact.
void add_trace_measures(ClaimMeasures& m, const std::map<std::string, const RunRecord*>& runs,
                        int64_t after) {
  const auto measure = [&runs](std::function<double(const RunRecord&)> value) {
    return [&runs, value](std::string what, const std::string& a, const std::string&, double bound,
                          bool above, bool strict) -> std::optional<ClaimComparison> {
      const auto it = runs.find(a);
      if (it == runs.end()) return std::nullopt;
      return exact_comparison(std::move(what), value(*it->second), bound, above, strict);
    };
  };
  for (const char* key : {"train_error", "test_error"})
    m[std::string(key) + "_range"] = measure(
        [key, after](const RunRecord& r) { return 100 * trace_range(r.trace, key, after); });
  m["zeros_growth"] = measure([after](const RunRecord& r) {
    return r.metrics.at("zeros").get<double>() - trace_at(r.trace, "zeros", after);
  });
}

// The declared claim decided by its declared tests over the finished runs, when they are there
// (the trace measures after the claim's bound "after", if it has one).
void add_declared(ResultFile& rf, const Outcomes& d1, const DeclaredClaim& claim,
                  std::string evidence) {
  const auto runs = finished_runs(d1);
  ClaimMeasures measures = run_measures(runs);
  if (claim.bounds.count("after"))
    add_trace_measures(measures, runs, static_cast<int64_t>(claim.bound("after")));
  if (auto parts = declared_comparisons(claim, measures))
    rf.add_claim(tested_claim(claim, std::move(*parts), std::move(evidence)));
}

// Tables 3-4: the cumulative penalty gives sparsity at the naive update's error.
void add_sparsity_claim(ResultFile& rf, const Outcomes& d1) {
  const Outcome* naive = find(d1, "naive");
  const Outcome* cum = find(d1, "cumulative");
  const Outcome* clip = find(d1, "clipping");
  const Outcome* ll = find(d1, "exact");
  if (!naive || !cum) return;
  std::string evidence = fmt::format(
      "a9a, 200 epochs: naive train {} / test {} with {}/{} zeros; cumulative train {} / test {} "
      "with {}/{} zeros",
      percent_text(naive->train_error), percent_text(naive->test_error), naive->zeros,
      naive->dimensions, percent_text(cum->train_error), percent_text(cum->test_error), cum->zeros,
      cum->dimensions);
  if (clip)
    evidence +=
        fmt::format("; clipping: train {} / test {} with {} zeros", percent_text(clip->train_error),
                    percent_text(clip->test_error), clip->zeros);
  if (ll) evidence += fmt::format("; the exact minimiser (liblinear -s 6) has {} zeros", ll->zeros);
  add_declared(rf, d1, declared_claim(kSgdPaper, "cumulative-sparse-naive-dense"), evidence);
}

// Figure 1: zeros keep growing while the errors settle.
void add_sparsity_grows_claim(ResultFile& rf, const Outcomes& d1) {
  const Outcome* cum = find(d1, "cumulative");
  if (!cum) return;
  const DeclaredClaim claim = declared_claim(kSgdPaper, "l1-sparsity-grows");
  const Json& trace = cum->run.trace;
  add_declared(
      rf, d1, claim,
      fmt::format("zeros {} at ~500k updates, {} at the end ({} updates)",
                  trace_at(trace, "zeros", static_cast<int64_t>(claim.bound("after"))), cum->zeros,
                  trace.empty() ? int64_t{0} : trace.back().at("iteration").get<int64_t>()));
}

// Figure 3: SGD ridge settles, with no zero weights.
void add_ridge_claim(ResultFile& rf, const Outcomes& d1) {
  const Outcome* ridge = find(d1, "L2");
  if (!ridge) return;
  add_declared(rf, d1, declared_claim(kSgdPaper, "ridge-settles"),
               fmt::format("final train {} / test {}", percent_text(ridge->train_error),
                           percent_text(ridge->test_error)));
}

// The peer: scikit-learn's SGD on the same a9a files.
void add_sklearn_claim(ResultFile& rf, const Outcomes& d1) {
  const Outcome* cum = find(d1, "cumulative");
  const Outcome* ridge = find(d1, "L2");
  const Outcome* sk1 = find(d1, "sklearn-sgd-l1-logistic");
  const Outcome* skr = find(d1, "sklearn-sgd-ridge");
  if (!sk1 || !cum || !ridge || !skr) return;
  add_declared(
      rf, d1, declared_claim(kSgdPaper, "sklearn-agrees"),
      fmt::format("test error: sklearn SGD-L1 {} vs our cumulative {}; sklearn SGD ridge {} vs "
                  "our ridge {}",
                  percent_text(sk1->test_error), percent_text(cum->test_error),
                  percent_text(skr->test_error), percent_text(ridge->test_error)));
}

// The report's claims, on a9a.
void add_claims(ResultFile& rf, const Outcomes& d1) {
  add_sparsity_claim(rf, d1);
  add_sparsity_grows_claim(rf, d1);
  add_ridge_claim(rf, d1);
  add_sklearn_claim(rf, d1);
}

void run_tables(const ExperimentContext& ctx, ResultFile& rf) {
  Outcomes d1, d2;
  const std::string a9a_unavailable =
      with_data(ctx, rf, "a9a", [&] { run_dataset(ctx, rf, load_a9a(), "a9a", d1); });
  if (ctx.fast) {  // runs only: the regression check compares their metrics
    if (rf.complete()) emit_extra_cells(ctx, rf, d1);
    return;
  }
  with_data(
      ctx, rf, "covtype.binary",
      [&] { run_dataset(ctx, rf, load_covtype_binary(), "covtype", d2); },
      MissingCells::marked_unavailable);
  if (!rf.complete()) return;  // runs pending: nothing to summarise yet
  emit_cells(rf, d1, d2, a9a_unavailable);
  if (const Outcome* cum = find(d1, "cumulative"))
    rf.add_ablation(
        epochs_ablation(cum->run.trace, kEpochsD1,
                        load_published(ctx.published() / (std::string(kSgdPaper) + ".json"))));
  emit_extra_cells(ctx, rf, d1);
  add_claims(rf, d1);
}

}  // namespace

void add_sgdreport_tables(std::vector<ExperimentInfo>& registry) {
  register_declared(registry, kSgdPaper, kSgdExperiment, experiment_config, run_tables);
}

}  // namespace linrepro
