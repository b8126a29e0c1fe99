#include "harness/protocol/protocol_runner.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "corpora/data_errors.h"
#include "harness/experiment/published.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/experiment/unavailable_cells.h"
#include "harness/language/experiment_declarations.h"
#include "harness/protocol/binary_categories.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/multiclass_partitions.h"
#include "harness/protocol/partition_measures.h"
#include "harness/protocol/protocol_ablations.h"
#include "harness/protocol/size_series.h"
#include "harness/protocol/task_data_of.h"
#include "harness/protocol/task_set_runs.h"

namespace linrepro {

namespace {

// Which documents of X the model got right, as harness/protocol/document_outcomes.h stores them.
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

}  // namespace

void run_protocol(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const std::string& experiment, const ProtocolHooks& hooks) {
  ProtocolResults results;
  const Json supplied = hooks.values ? hooks.values(ctx) : Json::object();
  results.values = p.values;
  results.values.update(supplied);
  results.seed = ctx.seed;
  std::vector<std::pair<std::string, std::string>> missing;  // data set, why: cells to mark
  for (const ProtocolDataset& pd : p.datasets) {
    if (ctx.fast && !pd.in_fast) continue;
    const auto body = [&] {
      if (!pd.unavailable.empty()) throw DataUnavailable(pd.cls, pd.unavailable);
      if (!pd.tasks.empty()) {
        run_task_set(ctx, rf, p, pd, hooks.task_sources.at(pd.tasks), supplied, hooks.stop_rules,
                     hooks.after_steps, experiment, results.tasks[pd.cls],
                     results.task_records[pd.cls]);
        return;
      }
      const BinaryDataset d = load_binary_dataset(pd.data);
      rf.add_dataset(d.identity);
      const Json dataset = {{"name", d.name}, {"counts", d.identity.at("counts")}};
      auto& runs = results.runs[pd.cls];
      run_dataset(ctx, rf, p, pd, d, dataset, experiment, runs);
    };
    const std::string name = pd.data.empty() ? pd.tasks.empty() ? pd.cls : pd.tasks : pd.data;
    results.unavailable[pd.cls] = with_data(ctx, rf, name, body);
    if (!results.unavailable[pd.cls].empty() && pd.missing == MissingCells::marked_unavailable)
      missing.push_back({name, results.unavailable[pd.cls]});
  }
  if (rf.complete()) {  // else runs are pending: nothing to summarise yet
    emit_protocol_cells(rf, p, results, hooks.aggregates, ctx.fast);
    emit_extra_solver_cells(rf, p, results, hooks.aggregates, extra_solvers(ctx), ctx.fast);
    if (!p.ablation_tables.empty()) {
      const std::string paper = experiment.substr(0, experiment.find('/'));
      add_protocol_ablations(rf, p, paper, results, ctx.fast,
                             load_published_if_present(ctx.published(), paper), hooks.aggregates);
    }
    if (!ctx.fast && !p.claims.empty())
      add_protocol_claims(rf, p, experiment.substr(0, experiment.find('/')), results,
                          hooks.aggregates, hooks.claim_measures, hooks.run_claim_measures);
    if ((!ctx.fast || p.fast_summary) && hooks.summarise) hooks.summarise(ctx, rf, results);
  }
  // After the cells of the data that is here, so that a table keeps the declared order when its
  // first rows are the available ones (the paper's collection first, a private one after).
  for (const auto& [dataset, why] : missing) mark_unavailable(ctx, rf, dataset, why);
}

namespace {

// The protocol of a declared experiment, parsed (ConfigError when it declares none).
DeclaredProtocol protocol_of(const ExperimentInfo& declared) {
  const std::string file = fmt::format("experiments/{}/experiments.json", declared.paper);
  if (declared.protocol.is_null())
    throw ConfigError(
        fmt::format("{}/{} declares no protocol ({})", declared.paper, declared.id, file));
  return parse_protocol(declared.protocol,
                        fmt::format("{} ({}/{})", file, declared.paper, declared.id));
}

}  // namespace

DeclaredProtocol declared_protocol(const std::string& paper, const std::string& id) {
  return protocol_of(declared_experiment(paper, id));
}

ProtocolHooks with_declared_task_sources(const DeclaredProtocol& p, ProtocolHooks hooks) {
  for (const auto& [source, declaration] : p.task_sources.items()) {
    if (hooks.task_sources.contains(source))
      throw ConfigError(fmt::format("{}: task set \"{}\" is declared and supplied by the driver",
                                    p.where, source));
    const std::string where = fmt::format("{} task_sources \"{}\"", p.where, source);
    hooks.task_sources[source] = declaration.value("kind", "") == kBinaryCategories
                                     ? binary_category_tasks(declaration, where)
                                     : multiclass_partition_tasks(source, declaration, where);
  }
  for (const ProtocolMethod& m : p.methods)
    if (auto rule = series_stop_rule(m.stop_rule)) hooks.stop_rules[m.stop_rule] = *rule;
  return hooks;
}

void check_protocol_hooks(const DeclaredProtocol& p, const ProtocolHooks& hooks,
                          const std::string& name) {
  const auto lacks = [&](const std::string& what) {
    throw ConfigError(fmt::format("{}: the driver of {} supplies no {}", p.where, name, what));
  };
  for (const ProtocolDataset& d : p.datasets)
    if (!d.tasks.empty() && !hooks.task_sources.contains(d.tasks))
      lacks(fmt::format("task set \"{}\"", d.tasks));
  std::vector<std::string> aggregates = protocol_aggregates(p);
  for (const std::string& a : claim_aggregates(p)) aggregates.push_back(a);
  for (const std::string& a : aggregates)
    if (!hooks.aggregates.contains(a) && !builtin_aggregate(a))
      lacks(fmt::format("aggregate \"{}\"", a));
  for (const ProtocolMethod& m : p.methods) {
    if (!m.stop_rule.empty() && !hooks.stop_rules.contains(m.stop_rule))
      lacks(fmt::format("stop rule \"{}\"", m.stop_rule));
    if (!m.after.empty() && !hooks.after_steps.contains(m.after))
      lacks(fmt::format("step \"{}\" after a task set", m.after));
    for (const auto& [tag, value] : m.tags.items())
      if (!hooks.summary_tags.contains(tag))
        throw ConfigError(fmt::format(
            "{}: method \"{}\" declares the tag \"{}\", which no code of {} reads{}", p.where,
            m.name, tag, name,
            hooks.summary_tags.empty()
                ? " (it takes no \"tags\")"
                : fmt::format(" (its summary reads {})", fmt::join(hooks.summary_tags, ", "))));
  }
  if (!p.supplied.empty() && !hooks.values) lacks("values (it declares \"supplied\")");
}

namespace {

template <class Map>
std::vector<std::string> names_of(const Map& m) {
  std::vector<std::string> out;
  for (const auto& [name, fn] : m) out.push_back(name);
  return out;
}

}  // namespace

Json named_components(const DeclaredProtocol& p, const ProtocolHooks& hooks) {
  return {{"task_sets", names_of(hooks.task_sources)},
          {"aggregates", names_of(hooks.aggregates)},
          {"stop_rules", names_of(hooks.stop_rules)},
          {"after_steps", names_of(hooks.after_steps)},
          {"supplied", p.supplied},
          {"claim_measures",
           static_cast<bool>(hooks.claim_measures) || static_cast<bool>(hooks.run_claim_measures)},
          {"summary_in_code", static_cast<bool>(hooks.summarise)}};
}

ExperimentInfo protocol_experiment(ExperimentInfo declared, ProtocolHooks hooks) {
  const std::string name = declared.paper + "/" + declared.id;
  const DeclaredProtocol p = protocol_of(declared);
  declared.components = named_components(p, hooks);  // the driver's own, before the builtins
  hooks = with_declared_task_sources(p, std::move(hooks));
  check_protocol_hooks(p, hooks, name);
  declared.config = [protocol = declared.protocol](const ExperimentContext& ctx) {
    Json c = {{"fast", ctx.fast}, {"protocol", protocol}};
    if (!ctx.extra_solvers.empty()) c["extra_solvers"] = ctx.extra_solvers;
    return c;
  };
  declared.run = [p, name, hooks](const ExperimentContext& ctx, ResultFile& rf) {
    run_protocol(ctx, rf, p, name, hooks);
  };
  declared.task_data = [p, name, hooks](const ExperimentContext& ctx, const std::string& key) {
    return protocol_task_data(ctx, p, hooks.values, hooks.task_sources, name, key);
  };
  return declared;
}

void register_protocol(std::vector<ExperimentInfo>& registry, const std::string& paper,
                       const std::string& id, ProtocolHooks hooks) {
  registry.push_back(protocol_experiment(declared_experiment(paper, id), std::move(hooks)));
}

}  // namespace linrepro
