#pragma once
// The data one run of a registered experiment is fitted on, by experiment name and run key: what
// `linrepro export <paper>/<experiment> --task KEY` writes and `linrepro.load_task` returns.
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

// ConfigError naming the experiments when `experiment` ("<paper>/<id>") is not registered, or
// saying so when its runs are not on prepared tasks.
TaskData experiment_task_data(const std::vector<ExperimentInfo>& registry,
                              const std::string& experiment, const ExperimentContext& ctx,
                              const std::string& run_key);

}  // namespace linrepro
