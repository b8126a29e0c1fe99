#pragma once
// The runs of a declared protocol's task set (harness/task_sets.h): every declared method on
// every task, each run stored once (ResultFile::run_once). By default a method's tasks are fitted
// in parallel, each distinct "data" options prepared once and released after its last run. A
// "sequential" set runs one fit at a time: each distinct options in the order of its first
// method, its methods task by task, each task's methods in declared order; a method with a
// "stop_rule" asks it before each task and runs no later task once it says stop, nor while one of
// its runs is pending (its next task depends on it). An extra solver declared with "lambdas":
// "task" gets each task's lambda of its loss (TaskSet::extra_lambdas).
#include <map>
#include <string>
#include <vector>

#include "harness/declared_protocol.h"
#include "harness/task_sets.h"

namespace linrepro {

// Fits every run of task set `pd` into `out` (by run name, in task order) and each run's prepared
// set's record into `records`; `stop_rules` by name.
void run_task_set(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const ProtocolDataset& pd, const TaskSource& source, const Json& supplied,
                  const std::map<std::string, StopRule>& stop_rules, const std::string& experiment,
                  std::map<std::string, std::vector<RunRecord>>& out,
                  std::map<std::string, Json>& records);

}  // namespace linrepro
