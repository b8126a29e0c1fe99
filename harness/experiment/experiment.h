#pragma once
// What an experiment is to the harness. An experiment is planned, executed and summarised: its
// runner asks its ResultFile for each run (run_once with the run's key and fully resolved config);
// a run already stored with the same config hash is reused, a missing one is executed or, when
// this process only plans or executes a subset of keys, reported as pending. Once every run it
// asked for is stored (rf.complete()), the runner emits the cells for the published-vs-reproduced
// comparison (set_cell) and the paper's claims (add_claim). Adaptive
// plans (a walk over lambda, anything whose next run depends on a result) simply stop asking while
// a result they need is pending: the harness executes the round and asks again
// (harness/experiment/run_experiment.h). Schema: docs/RESULTS.md.
//
// Experiments are declarations (experiments/<paper>/experiments.json, docs/PROTOCOL.md) made
// runnable by register_protocol (harness/protocol/protocol_runner.h): `run` below is the generic
// runner of the declared protocol, which asks for each run with rf.run_once.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "harness/experiment/task_data.h"
#include "harness/results/result_file.h"
#include "harness/results/result_schema.h"

namespace linrepro {

struct ExperimentContext {
  std::filesystem::path results_dir;  // results/
  // Where results/published/<paper>.json are read (mark_unavailable); empty: results_dir/published.
  std::filesystem::path published_dir;
  uint64_t seed = 20260101;
  bool force = false;  // redo runs even when stored
  bool fast = false;   // the regression subset: seconds, not minutes
  int threads = 2;
  bool progress = true;
  RunSelection selection;  // execute everything (default), plan only, or a subset of keys
  // Solvers a user adds beside a paper's methods (`linrepro run --with-solver`), as
  // "name" or "name:k=v,k=v". Drivers that accept extra solvers run each like their own methods
  // and mark its runs, cells and series as not part of the paper.
  std::vector<std::string> extra_solvers;
  // Those of extra_solvers that were not named now but kept from an earlier run
  // (harness/experiment/kept_solvers.h): they join where they fit, and are never refused.
  std::vector<std::string> kept_solvers;

  std::filesystem::path published() const {
    return published_dir.empty() ? results_dir / "published" : published_dir;
  }
};

// The published numbers a run reads (ablations' reference rows, data_unavailable marks, the run's
// end line): <results_dir>/published when that directory exists, else
// <project_root>/results/published, so `linrepro run --results /tmp/x` on a fresh scratch
// directory still reads the project's own published files.
std::filesystem::path published_dir_for(const std::filesystem::path& results_dir,
                                        const std::filesystem::path& project_root);
// What every command sets for a --results directory: results_dir and (published_dir_for, from
// the project root) published_dir.
void use_results_dir(ExperimentContext& ctx, const std::filesystem::path& results_dir);

// Where an experiment's result file goes: <results_dir>/<paper>/<id>.json, or
// <results_dir>/<paper>/fast/<id>.json when ctx.fast (the regression subset).
std::filesystem::path result_file_path(const ExperimentContext& ctx, const std::string& paper,
                                       const std::string& experiment_id);

// How solvers added with --with-solver (harness/experiment/extra_solvers.h) join an experiment.
struct ExtraSolverSupport {
  // binary: one problem per category or class (the solver needs a binary fit); multiclass: one
  // multiclass problem (a binary solver goes one-vs-rest); none: they cannot join.
  enum class Tasks { none, binary, multiclass };
  Tasks tasks = Tasks::none;
  // Tasks::none: why, in words a user can act on (run and plan refuse with it).
  std::string refusal;
};

struct ExperimentInfo {
  std::string paper;                   // mlrcg2003 | zhangoles2001 | graphsvm2002 | sgdreport
  std::string id;                      // experiment id within the paper, e.g. "table2_reuters"
  std::string description;             // one line
  std::vector<std::string> artifacts;  // the tables and figures it reproduces ("table2", ...)
  // Experiments ("paper/id") whose finished results this one reads (Table 5 reads Table 1's
  // lambda): they are run, and summarised, first.
  std::vector<std::string> depends_on;
  // false: too costly for the default set, so `linrepro run all` and `run <paper>` (and `plan` and
  // cluster runs of those targets) skip it; naming it (`run <paper>/<id>`) runs it. `merge` and a
  // plan file (`run --keys-from`) take it whatever the target, and `regress` checks its fast
  // subset like any other. The paper's time budget covers the default set only.
  bool in_default_set = true;
  // Its runs' timings are published cells or claims (time ratios, scaling slopes): under
  // `linrepro run --jobs N` it runs with no other experiment beside it
  // (harness/experiment/experiment_schedule.h).
  bool timed = false;
  // The experiment-level config of the result file's header (hashed as config_hash); may be empty.
  std::function<Json(const ExperimentContext&)> config;
  // Optional: the figures the plot driver draws from the runs (header "figures", full mode only).
  std::function<Json(const ExperimentContext&)> figures;
  // Its declared protocol (harness/language/declared_protocol.h), and the C++ components that
  // declaration names (harness/protocol/protocol_components.h; null without a protocol).
  Json protocol;
  Json components;
  // The runner: asks `rf` for its runs (rf.run_once), then, once rf.complete(), emits cells and
  // claims. The harness opens the result file from the fields above and saves it afterwards
  // (harness/experiment/run_experiment.h). In fast mode, emit only cells computed exactly as in the
  // full run (the regression check holds them to the published tolerance when the full run is
  // within it).
  std::function<void(const ExperimentContext&, ResultFile&)> run;
  // Whether solvers added with --with-solver run here, and on which tasks; every experiment
  // declares it (experiments/<paper>/experiments.json requires it), so the option is never
  // silently ignored.
  ExtraSolverSupport extra_solvers;
  // The data the run with key `run_key` is fitted on (a run of a task set whose kind gives its
  // data: harness/protocol/task_data_of.h); ConfigError naming why not otherwise. Null: the
  // experiment has no such runs.
  std::function<TaskData(const ExperimentContext&, const std::string& run_key)> task_data;
};

// The experiment registry: each paper's driver adds its experiments (experiments/register.cpp).
std::vector<ExperimentInfo>& experiment_registry();

}  // namespace linrepro
