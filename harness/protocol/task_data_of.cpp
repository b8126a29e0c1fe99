#include "harness/protocol/task_data_of.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/data_errors.h"

namespace linrepro {

namespace {

// The task that makes task_run_key(pd, run.key, task) equal `run_key`, if any. A task holds no
// "/" (the separator of a key's parts): "earn/oof/cls" is task earn of "{task}/oof/cls", not
// task "earn/oof" of "{task}/cls".
std::optional<std::string> task_in_key(const ProtocolDataset& pd, const ProtocolRun& run,
                                       const std::string& run_key) {
  const std::string marker = "\x01";
  const std::string form = task_run_key(pd, run.key, marker);
  const size_t at = form.find(marker);
  const std::string before = form.substr(0, at), after = form.substr(at + marker.size());
  if (run_key.size() <= before.size() + after.size() || !run_key.starts_with(before) ||
      !run_key.ends_with(after))
    return std::nullopt;
  std::string task = run_key.substr(before.size(), run_key.size() - before.size() - after.size());
  if (task.find('/') != std::string::npos) return std::nullopt;
  return task;
}

// The set of `run`'s options prepared, and its data for `task`; nothing when the set has no such
// task (the key's form fits, but it is another data set's).
std::optional<TaskData> task_of(const ExperimentContext& ctx, const ProtocolDataset& pd,
                                const ProtocolRun& run, const TaskSource& source,
                                const std::string& task, const std::string& experiment,
                                const std::string& run_key) {
  if (!pd.unavailable.empty()) throw DataUnavailable(pd.cls, pd.unavailable);
  const TaskSet set = source(ctx)(run.data_options);
  const auto it = std::find(set.tasks.begin(), set.tasks.end(), task);
  if (it == set.tasks.end()) return std::nullopt;
  if (!set.data)
    throw ConfigError(fmt::format(
        "{}: the task set {} does not give its data (its kind fits without exposing matrices); "
        "run keys of the binary-category sets do",
        experiment, pd.tasks));
  TaskData data = set.data(static_cast<size_t>(it - set.tasks.begin()));
  // The run's seed, as task_set_runs.cpp gives it to the fit.
  const uint64_t seed =
      set.seed ? *set.seed : derive_seed(ctx.seed, task_run_key(pd, run.seed_key, task));
  data.description = {
      {"experiment", experiment}, {"run_key", run_key},  {"task", task},
      {"task_set", pd.tasks},     {"class", pd.cls},     {"solver", run.solver},
      {"params", run.params},     {"seed", seed},        {"data_options", run.data_options},
      {"dataset", set.dataset},   {"record", set.record}};
  return data;
}

}  // namespace

TaskData protocol_task_data(const ExperimentContext& ctx, const DeclaredProtocol& p,
                            const std::function<Json(const ExperimentContext&)>& supplied_values,
                            const std::map<std::string, TaskSource>& task_sources,
                            const std::string& experiment, const std::string& run_key) {
  const Json supplied = supplied_values ? supplied_values(ctx) : Json::object();
  std::vector<std::string> forms;
  for (const ProtocolDataset& pd : p.datasets) {
    if (pd.tasks.empty() || (ctx.fast && !pd.in_fast)) continue;
    for (const ProtocolRun& run :
         protocol_runs(p, pd, ctx.fast, 0, supplied, extra_solvers(ctx), experiment)) {
      if (const auto task = task_in_key(pd, run, run_key))
        if (auto data =
                task_of(ctx, pd, run, task_sources.at(pd.tasks), *task, experiment, run_key))
          return std::move(*data);
      forms.push_back(task_run_key(pd, run.key, "<task>"));
    }
  }
  if (forms.empty())
    throw ConfigError(
        fmt::format("{}: no run of a task set (its runs are on data files: "
                    "`linrepro export` or the files themselves give their data)",
                    experiment));
  forms.erase(std::unique(forms.begin(), forms.end()), forms.end());
  if (forms.size() > 8) forms.resize(8);
  throw ConfigError(fmt::format("{}: no run has the key \"{}\"; its task runs' keys: {}",
                                experiment, run_key, fmt::join(forms, ", ")));
}

}  // namespace linrepro
