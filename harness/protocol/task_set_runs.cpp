#include "harness/protocol/task_set_runs.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>

#include "core/error.h"
#include "core/parallel_for.h"
#include "core/seed.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/results/timing_rounds.h"

namespace linrepro {

namespace {

// The tasks of `set` that `run` fits, by index: those its "tasks" selects, in fast mode only the
// declared fast ones among them. A task named that the set has not is an error, not a no-op.
std::vector<size_t> tasks_of(const ExperimentContext& ctx, const ProtocolDataset& pd,
                             const ProtocolRun& run, const TaskSet& set) {
  for (const TaskSelection* s : {&run.tasks, &pd.fast_tasks})
    for (const std::string& name : s->names)
      if (std::ranges::find(set.tasks, name) == set.tasks.end())
        throw ConfigError(
            fmt::format("\"tasks\" names \"{}\", which task set \"{}\" has not", name, pd.tasks));
  std::vector<size_t> out;
  for (size_t i = 0; i < set.tasks.size(); ++i)
    if (run.tasks.selects(i, set.tasks[i]) && (!ctx.fast || pd.fast_tasks.selects(i, set.tasks[i])))
      out.push_back(i);
  return out;
}

// A record that is not a stored run: an untrainable task's, a stopped or a pending one.
RunRecord placeholder(RunRecord r, const std::string& key, const std::string& task,
                      const char* status) {
  r.key = key;
  r.class_name = task;
  r.status = status;
  return r;
}

// The params of `run` on task i: its own, or an extra solver's at the task's lambda of its loss.
Params task_params(const ProtocolRun& run, const ProtocolDataset& pd, const TaskSet& set, size_t i,
                   const std::string& experiment) {
  if (!run.per_task_lambda) return run.params;
  if (!set.extra_lambdas)
    throw ConfigError(
        fmt::format("{}: task set \"{}\" gives no lambda per task (\"lambda\": \"task\")",
                    experiment, pd.tasks));
  const ExtraSolver& x = *run.per_task_lambda;
  return extra_solver_params(x, extra_solver_lambda(x, set.extra_lambdas(i), experiment).lambda);
}

// What a run on task i of `set` is stored as: its key, config, params and seed.
struct PlannedRun {
  std::string key;
  Json config;
  Params params;
  uint64_t seed = 0;
};

PlannedRun planned_run(const ExperimentContext& ctx, const ProtocolDataset& pd,
                       const ProtocolRun& run, const TaskSet& set, size_t i,
                       const std::string& experiment) {
  if (set.seed && run.seed_key != run.key)  // refused, not dropped
    throw ConfigError(
        fmt::format("{}: \"{}\" declares \"seed_of\", but task set \"{}\" gives "
                    "every run its own seed",
                    experiment, run.name, pd.tasks));
  PlannedRun p;
  p.key = task_run_key(pd, run.key, set.tasks[i]);
  p.seed =
      set.seed ? *set.seed : derive_seed(ctx.seed, task_run_key(pd, run.seed_key, set.tasks[i]));
  p.params = task_params(run, pd, set, i, experiment);
  p.config = {{"dataset", set.dataset},
              {"class", set.tasks[i]},
              {"solver", run.solver},
              {"params", p.params},
              {"seed", p.seed}};
  p.config.update(set.config_fields);
  if (set.task_fields) p.config.update(set.task_fields(i));
  p.config.update(run.config_fields);
  return p;
}

// Run `run` on task i of `set`: stored, fitted, pending, or the task's untrainable record.
RunRecord task_run(const ExperimentContext& ctx, ResultFile& rf, const ProtocolDataset& pd,
                   const ProtocolRun& run, const TaskSet& set, size_t i,
                   const std::string& experiment) {
  if (std::optional<RunRecord> missed = set.untrainable(i))
    return placeholder(std::move(*missed), task_run_key(pd, run.key, set.tasks[i]), set.tasks[i],
                       "untrainable");
  const PlannedRun p = planned_run(ctx, pd, run, set, i, experiment);
  return rf.run_once(p.key, p.config, [&] {
    RunRecord r = set.fit(i, run.solver, p.params, p.seed);
    r.extra.update(run.record_extra);
    return r;
  });
}

// Round `round` (2 ..) of `run` on task i of a timed set, whose round 1 is `first`: the same fit
// again, only its times kept, stored under the round's own key (timing_rounds.h). Its key and
// config are round 1's, so a stored round needs no data prepared.
RunRecord task_round(const ExperimentContext& ctx, ResultFile& rf, const ProtocolDataset& pd,
                     const ProtocolRun& run, const TaskSet& set, size_t i,
                     const std::string& experiment, const RunRecord& first, int round) {
  Json config = first.config;
  config["timing_round"] = round;
  return rf.run_once(round_key(first.key, round), config, [&] {
    const PlannedRun p = planned_run(ctx, pd, run, set, i, experiment);
    RunRecord r = round_record(set.fit(i, run.solver, p.params, p.seed));
    // An extra solver's round keeps its tag (extra_solver_tag): a figure draws it with the
    // solver's first round, not as a method of the paper's (it was a second bar of its own).
    for (const char* tag : {"part", "with_solver"})
      if (run.record_extra.contains("with_solver") && run.record_extra.contains(tag))
        r.extra[tag] = run.record_extra.at(tag);
    return r;
  });
}

// One run's fits over the tasks of `set`, in parallel.
std::vector<RunRecord> run_tasks(const ExperimentContext& ctx, ResultFile& rf,
                                 const ProtocolDataset& pd, const ProtocolRun& run,
                                 const TaskSet& set, const std::string& experiment) {
  const std::vector<size_t> tasks = tasks_of(ctx, pd, run, set);
  std::vector<RunRecord> out(tasks.size());
  std::atomic<size_t> done{0};
  parallel_for(out.size(), ctx.threads, [&](size_t j) {
    out[j] = task_run(ctx, rf, pd, run, set, tasks[j], experiment);
    const size_t n = ++done;
    if (ctx.progress && (n % 20 == 0 || n == out.size()))
      fmt::print(stderr, "{}: {} {}/{} tasks\n", experiment, run.name, n, out.size());
  });
  return out;
}

// Every run of a sequential set, task by task; a run's series ends where its stop rule says, or
// while one of its runs is pending.
void run_sequential(const ExperimentContext& ctx, ResultFile& rf, const ProtocolDataset& pd,
                    const std::vector<ProtocolRun>& runs, const TaskSet& set,
                    const std::map<std::string, StopRule>& stop_rules,
                    const std::string& experiment,
                    std::map<std::string, std::vector<RunRecord>>& out) {
  std::vector<std::vector<size_t>> tasks;
  std::vector<std::vector<RunRecord>> done(runs.size());  // each run's finished fits
  std::vector<std::string> stopped(runs.size());          // why a series ended
  std::vector<char> waiting(runs.size(), 0);              // a stop rule's series with a pending run
  for (const ProtocolRun& run : runs) tasks.push_back(tasks_of(ctx, pd, run, set));
  for (size_t i = 0; i < set.tasks.size(); ++i)
    for (size_t m = 0; m < runs.size(); ++m) {
      const ProtocolRun& run = runs[m];
      if (std::ranges::find(tasks[m], i) == tasks[m].end()) continue;
      const std::string key = task_run_key(pd, run.key, set.tasks[i]);
      auto& series = out[run.name];
      if (stopped[m].empty() && !waiting[m] && !run.stop_rule.empty())
        if (auto why = stop_rules.at(run.stop_rule)(
                ctx, done[m], set.task_fields ? set.task_fields(i) : Json::object())) {
          stopped[m] = *why;
          if (ctx.progress)
            fmt::print(stderr, "{}: {} on {}: {}\n", experiment, run.name, pd.cls, *why);
        }
      if (!stopped[m].empty() || waiting[m]) {
        RunRecord r;
        r.extra = run.record_extra;  // its variant: whose series stopped
        if (!waiting[m]) r.extra["reason"] = stopped[m];
        series.push_back(placeholder(r, key, set.tasks[i], waiting[m] ? "pending" : "stopped"));
        continue;
      }
      series.push_back(task_run(ctx, rf, pd, run, set, i, experiment));
      const RunRecord& r = series.back();
      if (r.status == "ok") done[m].push_back(r);
      waiting[m] = r.status == "pending" && !run.stop_rule.empty();
      if (ctx.progress && r.status == "ok") {
        const Json cpu = r.extra.value("cpu_seconds", Json());  // the fit's, where it is one number
        fmt::print(stderr, "{}: {}: {:.3g} s{}, {} iterations\n", experiment, key, r.train_seconds,
                   cpu.is_number() ? fmt::format(" (CPU {:.3g} s)", cpu.get<double>()) : "",
                   r.iterations);
      }
    }
}

// Whether a run's round-1 record takes rounds: fitted, or still to be fitted.
bool takes_rounds(const RunRecord& r) { return r.status == "ok" || r.status == "pending"; }

// Rounds 2.. of `runs` on timed set `set`, interleaved (every run once a round), folded into their
// round-1 records in `out` (timing_rounds.h): a run's tasks in parallel, or, on a sequential set,
// one fit at a time, every round of a task before the next task (its data may hold one task at a
// time: a series point is prepared once, not once a round).
void fit_rounds(const ExperimentContext& ctx, ResultFile& rf, const ProtocolDataset& pd,
                const std::vector<ProtocolRun>& runs, const TaskSet& set,
                const std::string& experiment, std::map<std::string, std::vector<RunRecord>>& out) {
  std::vector<std::vector<size_t>> tasks;                                // [run][k]: task index
  std::vector<std::vector<std::vector<RunRecord>>> rounds(runs.size());  // [run][k]: rounds 2..
  for (size_t m = 0; m < runs.size(); ++m) {
    tasks.push_back(tasks_of(ctx, pd, runs[m], set));
    rounds[m].resize(tasks[m].size());
  }
  const auto round_of = [&](size_t m, size_t k, int round) {
    const RunRecord& first = out.at(runs[m].name).at(k);
    if (takes_rounds(first))
      rounds[m][k].push_back(
          task_round(ctx, rf, pd, runs[m], set, tasks[m][k], experiment, first, round));
  };
  if (ctx.progress)
    fmt::print(stderr, "{}: {}: timing rounds 2-{}\n", experiment, pd.cls, kTimingRounds);
  for (size_t i = 0; pd.sequential && i < set.tasks.size(); ++i)  // a task's data made once
    for (int round = 2; round <= kTimingRounds; ++round)
      for (size_t m = 0; m < runs.size(); ++m)
        for (size_t k = 0; k < tasks[m].size(); ++k)
          if (tasks[m][k] == i) round_of(m, k, round);
  for (int round = 2; !pd.sequential && round <= kTimingRounds; ++round)
    for (size_t m = 0; m < runs.size(); ++m)
      parallel_for(tasks[m].size(), ctx.threads, [&](size_t k) { round_of(m, k, round); });
  for (size_t m = 0; m < runs.size(); ++m)
    for (size_t k = 0; k < tasks[m].size(); ++k)
      fold_rounds(out.at(runs[m].name).at(k), rounds[m][k]);
}

// Every declared run of the set, as task_set_runs.h says.
void run_declared_tasks(const ExperimentContext& ctx, ResultFile& rf, const ProtocolDataset& pd,
                        const TaskPreparer& prepare, const std::vector<ProtocolRun>& runs,
                        const std::map<std::string, StopRule>& stop_rules,
                        const std::string& experiment,
                        std::map<std::string, std::vector<RunRecord>>& out,
                        std::map<std::string, Json>& records) {
  if (pd.sequential) {               // each distinct options in turn, its runs task by task
    std::vector<std::string> order;  // options, in the order of their first run
    std::map<std::string, std::vector<ProtocolRun>> by_options;
    for (const ProtocolRun& run : runs) {
      const std::string options = run.data_options.dump();
      if (!by_options.contains(options)) order.push_back(options);
      by_options[options].push_back(run);
    }
    for (const std::string& options : order) {
      const std::vector<ProtocolRun>& group = by_options.at(options);
      const TaskSet set = prepare(group.front().data_options);
      rf.add_dataset(set.record);
      for (const ProtocolRun& run : group) records[run.name] = set.record;
      run_sequential(ctx, rf, pd, group, set, stop_rules, experiment, out);
      if (set.timed) fit_rounds(ctx, rf, pd, group, set, experiment, out);
    }
    return;
  }
  std::map<std::string, size_t> last_use;  // by options
  for (size_t i = 0; i < runs.size(); ++i) last_use[runs[i].data_options.dump()] = i;
  std::map<std::string, TaskSet> prepared;                              // by options
  std::vector<std::pair<std::string, std::vector<ProtocolRun>>> timed;  // kept for their rounds
  for (size_t i = 0; i < runs.size(); ++i) {
    const ProtocolRun& run = runs[i];
    const std::string options = run.data_options.dump();
    auto it = prepared.find(options);
    if (it == prepared.end()) {
      it = prepared.emplace(options, prepare(run.data_options)).first;
      rf.add_dataset(it->second.record);
      if (it->second.timed) timed.push_back({options, {}});
    }
    out[run.name] = run_tasks(ctx, rf, pd, run, it->second, experiment);
    records[run.name] = it->second.record;
    if (it->second.timed)
      std::ranges::find(timed, options, &decltype(timed)::value_type::first)->second.push_back(run);
    else if (last_use.at(options) == i)
      prepared.erase(it);
  }
  for (const auto& [options, group] : timed)
    fit_rounds(ctx, rf, pd, group, prepared.at(options), experiment, out);
}

}  // namespace

void run_task_set(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const ProtocolDataset& pd, const TaskSource& source, const Json& supplied,
                  const std::map<std::string, StopRule>& stop_rules,
                  const std::map<std::string, AfterTaskSet>& after_steps,
                  const std::string& experiment, std::map<std::string, std::vector<RunRecord>>& out,
                  std::map<std::string, Json>& records) {
  const TaskPreparer prepare = source(ctx);
  const std::vector<ProtocolRun> runs =
      protocol_runs(p, pd, ctx.fast, 0, supplied, extra_solvers(ctx), experiment);
  run_declared_tasks(ctx, rf, pd, prepare, runs, stop_rules, experiment, out, records);
  // Each named step once, in the order its methods are declared, with the runs that name it.
  std::vector<std::string> steps;
  for (const ProtocolRun& run : runs)
    if (!run.after.empty() && std::find(steps.begin(), steps.end(), run.after) == steps.end())
      steps.push_back(run.after);
  for (const std::string& step : steps) {
    std::vector<ProtocolRun> named;
    for (const ProtocolRun& run : runs)
      if (run.after == step) named.push_back(run);
    after_steps.at(step)(ctx, pd,
                         {named, prepare,
                          [&](const ProtocolRun& run, const TaskSet& set, size_t task) {
                            return task_run(ctx, rf, pd, run, set, task, experiment);
                          }},
                         out);
  }
}

}  // namespace linrepro
