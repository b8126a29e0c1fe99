#pragma once
// The runs of a declared protocol's task set (harness/protocol/task_sets.h): every declared method
// on every task, each run stored once (ResultFile::run_once). By default a method's tasks are
// fitted in parallel, each distinct "data" options prepared once and released after its last run. A
// "sequential" set runs one fit at a time: each distinct options in the order of its first
// method, its methods task by task, each task's methods in declared order; a method with a
// "stop_rule" asks it before each task and runs no later task once it says stop, nor while one of
// its runs is pending (its next task depends on it). An extra solver whose place declares "lambda":
// "task" gets each task's lambda of its loss (TaskSet::extra_lambdas). A timed set (TaskSet::timed)
// then fits every run again in rounds 2 .. kTimingRounds, each round over all its runs before the
// next, and folds their times into the runs it returns (harness/results/timing_rounds.h).
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "harness/language/declared_protocol.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// What a driver's adaptive step may fit on a task set after its declared runs (Table 5's lambda
// walk: the next lambda depends on the last fit): a declared run again with other params and a
// key of its own ("key"/"seed_key" as declared, "{task}" filled in), stored once like the
// declared runs.
struct MoreTaskRuns {
  std::vector<ProtocolRun> runs;  // the set's declared runs, as they ran
  TaskPreparer prepare;           // the set of a run's "data" options
  // `run` on task `task` of `set`: stored, fitted or pending (ResultFile::run_once).
  std::function<RunRecord(const ProtocolRun& run, const TaskSet& set, size_t task)> fit;
};
// Adds the adaptive runs to `out` by name.
using AfterTaskSet =
    std::function<void(const ExperimentContext&, const ProtocolDataset&, const MoreTaskRuns&,
                       std::map<std::string, std::vector<RunRecord>>& out)>;

// Fits every run of task set `pd` into `out` (by run name, in task order) and each run's prepared
// set's record into `records`; `stop_rules` by name; then each step of `after_steps` its methods
// name ("after"), with the runs of those methods.
void run_task_set(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const ProtocolDataset& pd, const TaskSource& source, const Json& supplied,
                  const std::map<std::string, StopRule>& stop_rules,
                  const std::map<std::string, AfterTaskSet>& after_steps,
                  const std::string& experiment, std::map<std::string, std::vector<RunRecord>>& out,
                  std::map<std::string, Json>& records);

}  // namespace linrepro
