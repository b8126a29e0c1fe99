#include "harness/protocol_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>

#include "core/error.h"
#include "core/parallel_for.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "corpora/data_errors.h"
#include "harness/document_outcomes.h"
#include "harness/experiment_declarations.h"
#include "harness/record_fit.h"
#include "harness/solver_catalog.h"
#include "harness/unavailable_cells.h"

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
  for (const ProtocolRun& run : protocol_runs(p, pd, ctx.fast, d.X_train.rows, Json::object(),
                                              extra_solvers(ctx), experiment)) {
    const uint64_t seed = derive_seed(ctx.seed, run.seed_key);
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

// The tasks of `set` that `run` fits, by index: its first `top`, in fast mode the declared fast
// ones among them.
std::vector<size_t> tasks_of(const ExperimentContext& ctx, const ProtocolDataset& pd,
                             const ProtocolRun& run, const TaskSet& set) {
  size_t n = set.tasks.size();
  if (run.top > 0) n = std::min(n, static_cast<size_t>(run.top));
  if (ctx.fast && pd.fast_tasks > 0) n = std::min(n, static_cast<size_t>(pd.fast_tasks));
  std::vector<size_t> out;
  for (size_t i = 0; i < n; ++i)
    if (!ctx.fast || pd.fast_task_names.empty() ||
        std::ranges::find(pd.fast_task_names, set.tasks[i]) != pd.fast_task_names.end())
      out.push_back(i);
  if (ctx.fast)
    for (const std::string& name : pd.fast_task_names)
      if (std::ranges::find(set.tasks, name) == set.tasks.end())
        throw ConfigError(fmt::format("\"fast_tasks\" names \"{}\", which task set \"{}\" has not",
                                      name, pd.tasks));
  return out;
}

// One run's fits over the tasks of `set`, in parallel.
std::vector<RunRecord> run_tasks(const ExperimentContext& ctx, ResultFile& rf,
                                 const ProtocolDataset& pd, const ProtocolRun& run,
                                 const TaskSet& set, const std::string& experiment) {
  const std::vector<size_t> tasks = tasks_of(ctx, pd, run, set);
  std::vector<RunRecord> out(tasks.size());
  std::atomic<size_t> done{0};
  const auto key_of = [&](const std::string& method_key, size_t i) {
    return task_run_key(pd, method_key, set.tasks[i]);
  };
  parallel_for(out.size(), ctx.threads, [&](size_t j) {
    const size_t i = tasks[j];
    const std::string key = key_of(run.key, i);
    if (std::optional<RunRecord> missed = set.untrainable(i)) {
      out[j] = std::move(*missed);
      out[j].key = key;
      out[j].class_name = set.tasks[i];
      out[j].status = "untrainable";
      return;
    }
    const uint64_t seed = derive_seed(ctx.seed, key_of(run.seed_key, i));
    Json config = {{"dataset", set.dataset},
                   {"class", set.tasks[i]},
                   {"solver", run.solver},
                   {"params", run.params},
                   {"seed", seed}};
    config.update(set.config_fields);
    if (set.task_fields) config.update(set.task_fields(i));
    config.update(run.config_fields);
    out[j] = rf.run_once(key, config, [&] {
      RunRecord r = set.fit(i, run.solver, run.params, seed);
      r.extra.update(run.record_extra);
      return r;
    });
    const size_t n = ++done;
    if (ctx.progress && (n % 20 == 0 || n == out.size()))
      fmt::print(stderr, "{}: {} {}/{} tasks\n", experiment, run.name, n, out.size());
  });
  return out;
}

// Every run of a task set: each distinct "data" options prepared once (its dataset added to rf)
// and released after its last run.
void run_task_set(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const ProtocolDataset& pd, const TaskSource& source, const Json& supplied,
                  const std::string& experiment, std::map<std::string, std::vector<RunRecord>>& out,
                  std::map<std::string, Json>& records) {
  const TaskPreparer prepare = source(ctx);
  const std::vector<ProtocolRun> runs =
      protocol_runs(p, pd, ctx.fast, 0, supplied, extra_solvers(ctx), experiment);
  std::map<std::string, size_t> last_use;  // by options
  for (size_t i = 0; i < runs.size(); ++i) last_use[runs[i].data_options.dump()] = i;
  std::map<std::string, TaskSet> prepared;  // by options
  for (size_t i = 0; i < runs.size(); ++i) {
    const ProtocolRun& run = runs[i];
    const std::string options = run.data_options.dump();
    auto it = prepared.find(options);
    if (it == prepared.end()) {
      it = prepared.emplace(options, prepare(run.data_options)).first;
      rf.add_dataset(it->second.record);
    }
    out[run.name] = run_tasks(ctx, rf, pd, run, it->second, experiment);
    records[run.name] = it->second.record;
    if (last_use.at(options) == i) prepared.erase(it);
  }
}

}  // namespace

void run_protocol(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const std::string& experiment, const ProtocolHooks& hooks) {
  ProtocolResults results;
  const Json supplied = hooks.values ? hooks.values(ctx) : Json::object();
  results.values = p.values;
  results.values.update(supplied);
  std::vector<std::pair<std::string, std::string>> missing;  // data set, why: cells to mark
  for (const ProtocolDataset& pd : p.datasets) {
    if (ctx.fast && !pd.in_fast) continue;
    const auto body = [&] {
      if (!pd.unavailable.empty()) throw DataUnavailable(pd.cls, pd.unavailable);
      if (!pd.tasks.empty()) {
        run_task_set(ctx, rf, p, pd, hooks.task_sources.at(pd.tasks), supplied, experiment,
                     results.tasks[pd.cls], results.task_records[pd.cls]);
        return;
      }
      const BinaryDataset d = load_binary_dataset(pd.data);
      rf.add_dataset(d.identity);
      const Json dataset = {{"name", d.name}, {"counts", d.identity.at("counts")}};
      auto& runs = results.runs[pd.cls];
      run_dataset(ctx, rf, p, pd, d, dataset, experiment, runs);
      if (hooks.after_dataset) hooks.after_dataset(ctx, rf, pd, dataset, runs);
    };
    const std::string name = pd.data.empty() ? pd.tasks.empty() ? pd.cls : pd.tasks : pd.data;
    results.unavailable[pd.cls] = with_data(ctx, rf, name, body);
    if (!results.unavailable[pd.cls].empty() && pd.missing == MissingCells::marked_unavailable)
      missing.push_back({name, results.unavailable[pd.cls]});
  }
  if (rf.complete()) {  // else runs are pending: nothing to summarise yet
    if (!ctx.fast) emit_protocol_cells(rf, p, results, hooks.aggregates);
    emit_extra_solver_cells(rf, p, results, hooks.aggregates, extra_solvers(ctx));
    if ((!ctx.fast || p.fast_summary) && hooks.summarise) hooks.summarise(ctx, rf, results);
  }
  // After the cells of the data that is here, so that a table keeps the declared order when its
  // first rows are the available ones (the paper's collection first, a private one after).
  for (const auto& [dataset, why] : missing) mark_unavailable(ctx, rf, dataset, why);
}

DeclaredProtocol declared_protocol(const std::string& paper, const std::string& id) {
  const ExperimentInfo declared = declared_experiment(paper, id);
  if (declared.protocol.is_null())
    throw ConfigError(fmt::format("{}/{} declares no protocol (experiments/{}/experiments.json)",
                                  paper, id, paper));
  return parse_protocol(declared.protocol,
                        fmt::format("experiments/{}/experiments.json ({}/{})", paper, paper, id));
}

void check_protocol_hooks(const DeclaredProtocol& p, const ProtocolHooks& hooks,
                          const std::string& name) {
  const auto lacks = [&](const std::string& what) {
    throw ConfigError(fmt::format("{}: the driver of {} supplies no {}", p.where, name, what));
  };
  for (const ProtocolDataset& d : p.datasets)
    if (!d.tasks.empty() && !hooks.task_sources.contains(d.tasks))
      lacks(fmt::format("task set \"{}\"", d.tasks));
  for (const std::string& a : protocol_aggregates(p))
    if (!hooks.aggregates.contains(a)) lacks(fmt::format("aggregate \"{}\"", a));
  if (!p.supplied.empty() && !hooks.values) lacks("values (it declares \"supplied\")");
}

void register_protocol(std::vector<ExperimentInfo>& registry, const std::string& paper,
                       const std::string& id, ProtocolHooks hooks) {
  const std::string name = paper + "/" + id;
  const DeclaredProtocol p = declared_protocol(paper, id);
  check_protocol_hooks(p, hooks, name);
  if (!hooks.config)  // a protocol without a driver: the mode is all its config says
    hooks.config = [](const ExperimentContext& ctx) { return Json{{"fast", ctx.fast}}; };
  register_declared(registry, paper, id, hooks.config,
                    [p, name, hooks](const ExperimentContext& ctx, ResultFile& rf) {
                      run_protocol(ctx, rf, p, name, hooks);
                    });
}

}  // namespace linrepro
