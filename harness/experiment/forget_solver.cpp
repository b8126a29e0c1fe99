#include "harness/experiment/forget_solver.h"

#include <fmt/format.h>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/kept_solvers.h"
#include "harness/experiment/run_experiment.h"

namespace linrepro {

ForgetOutcome forget_extra_solver(const std::vector<const ExperimentInfo*>& experiments,
                                  const ExperimentContext& ctx, const std::string& spec) {
  ForgetOutcome out;
  const std::vector<std::string> kept = read_kept_solvers(ctx.results_dir);
  // Named by its text or by its label: the runs carry the label.
  std::string text = spec;
  for (const std::string& k : kept)
    if (k == spec || extra_solver_label(k) == spec) text = k;
  const std::string label = extra_solver_label(text);
  out.was_kept = forget_kept_solver(ctx.results_dir, text);
  for (const ExperimentInfo* e : experiments)
    for (const bool fast : {false, true}) {
      ExperimentContext c = ctx;
      c.fast = fast;
      c.extra_solvers.clear();
      const int removed = forget_solver_runs(result_file_path(c, e->paper, e->id), label);
      if (removed == 0) continue;
      out.runs_removed += removed;
      // Summarised again with what stays kept, from the stored runs only.
      c = extra_solver_context(*e, experiment_name(*e), c, nullptr);
      c.selection = RunSelection{};
      c.selection.mode = RunSelection::Mode::summarise;
      run_experiment(*e, c);
      out.resummarised.push_back(experiment_name(*e) + (fast ? " (fast)" : ""));
    }
  if (!out.was_kept && out.runs_removed == 0)
    throw ConfigError(fmt::format(
        "--solver '{}': no such solver is kept in {} ({}) nor has a run "
        "in the experiments named",
        spec, kept_solvers_path(ctx.results_dir).string(),
        kept.empty() ? "none is kept" : fmt::format("kept: {}", fmt::join(kept, ", "))));
  return out;
}

}  // namespace linrepro
