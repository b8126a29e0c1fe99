#pragma once
// Which selected experiment runs when, on `jobs` workers (`linrepro run --jobs N`). Experiments
// are independent of one another except through depends_on, and each writes its own result file,
// so running several at once writes the same files as one after another (only measured seconds
// differ). The rules:
//   - an experiment starts once every experiment it depends on that is in the list has ended;
//   - a timed experiment (ExperimentInfo::timed: its timings are published cells or claims) runs
//     with nothing beside it, so its times are measured on an otherwise idle machine;
//   - among those that may start, the one with the longest path ahead (its own cost plus that of
//     its longest chain of dependents) goes first, so the long chains do not end the schedule
//     alone. Costs are the seconds the experiments' stored runs took (unknown: 0).
// jobs = 1 is the list in order, one at a time: the serial `linrepro run`.
#include <functional>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

struct ScheduledExperiment {
  const ExperimentInfo* info = nullptr;
  double cost_seconds = 0;  // what it took last time, for the order; 0 when unknown
};

// Calls run(i) for every i of `list` (in dependency order, as select_experiments returns it) on
// up to `jobs` threads by the rules above; returns when all have ended. run(i) should not throw:
// an exception is kept and rethrown after every experiment has ended (those that depend on the
// one that threw still run, as in the serial loop, and meet its missing results themselves).
void run_scheduled(const std::vector<ScheduledExperiment>& list, int jobs,
                   const std::function<void(size_t)>& run);

// The seconds the runs stored in a result file took (train + test), 0 when there is none.
double stored_cost_seconds(const std::filesystem::path& result_file);

}  // namespace linrepro
