#include "harness/protocol_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "harness/document_outcomes.h"
#include "harness/experiment_declarations.h"
#include "harness/record_fit.h"
#include "harness/solver_catalog.h"

namespace linrepro {

namespace {

// Which documents of X the model got right, as harness/document_outcomes.h stores them.
std::string correct_documents(const LinearModel& model, const CsrMatrix& X,
                              const std::vector<double>& y) {
  const std::vector<double> p = model.predict(X);
  std::vector<uint8_t> c(p.size());
  for (size_t i = 0; i < p.size(); ++i) c[i] = (p[i] > 0) == (y[i] > 0);
  return outcomes_to_hex(c);
}

void add_metrics(RunRecord& r, const BinaryDataset& d, const BinaryFit& fit, BiasMode bias) {
  Stopwatch test_clock;
  const double test_error = error_rate(fit.model, d.X_test, d.y_test);
  r.test_seconds = test_clock.seconds();
  r.metrics = {{"train_error", error_rate(fit.model, d.X_train, d.y_train)},
               {"test_error", test_error},
               {"zeros", count_zero_weights(fit.model, bias)},
               {"dimensions", weight_dimensions(fit.model, bias)},
               {"train_rows", d.X_train.rows},
               {"test_rows", d.X_test.rows}};
  r.extra["train_correct"] = correct_documents(fit.model, d.X_train, d.y_train);
  r.extra["test_correct"] = correct_documents(fit.model, d.X_test, d.y_test);
}

RunRecord fit_run(const BinaryDataset& d, const ProtocolRun& run, const std::string& cls,
                  BiasMode bias, uint64_t seed, bool progress) {
  FitContext fc;
  fc.seed = seed;
  fc.label = run.key;
  fc.progress = progress;
  if (run.trace_points > 0) {  // n * epochs updates
    const int64_t epochs = run.params.at("epochs").get<int64_t>();
    fc.trace_every = std::max<int64_t>(1, d.X_train.rows * epochs / run.trace_points);
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
  add_metrics(r, d, fit, bias);
  r.extra.update(run.record_extra);
  if (run.trace_points > 0) {
    r.extra["trace_every"] = fc.trace_every;
    r.trace = trace_to_json(fc.trace);
  }
  return r;
}

// `dataset`: what every run's config says of the data.
void run_dataset(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                 const ProtocolDataset& pd, const BinaryDataset& d, const Json& dataset,
                 const std::string& experiment, std::map<std::string, RunRecord>& runs) {
  for (const ProtocolRun& run :
       protocol_runs(p, pd, ctx.fast, d.X_train.rows, extra_solvers(ctx), experiment)) {
    const uint64_t seed = derive_seed(ctx.seed, run.key);
    Json config = {{"dataset", dataset},
                   {"solver", run.solver},
                   {"params", run.params},
                   {"seed", seed},
                   {"class", pd.cls}};
    config.update(run.config_fields);
    runs[run.name] = rf.run_once(run.key, config, [&] {
      if (ctx.progress) fmt::print(stderr, "{}: {} ...\n", experiment, run.key);
      RunRecord r = fit_run(d, run, pd.cls, p.bias, seed, ctx.progress);
      if (ctx.progress)
        fmt::print(stderr, "{}: {}: train error {:.4f}, test error {:.4f}, zeros {} ({:.2f} s)\n",
                   experiment, run.key, r.metrics.value("train_error", std::nan("")),
                   r.metrics.value("test_error", std::nan("")), r.metrics.value("zeros", -1),
                   r.train_seconds);
      return r;
    });
  }
}

}  // namespace

void run_protocol(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const std::string& experiment, const ProtocolHooks& hooks) {
  ProtocolOutcomes runs;
  std::map<std::string, std::string> unavailable;
  for (const ProtocolDataset& pd : p.datasets) {
    if (ctx.fast && !pd.in_fast) continue;
    const auto body = [&] {
      const BinaryDataset d = load_binary_dataset(pd.data);
      rf.add_dataset(d.identity);
      const Json dataset = {{"name", d.name}, {"counts", d.identity.at("counts")}};
      run_dataset(ctx, rf, p, pd, d, dataset, experiment, runs[pd.cls]);
      if (hooks.after_dataset) hooks.after_dataset(ctx, rf, pd, dataset, runs[pd.cls]);
    };
    unavailable[pd.cls] = with_data(ctx, rf, pd.data, body, pd.missing);
  }
  if (!rf.complete()) return;  // runs pending: nothing to summarise yet
  if (!ctx.fast) emit_protocol_cells(rf, p, runs, unavailable);
  emit_extra_solver_cells(rf, p, runs, extra_solvers(ctx));
  if (!ctx.fast && hooks.summarise) hooks.summarise(ctx, rf, runs);
}

DeclaredProtocol declared_protocol(const std::string& paper, const std::string& id) {
  const ExperimentInfo declared = declared_experiment(paper, id);
  if (declared.protocol.is_null())
    throw ConfigError(fmt::format("{}/{} declares no protocol (experiments/{}/experiments.json)",
                                  paper, id, paper));
  return parse_protocol(declared.protocol,
                        fmt::format("experiments/{}/experiments.json ({}/{})", paper, paper, id));
}

void register_protocol(std::vector<ExperimentInfo>& registry, const std::string& paper,
                       const std::string& id, ProtocolHooks hooks) {
  const std::string name = paper + "/" + id;
  register_declared(
      registry, paper, id, hooks.config,
      [p = declared_protocol(paper, id), name, hooks](
          const ExperimentContext& ctx, ResultFile& rf) { run_protocol(ctx, rf, p, name, hooks); });
}

}  // namespace linrepro
