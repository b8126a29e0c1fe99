#pragma once
// `linrepro cluster run`: the experiment grid on a Slurm cluster. Our code plans, submits and
// merges; Slurm schedules, runs and accounts. Each round:
//   1. every selected experiment, in dependency order, is summarised where all its runs are stored
//      and otherwise planned (an experiment waits while one it depends on has pending runs of the
//      paper's own; an extra solver's pending or failing run holds back no dependent);
//   2. the round's pending runs go to <work>/round-<k>/plan.jsonl and one job array
//      (<work>/round-<k>/job.sbatch, N tasks, task i runs shard i/N of the plan) is submitted and
//      waited for;
//   3. the shard files are merged into the result files; a run still missing afterwards gets an
//      attempt charged with its cause (its failed record, else the task's exit record, else Slurm's
//      job state). A run that failed `max_attempts` times is given up and reported; the rest of the
//      grid goes on.
// Rounds repeat until nothing is pending. Nothing finished is recomputed: runs are cached by key
// and config hash in the result files, which only merges write.
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/cluster/slurm.h"
#include "harness/cluster/slurm_time.h"
#include "harness/experiment/experiment.h"

namespace linrepro {

struct ClusterOptions {
  std::string target = "all";
  int shards = 4;  // array tasks per round (at most one per pending run)
  int cpus_per_task = 1;
  std::string mem = "2G";
  std::string time;  // --time per task; empty: from the runs' cost hints
  // Bounds on the computed --time: --max-time, and the MaxTime of the partition the job goes to
  // (the CLI asks scontrol). An explicit `time` above either is refused: Slurm would hold the job
  // forever (PartitionTimeLimit).
  std::optional<int64_t> max_time_seconds;
  std::optional<PartitionLimit> partition_limit;
  // What a run is assumed to take that has no cost hint and whose experiment has no measured run
  // (otherwise the median of that experiment's measured runs is assumed).
  double unknown_cost_seconds = 600;
  std::vector<std::string> sbatch_options;  // passed to sbatch as they are (--partition=..., ...)
  int max_attempts = 2;
  int max_rounds = 50;
  std::filesystem::path work_dir;  // empty: <results>/cluster[-fast]
  std::filesystem::path program;   // the linrepro binary the tasks run (empty: this process's)
  // The project root the tasks use (LINREPRO_ROOT, their working directory): where they find the
  // data, and the published files when the results directory has none. Empty: $LINREPRO_ROOT,
  // else the current directory.
  std::filesystem::path root;
};

// What submitting a round returns: the job id (for scontrol) and sbatch's exit status.
struct Submission {
  std::string job_id;
  int exit_code = 0;
  std::string message;
};
// Submits the batch script and waits for every task to end. The default runs
// `sbatch --wait --parsable [options] <script>`; tests substitute their own.
using Submitter =
    std::function<Submission(const std::filesystem::path& script, const BatchSettings& settings)>;
Submission submit_with_sbatch(const std::filesystem::path& script, const BatchSettings& settings,
                              const std::vector<std::string>& sbatch_options);

struct GivenUpRun {
  std::string experiment, key;
  std::vector<std::string> causes;  // one per attempt
};

struct ClusterSummary {
  int rounds = 0;
  int runs_submitted = 0;
  std::vector<std::string> complete;    // experiments summarised (cells and claims written)
  std::vector<std::string> incomplete;  // experiments left with pending runs
  std::vector<GivenUpRun> given_up;
  int exit_code() const { return given_up.empty() && incomplete.empty() ? 0 : 1; }
};

// The loop above. `ctx` gives results_dir, published_dir, fast, seed and extra_solvers
// (ctx.selection is ignored). Progress goes to stderr. Throws what planning throws for a broken
// experiment. One cluster run at a time uses a results directory (and mode, fast or not): a second
// is refused at once, naming the first (the lock <results>/cluster[-fast].lock).
ClusterSummary cluster_run(const std::vector<ExperimentInfo>& registry,
                           const ExperimentContext& ctx, const ClusterOptions& options,
                           const Submitter& submit);

}  // namespace linrepro
