// forget: a solver added with --with-solver taken out of a results directory again.
#include <fmt/format.h>

#include "cli/commands.h"
#include "experiments/register.h"
#include "harness/experiment/forget_solver.h"
#include "harness/experiment/run_experiment.h"

namespace linrepro::cli {

void add_forget_command(CLI::App& app) {
  static std::string target = "all", results_dir = "results", solver;
  auto* forget = app.add_subcommand(
      "forget",
      "drop a solver added with --with-solver: no longer kept in <results>/solvers.json, its runs "
      "removed from the result files (full and fast), each of them summarised again from the "
      "stored runs");
  forget->add_option("target", target, "all, a paper id or paper/experiment")
      ->capture_default_str();
  forget->add_option("--solver", solver, "the --with-solver text as given, or its label=")
      ->required();
  forget->add_option("--results", results_dir, "results directory")->capture_default_str();
  forget->callback([] {
    register_experiments();
    ExperimentContext ctx;
    use_results_dir(ctx, results_dir);
    ctx.progress = false;
    const ForgetOutcome o = forget_extra_solver(
        select_experiments(experiment_registry(), target, ctx, true), ctx, solver);
    fmt::print(stderr, "forget {}: {}; {} run(s) removed{}\n", solver,
               o.was_kept ? "no longer kept" : "was not kept", o.runs_removed,
               o.resummarised.empty()
                   ? ""
                   : fmt::format("; summarised again: {}", fmt::join(o.resummarised, ", ")));
  });
}

}  // namespace linrepro::cli
