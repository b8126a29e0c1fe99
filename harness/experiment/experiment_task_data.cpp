#include "harness/experiment/experiment_task_data.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"

namespace linrepro {

TaskData experiment_task_data(const std::vector<ExperimentInfo>& registry,
                              const std::string& experiment, const ExperimentContext& ctx,
                              const std::string& run_key) {
  std::vector<std::string> names;
  for (const ExperimentInfo& e : registry) {
    const std::string name = e.paper + "/" + e.id;
    if (name != experiment) {
      names.push_back(name);
      continue;
    }
    if (!e.task_data)
      throw ConfigError(fmt::format("{}: its runs are not on prepared tasks", experiment));
    return e.task_data(ctx, run_key);
  }
  throw ConfigError(
      fmt::format("no experiment {}; the experiments: {}", experiment, fmt::join(names, ", ")));
}

}  // namespace linrepro
